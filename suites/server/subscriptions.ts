// subscriptions/listen (SUB-*, RES-012), 2026-07-28. Spec: basic/patterns/subscriptions.
// Most checks judge one exercise per revision (subscription-run.ts); the request-scoped one
// runs its own. Over stdio a subscription's frames are those carrying its id; over HTTP those
// on its stream (listen-stream.ts).
import type { Check, CheckContext, Verdict } from '../../harness/checks/check.js';
import { RANGE } from '../../harness/revisions.js';
import { ACKNOWLEDGED, acknowledgedFilter, fullFilter, Listening, methodOf, STREAM_TYPES, subscriptionIdOf, type Frame, type Listen } from '../../harness/target/listen-stream.js';
import { openedListens, refusal, subscriptionRun, updatesOf, type SubscriptionRun } from './subscription-run.js';
import { learnTools, newProgressToken, planToolCall } from '../../harness/target/tool-plan.js';

type Json = Record<string, unknown>;

const SPEC = 'basic/patterns/subscriptions';
const LIST_FIELDS = ['toolsListChanged', 'promptsListChanged', 'resourcesListChanged'] as const;

const seqs = (frames: Frame[]): number[] => frames.map((f) => f.seq ?? 0);
const show = (l: Listen): string => `listen ${JSON.stringify(l.id)}`;

/**
 * Run the exercise and judge it, or skip when the server refuses every listen. A verdict
 * against the server cites the exercise's frames (it ran on another check's connection).
 */
async function judged(ctx: CheckContext, judge: (run: SubscriptionRun) => Verdict): Promise<Verdict> {
  const run = await subscriptionRun(ctx);
  const refused = refusal(run);
  if (refused) return ctx.skip(refused);
  const verdict = judge(run);
  if (verdict.status === 'fail' || verdict.status === 'warn') ctx.cite(...seqs(run.listening.frames()).slice(0, 30));
  return verdict;
}

/** The listens judged: those the server did not refuse (a refused listen opens no subscription). */
const listensOf = (run: SubscriptionRun): Listen[] => openedListens(run);

export const subscriptionsChecks: Check[] = [
  // "The server MUST send notifications/subscriptions/acknowledged as the first message
  // carrying the subscription's ID in _meta ..., and MUST NOT send any notification on the
  // subscription before it."
  {
    id: 'subscriptions.acknowledged-first',
    title: 'Each subscriptions/listen is acknowledged, and the acknowledgment is its first message',
    spec: { url: `${SPEC}#acknowledgment`, level: 'MUST' },
    requirement:
      "The server MUST send notifications/subscriptions/acknowledged as the first message carrying the subscription's ID in _meta under io.modelcontextprotocol/subscriptionId, and MUST NOT send any notification on the subscription before it.",
    fix: 'Send notifications/subscriptions/acknowledged as soon as the listen is accepted, before anything else on that subscription.',
    side: 'server',
    revisions: RANGE.modern,
    transports: 'any',
    faults: ['modern-listen-notification-before-ack'],
    connection: 'own',
    long: true,
    run: (ctx) =>
      judged(ctx, (run) => {
        const problems: string[] = [];
        const silent: string[] = [];
        const listens = listensOf(run);
        for (const l of listens) {
          const frames = run.listening.framesOf(l);
          const at = frames.findIndex((f) => methodOf(f.message) === ACKNOWLEDGED);
          if (at === 0) continue;
          // Nothing at all on the listen is no order to judge: that is the harness's timeout handling.
          if (frames.length === 0) silent.push(show(l));
          else if (at < 0) problems.push(`${show(l)}: ${frames.length} message(s) and no acknowledgment, first ${methodOf(frames[0]!.message) ?? 'a response'}`);
          else {
            ctx.cite(...seqs(frames.slice(0, at + 1)));
            problems.push(`${show(l)}: ${at} message(s) before the acknowledgment, first ${methodOf(frames[0]!.message) ?? 'a response'}`);
          }
        }
        if (problems.length === 0 && silent.length === listens.length) return ctx.skip(`nothing came on any listen within ${ctx.timeoutMs} ms: no order to judge, and whether the server answers at all is left to the harness's timeout handling`);
        if (problems.length === 0) return ctx.pass(`${listens.length - silent.length} listen(s), each acknowledged first${silent.length ? `; nothing yet on ${silent.join(', ')}` : ''}${run.uri ? '; resource updates: ' + run.trigger : ''}`);
        return ctx.fail({ expected: 'notifications/subscriptions/acknowledged as the first message of every subscription', actual: problems.join('; ') });
      }),
  },

  // "The notifications field in the acknowledgment reflects the subset the server agreed to
  // honor. Notification types the server does not support are omitted." No keyword: a warning.
  {
    id: 'subscriptions.acknowledged-subset',
    title: 'The acknowledgment lists only notification types the listen requested',
    spec: { url: `${SPEC}#acknowledgment`, level: 'SHOULD' },
    requirement: 'The notifications field in the acknowledgment reflects the subset the server agreed to honor. Notification types the server does not support are omitted.',
    side: 'server',
    revisions: RANGE.modern,
    transports: 'any',
    faults: ['modern-listen-ack-adds-types'],
    connection: 'own',
    long: true,
    run: (ctx) =>
      judged(ctx, (run) => {
        const problems: string[] = [];
        let judgedAcks = 0;
        for (const l of listensOf(run)) {
          const ack = run.listening.acknowledgment(l);
          if (!ack) continue;
          judgedAcks++;
          const granted = acknowledgedFilter(ack);
          if (!granted) {
            ctx.cite(ack.seq ?? 0);
            problems.push(`${show(l)}: the acknowledgment has no notifications object`);
            continue;
          }
          const extra = LIST_FIELDS.filter((f) => granted[f] === true && l.filter[f] !== true).map(String);
          const uris = Array.isArray(granted.resourceSubscriptions) ? (granted.resourceSubscriptions as unknown[]) : [];
          extra.push(...uris.filter((u) => !(l.filter.resourceSubscriptions ?? []).includes(u as string)).map((u) => `resourceSubscriptions ${JSON.stringify(u)}`));
          if (extra.length === 0) continue;
          ctx.cite(ack.seq ?? 0);
          problems.push(`${show(l)} asked for ${ctx.brief(l.filter)}; acknowledged also ${extra.join(', ')}`);
        }
        if (judgedAcks === 0) return ctx.skip('no listen was acknowledged (see subscriptions.acknowledged-first)');
        if (problems.length === 0) return ctx.pass(`${judgedAcks} acknowledgment(s), each within what was requested`);
        return ctx.fail({ expected: 'acknowledged notifications: a subset of the requested filter', actual: problems.join('; ') });
      }),
  },

  // "All notifications delivered on the stream carry io.modelcontextprotocol/subscriptionId in
  // _meta ... The value is the JSON-RPC ID of the subscriptions/listen request." With the
  // acknowledgment's MUST and the closing result's required field (schema), and since stdio
  // clients MUST correlate by it, this is read as a MUST.
  {
    id: 'subscriptions.id-matches-listen',
    title: "Every message of a subscription carries the listen request's id as subscriptionId, with the same JSON type",
    spec: { url: `${SPEC}#receiving-notifications`, level: 'MUST' },
    requirement:
      'All notifications delivered on the stream carry io.modelcontextprotocol/subscriptionId in _meta, identifying the subscriptions/listen request that opened the stream. The value is the JSON-RPC ID of the subscriptions/listen request.',
    fix: "Copy the listen request's id, unchanged (a number stays a number), into _meta io.modelcontextprotocol/subscriptionId of every message of the subscription.",
    side: 'server',
    revisions: RANGE.modern,
    transports: 'any',
    faults: ['modern-listen-id-stringified', 'modern-listen-notification-no-id'],
    connection: 'own',
    long: true,
    run: (ctx) =>
      judged(ctx, (run) => {
        const problems: string[] = [];
        let count = 0;
        for (const l of listensOf(run)) {
          for (const f of run.listening.framesOf(l)) {
            // An error response ends a listen without a subscription result: no sentence gives it a subscriptionId.
            if ('error' in f.message && !('method' in f.message)) continue;
            count++;
            const id = subscriptionIdOf(f.message);
            if (id === l.id) continue;
            ctx.cite(f.seq ?? 0);
            problems.push(`${show(l)}: ${methodOf(f.message) ?? 'its response'} with subscriptionId ${id === undefined ? '(none)' : JSON.stringify(id)}`);
          }
        }
        const untagged = run.listening.unattributed();
        ctx.cite(...seqs(untagged.slice(0, 3)));
        if (untagged.length > 0) problems.push(`${untagged.length} ${methodOf(untagged[0]!.message)} (a listen-stream notification) without any subscriptionId`);
        if (count === 0) return ctx.skip('no listen sent anything (see subscriptions.acknowledged-first)');
        if (problems.length === 0) return ctx.pass(`${count} message(s) of ${listensOf(run).length} subscription(s), each with its own id; updates: ${run.trigger}`);
        return ctx.fail({ expected: 'subscriptionId equal to the listen request id (same value, same JSON type) on every message', actual: problems.slice(0, 4).join('; ') });
      }),
  },

  // "The server MUST NOT send notification types the client has not explicitly requested."
  // (Request-scoped notifications on a listen are subscriptions.no-request-scoped-notifications.)
  {
    id: 'subscriptions.only-requested-types',
    title: 'A subscription carries only the notification types its filter requested',
    spec: { url: `${SPEC}#opening-a-stream`, level: 'MUST' },
    requirement: 'The server MUST NOT send notification types the client has not explicitly requested.',
    side: 'server',
    revisions: RANGE.modern,
    transports: 'any',
    faults: ['modern-listen-unrequested-type'],
    connection: 'own',
    long: true,
    run: (ctx) =>
      judged(ctx, (run) => {
        const problems: string[] = [];
        for (const l of listensOf(run)) {
          for (const f of run.listening.framesOf(l)) {
            const method = methodOf(f.message);
            const field = method !== undefined ? STREAM_TYPES[method] : undefined;
            if (!field) continue;
            const uri = (f.message.params as Json | undefined)?.uri;
            const requested = field === 'resourceSubscriptions' ? (l.filter.resourceSubscriptions ?? []).includes(uri as string) : l.filter[field as (typeof LIST_FIELDS)[number]] === true;
            if (requested) continue;
            ctx.cite(f.seq ?? 0);
            problems.push(`${show(l)} (filter ${ctx.brief(l.filter)}) got ${method}${field === 'resourceSubscriptions' ? ` for ${ctx.brief(uri)}` : ''}`);
          }
        }
        if (problems.length === 0 && listensOf(run).every((l) => !run.listening.acknowledgment(l))) return ctx.skip('no listen was acknowledged: nothing to judge (see subscriptions.acknowledged-first)');
        if (problems.length === 0) return ctx.pass(`nothing unrequested on ${listensOf(run).length} subscription(s); updates: ${run.trigger}`);
        return ctx.fail({ expected: 'only the notification types each listen requested', actual: problems.slice(0, 4).join('; ') });
      }),
  },

  // "A client MAY have multiple active subscriptions concurrently ... Each subscription is
  // identified by the JSON-RPC request ID of its subscriptions/listen request." Serving them
  // all carries no keyword of its own: a warning.
  {
    id: 'subscriptions.concurrent-each-notified',
    title: 'With several subscriptions open, each one that subscribed to a resource is notified of its update',
    spec: { url: `${SPEC}#multiple-concurrent-subscriptions`, level: 'SHOULD' },
    requirement:
      'A client MAY have multiple active subscriptions concurrently. Each subscription is identified by the JSON-RPC request ID of its subscriptions/listen request, and every notification on the stream carries that ID so clients can demultiplex them.',
    side: 'server',
    revisions: RANGE.modern,
    transports: 'any',
    requires: ['resources.subscribe'],
    faults: ['modern-listen-single-subscription'],
    connection: 'own',
    long: true,
    run: (ctx) =>
      judged(ctx, (run) => {
        if (run.uri === undefined || run.subscribed.length < 2 || !run.trigger.startsWith('called')) {
          return ctx.skip(`cannot make the server notify two subscriptions: ${run.subscribed.length < 2 && run.uri !== undefined ? `${run.subscribed.length} listen(s) acknowledged the resource subscription` : run.trigger}`);
        }
        const uri = run.uri;
        const missing = run.subscribed.filter((l) => updatesOf(run.listening.framesOf(l), uri).length === 0);
        if (missing.length === 0) return ctx.pass(`${run.subscribed.length} concurrent subscriptions to ${uri}, each notified after ${run.trigger}`);
        const untagged = updatesOf(run.listening.unattributed(), uri);
        if (untagged.length >= missing.length) return ctx.skip(`cannot tell which subscription got which update: ${untagged.length} update(s) carry no subscriptionId (see subscriptions.id-matches-listen)`);
        return ctx.fail({
          expected: `notifications/resources/updated for ${uri} on each of the ${run.subscribed.length} subscriptions to it`,
          actual: `nothing within ${ctx.timeoutMs} ms on ${missing.map(show).join(', ')} after ${run.trigger}`,
        });
      }),
  },

  // resources#capabilities: "subscribe: whether the server supports resource-specific update
  // notifications for resources requested through subscriptions/listen using the
  // resourceSubscriptions filter." A definition, no keyword: a warning.
  {
    id: 'subscriptions.resource-subscriptions-honoured',
    title: 'A server that declares resources.subscribe acknowledges the resourceSubscriptions of a listen',
    spec: { url: 'server/resources#capabilities', level: 'SHOULD' },
    requirement: 'subscribe: whether the server supports resource-specific update notifications for resources requested through subscriptions/listen using the resourceSubscriptions filter.',
    side: 'server',
    revisions: RANGE.modern,
    transports: 'any',
    requires: ['resources.subscribe'],
    faults: ['modern-listen-ignores-resource-subscriptions'],
    connection: 'own',
    long: true,
    run: (ctx) =>
      judged(ctx, (run) => {
        if (run.uri === undefined) return ctx.skip('the server lists no resource to subscribe to');
        const acks = [run.numbered, run.named].map((l) => run.listening.acknowledgment(l)).filter((a): a is Frame => a !== undefined);
        if (acks.length === 0) return ctx.skip('no listen with resourceSubscriptions was acknowledged (see subscriptions.acknowledged-first)');
        if (run.subscribed.length === acks.length) return ctx.pass(`resourceSubscriptions [${run.uri}] acknowledged by ${acks.length} listen(s)`);
        ctx.cite(...seqs(acks));
        return ctx.fail({
          expected: `the acknowledgment's notifications.resourceSubscriptions includes ${run.uri} (resources.subscribe is declared)`,
          actual: `acknowledged ${ctx.brief(acknowledgedFilter(acks[0]))}`,
        });
      }),
  },

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
    side: 'server',
    revisions: RANGE.modern,
    transports: 'any',
    faults: ['modern-log-on-listen', 'modern-progress-on-listen'],
    connection: 'own',
    long: true,
    async run(ctx) {
      const plan = await planToolCall(ctx, 300);
      if (typeof plan === 'string') return ctx.skip(`nothing request-scoped to provoke: ${plan}`);
      const session = await ctx.session();
      await learnTools(session);
      const listening = new Listening(ctx, session);
      const listen = listening.open(fullFilter(session.server.capabilities, []), ctx.timeoutMs * 20);
      let answer: string | undefined;
      void listen.reply.then((r) => (answer = r.kind === 'error' ? `error ${r.error.code}` : r.kind));
      await listening.until(() => listening.acknowledgment(listen) !== undefined || answer !== undefined, ctx.timeoutMs);
      if (!listening.acknowledgment(listen)) return ctx.skip(`the listen was not acknowledged (${answer ?? `nothing within ${ctx.timeoutMs} ms`})`);
      const token = newProgressToken(session);
      await session.request('tools/call', { name: plan.name, arguments: plan.args, _meta: { progressToken: token } }, { meta: { logLevel: 'debug' }, timeoutMs: ctx.timeoutMs + (plan.durationMs ?? 0) });
      await session.fence();
      const scoped = listening.frames().filter((f) => ['notifications/progress', 'notifications/message'].includes(methodOf(f.message) ?? ''));
      const astray = scoped.filter((f) => listening.onListenStream(f));
      if (astray.length > 0) {
        ctx.cite(...seqs(astray.slice(0, 5)));
        return ctx.fail({
          expected: 'progress and log notifications only on the stream of their own request, none on the listen stream',
          actual: `${astray.length} on the listen stream, first ${methodOf(astray[0]!.message)} ${ctx.brief(astray[0]!.message.params, 120)}`,
        });
      }
      if (scoped.length === 0) return ctx.skip(`nothing to judge: ${plan.describe} with a progressToken and logLevel debug got no progress or log notification`);
      return ctx.pass(`${scoped.length} progress/log notification(s) of ${plan.describe}, none on the open listen stream`);
    },
  },
];
