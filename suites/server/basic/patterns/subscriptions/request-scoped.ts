// basic/transports/streamable-http#receiving-messages (2026-07-28): progress and log notifications
// of a request never travel on a listen stream. Runs its own listen beside one tool call.
import { defineChecks } from '../../../../../harness/checks/define.js';
import { RANGE } from '../../../../../harness/revisions.js';
import { fullFilter, Listening, methodOf } from '../../../../../harness/target/listen-stream.js';
import { learnTools, newProgressToken, planToolCall } from '../../../../../harness/target/tool-plan.js';
import { parseSkip, type SkipCode } from '../../../../../harness/checks/skip.js';
import { expectNone } from '../../../../../harness/verify/index.js';

/**
 * Why no tool call can be planned, as a skip: planToolCall says "code: detail" where it knows
 * the code (not-declared); a tool the user did not allow is not-allowed; the rest (no valid
 * arguments) could not be set up. TODO(lead): planToolCall could return its code itself.
 */
function noPlan(plan: string): { code: SkipCode; detail: string } {
  const { code, detail } = parseSkip(plan);
  if (code !== 'not-applicable') return { code, detail };
  return { code: plan.startsWith('no tool the user allowed') ? 'not-allowed' : 'cannot-set-up', detail: plan };
}

export const requestScopedNotificationChecks = defineChecks({ page: 'basic/patterns/subscriptions', revisions: RANGE.modern, needs: ['own-session', 'raw-http'] }, [
  // streamable-http#receiving-messages: "Request-scoped notifications like
  // notifications/progress and notifications/message are **not** delivered on the listen
  // stream — they flow only on the response stream of the request they relate to." (SUB-004;
  // for log messages the logging page says MUST NOT.) Over stdio, on a listen = tagged with a subscriptionId.
  {
    id: 'subscriptions.no-request-scoped-notifications',
    title: 'Progress and log notifications of a request never travel on a subscriptions/listen stream',
    spec: { url: 'basic/transports/streamable-http#receiving-messages', level: 'MUST' },
    requirement:
      'The server MUST NOT send notification types the client has not explicitly requested. (Request-scoped notifications like notifications/progress and notifications/message are not delivered on the listen stream — they flow only on the response stream of the request they relate to.)',
    digest: ['SUB-004'],
    faults: ['modern-log-on-listen', 'modern-progress-on-listen'],
    long: true,
    async run(ctx) {
      const plan = await planToolCall(ctx, 300);
      if (typeof plan === 'string') {
        const { code, detail } = noPlan(plan);
        return ctx.skip(code, `nothing request-scoped to provoke: ${detail}`);
      }
      const session = await ctx.session();
      await learnTools(session);
      const listening = new Listening(ctx, session);
      const listen = listening.open(fullFilter(session.server.capabilities, []), ctx.timeoutMs * 20);
      let answer: string | undefined;
      void listen.reply.then((r) => (answer = r.kind === 'error' ? `error ${r.error.code}` : r.kind));
      await listening.until(() => listening.acknowledgment(listen) !== undefined || answer !== undefined, ctx.timeoutMs);
      // A listen refused is a step that failed; one that heard nothing is a wait that ran out.
      if (!listening.acknowledgment(listen)) return ctx.skip(answer === undefined ? 'no-answer' : 'cannot-set-up', `the listen was not acknowledged (${answer ?? `nothing within ${ctx.timeoutMs} ms`})`);
      const token = newProgressToken(session);
      await session.request('tools/call', { name: plan.name, arguments: plan.args, _meta: { progressToken: token } }, { meta: { logLevel: 'debug' }, timeoutMs: ctx.timeoutMs + (plan.durationMs ?? 0) });
      await session.fence();
      const scoped = listening.frames().filter((f) => ['notifications/progress', 'notifications/message'].includes(methodOf(f.message) ?? ''));
      const astray = scoped.filter((f) => listening.onListenStream(f));
      return expectNone(
        ctx,
        astray.map((f, i) => ({ text: `${methodOf(f.message)} ${ctx.brief(f.message.params, 120)} on the listen stream`, ...(i < 5 && f.seq !== undefined ? { seq: f.seq } : {}) })),
        {
          expected: 'progress and log notifications only on the stream of their own request, none on the listen stream',
          judged: scoped.length,
          note: `${scoped.length} progress/log notification(s) of ${plan.describe}, none on the open listen stream`,
          nothing: { code: 'nothing-observed', detail: `nothing to judge: ${plan.describe} with a progressToken and logLevel debug got no progress or log notification` },
          show: 1,
        },
      );
    },
  },
]);
