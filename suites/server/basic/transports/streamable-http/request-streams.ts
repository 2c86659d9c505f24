// A request's SSE response stream at 2026-07-28 (SHTTP-105, SHTTP-106): what may travel on it
// before the response, and the header that keeps proxies from buffering it. Judged on the
// stream of a tool call asking for progress; a server that answers it as JSON is not judged.
import { defineChecks } from '../../../../../harness/checks/define.js';
import { messageOf } from '../../../../../harness/checks/http-access.js';
import { expectHttp, header, httpExchange } from '../../../../../harness/verify/http.js';
import { expectNone } from '../../../../../harness/verify/index.js';
import { MODERN, onlyModernAt } from './transport-spec.js';
import { streamed, toolStream } from './tool-call-stream.js';

/**
 * Notifications about one request: its progress, its log messages, its cancellation. Whether
 * their tokens and levels are right is for the progress, logging and cancellation checks.
 */
const REQUEST_SCOPED = new Set(['notifications/progress', 'notifications/message', 'notifications/cancelled']);

export const requestStreamsChecks = defineChecks({ page: 'basic/transports/streamable-http', revisions: MODERN, transports: ['streamable-http'], needs: ['own-session', 'raw-http'] }, [
  // SHTTP-105: "The server MAY send JSON-RPC notifications ... before the final response. These
  // notifications MUST relate to the originating client request. The server MUST NOT send
  // independent JSON-RPC requests on this stream."
  {
    id: 'http.modern-stream-carries-only-related-notifications',
    title: "A request's SSE stream carries no requests and no notifications unrelated to it",
    spec: onlyModernAt('receiving-messages', 'MUST'),
    requirement:
      'The server MAY send JSON-RPC notifications before the final response. These notifications MUST relate to the originating client request. The server MUST NOT send independent JSON-RPC requests on this stream.',
    fix: 'Send change notifications on subscriptions/listen streams only, and embed server-to-client requests in an InputRequiredResult (MRTR).',
    digest: ['SHTTP-105'],
    faults: ['modern-http-unrelated-notification'],
    async run(ctx) {
      const call = await toolStream(ctx);
      if ('status' in call) return call;
      const s = streamed(ctx, call);
      if ('status' in s) return s;
      const messages = s.stream.events.map(messageOf).filter((m): m is Record<string, unknown> => m !== undefined);
      const requests = messages.filter((m) => typeof m.method === 'string' && 'id' in m);
      const unrelated = messages.filter((m) => typeof m.method === 'string' && !('id' in m) && !REQUEST_SCOPED.has(m.method));
      // The whole stream is judged, up to its response: nothing on it may be unrelated.
      return expectNone(ctx, [...requests.map((m) => `a request ${String(m.method)}`), ...unrelated.map((m) => `a notification not about the call: ${ctx.brief(m, 160)}`)], {
        expected: `only notifications about the call of ${s.plan.describe} (progress, log messages), then its response`,
        note: `${messages.length} message(s) on the stream of ${s.plan.describe}`,
      });
    },
  },

  // SHTTP-106: "When initiating an SSE stream, servers SHOULD include the X-Accel-Buffering: no
  // header in the HTTP response."
  {
    id: 'http.modern-sse-accel-buffering',
    title: 'An SSE answer carries X-Accel-Buffering: no',
    spec: onlyModernAt('receiving-messages', 'SHOULD'),
    requirement: 'When initiating an SSE stream, servers SHOULD include the X-Accel-Buffering: no header in the HTTP response.',
    fix: 'Add the header X-Accel-Buffering: no to every text/event-stream response.',
    digest: ['SHTTP-106'],
    faults: ['modern-http-no-accel-buffering'],
    async run(ctx) {
      const call = await toolStream(ctx);
      if ('status' in call) return call;
      const s = streamed(ctx, call);
      if ('status' in s) return s;
      // streamed() saw the answer's headers, so s.info is there.
      const info = s.info ?? { status: 0 };
      return expectHttp(ctx, httpExchange(`the text/event-stream answer to the call of ${s.plan.describe}`, info), header('X-Accel-Buffering', 'X-Accel-Buffering: no', (v) => v?.trim().toLowerCase() === 'no'));
    },
  },
]);
