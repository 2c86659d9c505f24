// Progress tokens the client hands out (PROG-001): strings or integers, unique among its
// active requests; and the progress the client reports on the asking server's requests that
// carry a progressToken (legacy: the plain sampling request), PROG-003..005. A client MAY send
// no progress at all: then these skip. Spec: basic/utilities/progress (legacy),
// basic/patterns/progress (2026-07-28).
import { defineClientChecks } from '../../../../harness/checks/define.js';
import { expectNone } from '../../../../harness/verify/index.js';
import type { ClientMessage, Recording } from '../../../../harness/client/recording.js';
import type { ClientCheckContext } from '../../../../harness/client/context.js';
import type { Verdict } from '../../../../harness/checks/check.js';
import { NEWEST_LEGACY, RANGE, between } from '../../../../harness/revisions.js';
import { ASKS } from '../../scenarios/asks.js';
import { clientAnswers, metaOf, ourAnswer, ourRequests, paramsOf, sameId } from '../../support/wire.js';

/** One of our requests that carried a progressToken, the client's progress on it and its answer. */
interface Trace {
  sent: ClientMessage;
  notes: ClientMessage[];
  answered: ClientMessage | undefined;
}

const isToken = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number';
const progressNotes = (recording: Recording): ClientMessage[] => recording.notifications('notifications/progress');

/** Our requests with a progressToken (each request of the scenario has its own token). */
function traces(recording: Recording): Trace[] {
  return ourRequests(recording).flatMap((sent) => {
    const token = metaOf(sent)?.progressToken;
    if (!isToken(token)) return [];
    const notes = progressNotes(recording).filter((n) => n.conn === sent.conn && n.seq > sent.seq && sameId(paramsOf(n).progressToken, token));
    return [{ sent, notes, answered: clientAnswers(recording, sent)[0] }];
  });
}

/** The traces with progress to judge, or the skip that says why there are none. */
function observed(ctx: ClientCheckContext): Trace[] | Verdict {
  const all = traces(ctx.recording);
  if (all.length === 0) return ctx.skip('nothing-observed', 'the server sent no request with a progressToken (the client never called the tool during which it asks)');
  const reported = all.filter((t) => t.notes.length > 0);
  if (reported.length === 0) return ctx.skip('nothing-observed', 'the client sent no progress on the request that carried a progressToken (it MAY send none)');
  return reported;
}

export const progressClientChecks = defineClientChecks({ page: 'basic/utilities/progress', revisions: RANGE.all }, [
  // PROG-001: "Progress tokens MUST be a string or integer value"; "Progress tokens can be chosen
  // by the sender using any means, but MUST be unique across all active requests." A request is
  // active here from its arrival until this server answered it or the client cancelled it (the
  // tools of this server take a while to answer, so concurrent calls overlap).
  {
    id: 'progress.tokens-valid-and-unique',
    title: 'Progress tokens are strings or integers, unique among the requests still active',
    spec: [
      { url: '#progress-flow', level: 'MUST' },
      { from: '2026-07-28', url: 'basic/patterns/progress#progress-flow', level: 'MUST' },
    ],
    requirement: 'Progress tokens MUST be a string or integer value. Progress tokens can be chosen by the sender using any means, but MUST be unique across all active requests.',
    digest: ['PROG-001'],
    scenario: ASKS,
    faults: ['progress-token-duplicate', 'progress-token-invalid'],
    async run(ctx) {
      const carrying = ctx.recording.requests().filter((m) => metaOf(m)?.progressToken !== undefined);
      if (carrying.length === 0) return ctx.skip('nothing-observed', 'the client asked for no progress');
      const violations = [...carrying.entries()].flatMap(([i, m]) => {
        const token = metaOf(m)?.progressToken;
        if (!(typeof token === 'string' || (typeof token === 'number' && Number.isInteger(token)))) {
          return [{ text: `${String(m.message.method)} with progressToken ${ctx.brief(token)}, not a string or integer`, seq: m.seq }];
        }
        const clash = carrying.slice(0, i).find((e) => {
          if (e.conn !== m.conn || !sameId(metaOf(e)?.progressToken, token)) return false;
          const answer = ourAnswer(ctx.recording, e);
          const cancelled = ctx.recording.notifications('notifications/cancelled').some((c) => c.seq < m.seq && sameId(paramsOf(c).requestId, e.message.id));
          return !cancelled && (!answer || answer.seq > m.seq);
        });
        if (!clash) return [];
        ctx.cite(clash.seq);
        return [{ text: `${String(m.message.method)} reuses progressToken ${ctx.brief(token)} of a request still active`, seq: m.seq }];
      });
      return expectNone(ctx, violations, { expected: 'a string or integer progressToken that no active request uses', judged: carrying.length });
    },
  },

  // PROG-003: "The progress value MUST increase with each notification, even if the total is unknown."
  {
    id: 'progress.client-increasing',
    title: 'The progress the client reports on one token increases with each notification',
    revisions: RANGE.legacy,
    spec: { url: '#progress-flow', level: 'MUST' },
    requirement: 'The progress value MUST increase with each notification, even if the total is unknown.',
    digest: ['PROG-003'],
    scenario: ASKS,
    faults: ['client-progress-not-increasing'],
    async run(ctx) {
      const seen = observed(ctx);
      if (!Array.isArray(seen)) return seen;
      const compared = seen.filter((t) => t.notes.length > 1);
      if (compared.length === 0) return ctx.skip('nothing-observed', 'one progress notification per token: nothing to compare');
      const violations = compared.flatMap((t) => {
        const values = t.notes.map((n) => paramsOf(n).progress);
        const i = values.findIndex((v, k) => k > 0 && !(typeof v === 'number' && typeof values[k - 1] === 'number' && v > (values[k - 1] as number)));
        if (i < 0) return [];
        ctx.cite(t.sent.seq, t.notes[i - 1]!.seq);
        return [{ text: `progress went ${ctx.brief(values, 120)}`, seq: t.notes[i]!.seq }];
      });
      return expectNone(ctx, violations, { expected: 'progress strictly increasing per token', judged: compared.length });
    },
  },

  // PROG-004: "Progress notifications MUST only reference tokens that: Were provided in an active
  // request; Are associated with an in-progress operation" (and "Progress notifications MUST stop
  // after completion"). Over HTTP the client's notification and response are separate POSTs that
  // may cross on the way, so a late arrival there is a warning; on stdio the order is the client's.
  {
    id: 'progress.client-token-active',
    title: 'The client reports progress only on tokens of requests it has not answered yet',
    revisions: RANGE.legacy,
    spec: { url: '#behavior-requirements', level: 'MUST' },
    requirement: 'Progress notifications MUST only reference tokens that: Were provided in an active request; Are associated with an in-progress operation',
    digest: ['PROG-004'],
    scenario: ASKS,
    faults: ['client-progress-after-response'],
    async run(ctx) {
      const all = traces(ctx.recording);
      const stray = progressNotes(ctx.recording).find((n) => !all.some((t) => t.sent.conn === n.conn && t.sent.seq < n.seq && sameId(metaOf(t.sent)?.progressToken, paramsOf(n).progressToken)));
      if (stray) {
        return expectNone(ctx, [{ text: `notifications/progress with progressToken ${ctx.brief(paramsOf(stray).progressToken)}, which no request of the server carried`, seq: stray.seq }], {
          expected: 'progress only on a progressToken the server sent',
        });
      }
      const seen = observed(ctx);
      if (!Array.isArray(seen)) return seen;
      const violations = seen.flatMap((t) => {
        const late = t.answered ? t.notes.filter((n) => n.seq > t.answered!.seq) : [];
        if (late.length === 0) return [];
        ctx.cite(t.sent.seq, t.answered!.seq);
        return [{ text: `${late.length} progress notification(s) after the client answered ${String(t.sent.message.method)}, first progress ${ctx.brief(paramsOf(late[0]!).progress)}`, seq: late[0]!.seq }];
      });
      return expectNone(ctx, violations.slice(0, 1), {
        expected: 'every progress notification before the response to its request',
        ...(ctx.transport === 'stdio' ? {} : { doubt: 'over HTTP the notification and the response are separate POSTs, which may arrive in another order than the client sent them' }),
      });
    },
  },

  // PROG-005 (from 2025-03-26, when `message` came): "The message field SHOULD provide relevant
  // human readable progress information." An empty or blank message provides none.
  {
    id: 'progress.client-message-readable',
    title: 'A progress message the client gives, where it gives one, is readable text (not empty)',
    // Legacy only: a 2026-07-28 client sends no progress.
    revisions: between('2025-03-26', NEWEST_LEGACY),
    spec: { url: '#progress-flow', level: 'SHOULD' },
    requirement: 'The message field SHOULD provide relevant human readable progress information.',
    digest: ['PROG-005'],
    scenario: ASKS,
    faults: ['client-progress-message-empty'],
    async run(ctx) {
      const seen = observed(ctx);
      if (!Array.isArray(seen)) return seen;
      const notes = seen.flatMap((t) => t.notes).filter((n) => paramsOf(n).message !== undefined);
      if (notes.length === 0) return ctx.skip('nothing-observed', 'no progress notification of the client carried a message (it is optional)');
      const blank = notes.filter((n) => typeof paramsOf(n).message !== 'string' || String(paramsOf(n).message).trim() === '');
      return expectNone(ctx, blank.map((n) => ({ text: `message ${ctx.brief(paramsOf(n).message)}`, seq: n.seq })), {
        expected: 'a readable message whenever a progress notification carries one',
        judged: notes.length,
        doubt: 'the message field SHOULD provide human readable progress information',
      });
    },
  },
]);
