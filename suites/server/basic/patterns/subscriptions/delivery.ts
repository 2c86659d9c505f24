// basic/patterns/subscriptions (2026-07-28), what a subscription delivers: every message tagged
// with its listen's id, only the types its filter requested, and each of several concurrent
// subscriptions served. Judged on the subscriptions exercise (run.ts): over stdio a
// subscription's frames are those carrying its id, over HTTP those on its stream.
import { defineChecks } from '../../../../../harness/checks/define.js';
import { RANGE } from '../../../../../harness/revisions.js';
import { methodOf, STREAM_TYPES, subscriptionIdOf } from '../../../../../harness/target/listen-stream.js';
import type { Json } from '../../../../../harness/rules/json.js';
import { expectNone, type Violation } from '../../../../../harness/verify/index.js';
import { judged, LIST_FIELDS, openedListens, seqs, show, updatesOf } from './run.js';

export const subscriptionDeliveryChecks = defineChecks({ page: 'basic/patterns/subscriptions', revisions: RANGE.modern, needs: ['own-session', 'raw-http'] }, [
  // "All notifications delivered on the stream carry io.modelcontextprotocol/subscriptionId in
  // _meta ... The value is the JSON-RPC ID of the subscriptions/listen request." With the
  // acknowledgment's MUST and the closing result's required field (schema), and since stdio
  // clients MUST correlate by it, this is read as a MUST.
  {
    id: 'subscriptions.id-matches-listen',
    title: "Every message of a subscription carries the listen request's id as subscriptionId, with the same JSON type",
    spec: { url: '#receiving-notifications', level: 'MUST' },
    requirement:
      'All notifications delivered on the stream carry io.modelcontextprotocol/subscriptionId in _meta, identifying the subscriptions/listen request that opened the stream. The value is the JSON-RPC ID of the subscriptions/listen request.',
    fix: "Copy the listen request's id, unchanged (a number stays a number), into _meta io.modelcontextprotocol/subscriptionId of every message of the subscription.",
    digest: ['SUB-003'],
    faults: ['modern-listen-id-stringified', 'modern-listen-notification-no-id'],
    long: true,
    run: (ctx) =>
      judged(ctx, (run) => {
        const problems: Violation[] = [];
        let count = 0;
        for (const l of openedListens(run)) {
          for (const f of run.listening.framesOf(l)) {
            // An error response ends a listen without a subscription result: no sentence gives it a subscriptionId.
            if ('error' in f.message && !('method' in f.message)) continue;
            count++;
            const id = subscriptionIdOf(f.message);
            if (id === l.id) continue;
            problems.push({ text: `${show(l)}: ${methodOf(f.message) ?? 'its response'} with subscriptionId ${id === undefined ? '(none)' : JSON.stringify(id)}`, ...(f.seq !== undefined ? { seq: f.seq } : {}) });
          }
        }
        if (count === 0) return ctx.skip('nothing-observed', 'no listen sent anything (see subscriptions.acknowledged-first)');
        const untagged = run.listening.unattributed();
        // The first three untagged frames are cited; they count as one violation.
        if (untagged.length > 0) {
          ctx.cite(...seqs(untagged.slice(0, 3)));
          problems.push({ text: `${untagged.length} ${methodOf(untagged[0]!.message)} (a listen-stream notification) without any subscriptionId` });
        }
        return expectNone(ctx, problems, {
          expected: 'subscriptionId equal to the listen request id (same value, same JSON type) on every message',
          note: `${count} message(s) of ${openedListens(run).length} subscription(s), each with its own id; updates: ${run.trigger}`,
          show: 4,
        });
      }),
  },

  // "The server MUST NOT send notification types the client has not explicitly requested."
  // (Request-scoped notifications on a listen are subscriptions.no-request-scoped-notifications.)
  {
    id: 'subscriptions.only-requested-types',
    title: 'A subscription carries only the notification types its filter requested',
    spec: { url: '#opening-a-stream', level: 'MUST' },
    requirement: 'The server MUST NOT send notification types the client has not explicitly requested.',
    digest: ['SUB-001'],
    faults: ['modern-listen-unrequested-type'],
    long: true,
    run: (ctx) =>
      judged(ctx, (run) => {
        const problems: Violation[] = [];
        for (const l of openedListens(run)) {
          for (const f of run.listening.framesOf(l)) {
            const method = methodOf(f.message);
            const field = method !== undefined ? STREAM_TYPES[method] : undefined;
            if (!field) continue;
            const uri = (f.message.params as Json | undefined)?.uri;
            const requested = field === 'resourceSubscriptions' ? (l.filter.resourceSubscriptions ?? []).includes(uri as string) : l.filter[field as (typeof LIST_FIELDS)[number]] === true;
            if (requested) continue;
            problems.push({ text: `${show(l)} (filter ${ctx.brief(l.filter)}) got ${method}${field === 'resourceSubscriptions' ? ` for ${ctx.brief(uri)}` : ''}`, ...(f.seq !== undefined ? { seq: f.seq } : {}) });
          }
        }
        // What the acknowledged listens carried is judged: none acknowledged, nothing to judge.
        const acknowledged = openedListens(run).filter((l) => run.listening.acknowledgment(l) !== undefined).length;
        return expectNone(ctx, problems, {
          expected: 'only the notification types each listen requested',
          judged: acknowledged,
          note: `nothing unrequested on ${openedListens(run).length} subscription(s); updates: ${run.trigger}`,
          nothing: { code: 'nothing-observed', detail: 'no listen was acknowledged: nothing to judge (see subscriptions.acknowledged-first)' },
          show: 4,
        });
      }),
  },

  // "A client MAY have multiple active subscriptions concurrently ... Each subscription is
  // identified by the JSON-RPC request ID of its subscriptions/listen request." Serving them
  // all carries no keyword of its own: a warning. What it judges of the server is RES-012 (a
  // declared resources.subscribe honours each listen's resourceSubscriptions); SUB-005 is the
  // client's MAY, which nothing can break.
  {
    id: 'subscriptions.concurrent-each-notified',
    title: 'With several subscriptions open, each one that subscribed to a resource is notified of its update',
    spec: { url: '#multiple-concurrent-subscriptions', level: 'SHOULD' },
    requirement:
      'A client MAY have multiple active subscriptions concurrently. Each subscription is identified by the JSON-RPC request ID of its subscriptions/listen request, and every notification on the stream carries that ID so clients can demultiplex them.',
    requires: ['resources.subscribe'],
    digest: ['RES-012'],
    faults: ['modern-listen-single-subscription'],
    long: true,
    run: (ctx) =>
      judged(ctx, (run) => {
        if (run.uri === undefined || run.subscribed.length < 2 || !run.trigger.startsWith('called')) {
          return ctx.skip('cannot-set-up', `cannot make the server notify two subscriptions: ${run.subscribed.length < 2 && run.uri !== undefined ? `${run.subscribed.length} listen(s) acknowledged the resource subscription` : run.trigger}`);
        }
        const uri = run.uri;
        const missing = run.subscribed.filter((l) => updatesOf(run.listening.framesOf(l), uri).length === 0);
        const untagged = updatesOf(run.listening.unattributed(), uri);
        // Updates without a subscriptionId may be the missing ones: no subscription's update can be told apart.
        if (missing.length > 0 && untagged.length >= missing.length) return ctx.skip('nothing-observed', `cannot tell which subscription got which update: ${untagged.length} update(s) carry no subscriptionId (see subscriptions.id-matches-listen)`);
        return expectNone(ctx, missing.map((l) => `nothing within ${ctx.timeoutMs} ms on ${show(l)} after ${run.trigger}`), {
          expected: `notifications/resources/updated for ${uri} on each of the ${run.subscribed.length} subscriptions to it`,
          judged: run.subscribed.length,
          note: `${run.subscribed.length} concurrent subscriptions to ${uri}, each notified after ${run.trigger}`,
          show: missing.length,
        });
      }),
  },
]);
