// HTTP+SSE (2024-11-05): "Servers MUST validate the Origin header on all incoming connections
// to prevent DNS rebinding attacks" (SSE-005).
import { defineChecks } from '../../../../../harness/checks/define.js';
import { RANGE } from '../../../../../harness/revisions.js';
import { isLoopbackUrl } from '../../../../../harness/rules/loopback.js';
import { httpExchange } from '../../../../../harness/verify/http.js';
import { expectForeignOriginRejected, FOREIGN_ORIGIN } from '../foreign-origin.js';
import { ownConnection } from './own-connection.js';
import { httpWithSse } from './places.js';

export const sseOriginChecks = defineChecks({ page: 'basic/transports/sse', revisions: RANGE.legacy, transports: ['sse'], needs: ['connection', 'raw-http'] }, [
  // No status is prescribed; a foreign Origin accepted fails on a loopback target only (foreign-origin.ts).
  {
    id: 'sse.origin-validated',
    title: 'An SSE connection from a foreign Origin is rejected',
    spec: httpWithSse('MUST'),
    requirement: 'Servers MUST validate the Origin header on all incoming connections to prevent DNS rebinding attacks.',
    digest: ['SSE-005'],
    faults: ['sse-origin-not-validated'],
    async run(ctx) {
      const t = await ownConnection(ctx);
      const r = await t.raw({ method: 'GET', headers: { Accept: 'text/event-stream', Origin: FOREIGN_ORIGIN }, sseWindowMs: 300 });
      return expectForeignOriginRejected(ctx, httpExchange(`an SSE connection with Origin: ${FOREIGN_ORIGIN}`, r), { loopback: isLoopbackUrl(t.url), expected: 'rejected with a 4xx status' });
    },
  },
]);
