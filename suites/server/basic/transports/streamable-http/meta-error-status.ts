// The HTTP status of the per-request _meta errors of 2026-07-28 (basic#meta): a malformed
// request (a required field missing: -32602) and a request needing a capability it did not
// declare (-32021) are both answered with 400 Bad Request on HTTP. The error codes themselves
// are judged by the version checks; here only the status of the same answers.
import { defineChecks } from '../../../../../harness/checks/define.js';
import { clientRequests } from '../../../../../harness/target/client-needs.js';
import { MODERN } from './transport-spec.js';
import { open, postMessage } from './own-http-session.js';
import { errorCodeOf, said } from './raw-answers.js';

const MISSING_CAPABILITY = -32021;
const INVALID_PARAMS = -32602;

export const metaErrorStatusChecks = defineChecks({ page: 'basic/transports/streamable-http', revisions: MODERN, transports: ['streamable-http'], needs: ['own-session', 'raw-http'] }, [
  // basic#meta: "A request missing any required field is malformed; the server MUST reject it
  // with JSON-RPC error code -32602 (Invalid params). On HTTP, the response status MUST be 400
  // Bad Request."
  {
    id: 'http.modern-malformed-meta-400',
    title: 'A request missing its _meta clientCapabilities is refused with HTTP 400',
    spec: { url: 'basic#meta', level: 'MUST' },
    requirement: 'A request missing any required field is malformed; the server MUST reject it with JSON-RPC error code `-32602` (Invalid params). On HTTP, the response status MUST be `400 Bad Request`.',
    digest: ['VER-012'],
    faults: ['modern-http-meta-missing-200'],
    async run(ctx) {
      const own = await open(ctx);
      const message = own.session.build('server/discover', {}, { id: 'meta-missing', meta: { clientCapabilities: null } });
      const r = await postMessage(ctx, own, message);
      const code = errorCodeOf(r, message.id);
      if (code !== INVALID_PARAMS) return ctx.skip(`the malformed request was not answered -32602 (${said(r)}): see version.meta-fields-required`);
      if (r.status === 400) return ctx.pass();
      return ctx.fail({ expected: 'HTTP 400 Bad Request with the -32602 error', actual: said(r) });
    },
  },

  // basic#meta: "If processing a request requires a capability the client did not include ...
  // the server MUST return a MissingRequiredClientCapabilityError (-32021) ... On HTTP, the
  // response status MUST be 400 Bad Request."
  {
    id: 'http.modern-missing-capability-400',
    title: 'The -32021 for a capability the request did not declare comes with HTTP 400',
    spec: { url: 'basic#meta', level: 'MUST' },
    requirement:
      'If processing a request requires a capability the client did not include in `io.modelcontextprotocol/clientCapabilities`, the server MUST return a MissingRequiredClientCapabilityError (`-32021`) ... On HTTP, the response status MUST be `400 Bad Request`.',
    digest: ['VER-013'],
    faults: ['modern-http-capability-missing-200'],
    async run(ctx) {
      const requests = await clientRequests(ctx);
      if (requests.length === 0) return ctx.skip('no prompt and no tool the user allows to ask with');
      const own = await open(ctx);
      for (const [i, req] of requests.entries()) {
        const message = own.session.build(req.method, req.params, { id: `capability-${i}`, meta: { clientCapabilities: {} } });
        const r = await postMessage(ctx, own, message);
        if (errorCodeOf(r, message.id) !== MISSING_CAPABILITY) continue;
        if (r.status === 400) return ctx.pass(`${req.what} without capabilities: HTTP 400 with -32021`);
        return ctx.fail({ expected: `${req.what} without capabilities: HTTP 400 Bad Request with the -32021 error`, actual: said(r) });
      }
      return ctx.skip(`none of ${requests.length} request(s) needed a capability (no -32021 to judge)`);
    },
  },
]);
