// 2026-07-28 basic/transports/streamable-http#receiving-messages: "Request-scoped notifications
// like notifications/progress ... flow only on the response stream of the request they relate
// to." A listen is kept open beside a call with a progress token; over stdio a frame on a listen
// carries its subscriptionId.
import { randomUUID } from 'node:crypto';
import { defineChecks } from '../../../../../harness/checks/define.js';
import { isResponseTo } from '../../../../../harness/checks/http-access.js';
import { RANGE } from '../../../../../harness/revisions.js';
import { listenBeside, methodOf } from '../../../../../harness/target/listen-stream.js';
import { learnTools, newProgressToken, planToolCall } from '../../../../../harness/target/tool-plan.js';
import { expectNone } from '../../../../../harness/verify/index.js';
import { inTurn, planSkip } from '../../../../../harness/verify/utilities.js';

export const progressStreamChecks = defineChecks({ page: 'basic/utilities/progress', revisions: RANGE.modern, needs: ['own-session', 'raw-http'] }, [
  // 2026-07-28 streamable-http#receiving-messages: "Request-scoped notifications like
  // notifications/progress ... flow only on the response stream of the request they relate
  // to." Over stdio a frame on a listen carries its subscriptionId.
  {
    id: 'progress.on-request-stream',
    title: "A request's progress notifications come on its own response stream, not on a listen or another stream",
    spec: { url: 'basic/transports/streamable-http#receiving-messages', level: 'MUST' },
    requirement:
      'The server MUST NOT send notification types the client has not explicitly requested (basic/patterns/subscriptions: progress is no type a listen can request). Request-scoped notifications like notifications/progress and notifications/message are not delivered on the listen stream — they flow only on the response stream of the request they relate to.',
    digest: ['PROG-007'],
    faults: ['modern-progress-on-listen'],
    long: true,
    async run(ctx) {
      const plan = await planToolCall(ctx, 300);
      if (typeof plan === 'string') return planSkip(ctx, plan, 'nothing to ask progress of');
      const session = await ctx.session();
      await learnTools(session);
      const listening = await listenBeside(ctx, session);
      const token = newProgressToken(session);
      const id = `progress-${randomUUID()}`;
      await session.request('tools/call', { name: plan.name, arguments: plan.args, _meta: { progressToken: token } }, { id, timeoutMs: ctx.timeoutMs + (plan.durationMs ?? 0) });
      await session.fence();
      const frames = listening.frames();
      const own = frames.find((f) => isResponseTo(f.message, id))?.stream;
      const notes = frames.filter((f) => methodOf(f.message) === 'notifications/progress' && (f.message.params as Record<string, unknown> | undefined)?.progressToken === token);
      if (notes.length === 0) return ctx.skip('nothing-observed', `${plan.describe} with a progressToken got no progress notification (sending them is optional)`);
      const onListen = notes.filter((f) => listening.onListenStream(f));
      const elsewhere = notes.filter((f) => !listening.onListenStream(f) && listening.overHttp && f.stream !== own);
      const item = (where: string) => (f: (typeof notes)[number]) => ({ text: `progress ${ctx.brief((f.message.params as Record<string, unknown> | undefined)?.progress)} ${where}`, seq: f.seq });
      const expected = `the progress of ${plan.describe} only on the stream of its response`;
      return inTurn(
        ctx,
        `${notes.length} progress notification(s) of ${plan.describe}, all on its own stream (a listen open beside it)`,
        // On a listen it is a type the listen did not request (MUST NOT) ...
        () => expectNone(ctx, onListen.map(item('on the open listen stream')), { expected, show: 5 }),
        // ... on another stream the page only describes where it flows.
        () =>
          expectNone(ctx, elsewhere.map((f) => item(`on ${f.stream ?? 'another stream'}`)(f)), {
            expected,
            show: 5,
            doubt: 'the transport says where request-scoped notifications flow without a keyword',
          }),
      );
    },
  },
]);
