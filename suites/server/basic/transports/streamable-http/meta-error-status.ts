// The HTTP status of the per-request _meta errors of 2026-07-28 (basic#meta): a malformed
// request (a required field missing: InvalidParams) and a request needing a capability it did
// not declare (MissingRequiredClientCapability) are both answered with 400 Bad Request on HTTP.
// The error codes themselves are judged by the version checks; here only the status of the same
// answers.
import { defineChecks } from '../../../../../harness/checks/define.js';
import { codeLabel, codeText, ErrorCode } from '../../../../../harness/rules/error-codes.js';
import { mayCallTool } from '../../../../../harness/settings.js';
import { clientRequests } from '../../../../../harness/target/client-needs.js';
import { allOf, expectHttp, httpExchange, httpLine, rpcError, rpcErrorCode, status } from '../../../../../harness/verify/http.js';
import { MODERN } from './transport-spec.js';
import { open, postMessage } from './own-http-session.js';

export const metaErrorStatusChecks = defineChecks({ page: 'basic/transports/streamable-http', revisions: MODERN, transports: ['streamable-http'], needs: ['own-session', 'raw-http'] }, [
  // basic#meta: "A request missing any required field is malformed; the server MUST reject it
  // with JSON-RPC error code InvalidParams. On HTTP, the response status MUST be 400 Bad Request."
  {
    id: 'http.modern-malformed-meta-400',
    title: 'A request missing its _meta clientCapabilities is refused with HTTP 400',
    spec: { url: 'basic#meta', level: 'MUST' },
    requirement: 'A request missing any required field is malformed; the server MUST reject it with JSON-RPC error code `{code:InvalidParams}` (Invalid params). On HTTP, the response status MUST be `400 Bad Request`.',
    digest: ['VER-012'],
    faults: ['modern-http-meta-missing-200'],
    async run(ctx) {
      const own = await open(ctx);
      const message = own.session.build('server/discover', {}, { id: 'meta-missing', meta: { clientCapabilities: null } });
      const r = await postMessage(ctx, own, message);
      // The status of the InvalidParams refusal is the rule; without that refusal there is no status to judge.
      if (rpcErrorCode(r, message.id) !== ErrorCode.InvalidParams) {
        return ctx.skip('nothing-observed', `the malformed request was not answered ${codeText('InvalidParams')} (${httpLine(r)}): see version.meta-fields-required`);
      }
      return expectHttp(ctx, httpExchange('server/discover without _meta clientCapabilities', r, message.id), allOf(status(400), rpcError('InvalidParams')));
    },
  },

  // basic#meta: "If processing a request requires a capability the client did not include ...
  // the server MUST return a MissingRequiredClientCapabilityError ... On HTTP, the response
  // status MUST be 400 Bad Request."
  {
    id: 'http.modern-missing-capability-400',
    title: 'The {code:MissingRequiredClientCapability} for a capability the request did not declare comes with HTTP 400',
    spec: { url: 'basic#meta', level: 'MUST' },
    requirement:
      'If processing a request requires a capability the client did not include in `io.modelcontextprotocol/clientCapabilities`, the server MUST return a MissingRequiredClientCapabilityError (`{code:MissingRequiredClientCapability}`) ... On HTTP, the response status MUST be `400 Bad Request`.',
    digest: ['VER-013'],
    faults: ['modern-http-capability-missing-200'],
    async run(ctx) {
      const requests = await clientRequests(ctx);
      if (requests.length === 0) {
        const { tools } = await ctx.discovery();
        const barred = (tools?.items ?? []).some((t) => !mayCallTool(ctx.settings.callTools, t));
        return ctx.skip(barred ? 'not-allowed' : 'not-offered', 'no prompt and no tool the user allows to ask with');
      }
      const own = await open(ctx);
      for (const [i, req] of requests.entries()) {
        const message = own.session.build(req.method, req.params, { id: `capability-${i}`, meta: { clientCapabilities: {} } });
        const r = await postMessage(ctx, own, message);
        // The first request refused for a missing capability is the one whose status is judged.
        if (rpcErrorCode(r, message.id) !== ErrorCode.MissingRequiredClientCapability) continue;
        return expectHttp(ctx, httpExchange(`${req.what} without capabilities`, r, message.id), allOf(status(400), rpcError('MissingRequiredClientCapability')), {
          note: `${req.what} without capabilities: HTTP 400 with ${codeLabel(ErrorCode.MissingRequiredClientCapability)}`,
        });
      }
      return ctx.skip('nothing-observed', `none of ${requests.length} request(s) needed a capability (no ${codeLabel(ErrorCode.MissingRequiredClientCapability)} to judge)`);
    },
  },
]);
