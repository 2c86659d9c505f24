// Versions in the 2026-07-28 era (VER-*): the per-request `_meta` every request carries, the
// extension ids a client declares, and what it does with -32022 UnsupportedProtocolVersion:
// retry with a listed version, never with an unlisted one, and never fall back to initialize.
// Spec: basic#meta, basic/versioning.
import type { ClientCheck } from '../../harness/client/scenario.js';
import type { ClientMessage } from '../../harness/client/recording.js';
import { NEWEST_MODERN, RANGE } from '../../harness/revisions.js';
import { META_KEYS } from '../../harness/sessions/session.js';
import type { ClientCheckContext } from '../../harness/client/context.js';
import { BASIC } from './scenarios/basic.js';
import { SLOW_INITIALIZE } from './scenarios/slow-initialize.js';
import { VERSION_REJECTED } from './scenarios/version-rejected.js';
import { metaKeyProblem } from './support/meta-keys.js';
import { isObject, metaOf, ourAnswer, paramsOf } from './support/wire.js';

const versionOf = (m: ClientMessage): unknown => metaOf(m)?.[META_KEYS.protocolVersion];
const target = (m: ClientMessage): string => JSON.stringify([m.message.method, paramsOf(m).name ?? paramsOf(m).uri ?? null]);

/** Every -32022 we answered, with the request it rejected and the versions it listed. */
function rejections(ctx: ClientCheckContext) {
  return ctx.recording.requests().flatMap((request) => {
    const answer = ourAnswer(ctx.recording, request);
    const error = answer && isObject(answer.message.error) ? answer.message.error : undefined;
    if (!answer || error?.code !== -32022) return [];
    const data = isObject(error.data) ? error.data : {};
    const supported = Array.isArray(data.supported) ? data.supported.filter((v): v is string => typeof v === 'string') : [];
    const retries = ctx.recording.requests().filter((m) => m.conn === request.conn && m.seq > answer.seq && target(m) === target(request));
    return [{ request, answer, supported, retries }];
  });
}

export const versionsClientChecks: ClientCheck[] = [
  // VER-010: "Client requests carry the following io.modelcontextprotocol/* fields in _meta;
  // fields marked as required MUST be included on every request." (protocolVersion, clientCapabilities)
  {
    id: 'version.request-meta',
    title: 'Every request carries _meta protocolVersion and clientCapabilities',
    spec: { url: 'basic#meta', level: 'MUST' },
    requirement: 'Client requests carry the following io.modelcontextprotocol/* fields in _meta; fields marked as required MUST be included on every request. (io.modelcontextprotocol/protocolVersion: string, required; io.modelcontextprotocol/clientCapabilities: ClientCapabilities, required)',
    fix: 'Put io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities in params._meta of every request, the probe and retries included.',
    side: 'client',
    scenario: BASIC,
    revisions: RANGE.modern,
    transports: 'any',
    faults: ['meta-protocol-version-missing', 'meta-client-capabilities-missing'],
    async run(ctx) {
      const requests = ctx.recording.requests();
      if (requests.length === 0) return ctx.skip('the client sent no request');
      for (const m of requests) {
        const meta = metaOf(m);
        const missing: string[] = [];
        if (typeof meta?.[META_KEYS.protocolVersion] !== 'string') missing.push(META_KEYS.protocolVersion);
        if (!isObject(meta?.[META_KEYS.clientCapabilities])) missing.push(META_KEYS.clientCapabilities);
        if (missing.length === 0) continue;
        ctx.cite(m.seq);
        return ctx.fail({ expected: 'protocolVersion (string) and clientCapabilities (object) in every request _meta', actual: `${String(m.message.method)} lacks ${missing.join(' and ')}` });
      }
      return ctx.pass();
    },
  },

  // VER-011: "Clients SHOULD include io.modelcontextprotocol/clientInfo on every request unless
  // specifically configured not to do so." (Its shape is judged by schema.client-messages-valid.)
  {
    id: 'version.client-info-sent',
    title: 'Every request carries _meta clientInfo',
    spec: { url: 'basic#meta', level: 'SHOULD' },
    requirement: 'Clients SHOULD include io.modelcontextprotocol/clientInfo on every request unless specifically configured not to do so.',
    side: 'client',
    scenario: BASIC,
    revisions: RANGE.modern,
    transports: 'any',
    faults: ['meta-client-info-missing'],
    async run(ctx) {
      const requests = ctx.recording.requests();
      if (requests.length === 0) return ctx.skip('the client sent no request');
      const without = requests.filter((m) => metaOf(m)?.[META_KEYS.clientInfo] === undefined);
      if (without.length === 0) return ctx.pass();
      ctx.cite(...without.slice(0, 3).map((m) => m.seq));
      return ctx.fail({ expected: `${META_KEYS.clientInfo} in every request _meta`, actual: `${without.length} of ${requests.length} request(s) without it (${String(without[0]?.message.method)} first)` });
    },
  },

  // VER-040: "Extension identifiers MUST follow the _meta key naming rules, with a mandatory prefix."
  {
    id: 'version.extension-ids',
    title: 'Extension ids in clientCapabilities.extensions have a prefix and follow the _meta key rules',
    spec: { url: 'basic/versioning#extension-negotiation', level: 'MUST' },
    requirement: 'Extension identifiers MUST follow the _meta key naming rules, with a mandatory prefix.',
    side: 'client',
    scenario: BASIC,
    revisions: RANGE.modern,
    transports: 'any',
    faults: ['extension-id-no-prefix'],
    async run(ctx) {
      let seen = 0;
      for (const m of ctx.recording.requests()) {
        const caps = metaOf(m)?.[META_KEYS.clientCapabilities];
        const extensions = isObject(caps) && isObject(caps.extensions) ? caps.extensions : undefined;
        for (const id of Object.keys(extensions ?? {})) {
          seen++;
          const problem = metaKeyProblem(id, true);
          if (!problem) continue;
          ctx.cite(m.seq);
          return ctx.fail({ expected: 'extension ids like io.modelcontextprotocol/tasks', actual: `extension id ${ctx.brief(id)}: ${problem}` });
        }
      }
      return seen > 0 ? ctx.pass() : ctx.skip('the client declared no extension');
    },
  },

  // VER-015: "The client SHOULD select a mutually supported version from the supported list and
  // retry the request, or surface an error to the user if no compatible version exists." Here
  // the first request is rejected while its own version is listed: it should be retried.
  {
    id: 'version.retries-after-unsupported-version',
    title: 'After -32022 listing a version the client speaks, it retries the request with that version',
    spec: { url: 'basic/versioning#protocol-version-negotiation', level: 'SHOULD' },
    requirement: 'The client SHOULD select a mutually supported version from the supported list and retry the request, or surface an error to the user if no compatible version exists.',
    side: 'client',
    scenario: VERSION_REJECTED,
    revisions: RANGE.modern,
    transports: 'any',
    faults: ['unsupported-version-not-retried', 'modern-error-falls-back'],
    async run(ctx) {
      const first = rejections(ctx).find((r) => r.supported.includes(ctx.revision));
      if (!first) return ctx.skip('the client sent no request');
      const retry = first.retries.find((m) => first.supported.includes(String(versionOf(m))));
      ctx.cite(first.answer.seq, ...(retry ? [retry.seq] : []));
      if (retry) return ctx.pass();
      return ctx.fail({ expected: `${String(first.request.message.method)} retried with a listed version (${first.supported.join(', ')})`, actual: first.retries.length > 0 ? `retried with ${ctx.brief(versionOf(first.retries[0] as ClientMessage))}` : 'no retry' });
    },
  },

  // VER-015, the other half: a retry uses "a mutually supported version from the supported list".
  // The first tools/call is rejected listing only a version no client speaks: no retry should follow.
  {
    id: 'version.retry-with-listed-version',
    title: 'After -32022, the client never retries with a version the server did not list',
    spec: { url: 'basic/versioning#protocol-version-negotiation', level: 'SHOULD' },
    requirement: 'The client SHOULD select a mutually supported version from the supported list and retry the request, or surface an error to the user if no compatible version exists.',
    side: 'client',
    scenario: VERSION_REJECTED,
    revisions: RANGE.modern,
    transports: 'any',
    faults: ['unsupported-version-retry-unlisted'],
    async run(ctx) {
      const all = rejections(ctx);
      if (all.length === 0) return ctx.skip('no request was rejected with -32022');
      for (const r of all) {
        const next = r.retries[0];
        if (!next || r.supported.includes(String(versionOf(next)))) continue;
        ctx.cite(r.answer.seq, next.seq);
        return ctx.fail({ expected: `no retry, or one with a version from ${JSON.stringify(r.supported)}`, actual: `${String(next.message.method)} retried with ${ctx.brief(versionOf(next))} (${r.retries.length} retr${r.retries.length === 1 ? 'y' : 'ies'})` });
      }
      return ctx.pass();
    },
  },

  // VER-032: "In both cases, a recognized modern JSON-RPC error (such as
  // UnsupportedProtocolVersionError) identifies a modern server: the client retries with a
  // supported version rather than falling back." (stdio#backward-compatibility: "Do not fall
  // back to initialize.") Imperative without a BCP 14 keyword: a warning.
  {
    id: 'version.no-initialize-after-modern-error',
    title: 'After -32022 from a 2026-07-28 server, the client does not fall back to initialize',
    spec: { url: 'basic/versioning#backward-compatibility-with-initialization-based-versions', level: 'SHOULD' },
    requirement: 'A recognized modern JSON-RPC error (such as UnsupportedProtocolVersionError) identifies a modern server: the client retries with a supported version rather than falling back.',
    side: 'client',
    scenario: VERSION_REJECTED,
    revisions: RANGE.modern,
    transports: 'any',
    faults: ['modern-error-falls-back'],
    async run(ctx) {
      const first = rejections(ctx)[0];
      if (!first) return ctx.skip('no request was rejected with -32022');
      const init = ctx.recording.requests('initialize').find((m) => m.seq > first.answer.seq);
      if (!init) return ctx.pass();
      ctx.cite(first.answer.seq, init.seq);
      return ctx.fail({ expected: 'a retry with a listed version, not initialize', actual: 'the client fell back to initialize' });
    },
  },

  // VER-031 (2026-07-28 stdio#backward-compatibility): "The fallback MUST NOT be keyed to one
  // specific error code: legacy servers respond to unknown pre-initialize requests with
  // implementation-defined errors (commonly -32601 or -32602) or not at all." This legacy server
  // answers the server/discover probe with -32602; the client initialized after a -32601 at this
  // revision already (it would not be tested here otherwise), so it must fall back here too.
  {
    id: 'version.probe-fallback-on-any-error',
    title: 'A dual-era client falls back to initialize whatever error its server/discover probe gets (here -32602)',
    spec: { url: 'basic/transports/stdio#backward-compatibility', level: 'MUST' },
    specRevision: NEWEST_MODERN,
    requirement: 'The fallback MUST NOT be keyed to one specific error code: legacy servers respond to unknown pre-initialize requests with implementation-defined errors (commonly -32601 or -32602) or not at all.',
    side: 'client',
    scenario: SLOW_INITIALIZE,
    revisions: RANGE.legacy,
    transports: ['stdio'],
    faults: ['probe-fallback-keyed-on-32601'],
    async run(ctx) {
      const probe = ctx.recording.requests('server/discover')[0];
      if (!probe) return ctx.skip('the client did not probe with server/discover (a client that speaks only legacy versions need not)');
      const answer = ourAnswer(ctx.recording, probe);
      if (!answer || !('error' in answer.message)) return ctx.skip('the probe was not answered with an error');
      ctx.cite(probe.seq, answer.seq);
      const inits = ctx.recording.requests('initialize').filter((m) => m.seq > probe.seq);
      if (inits.some((m) => m.seq > answer.seq)) return ctx.pass();
      // It gave up on the probe (its own timeout) before the error came: the code played no part.
      if (inits.length > 0) return ctx.skip('inconclusive: the client fell back to initialize before the probe\'s error arrived (its own timeout)');
      return ctx.fail({ expected: 'initialize after the probe got error -32602 (as after -32601)', actual: 'the client did not fall back to initialize' });
    },
  },
];
