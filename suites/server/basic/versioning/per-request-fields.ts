// The per-request protocol fields of 2026-07-28 (basic#meta): a request without a required
// field is malformed (VER-012), one naming a version the server does not implement gets
// UnsupportedProtocolVersionError (VER-014), and one that needs a client capability it did not
// declare gets MissingRequiredClientCapabilityError (VER-013).
import type { CheckContext } from '../../../../harness/checks/check.js';
import { defineChecks } from '../../../../harness/checks/define.js';
import type { Reply } from '../../../../harness/jsonrpc/types.js';
import { RANGE } from '../../../../harness/revisions.js';
import type { Session } from '../../../../harness/sessions/session.js';
import { seqs } from '../../../../harness/target/as-built.js';
import { CAPABILITY_OF, allCapabilities, clientRequests, inputRequestsOf, isInputRequired, kindOf } from '../../../../harness/target/client-needs.js';
import { DECIDED_BY_TIMEOUT, unanswered } from '../../../../harness/rules/no-answer.js';
import { codeLabel, codeText, ErrorCode } from '../../../../harness/rules/error-codes.js';
import { isObject, type Json } from '../../../../harness/rules/json.js';
import { exchange, expectError, expectNone, replyLine, type Violation } from '../../../../harness/verify/index.js';

const FUTURE_VERSION = '2099-12-31';

/** A request every server of the revision answers: the first list it declares, else its fence. */
export function plainMethod(session: Session): string {
  const caps = session.server.capabilities;
  return caps.tools ? 'tools/list' : caps.prompts ? 'prompts/list' : caps.resources ? 'resources/list' : session.rev.fence;
}

/**
 * A session that has served one ordinary request: the rules hold for every request, and a
 * server may judge the first request after server/discover by other code than later ones
 * (the TypeScript SDK v2 pins a stdio connection's era on it).
 */
async function servedSession(ctx: CheckContext, options?: Parameters<CheckContext['session']>[0]): Promise<{ session: Session; method: string }> {
  const session = await ctx.session(options);
  const method = plainMethod(session);
  await session.request(method, {});
  return { session, method };
}

/** A violation that cites the frame of the answer that shows it. */
function cited(reply: Reply, text: string): Violation {
  const [seq] = seqs(reply);
  return { text, ...(seq !== undefined ? { seq } : {}) };
}

/** What a client capability list lacks of `required` (top-level names). */
const missingFrom = (declared: Json, required: Json): string[] => Object.keys(required).filter((k) => declared[k] === undefined);

// The fields are on the page basic (#meta: full URLs), the version error on this page.
export const perRequestFieldChecks = defineChecks({ page: 'basic/versioning', revisions: RANGE.modern }, [
  // basic#meta: "A request missing any required field is malformed; the server MUST reject it
  // with JSON-RPC error code InvalidParams." Over HTTP the MCP-Protocol-Version header is still
  // sent: the body alone lacks the field (a HeaderMismatch is then fair too).
  {
    id: 'version.meta-fields-required',
    title: 'A request without _meta protocolVersion or clientCapabilities is rejected with {code:InvalidParams}',
    spec: { url: 'basic#meta', level: 'MUST' },
    requirement: 'A request missing any required field is malformed; the server MUST reject it with JSON-RPC error code `{code:InvalidParams}` (Invalid params).',
    digest: ['VER-012'],
    // A pooled session that withholds its schema observations; ctx.http for the header over HTTP.
    needs: ['own-session', 'raw-http'],
    faults: ['modern-meta-capabilities-optional', 'modern-meta-version-optional'],
    async run(ctx) {
      // A legacy-shaped answer to the versionless request is judged here, not by the modern schema.
      const { session, method } = await servedSession(ctx, { privateObservations: ['schema-invalid'] });
      const problems: Violation[] = [];
      let silent = 0;
      for (const field of ['protocolVersion', 'clientCapabilities'] as const) {
        const headers = field === 'protocolVersion' && ctx.http ? { headers: { 'MCP-Protocol-Version': ctx.revision } } : {};
        const reply = await session.request(method, {}, { meta: { [field]: null }, ...headers });
        if (reply.kind === 'error' && (reply.error.code === ErrorCode.InvalidParams || (reply.error.code === ErrorCode.HeaderMismatch && headers.headers))) continue;
        // Without a protocol version the request names no era: a dual-era server may take it
        // for a legacy one (basic/versioning) and answer it so, without resultType. Only a
        // modern answer means a malformed modern request was served.
        if (field === 'protocolVersion' && reply.kind === 'result' && !(isObject(reply.result) && 'resultType' in reply.result)) continue;
        if (unanswered(reply)) silent++;
        const [seq] = seqs(reply);
        problems.push({ text: `${method} without ${field}: ${replyLine(ctx, reply)}`, ...(seq !== undefined ? { seq } : {}) });
      }
      // Silence fails too (a MUST to reject), and says when the timeout alone decided it.
      return expectNone(ctx, problems, { expected: `error ${codeLabel(ErrorCode.InvalidParams)} for each`, judged: 2, show: 2, ...(problems.length > 0 && silent === problems.length ? { reason: DECIDED_BY_TIMEOUT } : {}) });
    },
  },

  // basic/versioning#protocol-version-negotiation: "If the server does not implement the
  // requested version ... it MUST respond with an UnsupportedProtocolVersionError listing the
  // versions it does support" (UnsupportedProtocolVersion, data.supported and data.requested).
  {
    id: 'version.unsupported-version-error',
    title: 'A request at a version the server does not implement gets {code:UnsupportedProtocolVersion} listing the supported versions',
    spec: { url: '#protocol-version-negotiation', level: 'MUST' },
    requirement: 'it MUST respond with an UnsupportedProtocolVersionError listing the versions it does support',
    digest: ['VER-014'],
    needs: ['own-session'],
    faults: ['modern-unsupported-version-served', 'modern-unsupported-version-wrong-requested'],
    async run(ctx) {
      const { session, method } = await servedSession(ctx);
      const reply = await session.request(method, {}, { meta: { protocolVersion: FUTURE_VERSION } });
      // The code first (answering at all is the MUST), then what its data must list.
      const code = expectError(ctx, exchange(`${method} at "${FUTURE_VERSION}"`, reply), ['UnsupportedProtocolVersion'], { answerIsTheRule: true });
      if (code.status !== 'pass' || reply.kind !== 'error') return code;
      const data = isObject(reply.error.data) ? reply.error.data : {};
      const problems: string[] = [];
      const supported = data.supported;
      if (!Array.isArray(supported) || supported.some((v) => typeof v !== 'string')) problems.push(`data.supported is ${ctx.brief(supported)}, not an array of strings`);
      else if (!supported.includes(ctx.revision)) problems.push(`data.supported ${ctx.brief(supported)} lacks ${ctx.revision}, which the server serves`);
      if (data.requested !== FUTURE_VERSION) problems.push(`data.requested is ${ctx.brief(data.requested)}`);
      return expectNone(ctx, problems, { expected: `${method} at "${FUTURE_VERSION}": error ${codeText('UnsupportedProtocolVersion')} with data.supported (including ${ctx.revision}) and data.requested "${FUTURE_VERSION}"`, show: problems.length });
    },
  },

  // basic#meta: "A server MUST NOT rely on capabilities the client has not declared. If
  // processing a request requires a capability the client did not include ..., the server
  // MUST return a MissingRequiredClientCapabilityError whose data.requiredCapabilities lists
  // the missing capabilities." Each prompt and allowed tool is asked without any client
  // capability first; what answers differently once everything is declared needed something.
  {
    id: 'version.missing-capability-error',
    title: 'A request that needs an undeclared client capability gets {code:MissingRequiredClientCapability} naming it, never an input request for it',
    spec: { url: 'basic#meta', level: 'MUST' },
    requirement: 'A server MUST NOT rely on capabilities the client has not declared.',
    digest: ['VER-013'],
    needs: ['fresh-session'],
    faults: ['modern-capability-error-wrong-code', 'modern-capability-error-wrong-list', 'modern-mrtr-undeclared-capability'],
    async run(ctx) {
      const requests = await clientRequests(ctx);
      if (requests.length === 0) return ctx.skip('not-offered', 'no prompt and no tool the user allows to ask with');
      // A fresh connection, every request without capabilities first: nothing declared on it can leak into them.
      const session = await ctx.session({ fresh: true });
      const bare: Reply[] = [];
      for (const r of requests) bare.push(await session.request(r.method, r.params));
      const missingCode = codeText('MissingRequiredClientCapability');
      const problems: Violation[] = [];
      let needing = 0;
      for (const [i, r] of requests.entries()) {
        const first = bare[i] as Reply;
        if (isInputRequired(first)) {
          const asked = Object.values(inputRequestsOf(first)).map((q) => q.method).filter((m): m is string => typeof m === 'string' && CAPABILITY_OF[m] !== undefined);
          if (asked.length === 0) continue;
          needing++;
          problems.push(cited(first, `${r.what} declared no capabilities, yet got an InputRequiredResult asking ${[...new Set(asked)].join(', ')}`));
        } else if (first.kind === 'error' && first.error.code === ErrorCode.MissingRequiredClientCapability) {
          needing++;
          const required = (first.error.data as Json | undefined)?.requiredCapabilities;
          if (!isObject(required) || Object.keys(required).length === 0) {
            problems.push({ text: `${r.what}: ${missingCode} without data.requiredCapabilities naming what is missing (${ctx.brief(first.error.data)})` });
            continue;
          }
          const again = await session.request(r.method, r.params, { meta: { clientCapabilities: required } });
          if (again.kind === 'error' && again.error.code === ErrorCode.MissingRequiredClientCapability) {
            const still = (again.error.data as Json | undefined)?.requiredCapabilities;
            problems.push(cited(again, `${r.what}: declaring data.requiredCapabilities ${ctx.brief(required)} was not enough, ${missingCode} again${isObject(still) ? ` (now requiring ${missingFrom(required, still).join(', ') || ctx.brief(still)})` : ''}`));
          }
        } else if (first.kind === 'error') {
          const capable = await session.request(r.method, r.params, { meta: { clientCapabilities: allCapabilities(ctx) } });
          if (capable.kind !== 'result') continue;
          needing++;
          problems.push(cited(first, `${r.what}: ${replyLine(ctx, first)} without client capabilities, but ${kindOf(capable)} with all of them declared (a missing capability is ${missingCode})`));
        }
      }
      return expectNone(ctx, problems, {
        expected: `error ${missingCode} with data.requiredCapabilities naming what was missing`,
        judged: needing,
        note: `${needing} request(s) needed a capability and said so with ${missingCode}`,
        nothing: { code: 'not-offered', detail: `none of ${requests.length} request(s) (${requests.map((r) => r.what).slice(0, 5).join(', ')}${requests.length > 5 ? ', ...' : ''}) needs a client capability` },
      });
    },
  },
]);
