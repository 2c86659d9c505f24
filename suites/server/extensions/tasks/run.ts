// One recorded run of the 2026-07-28 tasks extension (io.modelcontextprotocol/tasks) per
// revision, shared by the extension checks. On a session that declares the extension: allowed
// tools are called (those that mention tasks first) until one answers with resultType "task";
// an immediate tasks/get, polls until the task ends, a tasks/get of an unknown id, and one of
// the task by a request without the extension. Then, on a fresh session that never declared the
// extension, the same tool called plainly and with the 2025-11-25 params.task opt-in. Schema violations of these frames
// stay private (a "task" result is no CallToolResult); the checks judge the task shapes.
import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import type { CheckContext, Verdict } from '../../../../harness/checks/check.js';
import { encodeHeaderValue } from '../../../../harness/checks/http-access.js';
import { describeReply, type Reply } from '../../../../harness/jsonrpc/types.js';
import { isObject, type Json } from '../../../../harness/rules/json.js';
import { unanswered } from '../../../../harness/rules/no-answer.js';
import type { Session } from '../../../../harness/sessions/session.js';
import { callable, listedTools } from '../../../../harness/target/tool-calls.js';
import { planTaskTool, resultOf, type TaskToolPlan } from '../../../../harness/target/task-plan.js';
import { learnTools } from '../../../../harness/target/tool-plan.js';
import { planUnjudged, type Unjudged } from '../../../../harness/verify/utilities.js';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** The extension's overview: its rules are cited there (its pages are not the revision's spec text). */
export const EXTENSION_PAGE = 'https://modelcontextprotocol.io/extensions/tasks/overview';

/**
 * What the run needs of the target (every check that may record it declares it): a session
 * declaring the extension, a fresh one that never did, and over HTTP the Mcp-Param-* headers.
 */
export const EXTENSION_RUN_NEEDS = ['own-session', 'fresh-session', 'raw-http'] as const;
const TERMINAL = ['completed', 'failed', 'cancelled'];
const WORK_MS = 300;
/** Tools tried with the extension before giving up: each try is a real tool call. */
const MAX_TRIES = 5;

export interface ExtensionRun {
  /** Tools called with the extension, and what each answered. */
  tried: { plan: TaskToolPlan; reply: Reply }[];
  /** The call that answered with resultType "task". */
  created?: { plan: TaskToolPlan; reply: Reply; id?: string };
  firstGet?: Reply;
  polls: Reply[];
  unknownGet?: Reply;
  /** tasks/get of the task by a request that does not declare the extension (same connection). */
  getWithout?: Reply;
  /** The task's tool, on a connection that never declared the extension. */
  without?: { plain: Reply; optIn: Reply };
}

/** The run of this revision, or why there is none (the checks skip with it). */
export function extensionRun(ctx: CheckContext): Promise<ExtensionRun | Unjudged> {
  return ctx.once('tasks-extension-run', () => record(ctx));
}

export function declaresExtension(ctx: CheckContext): boolean {
  const ext = ctx.facts.serverCapabilities.extensions;
  return isObject(ext) && isObject(ext[TASKS_EXTENSION]);
}

/** Requests about a task name it in Mcp-Name on HTTP (ignored on stdio); `declared: false` drops the extension. */
function taskRequest(session: Session, method: string, taskId: string, timeoutMs: number, declared = true): Promise<Reply> {
  const meta = declared ? {} : { meta: { clientCapabilities: {} } };
  return session.request(method, { taskId }, { timeoutMs, headers: { 'Mcp-Name': encodeHeaderValue(taskId) }, ...meta });
}

async function record(ctx: CheckContext): Promise<ExtensionRun | Unjudged> {
  if (!declaresExtension(ctx)) return { code: 'not-declared', detail: `server/discover does not declare the ${TASKS_EXTENSION} extension` };
  const tools = await listedTools(ctx);
  if (!Array.isArray(tools)) return tools.status === 'skip' ? planUnjudged(tools) : { code: 'cannot-set-up', detail: 'no tools listed' };
  const { ok, allowed } = callable(ctx, tools);
  if (allowed === 0) return { code: 'not-allowed', detail: 'no listed tool may be called under the --call-tools policy (allow more with --call-tools)' };
  if (ok.length === 0) return { code: 'cannot-set-up', detail: `no valid arguments could be built for any of the ${allowed} allowed tool(s)` };
  const mentions = (t: Json): boolean => /\btasks?\b/i.test(`${String(t.name)} ${String(t.title ?? '')} ${String(t.description ?? '')}`);
  const candidates = [...ok.filter((c) => mentions(c.tool)), ...ok.filter((c) => !mentions(c.tool))].slice(0, MAX_TRIES);
  // The connection that never declares the extension opens meanwhile (over stdio a process
  // start): it is the run's longest wait otherwise. Awaited below; a failure before that point
  // must not also surface as an unhandled rejection.
  const opening = (async () => {
    const fresh = await ctx.session({ privateObservations: ['schema-invalid'] });
    // Over HTTP its tools/call mirror annotated arguments into Mcp-Param-* headers (learnTools).
    await learnTools(fresh);
    return fresh;
  })();
  opening.catch(() => undefined);
  try {
    return await recordWith(ctx, candidates, opening);
  } finally {
    // Never left opening past the run's end, where nothing would close it.
    await opening.catch(() => undefined);
  }
}

async function recordWith(ctx: CheckContext, candidates: ReturnType<typeof callable>['ok'], opening: Promise<Session>): Promise<ExtensionRun> {
  // A connection of its own: declaring the extension changes how a server answers, and one
  // that wrongly keeps it for the connection must not hand task results to the checks that
  // borrow the connection next.
  const session = await ctx.session({ clientCapabilities: { extensions: { [TASKS_EXTENSION]: {} } }, privateObservations: ['schema-invalid'], fresh: true });
  await learnTools(session);
  const run: ExtensionRun = { tried: [], polls: [] };
  for (const c of candidates) {
    const plan = planTaskTool(ctx, c.tool);
    if (typeof plan === 'string') continue;
    const reply = await session.request('tools/call', { name: plan.name, arguments: plan.args(WORK_MS) });
    run.tried.push({ plan, reply });
    if (resultOf(reply)?.resultType !== 'task') continue;
    const id = resultOf(reply)?.taskId;
    run.created = { plan, reply, ...(typeof id === 'string' ? { id } : {}) };
    break;
  }
  const id = run.created?.id;
  if (id === undefined) return run;
  // Meanwhile, the same tool without the extension, on a fresh connection, so nothing the
  // server might remember of the extension's declaration counts (both calls at once: each may
  // run the whole work).
  const plan = run.created?.plan as TaskToolPlan;
  const without = (async () => {
    const fresh = await opening;
    const [plain, optIn] = await Promise.all([
      fresh.request('tools/call', { name: plan.name, arguments: plan.args(WORK_MS) }),
      fresh.request('tools/call', { name: plan.name, arguments: plan.args(WORK_MS), task: { ttl: 60_000 } }),
    ]);
    return { plain, optIn };
  })();
  // Awaited below; a failure before that point must not also surface as an unhandled rejection.
  without.catch(() => undefined);
  // extensions/tasks: a CreateTaskResult only once the task is durable: an immediate tasks/get resolves.
  run.firstGet = await taskRequest(session, 'tasks/get', id, ctx.timeoutMs);
  const until = performance.now() + ctx.timeoutMs * 2 + WORK_MS;
  while (performance.now() < until) {
    const reply = await taskRequest(session, 'tasks/get', id, ctx.timeoutMs);
    run.polls.push(reply);
    if (reply.kind !== 'result' || TERMINAL.includes(resultOf(reply)?.status as string)) break;
    await sleep(pollInterval(reply));
  }
  run.unknownGet = await taskRequest(session, 'tasks/get', `mcp-conformance-no-such-task-${randomUUID()}`, ctx.timeoutMs);
  // The same connection (stdio: the same process, which knows the task), without the extension.
  run.getWithout = await taskRequest(session, 'tasks/get', id, ctx.timeoutMs, false);
  run.without = await without;
  return run;
}

export const isRun = (run: ExtensionRun | Unjudged): run is ExtensionRun => !('code' in run);

/** The run with a created task, or the skip that says why there is none. */
export async function withTask(ctx: CheckContext, judge: (run: ExtensionRun & { created: { id: string } }) => Verdict): Promise<Verdict> {
  const run = await extensionRun(ctx);
  if (!isRun(run)) return ctx.skip(run.code, run.detail);
  if (!run.created) {
    const { code, detail } = noTask(ctx, run);
    return ctx.skip(code, detail);
  }
  if (run.created.id === undefined) return ctx.skip('cannot-set-up', 'the "task" result has no taskId (see tasks.ext-created-task-resolves)');
  return judge(run as ExtensionRun & { created: { id: string } });
}

/** Why no task was created: what each tool called with the extension answered. */
export function noTask(ctx: CheckContext, run: ExtensionRun): Unjudged {
  const tried = run.tried.map((t) => `${t.plan.name}: ${t.reply.kind === 'result' ? `resultType ${ctx.brief(resultOf(t.reply)?.resultType)}` : describeReply(t.reply)}`);
  // No tool could be planned: nothing was tried. Every try unanswered: no answer to judge.
  const code = run.tried.length === 0 ? 'cannot-set-up' : run.tried.every((t) => unanswered(t.reply)) ? 'no-answer' : 'not-offered';
  return { code, detail: `no allowed tool answered with a task with the extension declared (tried: ${tried.join('; ') || 'none'})` };
}

/** pollIntervalMs, bounded to keep the check quick (clients SHOULD respect it). */
function pollInterval(reply: Reply): number {
  const p = resultOf(reply)?.pollIntervalMs;
  return typeof p === 'number' && Number.isFinite(p) ? Math.min(500, Math.max(50, p)) : 100;
}
