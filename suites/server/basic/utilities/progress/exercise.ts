// basic/utilities/progress (basic/patterns/progress at 2026-07-28): the exercise the progress
// checks judge, once per revision on a session of its own: every declared list and one allowed
// tool call, each with a progress token of its own, and the notifications/progress each got.
import type { CheckContext } from '../../../../../harness/checks/check.js';
import { isResponseTo } from '../../../../../harness/checks/http-access.js';
import type { Reply } from '../../../../../harness/jsonrpc/types.js';
import { Listening } from '../../../../../harness/target/listen-stream.js';
import { isNotification, learnTools, newProgressToken, planToolCall } from '../../../../../harness/target/tool-plan.js';
import { expectNone } from '../../../../../harness/verify/index.js';

/** What the exercise needs of the target: a session, and over HTTP the streams of its answers. */
export const EXERCISE_NEEDS = ['own-session', 'raw-http'] as const;

interface ProgressNote {
  progress: unknown;
  total: unknown;
  message: unknown;
  seq: number;
}

export interface TokenTrace {
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
export function exercise(ctx: CheckContext): Promise<Exercise> {
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
  // Progress sent late (after its response) may be a step of the work's own timer: the fence of
  // in-flight cancellation, the same call again (no token) answered, lets a step that late come
  // first; then the era's fence, or over HTTP the end of the request's own stream.
  if (typeof plan !== 'string') await session.request('tools/call', { name: plan.name, arguments: plan.args }, { timeoutMs: ctx.timeoutMs + (plan.durationMs ?? 0) });
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

/**
 * Judge the traces that have progress (expectNone: `bad` says what is wrong with one); skip when
 * the server sent none (a MAY). `reason`: said beside a break (why it is only a warning).
 */
export async function judge(ctx: CheckContext, bad: (t: TokenTrace) => string | undefined, expected: string, reason?: string) {
  const ex = await exercise(ctx);
  const reported = ex.traces.filter((t) => t.notes.length > 0);
  const problems = reported.flatMap((t) => {
    const p = bad(t);
    return p ? [{ trace: t, text: `${t.what}: ${p}` }] : [];
  });
  // A trace is its notes and its response: cite them all.
  for (const { trace: t } of problems) ctx.cite(...t.notes.map((n) => n.seq), ...(t.reply.kind === 'result' || t.reply.kind === 'error' ? [t.reply.seq ?? 0] : []));
  return expectNone(ctx, problems.map((p) => p.text), {
    expected,
    judged: reported.length,
    note: reported.map((t) => `${t.what}: ${t.notes.length} notification(s)`).join('; '),
    nothing: { code: 'nothing-observed', detail: `the server sent no notifications/progress for ${ex.traces.length} request(s) with a progressToken (sending them is optional); ${ex.toolNote}` },
    ...(reason ? { reason } : {}),
  });
}
