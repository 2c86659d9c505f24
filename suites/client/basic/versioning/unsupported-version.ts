// basic/versioning, client side (2026-07-28, VER-015, VER-031, VER-032): what a client does
// with UnsupportedProtocolVersion (retry with a listed version, never with an unlisted
// one, never fall back to initialize), and a dual-era client's fallback after its
// server/discover probe fails with any error.
import { defineClientChecks } from '../../../../harness/checks/define.js';
import type { ClientMessage } from '../../../../harness/client/recording.js';
import { NEWEST_MODERN, RANGE } from '../../../../harness/revisions.js';
import { META_KEYS } from '../../../../harness/sessions/session.js';
import type { ClientCheckContext } from '../../../../harness/client/context.js';
import { SLOW_INITIALIZE } from '../../scenarios/slow-initialize.js';
import { VERSION_REJECTED } from '../../scenarios/version-rejected.js';
import { metaOf, ourAnswer, paramsOf, sameId } from '../../support/wire.js';
import { isObject } from '../../../../harness/rules/json.js';
import { codeText, ErrorCode } from '../../../../harness/rules/error-codes.js';
import { expectNone, ownJudgement } from '../../../../harness/verify/index.js';

const UNSUPPORTED = codeText('UnsupportedProtocolVersion');

const versionOf = (m: ClientMessage): unknown => metaOf(m)?.[META_KEYS.protocolVersion];
const target = (m: ClientMessage): string => JSON.stringify([m.message.method, paramsOf(m).name ?? paramsOf(m).uri ?? null]);

/** Every UnsupportedProtocolVersion error we answered, with the request it rejected and the versions it listed. */
function rejections(ctx: ClientCheckContext) {
  return ctx.recording.requests().flatMap((request) => {
    const answer = ourAnswer(ctx.recording, request);
    const error = answer && isObject(answer.message.error) ? answer.message.error : undefined;
    if (!answer || error?.code !== ErrorCode.UnsupportedProtocolVersion) return [];
    const data = isObject(error.data) ? error.data : {};
    const supported = Array.isArray(data.supported) ? data.supported.filter((v): v is string => typeof v === 'string') : [];
    const retries = ctx.recording.requests().filter((m) => m.conn === request.conn && m.seq > answer.seq && target(m) === target(request));
    return [{ request, answer, supported, retries }];
  });
}

const WHY_FALLBACK = 'an initialize after the error answer to a probe: an order across messages';

export const unsupportedVersionClientChecks = defineClientChecks({ page: 'basic/versioning', revisions: RANGE.modern }, [
  // VER-015: "The client SHOULD select a mutually supported version from the supported list and
  // retry the request, or surface an error to the user if no compatible version exists." Here
  // the first request is rejected while its own version is listed: it should be retried, as a
  // new request (the digest's test: a listed version and a fresh id, warn otherwise).
  {
    id: 'version.retries-after-unsupported-version',
    title: 'After {code:UnsupportedProtocolVersion} listing a version the client speaks, it retries the request with that version and a new id',
    spec: { url: '#protocol-version-negotiation', level: 'SHOULD' },
    requirement: 'The client SHOULD select a mutually supported version from the supported list and retry the request, or surface an error to the user if no compatible version exists.',
    digest: ['VER-015'],
    scenario: VERSION_REJECTED,
    faults: ['unsupported-version-not-retried', 'modern-error-falls-back', 'unsupported-version-retry-same-id'],
    async run(ctx) {
      const first = rejections(ctx).find((r) => r.supported.includes(ctx.revision));
      if (!first) return ctx.skip('nothing-observed', 'the client sent no request');
      const retry = first.retries.find((m) => first.supported.includes(String(versionOf(m))));
      ctx.cite(first.answer.seq, ...(retry ? [retry.seq] : []));
      if (retry) {
        const reused = sameId(retry.message.id, first.request.message.id) ? [{ text: `the retry reuses id ${ctx.brief(retry.message.id)} of the rejected request`, seq: retry.seq }] : [];
        return expectNone(ctx, reused, { expected: `${String(first.request.message.method)} retried as a new request (a new id)`, judged: 1, note: 'retried with a listed version and a new id' });
      }
      const broken = { expected: `${String(first.request.message.method)} retried with a listed version (${first.supported.join(', ')})`, actual: first.retries.length > 0 ? `retried with ${ctx.brief(versionOf(first.retries[0] as ClientMessage))}` : 'no retry' };
      return ownJudgement(ctx, { broken }, 'whether a retry followed a rejection, and with which version: an order across two messages');
    },
  },

  // VER-015, the other half: a retry uses "a mutually supported version from the supported list".
  // The first tools/call is rejected listing only a version no client speaks: no retry should follow.
  {
    id: 'version.retry-with-listed-version',
    title: 'After {code:UnsupportedProtocolVersion}, the client never retries with a version the server did not list',
    spec: { url: '#protocol-version-negotiation', level: 'SHOULD' },
    requirement: 'The client SHOULD select a mutually supported version from the supported list and retry the request, or surface an error to the user if no compatible version exists.',
    digest: ['VER-015'],
    scenario: VERSION_REJECTED,
    faults: ['unsupported-version-retry-unlisted'],
    async run(ctx) {
      const all = rejections(ctx);
      if (all.length === 0) return ctx.skip('nothing-observed', `no request was rejected with ${UNSUPPORTED}`);
      const unlisted = all.flatMap((r) => {
        const next = r.retries[0];
        if (!next || r.supported.includes(String(versionOf(next)))) return [];
        ctx.cite(r.answer.seq);
        return [{ text: `${String(next.message.method)} retried with ${ctx.brief(versionOf(next))} (${r.retries.length} retr${r.retries.length === 1 ? 'y' : 'ies'}; listed: ${JSON.stringify(r.supported)})`, seq: next.seq }];
      });
      return expectNone(ctx, unlisted, { expected: 'no retry, or one with a version the rejection listed', judged: all.length });
    },
  },

  // VER-032: "In both cases, a recognized modern JSON-RPC error (such as
  // UnsupportedProtocolVersionError) identifies a modern server: the client retries with a
  // supported version rather than falling back." (stdio#backward-compatibility: "Do not fall
  // back to initialize.") Imperative without a BCP 14 keyword: a warning. Over HTTP the rejection
  // comes with status 400, and streamable-http#backward-compatibility says the same with a
  // SHOULD (VER-034): "On 400 Bad Request, the client SHOULD inspect the response body before
  // falling back ... If the body contains a recognized modern JSON-RPC error ... rather than
  // falling back."
  {
    id: 'version.no-initialize-after-modern-error',
    title: 'After {code:UnsupportedProtocolVersion} from a 2026-07-28 server, the client does not fall back to initialize',
    spec: { url: '#backward-compatibility-with-initialization-based-versions', level: 'SHOULD' },
    requirement: 'A recognized modern JSON-RPC error (such as UnsupportedProtocolVersionError) identifies a modern server: the client retries with a supported version rather than falling back.',
    digest: ['VER-032', 'VER-034'],
    scenario: VERSION_REJECTED,
    faults: ['modern-error-falls-back'],
    async run(ctx) {
      const first = rejections(ctx)[0];
      if (!first) return ctx.skip('nothing-observed', `no request was rejected with ${UNSUPPORTED}`);
      const init = ctx.recording.requests('initialize').find((m) => m.seq > first.answer.seq);
      if (init) ctx.cite(first.answer.seq, init.seq);
      const broken = init ? { expected: 'a retry with a listed version, not initialize', actual: 'the client fell back to initialize' } : undefined;
      return ownJudgement(ctx, broken ? { broken } : {}, 'an initialize after a rejection: an order across two messages');
    },
  },

  // VER-031 (2026-07-28 stdio#backward-compatibility): "The fallback MUST NOT be keyed to one
  // specific error code: legacy servers respond to unknown pre-initialize requests with
  // implementation-defined errors (commonly MethodNotFound or InvalidParams) or not at all." This legacy server
  // answers the server/discover probe with InvalidParams; the client initialized after a MethodNotFound at this
  // revision already (it would not be tested here otherwise), so it must fall back here too.
  {
    id: 'version.probe-fallback-on-any-error',
    title: 'A dual-era client falls back to initialize whatever error its server/discover probe gets (here {code:InvalidParams})',
    spec: { url: 'basic/transports/stdio#backward-compatibility', level: 'MUST' },
    specRevision: NEWEST_MODERN,
    requirement: 'The fallback MUST NOT be keyed to one specific error code: legacy servers respond to unknown pre-initialize requests with implementation-defined errors (commonly {code:MethodNotFound} or {code:InvalidParams}) or not at all.',
    digest: ['VER-031'],
    scenario: SLOW_INITIALIZE,
    revisions: RANGE.legacy,
    transports: ['stdio'],
    faults: ['probe-fallback-only-on-method-not-found'],
    async run(ctx) {
      const probe = ctx.recording.requests('server/discover')[0];
      if (!probe) return ctx.skip('nothing-observed', 'the client did not probe with server/discover (a client that speaks only legacy versions need not)');
      const answer = ourAnswer(ctx.recording, probe);
      if (!answer || !('error' in answer.message)) return ctx.skip('nothing-observed', 'the probe was not answered with an error');
      ctx.cite(probe.seq, answer.seq);
      const inits = ctx.recording.requests('initialize').filter((m) => m.seq > probe.seq);
      if (inits.some((m) => m.seq > answer.seq)) return ownJudgement(ctx, {}, WHY_FALLBACK);
      // It gave up on the probe (its own timeout) before the error came: the code played no part.
      if (inits.length > 0) return ctx.skip('inconclusive', 'the client fell back to initialize before the probe\'s error arrived (its own timeout)');
      const broken = { expected: `initialize after the probe got error ${codeText('InvalidParams')} (as after ${codeText('MethodNotFound')})`, actual: 'the client did not fall back to initialize' };
      return ownJudgement(ctx, { broken }, WHY_FALLBACK);
    },
  },
]);
