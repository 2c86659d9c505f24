// Progress (PROG-*): notifications/progress for requests that carry _meta.progressToken.
// Spec: basic/utilities/progress up to 2025-11-25, basic/patterns/progress at 2026-07-28. One
// exercise per revision on its own session (list requests and one allowed tool call, each with
// its own token) feeds the active checks; the passive check judges every progress notification
// of the revision; at 2026-07-28 one more check keeps a listen open beside a call.
import { randomUUID } from 'node:crypto';
import type { Check, CheckContext, SpecRef } from '../../harness/checks/check.js';
import { isResponseTo } from '../../harness/checks/http-access.js';
import type { Reply } from '../../harness/jsonrpc/types.js';
import { RANGE, since } from '../../harness/revisions.js';
import { fullFilter, Listening, methodOf, subscriptionIdOf } from '../../harness/target/listen-stream.js';
import { isNotification, learnTools, newProgressToken, planToolCall, sentTokensOn, tokenConnection } from '../../harness/target/tool-plan.js';

/** The same section on the page of each era. */
const page = (anchor: string, level: SpecRef['level']): SpecRef[] => [
  { url: `basic/utilities/progress#${anchor}`, level },
  { from: '2026-07-28', url: `basic/patterns/progress#${anchor}`, level },
];

interface ProgressNote {
  progress: unknown;
  total: unknown;
  message: unknown;
  seq: number;
}

interface TokenTrace {
  /** What was sent with the token, e.g. "tools/list" or "tools/call slow". */
  what: string;
  token: string;
  reply: Reply;
  /** Progress notifications for the token, in arrival order. */
  notes: ProgressNote[];
}

interface Exercise {
  traces: TokenTrace[];
  /** What the tool part did (or why there was none). */
  toolNote: string;
}

/** Run once per revision: every declared list and one allowed tool call, each with a token. */
function exercise(ctx: CheckContext): Promise<Exercise> {
  return ctx.once('progress', () => runExercise(ctx));
}

async function runExercise(ctx: CheckContext): Promise<Exercise> {
  const session = await ctx.session();
  const listening = new Listening(ctx, session);
  const caps = session.server.capabilities;
  const requests: { what: string; method: string; params: Record<string, unknown> }[] = [];
  for (const [cap, method] of [['tools', 'tools/list'], ['resources', 'resources/list'], ['prompts', 'prompts/list']] as const) {
    if (caps[cap] !== undefined) requests.push({ what: method, method, params: {} });
  }
  const plan = await planToolCall(ctx, 300);
  const toolNote = typeof plan === 'string' ? `no tool call: ${plan}` : `called ${plan.describe}`;
  if (typeof plan !== 'string') {
    await learnTools(session);
    requests.push({ what: `tools/call ${plan.name}`, method: 'tools/call', params: { name: plan.name, arguments: plan.args } });
  }
  const traces = await Promise.all(
    requests.map(async (r): Promise<TokenTrace> => {
      const token = newProgressToken(session);
      const reply = await session.request(r.method, { ...r.params, _meta: { progressToken: token } });
      return { what: r.what, token, reply, notes: [] };
    }),
  );
  // Progress sent late (after its response) comes before the fence's answer, or over HTTP on
  // the request's own stream before it ends.
  await session.fence();
  const ids = traces.map((t) => (t.reply.kind === 'result' || t.reply.kind === 'error' ? t.reply.message.id : undefined));
  const streams = listening.frames().filter((f) => ids.some((id) => id !== undefined && isResponseTo(f.message, id))).map((f) => f.stream);
  await listening.until(() => streams.every((s) => s === undefined || listening.ended(s)), ctx.timeoutMs);
  for (const item of session.inbound) {
    if (!isNotification(item.message, 'notifications/progress')) continue;
    const params = item.message.params ?? {};
    const trace = traces.find((t) => t.token === params.progressToken);
    trace?.notes.push({ progress: params.progress, total: params.total, message: params.message, seq: item.seq ?? 0 });
  }
  return { traces, toolNote };
}

/** Judge the traces that have progress; skip when the server sent none (a MAY). `reason`: why a failure is only a warning. */
async function judge(ctx: CheckContext, bad: (t: TokenTrace) => string | undefined, expected: string, reason?: string) {
  const ex = await exercise(ctx);
  const reported = ex.traces.filter((t) => t.notes.length > 0);
  if (reported.length === 0) {
    return ctx.skip(`no progress to judge: the server sent no notifications/progress for ${ex.traces.length} request(s) with a progressToken (sending them is optional); ${ex.toolNote}`);
  }
  const problems = reported.flatMap((t) => {
    const p = bad(t);
    return p ? [`${t.what}: ${p}`] : [];
  });
  if (problems.length === 0) return ctx.pass(`${reported.map((t) => `${t.what}: ${t.notes.length} notification(s)`).join('; ')}`);
  for (const t of reported) ctx.cite(...t.notes.map((n) => n.seq), t.reply.kind === 'result' || t.reply.kind === 'error' ? (t.reply.seq ?? 0) : 0);
  return ctx.fail({ expected, actual: problems.join('; '), ...(reason ? { reason } : {}) });
}

export const progressChecks: Check[] = [
  // PROG-003: "The `progress` value MUST increase with each notification, even if the total is unknown."
  {
    id: 'progress.increasing',
    title: 'The progress value of one token increases with each notification',
    spec: page('progress-flow', 'MUST'),
    requirement: 'The progress value MUST increase with each notification, even if the total is unknown.',
    side: 'server',
    revisions: RANGE.all,
    transports: 'any',
    faults: ['progress-not-increasing'],
    connection: 'own',
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
    side: 'server',
    revisions: RANGE.all,
    transports: 'any',
    faults: ['progress-over-total'],
    connection: 'own',
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
    side: 'server',
    revisions: since('2025-03-26'),
    transports: 'any',
    faults: ['progress-empty-message'],
    connection: 'own',
    long: true,
    run: async (ctx) => {
      const { traces } = await exercise(ctx);
      if (!traces.some((t) => t.notes.some((n) => n.message !== undefined))) return ctx.skip('nothing to judge: no progress notification carried a message (it is optional)');
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
    side: 'server',
    revisions: RANGE.all,
    transports: 'any',
    faults: ['progress-after-response'],
    connection: 'own',
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
    side: 'server',
    revisions: RANGE.all,
    transports: 'any',
    faults: ['progress-unknown-token'],
    connection: 'passive',
    async run(ctx) {
      const progress = ctx
        .observations()
        .filter((o) => o.kind === 'server-notification' && isNotification(o.message, 'notifications/progress') && sentTokensOn(o.conn))
        .filter((o) => subscriptionIdOf(o.message as Record<string, unknown>) === undefined);
      if (progress.length === 0) return ctx.skip('nothing to judge: no progress notification came on a connection where progress tokens were sent (sending them is optional)');
      const bad = progress.filter((o) => {
        const token = (o.message as { params?: { progressToken?: unknown } }).params?.progressToken;
        return tokenConnection(token) !== o.conn;
      });
      if (bad.length === 0) return ctx.pass(`${progress.length} progress notification(s), all with a token sent on their connection`);
      ctx.cite(...bad.slice(0, 5).map((o) => o.seq));
      const first = (bad[0]?.message as { params?: { progressToken?: unknown } }).params?.progressToken;
      return ctx.fail({
        expected: 'progressToken of a request the client sent on the same connection',
        actual: `${bad.length} notification(s) with other tokens, first ${ctx.brief(first)}`,
      });
    },
  },

  // 2026-07-28 streamable-http#receiving-messages: "Request-scoped notifications like
  // notifications/progress ... flow only on the response stream of the request they relate
  // to." Over stdio a frame on a listen carries its subscriptionId.
  {
    id: 'progress.on-request-stream',
    title: "A request's progress notifications come on its own response stream, not on a listen or another stream",
    spec: { url: 'basic/transports/streamable-http#receiving-messages', level: 'MUST' },
    requirement:
      'The server MUST NOT send notification types the client has not explicitly requested (basic/patterns/subscriptions: progress is no type a listen can request). Request-scoped notifications like notifications/progress and notifications/message are not delivered on the listen stream — they flow only on the response stream of the request they relate to.',
    side: 'server',
    revisions: RANGE.modern,
    transports: 'any',
    faults: ['modern-progress-on-listen'],
    connection: 'own',
    long: true,
    async run(ctx) {
      const plan = await planToolCall(ctx, 300);
      if (typeof plan === 'string') return ctx.skip(`nothing to ask progress of: ${plan}`);
      const session = await ctx.session();
      await learnTools(session);
      const listening = new Listening(ctx, session);
      const listen = listening.open(fullFilter(session.server.capabilities, []), ctx.timeoutMs * 20);
      let answered = false;
      void listen.reply.then(() => (answered = true));
      await listening.until(() => listening.acknowledgment(listen) !== undefined || answered, ctx.timeoutMs);
      const token = newProgressToken(session);
      const id = `progress-${randomUUID()}`;
      await session.request('tools/call', { name: plan.name, arguments: plan.args, _meta: { progressToken: token } }, { id, timeoutMs: ctx.timeoutMs + (plan.durationMs ?? 0) });
      await session.fence();
      const frames = listening.frames();
      const own = frames.find((f) => isResponseTo(f.message, id))?.stream;
      const notes = frames.filter((f) => methodOf(f.message) === 'notifications/progress' && (f.message.params as Record<string, unknown> | undefined)?.progressToken === token);
      if (notes.length === 0) return ctx.skip(`nothing to judge: ${plan.describe} with a progressToken got no progress notification (sending them is optional)`);
      const astray = notes.filter((f) => listening.onListenStream(f) || (listening.overHttp && f.stream !== own));
      if (astray.length === 0) return ctx.pass(`${notes.length} progress notification(s) of ${plan.describe}, all on its own stream (a listen open beside it)`);
      ctx.cite(...astray.slice(0, 5).map((f) => f.seq ?? 0));
      const onListen = astray.some((f) => listening.onListenStream(f));
      const evidence = {
        expected: `the progress of ${plan.describe} only on the stream of its response`,
        actual: `${astray.length} of ${notes.length} elsewhere${onListen ? ' (on the open listen stream)' : ` (on ${astray[0]!.stream ?? 'another stream'})`}`,
      };
      // On a listen it is a type the listen did not request (MUST NOT); on another stream the page only describes where it flows.
      if (onListen) return ctx.fail(evidence);
      return ctx.warn({ ...evidence, reason: 'the transport says where request-scoped notifications flow without a keyword: a warning' });
    },
  },
];
