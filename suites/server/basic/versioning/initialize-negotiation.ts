// Version negotiation in the handshake era (VER-002, VER-003), on basic/lifecycle#version-
// negotiation. These checks judge the target as a whole, so they run once (scope: 'target')
// and read what the revision probe learned; each initialize asks on a connection of its own.
import type { CheckContext } from '../../../../harness/checks/check.js';
import { defineChecks, type ServerEntry } from '../../../../harness/checks/define.js';
import { describeReply } from '../../../../harness/jsonrpc/types.js';
import { SessionError } from '../../../../harness/sessions/session.js';
import { RANGE, inRange } from '../../../../harness/revisions.js';
import { expectNone } from '../../../../harness/verify/index.js';

const SPEC_URL = 'basic/lifecycle#version-negotiation';
/** A date no revision will ever have, and a string that is not a date at all. */
const FUTURE_VERSION = '2099-12-31';
const MALFORMED_VERSION = '1.0.0';

interface Answer {
  version?: unknown;
  /** The server refused (a JSON-RPC error, or an HTTP refusal): what it said. */
  failure?: string;
  /** Nothing answered (no response in time, the connection ended): why. Judges no shape. */
  silence?: string;
  /** The frame that answered initialize, for the excerpt of every check that reads it. */
  seq?: number;
}

/** Initialize on a fresh connection asking for `version`: the reply, the refusal, or the silence. */
async function initializeAsking(ctx: CheckContext, version: string): Promise<Answer> {
  try {
    const session = await ctx.session({ protocolVersion: version });
    return { version: session.server.result.protocolVersion, ...(session.server.resultSeq !== undefined ? { seq: session.server.resultSeq } : {}) };
  } catch (error) {
    if (!(error instanceof SessionError)) throw error;
    const { reply } = error;
    const said = describeReply(reply);
    if (reply.kind === 'timeout' || reply.kind === 'closed') return { silence: said };
    return { failure: said, ...('seq' in reply && reply.seq !== undefined ? { seq: reply.seq } : {}) };
  }
}

/** No answer is no shape: whether the server answers at all is the harness's timeout handling. */
const unanswered = (version: string, silence: string): string =>
  `initialize asking for "${version}" got no answer (${silence}): there is no version or error to judge, and whether the server answers at all is left to the harness's timeout handling`;

/** The server's answer to initialize asking for `version` (asked once per run), cited. */
async function answerTo(ctx: CheckContext, version: string): Promise<Answer> {
  // One initialize per asked version per run: several checks judge the same answer.
  const got = await ctx.once(`initialize-asking:${version}`, () => initializeAsking(ctx, version), 'target');
  if (got.seq !== undefined) ctx.cite(got.seq);
  return got;
}

// VER-003: "If the server does not support [the requested version], it MUST respond with
// another protocol version it supports." Echoing a version that cannot exist claims support
// for it. An error instead of a counter-offer is the page's own example (judged apart, below).
const UNKNOWN_VERSIONS = [
  { id: 'version.unknown-version-counter-offer', version: FUTURE_VERSION, what: 'an unknown future version' },
  { id: 'version.malformed-version-counter-offer', version: MALFORMED_VERSION, what: 'a malformed version' },
] as const;

const unknownVersionEntries = UNKNOWN_VERSIONS.map(({ id, version, what }): ServerEntry => ({
  id,
  title: `initialize with ${what} ("${version}") is not answered with that same version`,
  spec: { url: SPEC_URL, level: 'MUST' },
  requirement: 'Otherwise, the server MUST respond with another protocol version it supports.',
  digest: ['VER-003'],
  faults: ['version-echo-unknown'],
  scope: 'target',
  async run(ctx) {
    const answer = await answerTo(ctx, version);
    if (answer.silence !== undefined) return ctx.skip('no-answer', unanswered(version, answer.silence));
    if (answer.failure !== undefined) return ctx.pass(`refused with ${answer.failure} (see version.counter-offer-not-error)`);
    // The one answer judged: a version the server supports, which this one cannot be.
    const wrong = answer.version === version ? [`echoed "${version}", which is ${what}`] : typeof answer.version !== 'string' ? [`protocolVersion ${ctx.brief(answer.version)}, not a string`] : [];
    return expectNone(ctx, wrong, { expected: `a supported version (a string) other than "${version}"`, judged: 1, note: `offered ${String(answer.version)}` });
  },
}));

// Filed under basic/versioning with the rest of version negotiation; the section is on basic/lifecycle (full URLs).
export const initializeNegotiationChecks = defineChecks({ page: 'basic/versioning', revisions: RANGE.legacy, needs: ['fresh-session'] }, [
  ...unknownVersionEntries,

  // VER-003: the text asks for a counter-offer ("MUST respond with another protocol version
  // it supports"), but the page's own example answers "1.0.0" with an error, so an error is
  // graded as a SHOULD: it leaves a client nothing to fall back to.
  {
    id: 'version.counter-offer-not-error',
    title: 'An unsupported requested version is answered with a counter-offer rather than an error',
    spec: { url: SPEC_URL, level: 'SHOULD' },
    requirement: 'Otherwise, the server MUST respond with another protocol version it supports.',
    digest: ['VER-003'],
    faults: ['version-unknown-error'],
    scope: 'target',
    async run(ctx) {
      const refused: string[] = [];
      const silent: string[] = [];
      for (const version of [FUTURE_VERSION, MALFORMED_VERSION]) {
        const answer = await answerTo(ctx, version);
        if (answer.failure !== undefined) refused.push(`"${version}": ${answer.failure}`);
        if (answer.silence !== undefined) silent.push(unanswered(version, answer.silence));
      }
      return expectNone(ctx, refused, {
        expected: 'an initialize result offering a supported version',
        judged: 2 - silent.length,
        nothing: { code: 'no-answer', detail: silent.join('; ') },
        reason: 'an error leaves the client no version to fall back to',
        show: refused.length,
      });
    },
  },

  // VER-002 + VER-003: a version the server offers must be one it supports, i.e. asking for
  // it again gets it back. Judged for every counter-offer seen: the probe's and a future one.
  {
    id: 'version.counter-offer-round-trips',
    title: 'A version the server offers instead of the requested one is accepted when requested',
    spec: { url: SPEC_URL, level: 'MUST' },
    requirement: 'Otherwise, the server MUST respond with another protocol version it supports. (If the server supports the requested protocol version, it MUST respond with the same version.)',
    digest: ['VER-002', 'VER-003'],
    faults: ['version-counter-offer-unsupported'],
    scope: 'target',
    async run(ctx) {
      const offers = new Map<string, string>(); // offered version -> what was asked
      for (const [asked, answer] of Object.entries(ctx.probe.answers)) {
        if (answer.version && answer.version !== asked) offers.set(answer.version, asked);
      }
      const future = await answerTo(ctx, FUTURE_VERSION);
      if (typeof future.version === 'string' && future.version !== FUTURE_VERSION) offers.set(future.version, FUTURE_VERSION);
      if (offers.size === 0) return ctx.skip('nothing-observed', 'no counter-offer seen: the server accepted every version asked for, or refused with an error');
      const wrong: string[] = [];
      const silent: string[] = [];
      for (const [offered, asked] of offers) {
        if (ctx.probe.accepted.includes(offered)) continue;
        const again = await answerTo(ctx, offered);
        if (again.silence !== undefined) silent.push(unanswered(offered, again.silence));
        else if (again.version !== offered) wrong.push(`"${offered}" (offered when "${asked}" was asked): ${again.failure ?? `answered ${ctx.brief(again.version)}`}`);
      }
      return expectNone(ctx, wrong, {
        expected: 'initialize asking for a version the server offered is answered with that version',
        judged: offers.size - silent.length,
        note: `offers: ${[...offers.keys()].join(', ')}`,
        nothing: { code: 'no-answer', detail: silent.join('; ') },
      });
    },
  },

  // VER-003: the counter-offer "SHOULD be the latest version supported by the server".
  {
    id: 'version.counter-offer-is-newest',
    title: 'The counter-offer to an unknown version is the newest version the server supports',
    spec: { url: SPEC_URL, level: 'SHOULD' },
    requirement: 'Otherwise, the server MUST respond with another protocol version it supports. This SHOULD be the latest version supported by the server.',
    digest: ['VER-003'],
    faults: ['version-counter-offer-oldest', 'version-counter-offer-unsupported'],
    scope: 'target',
    async run(ctx) {
      const answer = await answerTo(ctx, FUTURE_VERSION);
      if (answer.silence !== undefined) return ctx.skip('no-answer', unanswered(FUTURE_VERSION, answer.silence));
      if (typeof answer.version !== 'string' || answer.version === FUTURE_VERSION) {
        return ctx.skip('nothing-observed', 'no counter-offer to judge (see version.unknown-version-counter-offer)');
      }
      // Only a handshake revision can be a counter-offer to initialize.
      const newest = ctx.probe.accepted.filter((r) => inRange(r, RANGE.legacy)).sort().at(-1);
      const older = newest !== undefined && answer.version < newest ? [`"${answer.version}"`] : [];
      return expectNone(ctx, older, { expected: `"${newest ?? ''}", the newest version it accepted`, judged: 1 });
    },
  },
]);
