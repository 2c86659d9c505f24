// The tasks extension of 2026-07-28 (io.modelcontextprotocol/tasks), client side, used only when
// the contract asks for it: `tasks` in MCP_CONFORMANCE_CONTEXT, the tools to call as tasks. The
// client then declares the extension on its requests; a tools/call answered with resultType
// "task" is polled with tasks/get (pollIntervalMs apart, as the task asks) until it ends. Over
// HTTP the tasks/* requests carry Mcp-Name: <taskId> (TASK-104, transports/headers.ts).
import { setTimeout as sleep } from 'node:timers/promises';
import { isOn } from './faults.js';
import { isObject, type Json } from './jsonrpc.js';
import { Fatal, describe, verbose } from './log.js';
import type { Session } from './session.js';
import { AuthRequiredError, ChannelClosedError } from './transports/channel.js';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
/** The methods that name a task by params.taskId. */
export const TASK_METHODS: ReadonlySet<string> = new Set(['tasks/get', 'tasks/update', 'tasks/cancel']);
const TERMINAL = new Set(['completed', 'failed', 'cancelled']);
const DEFAULT_POLL_MS = 500;
const MAX_POLL_MS = 5_000;
const MAX_POLLS = 50;

/** The contract: the tools to call as tasks, from MCP_CONFORMANCE_CONTEXT. */
export function tasksAskedFor(): string[] {
  try {
    const ctx: unknown = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}');
    const tasks = isObject(ctx) ? ctx.tasks : undefined;
    return Array.isArray(tasks) ? tasks.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/** A CreateTaskResult: the answer to a request the client declared the extension on. */
export function isCreatedTask(method: string, result: Json): boolean {
  // The fault task-result-unnegotiated-followed takes one as a task although no extension was negotiated.
  return method === 'tools/call' && result.resultType === 'task' && typeof result.taskId === 'string' && (tasksAskedFor().length > 0 || isOn('task-result-unnegotiated-followed'));
}

/** Polls the task until it reaches a terminal status; its final state, or undefined if it never did. */
export async function followTask(session: Session, created: Json): Promise<Json | undefined> {
  const taskId = created.taskId as string;
  let task = created;
  for (let poll = 0; poll < MAX_POLLS; poll++) {
    if (typeof task.status === 'string' && TERMINAL.has(task.status)) return task;
    const interval = typeof task.pollIntervalMs === 'number' && task.pollIntervalMs >= 0 ? Math.min(task.pollIntervalMs, MAX_POLL_MS) : DEFAULT_POLL_MS;
    await sleep(interval);
    try {
      task = await session.request('tasks/get', { taskId });
    } catch (e) {
      if (e instanceof Fatal || e instanceof ChannelClosedError || e instanceof AuthRequiredError) throw e;
      verbose(`tasks/get ${taskId} failed: ${describe(e)}`);
      return undefined;
    }
  }
  verbose(`task ${taskId} still ${String(task.status)} after ${MAX_POLLS} polls`);
  return undefined;
}

// 2025-11-25: tasks of the base protocol. A tool the contract names is called as a task
// (params.task) when the server declared tasks.requests.tools.call and the tool allows it; the
// CreateTaskResult's task is polled with tasks/get (pollInterval apart) and its result fetched
// with tasks/result. The server may never send notifications/tasks/status (TASK-014).
const TASK_TTL_MS = 60_000;
/** Under the fault task-status-awaited: how long the client waits for a status notification before giving up. */
const STATUS_WAIT_MS = 3_000;

/** Call this tool as a task of 2025-11-25? */
export function callsAsTask(session: Session, tool: Json): boolean {
  if (session.revision !== '2025-11-25' || !tasksAskedFor().includes(String(tool.name))) return false;
  const tasks = session.serverCapabilities.tasks;
  const requests = isObject(tasks) ? tasks.requests : undefined;
  const byTools = isObject(requests) ? requests.tools : undefined;
  const support = isObject(tool.execution) ? tool.execution.taskSupport : undefined;
  return isObject(byTools) && isObject(byTools.call) && (support === 'optional' || support === 'required');
}

export const TASK_PARAMS = { ttl: TASK_TTL_MS } as const;

/** The task of a 2025-11-25 CreateTaskResult, if the result is one. */
export function createdTaskOf(result: Json): Json | undefined {
  return isObject(result.task) && typeof result.task.taskId === 'string' ? result.task : undefined;
}

/** Polls a 2025-11-25 task until it ends, then fetches its result; the result, or undefined. */
export async function followBaseTask(session: Session, created: Json): Promise<Json | undefined> {
  const taskId = created.taskId as string;
  if (isOn('task-status-awaited')) {
    // The fault: wait for notifications/tasks/status, which the server need not send.
    await sleep(STATUS_WAIT_MS);
    verbose(`task ${taskId}: no status notification came`);
    return undefined;
  }
  let task = created;
  try {
    for (let poll = 0; poll < MAX_POLLS && !(typeof task.status === 'string' && TERMINAL.has(task.status)); poll++) {
      const interval = typeof task.pollInterval === 'number' && task.pollInterval >= 0 ? Math.min(task.pollInterval, MAX_POLL_MS) : DEFAULT_POLL_MS;
      await sleep(interval);
      task = await session.request('tasks/get', { taskId });
    }
    return task.status === 'completed' ? await session.request('tasks/result', { taskId }) : undefined;
  } catch (e) {
    if (e instanceof Fatal || e instanceof ChannelClosedError || e instanceof AuthRequiredError) throw e;
    verbose(`task ${taskId} not followed to its end: ${describe(e)}`);
    return undefined;
  }
}
