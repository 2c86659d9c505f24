// HTTP+SSE (2024-11-05): "Servers MUST validate the Origin header on all incoming connections
// to prevent DNS rebinding attacks" (SSE-005).
import { defineChecks } from '../../../../../harness/checks/define.js';
import { RANGE } from '../../../../../harness/revisions.js';
import { isLoopbackUrl } from '../../../../../harness/rules/loopback.js';
import { ownConnection } from './own-connection.js';
import { httpWithSse } from './places.js';

const FOREIGN_ORIGIN = 'http://attacker.example';
export const sseOriginChecks = defineChecks({ page: 'basic/transports/sse', revisions: RANGE.legacy, transports: ['sse'], needs: ['connection', 'raw-http'] }, [
  // No status is prescribed. Which origins are valid is the server's policy, except on a
  // loopback target: there a foreign Origin accepted is the DNS-rebinding hole the rule is
  // about, so it fails; elsewhere it is a warning.
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
      if (r.status >= 400 && r.status < 500) return ctx.pass();
      if (r.status === 0) return ctx.skip('no-answer', `the SSE connection from a foreign Origin got no answer (${r.problem ?? 'nothing'}): nothing to judge`);
      const evidence = {
        expected: `Origin: ${FOREIGN_ORIGIN} rejected with a 4xx status`,
        actual: `HTTP ${r.status}${r.contentType ? ` ${r.contentType}` : ''}${r.status >= 200 && r.status < 300 ? ': the stream opened' : ''}`,
      };
      if (r.status >= 300) return ctx.warn({ ...evidence, reason: 'the connection was neither opened nor rejected with a client error status' });
      if (isLoopbackUrl(t.url)) return ctx.fail({ ...evidence, reason: 'the server opened a stream for a foreign Origin although it listens on loopback: any web page the user opens could reach it by DNS rebinding' });
      return ctx.warn({ ...evidence, reason: 'the server accepted a foreign Origin; which origins are valid is its policy (it may allow every origin on purpose), but unless it does, a web page could reach it' });
    },
  },
]);
