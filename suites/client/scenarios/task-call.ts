// A 2025-11-25 server that runs one tool as a task, client side: it declares
// tasks.requests.tools.call and lists a tool with execution.taskSupport "optional". A tools/call
// of it with params.task is answered with a CreateTaskResult (status working, pollInterval
// 100 ms); tasks/get answers "working" twice and "completed" from the third poll on, tasks/result
// gives the tool's result (waiting, as it must, while the task still works). It never sends
// notifications/tasks/status: a client that waits for one never learns the task ended (TASK-014).
// A call without params.task gets the result inline.
//
// The client is driven by the contract in MCP_CONFORMANCE_CONTEXT, `tasks`: the tools to call as
// tasks, by name (the same contract as the 2026-07-28 tasks extension's scenario).
import { setTimeout as sleep } from 'node:timers/promises';
import type { HandlerAnswer } from '../../../harness/jsonrpc/types.js';
import type { ClientScenario, ScriptContext } from '../../../harness/client/scenario.js';
import { ErrorCode } from '../../../harness/rules/error-codes.js';
import { only } from '../../../harness/revisions.js';
import { isObject } from '../support/wire.js';
import type { ScriptedTask } from './tasks-extension.js';

export const TASK_CALL = 'tasks.call-as-task-2025';
export const TASK_CALL_TOOL = 'long-report';
/** What the scripted server's tasks tell the client: how often to poll. */
export const TASK_POLL_MS = 100;
/** Polls answered "working" before the task completes. */
const WORKING_POLLS = 2;
const TTL_MS = 60_000;
/** The related-task _meta key (TASK-010). */
const RELATED_TASK = 'io.modelcontextprotocol/related-task';

const RESULT = { content: [{ type: 'text', text: 'The report is ready.' }], isError: false };
const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

/** One scenario's tasks; task ids are unique, so runs never meet. */
function serveTasks() {
  const tasks = new Map<string, ScriptedTask>();
  let counter = 0;
  const statusOf = (t: ScriptedTask): string => (t.cancelled ? 'cancelled' : t.polls > WORKING_POLLS ? 'completed' : 'working');
  const shown = (t: ScriptedTask): Record<string, unknown> => ({
    taskId: t.taskId,
    status: statusOf(t),
    createdAt: t.createdAt,
    lastUpdatedAt: new Date().toISOString(),
    ttl: TTL_MS,
    pollInterval: TASK_POLL_MS,
  });
  return async (method: string, ctx: ScriptContext): Promise<HandlerAnswer | undefined> => {
    if (method === 'tools/call' && ctx.params.name === TASK_CALL_TOOL) {
      if (!isObject(ctx.params.task)) return { result: RESULT };
      const t: ScriptedTask = { taskId: `task-${++counter}-${Math.random().toString(36).slice(2, 10)}`, createdAt: new Date().toISOString(), polls: 0, cancelled: false };
      tasks.set(t.taskId, t);
      return { result: { task: shown(t) } };
    }
    if (method === 'tasks/list') return { result: { tasks: [...tasks.values()].map(shown) } };
    if (!['tasks/get', 'tasks/result', 'tasks/cancel'].includes(method)) return undefined;
    const t = typeof ctx.params.taskId === 'string' ? tasks.get(ctx.params.taskId) : undefined;
    if (!t) return { error: { code: ErrorCode.InvalidParams, message: 'Failed to retrieve task: Task not found' } };
    if (method === 'tasks/get') {
      t.polls++;
      return { result: shown(t) };
    }
    if (method === 'tasks/cancel') {
      if (TERMINAL.has(statusOf(t))) return { error: { code: ErrorCode.InvalidParams, message: `Cannot cancel task: already in terminal status '${statusOf(t)}'` } };
      t.cancelled = true;
      return { result: shown(t) };
    }
    // tasks/result blocks until the task is terminal: it works on its own time here.
    while (!TERMINAL.has(statusOf(t))) {
      await sleep(TASK_POLL_MS);
      t.polls++;
    }
    if (t.cancelled) return { error: { code: ErrorCode.InvalidParams, message: `Task ${t.taskId} was cancelled` } };
    return { result: { ...RESULT, _meta: { [RELATED_TASK]: { taskId: t.taskId } } } };
  };
}

export const taskCallScenario: ClientScenario = {
  id: TASK_CALL,
  title: 'A 2025-11-25 server that runs one tool as a task and sends no task status notifications; the client is asked to call it as a task',
  revisions: only('2025-11-25'),
  transports: 'any',
  context: { tasks: [TASK_CALL_TOOL] },
  server: {
    capabilities: { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } },
    tools: [{ name: TASK_CALL_TOOL, description: 'Writes a long report (may run as a task)', inputSchema: { type: 'object', properties: {} }, execution: { taskSupport: 'optional' } }],
    onRequest: serveTasks(),
  },
};
