// basic/utilities/progress (basic/patterns/progress at 2026-07-28), of the notifications/progress
// the server sends for requests that carry _meta.progressToken: judged on the exercise
// (exercise.ts), and passively on every progress notification of the revision.
import type { SpecRef } from '../../../../../harness/checks/check.js';
import { defineChecks } from '../../../../../harness/checks/define.js';
import { RANGE, since } from '../../../../../harness/revisions.js';
import { subscriptionIdOf } from '../../../../../harness/target/listen-stream.js';
import { isNotification, sentTokensOn, tokenConnection } from '../../../../../harness/target/tool-plan.js';
import { expectNone } from '../../../../../harness/verify/index.js';
import { EXERCISE_NEEDS, exercise, judge } from './exercise.js';

/** The same section on the page of each era. */
const page = (anchor: string, level: SpecRef['level']): SpecRef[] => [
  { url: `basic/utilities/progress#${anchor}`, level },
  { from: '2026-07-28', url: `basic/patterns/progress#${anchor}`, level },
];

export const progressNotificationChecks = defineChecks({ page: 'basic/utilities/progress', revisions: RANGE.all, needs: EXERCISE_NEEDS }, [
  // PROG-003: "The `progress` value MUST increase with each notification, even if the total is unknown."
  {
    id: 'progress.increasing',
    title: 'The progress value of one token increases with each notification',
    spec: page('progress-flow', 'MUST'),
    requirement: 'The progress value MUST increase with each notification, even if the total is unknown.',
    digest: ['PROG-003'],
    faults: ['progress-not-increasing'],
    long: true,
    run: (ctx) =>
      judge(
        ctx,
        (t) => {
          const values = t.notes.map((n) => n.progress);
          for (let i = 1; i < values.length; i++) {
            const [a, b] = [values[i - 1], values[i]];
            if (typeof a !== 'number' || typeof b !== 'number' || !(b > a)) return `progress went ${ctx.brief(values, 120)}`;
          }
          return undefined;
        },
        'progress strictly increasing per token',
      ),
  },

  // The schema: `total` is the "total number of items to process (or total progress
  // required), if known"; progress beyond it contradicts it. Not a keyword rule: a warning.
  {
    id: 'progress.total-consistent',
    title: 'Progress does not exceed the total the same notification gives',
    spec: page('progress-flow', 'SHOULD'),
    requirement: 'total: Total number of items to process (or total progress required), if known.',
    digest: ['PROG-002'],
    faults: ['progress-over-total'],
    long: true,
    run: (ctx) =>
      judge(
        ctx,
        (t) => {
          const over = t.notes.find((n) => typeof n.total === 'number' && typeof n.progress === 'number' && n.progress > n.total);
          return over ? `progress ${String(over.progress)} with total ${String(over.total)}` : undefined;
        },
        'progress <= total whenever total is given',
        'total is defined as the total progress required; no keyword forbids exceeding it, hence a warning',
      ),
  },

  // PROG-005 (from 2025-03-26, when `message` came): "The message field SHOULD provide
  // relevant human readable progress information." An empty or blank message provides none.
  {
    id: 'progress.message-readable',
    title: 'A progress message, where one is given, is readable text (not empty)',
    spec: page('progress-flow', 'SHOULD'),
    requirement: 'The message field SHOULD provide relevant human readable progress information.',
    revisions: since('2025-03-26'),
    digest: ['PROG-005'],
    faults: ['progress-empty-message'],
    long: true,
    run: async (ctx) => {
      const { traces } = await exercise(ctx);
      if (!traces.some((t) => t.notes.some((n) => n.message !== undefined))) return ctx.skip('nothing-observed', 'no progress notification carried a message (it is optional)');
      return judge(
        ctx,
        (t) => {
          const blank = t.notes.filter((n) => n.message !== undefined && (typeof n.message !== 'string' || n.message.trim() === ''));
          return blank.length > 0 ? `${blank.length} of ${t.notes.length} message(s) empty or not text: ${ctx.brief(blank[0]!.message)}` : undefined;
        },
        'a readable message whenever a progress notification carries one',
      );
    },
  },

  // PROG-004: "Progress notifications MUST only reference tokens that: Were provided in an
  // active request; Are associated with an in-progress operation" - none after the response.
  {
    id: 'progress.none-after-response',
    title: 'No progress notification for a token arrives after the response to its request',
    spec: page('behavior-requirements', 'MUST'),
    requirement: 'Progress notifications MUST only reference tokens that: Were provided in an active request; Are associated with an in-progress operation',
    digest: ['PROG-004'],
    faults: ['progress-after-response', 'progress-after-response-later'],
    long: true,
    run: (ctx) =>
      judge(
        ctx,
        (t) => {
          const responseSeq = t.reply.kind === 'result' || t.reply.kind === 'error' ? t.reply.seq : undefined;
          if (responseSeq === undefined) return undefined;
          const late = t.notes.filter((n) => n.seq > responseSeq);
          return late.length > 0 ? `${late.length} notification(s) after the response, first progress ${ctx.brief(late[0]?.progress)}` : undefined;
        },
        'every progress notification before the final response of its request',
      ),
  },

  // PROG-004 observed passively: every progress notification names a token this run sent on
  // that connection. Judged on the connections where the progress checks sent tokens (the
  // exercise's, the cancellation's): elsewhere (fuzzing) a token may come from any input.
  // Progress on a listen stream (it carries a subscriptionId) is judged by the subscription checks.
  {
    id: 'progress.token-known',
    title: 'Progress notifications only name progress tokens the client sent on that connection',
    spec: page('behavior-requirements', 'MUST'),
    requirement: 'Progress notifications MUST only reference tokens that: Were provided in an active request; Are associated with an in-progress operation',
    digest: ['PROG-004'],
    faults: ['progress-unknown-token'],
    needs: ['passive'],
    async run(ctx) {
      const progress = ctx
        .observations()
        .filter((o) => o.kind === 'server-notification' && isNotification(o.message, 'notifications/progress') && sentTokensOn(o.conn))
        .filter((o) => subscriptionIdOf(o.message as Record<string, unknown>) === undefined);
      const bad = progress.flatMap((o) => {
        const token = (o.message as { params?: { progressToken?: unknown } }).params?.progressToken;
        return tokenConnection(token) === o.conn ? [] : [{ text: `progressToken ${ctx.brief(token)}, not sent on this connection`, seq: o.seq }];
      });
      return expectNone(ctx, bad, {
        expected: 'progressToken of a request the client sent on the same connection',
        judged: progress.length,
        note: `${progress.length} progress notification(s), all with a token sent on their connection`,
        show: 5,
        nothing: { code: 'nothing-observed', detail: 'no progress notification came on a connection where progress tokens were sent (sending them is optional)' },
      });
    },
  },
]);
