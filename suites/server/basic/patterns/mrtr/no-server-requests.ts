// basic/patterns/mrtr#multi-round-trip-requests (2026-07-28): input is asked for with an
// InputRequiredResult; the server never sends a request. Judged on every exchange of the revision.
import { defineChecks } from '../../../../../harness/checks/define.js';
import { RANGE } from '../../../../../harness/revisions.js';

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
      if (requests.length === 0) return ctx.pass(`no request among the server's messages (${messages} notification(s) besides the responses)`);
      ctx.cite(...requests.slice(0, 5).map((o) => o.seq));
      return ctx.fail({ expected: 'no JSON-RPC request from the server at 2026-07-28', actual: `${requests.length} request(s), first ${ctx.brief(requests[0]?.message, 160)}` });
    },
  },
]);
