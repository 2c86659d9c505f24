// The tasks extension of 2026-07-28 (io.modelcontextprotocol/tasks,
// https://modelcontextprotocol.io/extensions/tasks/overview): declared in server/discover,
// served only to requests whose clientCapabilities declare it. Tasks are shown with their
// result or error inline; tasks/get, tasks/update and tasks/cancel replace the core methods.
// Modern requests are stateless, so the process keeps one store (unguessable ids).
import { isOn } from '../faults.js';
import { isPlainObject, invalidParams } from '../jsonrpc.js';
import { missingCapability } from '../modern/errors.js';
import type { RequestContext } from '../session.js';
import { TaskStore, findTask, isTerminal, type TaskRecord } from './store.js';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** The extension keeps a tool result with isError `completed` (failed is for JSON-RPC errors). */
export const extensionStore = new TaskStore('completed');

/** versioning#extension-negotiation: advertised in server/discover. */
export function declareTasksExtension(caps: Record<string, unknown>): void {
  const extensions = isPlainObject(caps.extensions) ? caps.extensions : {};
  caps.extensions = { ...extensions, [TASKS_EXTENSION]: {} };
}

/** Did this request declare the extension in its clientCapabilities? */
export function declaresExtension(ctx: RequestContext): boolean {
  const extensions = ctx.modern?.meta.capabilities.extensions;
  return isPlainObject(extensions) && isPlainObject(extensions[TASKS_EXTENSION]);
}

/** basic#meta: a request that needs the undeclared extension is -32021 naming it. */
export function extensionRequired(why: string): Error {
  return missingCapability({ extensions: { [TASKS_EXTENSION]: {} } }, why);
}

/** The extension's Task: ttlMs, pollIntervalMs, and the result or error once it ended. */
export function extensionTask(t: TaskRecord): Record<string, unknown> {
  const shown: Record<string, unknown> = {
    taskId: t.taskId,
    status: t.status,
    ...(t.statusMessage !== undefined ? { statusMessage: t.statusMessage } : {}),
    createdAt: t.createdAt,
    lastUpdatedAt: t.lastUpdatedAt,
    ttlMs: t.ttlMs,
    pollIntervalMs: t.pollIntervalMs,
  };
  const outcome = isTerminal(t) ? t.outcome : undefined;
  if (outcome && 'error' in outcome) shown.error = { code: outcome.error.code, message: outcome.error.message, ...(outcome.error.data !== undefined ? { data: outcome.error.data } : {}) };
  else if (outcome && t.status === 'completed' && !isOn('tasks-ext-completed-without-result')) shown.result = outcome.result;
  return shown;
}

/** The tasks/* methods belong to the extension: a request that did not declare it gets -32021. */
function served(ctx: RequestContext): TaskRecord {
  if (!declaresExtension(ctx) && !isOn('tasks-ext-served-without-extension')) throw extensionRequired(`${ctx.modern?.method ?? 'tasks/*'} needs the ${TASKS_EXTENSION} extension`);
  return findTask(extensionStore, ctx.params);
}

/** Tasks that have had their first tasks/get (fault tasks-ext-get-not-ready only). */
const gotten = new WeakSet<TaskRecord>();

export function getExtensionTask(ctx: RequestContext): Record<string, unknown> {
  const task = served(ctx);
  // A CreateTaskResult is sent only once a tasks/get resolves (the fault answers the first as unknown).
  if (isOn('tasks-ext-get-not-ready') && !gotten.has(task)) {
    gotten.add(task);
    throw invalidParams('Failed to retrieve task: Task not found', { taskId: task.taskId });
  }
  return extensionTask(task);
}

/** tasks/update: no reference task asks for input, so every response is for a key not outstanding (ignored). */
export function updateExtensionTask(ctx: RequestContext): Record<string, unknown> {
  served(ctx);
  return {};
}

/** tasks/cancel: an acknowledgement; cancellation is cooperative (the work is stopped here). */
export function cancelExtensionTask(ctx: RequestContext): Record<string, unknown> {
  const task = served(ctx);
  if (!isTerminal(task)) extensionStore.cancel(task);
  return {};
}
