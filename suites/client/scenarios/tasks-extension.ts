// The tasks extension (io.modelcontextprotocol/tasks, 2026-07-28), client side: a scripted server
// that declares the extension in server/discover and lists one tool. A tools/call of it on a
// request whose clientCapabilities declare the extension is answered with a CreateTaskResult
// (resultType "task"); tasks/get then answers "working" twice and "completed" with the tool's
// result from the third poll on. A call that does not declare the extension gets the result
// inline, as a server must answer it (TASK-101). tasks/update and tasks/cancel are acknowledged.
//
// The client is driven by a contract in MCP_CONFORMANCE_CONTEXT, `tasks`: the tools to call as
// tasks, by name. The shapes follow reference/server/tasks/extension.ts (the server side's own).
import type { HandlerAnswer } from '../../../harness/jsonrpc/types.js';
import type { ClientScenario, ScriptContext } from '../../../harness/client/scenario.js';
import { finished } from '../../../harness/client/scripted-server.js';
import { ErrorCode } from '../../../harness/rules/error-codes.js';
import { META_KEYS } from '../../../harness/sessions/session.js';
import { isObject } from '../support/wire.js';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
export const TASKS_CALL = 'tasks.call-as-task';
export const TASK_TOOL = 'long-report';
/** The methods that name a task by params.taskId (TASK-104). */
export const TASK_METHODS = ['tasks/get', 'tasks/update', 'tasks/cancel'] as const;

/** Polls answered "working" before the task completes. */
const WORKING_POLLS = 2;
const POLL_INTERVAL_MS = 100;
const TTL_MS = 60_000;

const RESULT = { content: [{ type: 'text', text: 'The report is ready.' }], isError: false };

/** Did this request's clientCapabilities declare the extension? */
function declaresExtension(ctx: ScriptContext): boolean {
  const meta = isObject(ctx.params._meta) ? ctx.params._meta : {};
  const caps = meta[META_KEYS.clientCapabilities];
  const extensions = isObject(caps) ? caps.extensions : undefined;
  return isObject(extensions) && isObject(extensions[TASKS_EXTENSION]);
}

/** A task a scripted server runs: it ends after a few polls, or when cancelled. */
export interface ScriptedTask {
  taskId: string;
  createdAt: string;
  polls: number;
  cancelled: boolean;
}

/** One scenario run's tasks; the run's handler lives in this closure. */
function serveTasks() {
  const tasks = new Map<string, ScriptedTask>();
  let counter = 0;
  const shown = (t: ScriptedTask): Record<string, unknown> => {
    const status = t.cancelled ? 'cancelled' : t.polls > WORKING_POLLS ? 'completed' : 'working';
    return {
      taskId: t.taskId,
      status,
      createdAt: t.createdAt,
      lastUpdatedAt: new Date().toISOString(),
      ttlMs: TTL_MS,
      pollIntervalMs: POLL_INTERVAL_MS,
      ...(status === 'completed' ? { result: RESULT } : {}),
    };
  };
  return (method: string, ctx: ScriptContext): HandlerAnswer | undefined => {
    if (method === 'tools/call' && ctx.params.name === TASK_TOOL) {
      if (!declaresExtension(ctx)) return { result: finished(ctx.revision, RESULT) };
      const t: ScriptedTask = { taskId: `task-${++counter}-${Math.random().toString(36).slice(2, 10)}`, createdAt: new Date().toISOString(), polls: 0, cancelled: false };
      tasks.set(t.taskId, t);
      const { result: _none, ...task } = shown(t);
      return { result: { ...finished(ctx.revision, {}), resultType: 'task', ...task } };
    }
    if (!(TASK_METHODS as readonly string[]).includes(method)) return undefined;
    if (!declaresExtension(ctx)) return { error: { code: ErrorCode.MissingRequiredClientCapability, message: `${method} needs the ${TASKS_EXTENSION} extension`, data: { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } } } };
    const t = typeof ctx.params.taskId === 'string' ? tasks.get(ctx.params.taskId) : undefined;
    if (!t) return { error: { code: ErrorCode.InvalidParams, message: 'Failed to retrieve task: Task not found' } };
    if (method === 'tasks/get') {
      t.polls++;
      return { result: finished(ctx.revision, shown(t)) };
    }
    if (method === 'tasks/cancel') t.cancelled = true;
    return { result: finished(ctx.revision, {}) };
  };
}

export const tasksCallScenario: ClientScenario = {
  id: TASKS_CALL,
  title: 'A server of the tasks extension with one tool it runs as a task; the client is asked to call it as a task',
  revisions: '2026-07-28',
  transports: 'any',
  context: { tasks: [TASK_TOOL] },
  server: {
    capabilities: { tools: {}, extensions: { [TASKS_EXTENSION]: {} } },
    tools: [{ name: TASK_TOOL, description: 'Writes a long report (run as a task of the tasks extension)', inputSchema: { type: 'object', properties: {} } }],
    // One handler serves every run of the scenario: task ids are unique, so runs never meet.
    onRequest: serveTasks(),
  },
};
