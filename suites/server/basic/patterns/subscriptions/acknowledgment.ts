// basic/patterns/subscriptions#acknowledgment (2026-07-28): every listen is acknowledged first,
// with the subset of the requested notification types the server honours. Judged on the
// subscriptions exercise (run.ts).
import { defineChecks } from '../../../../../harness/checks/define.js';
import { RANGE } from '../../../../../harness/revisions.js';
import { ACKNOWLEDGED, acknowledgedFilter, methodOf } from '../../../../../harness/target/listen-stream.js';
import { expectNone, type Violation } from '../../../../../harness/verify/index.js';
import { judged, LIST_FIELDS, openedListens, seqs, show } from './run.js';

export const subscriptionAcknowledgmentChecks = defineChecks({ page: 'basic/patterns/subscriptions', revisions: RANGE.modern, needs: ['own-session', 'raw-http'] }, [
  // "The server MUST send notifications/subscriptions/acknowledged as the first message
  // carrying the subscription's ID in _meta ..., and MUST NOT send any notification on the
  // subscription before it."
  {
    id: 'subscriptions.acknowledged-first',
    title: 'Each subscriptions/listen is acknowledged, and the acknowledgment is its first message',
    spec: { url: '#acknowledgment', level: 'MUST' },
    requirement:
      "The server MUST send notifications/subscriptions/acknowledged as the first message carrying the subscription's ID in _meta under io.modelcontextprotocol/subscriptionId, and MUST NOT send any notification on the subscription before it.",
    fix: 'Send notifications/subscriptions/acknowledged as soon as the listen is accepted, before anything else on that subscription.',
    digest: ['SUB-002'],
    faults: ['modern-listen-notification-before-ack'],
    long: true,
    run: (ctx) =>
      judged(ctx, (run) => {
        const problems: Violation[] = [];
        const silent: string[] = [];
        const listens = openedListens(run);
        for (const l of listens) {
          const frames = run.listening.framesOf(l);
          const at = frames.findIndex((f) => methodOf(f.message) === ACKNOWLEDGED);
          if (at === 0) continue;
          // Nothing at all on the listen is no order to judge: that is the harness's timeout handling.
          if (frames.length === 0) silent.push(show(l));
          else if (at < 0) problems.push({ text: `${show(l)}: ${frames.length} message(s) and no acknowledgment, first ${methodOf(frames[0]!.message) ?? 'a response'}` });
          else {
            // Every frame up to the acknowledgment: the excerpt shows what came before it.
            ctx.cite(...seqs(frames.slice(0, at + 1)));
            problems.push({ text: `${show(l)}: ${at} message(s) before the acknowledgment, first ${methodOf(frames[0]!.message) ?? 'a response'}` });
          }
        }
        return expectNone(ctx, problems, {
          expected: 'notifications/subscriptions/acknowledged as the first message of every subscription',
          judged: listens.length - silent.length,
          note: `${listens.length - silent.length} listen(s), each acknowledged first${silent.length ? `; nothing yet on ${silent.join(', ')}` : ''}${run.uri ? '; resource updates: ' + run.trigger : ''}`,
          nothing: { code: 'no-answer', detail: `nothing came on any listen within ${ctx.timeoutMs} ms: no order to judge, and whether the server answers at all is left to the harness's timeout handling` },
          show: problems.length,
        });
      }),
  },

  // "The notifications field in the acknowledgment reflects the subset the server agreed to
  // honor. Notification types the server does not support are omitted." No keyword: a warning.
  // Re-read at 2026-07-28 (issue 32): the page and the schema's notifications field ("The subset
  // of requested notification types the server agreed to honor") both state it without MUST;
  // only the ordering above is a MUST.
  {
    id: 'subscriptions.acknowledged-subset',
    title: 'The acknowledgment lists only notification types the listen requested',
    spec: { url: '#acknowledgment', level: 'SHOULD' },
    requirement: 'The notifications field in the acknowledgment reflects the subset the server agreed to honor. Notification types the server does not support are omitted.',
    digest: ['SUB-002'],
    faults: ['modern-listen-ack-adds-types'],
    long: true,
    run: (ctx) =>
      judged(ctx, (run) => {
        const problems: Violation[] = [];
        let judgedAcks = 0;
        for (const l of openedListens(run)) {
          const ack = run.listening.acknowledgment(l);
          if (!ack) continue;
          judgedAcks++;
          const granted = acknowledgedFilter(ack);
          const seq = ack.seq !== undefined ? { seq: ack.seq } : {};
          if (!granted) {
            problems.push({ text: `${show(l)}: the acknowledgment has no notifications object`, ...seq });
            continue;
          }
          const extra = LIST_FIELDS.filter((f) => granted[f] === true && l.filter[f] !== true).map(String);
          const uris = Array.isArray(granted.resourceSubscriptions) ? (granted.resourceSubscriptions as unknown[]) : [];
          extra.push(...uris.filter((u) => !(l.filter.resourceSubscriptions ?? []).includes(u as string)).map((u) => `resourceSubscriptions ${JSON.stringify(u)}`));
          if (extra.length === 0) continue;
          problems.push({ text: `${show(l)} asked for ${ctx.brief(l.filter)}; acknowledged also ${extra.join(', ')}`, ...seq });
        }
        return expectNone(ctx, problems, {
          expected: 'acknowledged notifications: a subset of the requested filter',
          judged: judgedAcks,
          note: `${judgedAcks} acknowledgment(s), each within what was requested`,
          nothing: { code: 'nothing-observed', detail: 'no listen was acknowledged (see subscriptions.acknowledged-first)' },
          show: problems.length,
        });
      }),
  },
]);
