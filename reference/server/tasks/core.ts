// The core tasks of 2025-11-25 (basic/utilities/tasks): the tasks capability, the Task as the
// core shows it, and tasks/get, tasks/result, tasks/list and tasks/cancel. Tasks belong to
// the session that created them (one store per session; no authorization context binds them).
import { isOn } from '../faults.js';
import { invalidParams } from '../jsonrpc.js';
import { keepsTasks } from '../modes/stateless-process.js';
import { paginate } from '../pagination.js';
import type { AnyRevision } from '../revisions.js';
import type { RequestContext, Session } from '../session.js';
import { awaitingResult, sendStep } from './progress.js';
import { RELATED_TASK, TaskStore, findTask, isTerminal, type TaskRecord } from './store.js';

/**
 * Tasks are in the core protocol at 2025-11-25 only (2026-07-28 moved them to an extension);
 * a server whose every request runs in a fresh process (--stateless-process) cannot keep them.
 */
export const coreTasksAt = (rev: AnyRevision): boolean => rev === '2025-11-25' && keepsTasks();

/** tasks#server-capabilities: list, cancel and task-augmented tools/call. */
export function declareCoreTasks(caps: Record<string, unknown>, rev: AnyRevision): void {
  if (coreTasksAt(rev) && !isOn('tasks-undeclared-task-created') && !isOn('tasks-undeclared-task-refused')) caps.tasks = { list: {}, cancel: {}, requests: { tools: { call: {} } } };
}

const stores = new WeakMap<Session, TaskStore>();

/** The tasks of a session; a tool result with isError ends a core task in `failed` (tasks#task-status). */
export function coreStore(session: Session): TaskStore {
  let store = stores.get(session);
  if (!store) stores.set(session, (store = new TaskStore('failed')));
  return store;
}

/** The Task of 2025-11-25: ttl and pollInterval in ms. */
export function coreTask(t: TaskRecord): Record<string, unknown> {
  return {
    taskId: t.taskId,
    status: t.status,
    ...(t.statusMessage !== undefined ? { statusMessage: t.statusMessage } : {}),
    createdAt: t.createdAt,
    lastUpdatedAt: t.lastUpdatedAt,
    ttl: t.ttlMs,
    pollInterval: t.pollIntervalMs,
  };
}

/** tasks#result-retrieval: CreateTaskResult is `{ task }`. */
export function createTaskResult(t: TaskRecord): Record<string, unknown> {
  return isOn('tasks-create-result-flat') ? coreTask(t) : { task: coreTask(t) };
}

export function getTask(ctx: RequestContext): Record<string, unknown> {
  const task = findTask(coreStore(ctx.session), ctx.params);
  const shown = coreTask(task);
  if (isTerminal(task)) task.getsAfterEnd++;
  // progress#behavior-requirements: no progress after a terminal status (a fault sends one more
  // step once a tasks/get has said the task ended).
  if (task.getsAfterEnd === 1 && isOn('task-progress-after-terminal')) ctx.after(() => sendStep(task));
  // tasks#task-status-lifecycle: terminal states never change.
  if (isOn('tasks-terminal-status-changes') && task.getsAfterEnd >= 3) shown.status = 'working';
  // tasks#ttl-and-resource-management: tasks/get reports the actual ttl.
  if (isOn('tasks-get-missing-ttl')) delete shown.ttl;
  return shown;
}

/** tasks#result-retrieval: blocks until the task ends, then exactly what tools/call would have returned. */
export async function taskResult(ctx: RequestContext): Promise<Record<string, unknown>> {
  const task = findTask(coreStore(ctx.session), ctx.params);
  const related = isOn('tasks-result-no-related-meta') ? {} : { _meta: { [RELATED_TASK]: { taskId: task.taskId } } };
  if (!isTerminal(task) && isOn('tasks-result-not-blocking')) return { content: [{ type: 'text', text: 'The report is not ready yet.' }], ...related };
  // The task's progress comes on this request's stream while it waits (progress.ts).
  const release = awaitingResult(task, ctx.channel);
  await Promise.race([task.ended, aborted(ctx.signal)]).finally(release);
  if (!isTerminal(task)) throw invalidParams('Failed to retrieve task: Task has expired', { taskId: task.taskId });
  const outcome = task.outcome;
  if (outcome && 'error' in outcome) throw outcome.error;
  if (!outcome) throw invalidParams(`Task ${task.taskId} was cancelled: it has no result`, { taskId: task.taskId });
  const body = isOn('tasks-result-wrong-type') ? coreTask(task) : outcome.result;
  return { ...body, ...related };
}

export function listTasks(ctx: RequestContext): Record<string, unknown> {
  const tasks = coreStore(ctx.session)
    .all()
    .filter((t) => !(isOn('tasks-list-omits-terminal') && isTerminal(t)));
  const page = paginate('tasks', tasks, ctx.params.cursor);
  return { tasks: page.items.map(coreTask), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
}

/** tasks#task-cancellation: a task that ended is -32602; otherwise cancelled before the answer. */
export function cancelTask(ctx: RequestContext): Record<string, unknown> {
  const store = coreStore(ctx.session);
  const task = findTask(store, ctx.params);
  if (isTerminal(task)) {
    if (isOn('tasks-cancel-terminal-accepted')) return coreTask(task);
    throw invalidParams(`Cannot cancel task: already in terminal status '${task.status}'`, { taskId: task.taskId });
  }
  store.cancel(task);
  return coreTask(task);
}

/** Settles when the request is cancelled (notifications/cancelled), so a blocked tasks/result lets go. */
function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
}
