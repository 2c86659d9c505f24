// basic/patterns/mrtr#multi-round-trip-requests (2026-07-28): input is asked for with an
// InputRequiredResult; the server never sends a request. Judged on every exchange of the revision.
import { defineChecks } from '../../../../../harness/checks/define.js';
import { RANGE } from '../../../../../harness/revisions.js';
import { expectNone } from '../../../../../harness/verify/index.js';

export const noServerRequestChecks = defineChecks({ page: 'basic/patterns/mrtr', revisions: RANGE.modern, needs: ['passive'] }, [
  // mrtr (note at the top): "Servers MUST send server-to-client requests (such as roots/list,
  // sampling/createMessage, or elicitation/create) using the MRTR pattern. The previous pattern
  // of server-initiated requests is no longer supported." Judged on every exchange of the revision.
  {
    id: 'input-required.no-server-requests',
    title: 'The server never sends a JSON-RPC request (input is asked for with InputRequiredResult)',
    spec: { url: '#multi-round-trip-requests', level: 'MUST' },
    requirement:
      'Servers MUST send server-to-client requests (such as roots/list, sampling/createMessage, or elicitation/create) using the MRTR pattern. The previous pattern of server-initiated requests is no longer supported.',
    digest: ['MRTR-105'],
    faults: ['modern-server-request'],
    async run(ctx) {
      const requests = ctx.observations().filter((o) => o.kind === 'server-request');
      const messages = ctx.observations().filter((o) => o.kind === 'server-notification').length;
      // The first five are cited: the rest say nothing new.
      return expectNone(
        ctx,
        requests.map((o, i) => ({ text: ctx.brief(o.message, 160), ...(i < 5 ? { seq: o.seq } : {}) })),
        { expected: 'no JSON-RPC request from the server at 2026-07-28', note: `no request among the server's messages (${messages} notification(s) besides the responses)`, show: 1 },
      );
    },
  },
]);
