// The tasks extension of 2026-07-28 (io.modelcontextprotocol/tasks), client side, used only when
// the contract asks for it: `tasks` in MCP_CONFORMANCE_CONTEXT, the tools to call as tasks. The
// client then declares the extension on its requests; a tools/call answered with resultType
// "task" is polled with tasks/get (pollIntervalMs apart, as the task asks) until it ends. Over
// HTTP the tasks/* requests carry Mcp-Name: <taskId> (TASK-104, transports/headers.ts).
import { setTimeout as sleep } from 'node:timers/promises';
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
  return method === 'tools/call' && result.resultType === 'task' && typeof result.taskId === 'string' && tasksAskedFor().length > 0;
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
