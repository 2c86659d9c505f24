// Tasks as the reference keeps them, for both eras: a record per task (status, timestamps,
// time to live, the outcome of its work), a bounded store with expiry, and the lookup every
// tasks/* method shares. The eras differ in how a task is shown (core.ts, extension.ts) and
// in which status a tool error (isError) ends in.
import { randomUUID } from 'node:crypto';
import { isOn } from '../faults.js';
import { ErrorCode, RpcError, invalidParams, isPlainObject } from '../jsonrpc.js';

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** A task's work ended with a result or with a JSON-RPC error. */
export type Outcome = { result: Record<string, unknown> } | { error: RpcError };

export interface TaskRecord {
  readonly taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  readonly createdAt: string;
  lastUpdatedAt: string;
  /** Retention from creation, ms (the core's ttl, the extension's ttlMs). */
  readonly ttlMs: number;
  readonly pollIntervalMs: number;
  outcome?: Outcome;
  /** Stops the work (tasks/cancel, expiry). */
  readonly stop: AbortController;
  /** Settles once the task is in a terminal status. */
  readonly ended: Promise<void>;
  /** tasks/get requests answered after the task ended (fault tasks-terminal-status-changes). */
  getsAfterEnd: number;
}

/** tasks#associating-task-related-messages: the _meta key of every message related to a task. */
export const RELATED_TASK = 'io.modelcontextprotocol/related-task';

/** basic/utilities/tasks#task-status: completed, failed and cancelled are final. */
export const isTerminal = (t: TaskRecord): boolean => t.status === 'completed' || t.status === 'failed' || t.status === 'cancelled';

/**
 * tasks#task-status: 2025-11-25 puts a tool result with isError in `failed`; the extension keeps
 * it `completed` (`failed` only for JSON-RPC errors).
 */
export type ToolErrorStatus = 'failed' | 'completed';

export const DEFAULT_TTL_MS = 60_000;
const MAX_TTL_MS = 300_000;
const MIN_TTL_MS = 1_000;
const POLL_INTERVAL_MS = 100;
/** A store never holds more; the oldest go first (tasks#resource-management). */
const MAX_TASKS = 100;

/** A requested ttl, bounded (receivers MAY override the requested duration). */
export function boundedTtl(requested: unknown): number {
  if (typeof requested !== 'number' || !Number.isFinite(requested)) return DEFAULT_TTL_MS;
  return Math.min(MAX_TTL_MS, Math.max(MIN_TTL_MS, Math.round(requested)));
}

export class TaskStore {
  private readonly tasks = new Map<string, TaskRecord>();
  private readonly settle = new WeakMap<TaskRecord, () => void>();
  private firstId: string | undefined;

  constructor(private readonly toolErrorStatus: ToolErrorStatus) {}

  /** Registers a task (durably: a tasks/get finds it once this returns) and starts its work. */
  create(ttlMs: number, work: (signal: AbortSignal) => Promise<unknown>): TaskRecord {
    this.sweep();
    const oldest = this.tasks.values().next().value;
    if (this.tasks.size >= MAX_TASKS && oldest) this.drop(oldest);
    // tasks#task-id-requirements: unique, and unguessable without an authorization context.
    const taskId = isOn('tasks-id-reused') && this.firstId !== undefined ? this.firstId : randomUUID();
    this.firstId ??= taskId;
    const now = new Date().toISOString();
    let settle = (): void => {};
    const ended = new Promise<void>((resolve) => (settle = resolve));
    const task: TaskRecord = { taskId, status: 'working', createdAt: now, lastUpdatedAt: now, ttlMs, pollIntervalMs: POLL_INTERVAL_MS, stop: new AbortController(), ended, getsAfterEnd: 0 };
    this.settle.set(task, settle);
    this.tasks.delete(taskId);
    this.tasks.set(taskId, task);
    void Promise.resolve()
      .then(() => work(task.stop.signal))
      .then(
        (result) => this.finish(task, { result: isPlainObject(result) ? result : {} }),
        (e: unknown) => this.finish(task, { error: e instanceof RpcError ? e : new RpcError(ErrorCode.InternalError, 'Internal error') }),
      );
    return task;
  }

  /** tasks#task-cancellation: cancelled before the answer, and it stays so; the work is stopped. */
  cancel(task: TaskRecord): void {
    this.end(task, 'cancelled', 'The task was cancelled by request.');
    task.stop.abort();
  }

  /** The task, unless it expired (tasks#ttl-and-resource-management: MAY be deleted then). */
  find(taskId: string): TaskRecord | undefined {
    this.sweep();
    return this.tasks.get(taskId);
  }

  all(): TaskRecord[] {
    this.sweep();
    return [...this.tasks.values()];
  }

  private finish(task: TaskRecord, outcome: Outcome): void {
    // A cancelled task stays cancelled even when its work ends (a fault lets the outcome through).
    if (isTerminal(task) && !isOn('tasks-cancel-not-final')) return;
    task.outcome = outcome;
    if ('error' in outcome) return this.end(task, 'failed', outcome.error.message);
    if (outcome.result.isError === true) return this.end(task, this.toolErrorStatus, 'The tool reported an error.');
    this.end(task, 'completed');
  }

  private end(task: TaskRecord, status: TaskStatus, message?: string): void {
    task.status = status;
    if (message === undefined) delete task.statusMessage;
    else task.statusMessage = message;
    task.lastUpdatedAt = new Date().toISOString();
    this.settle.get(task)?.();
  }

  private sweep(): void {
    const now = Date.now();
    for (const task of this.tasks.values()) if (Date.parse(task.createdAt) + task.ttlMs < now) this.drop(task);
  }

  private drop(task: TaskRecord): void {
    this.tasks.delete(task.taskId);
    task.stop.abort();
    this.settle.get(task)?.();
  }
}

/**
 * The task a tasks/* request names. tasks#protocol-errors: an invalid or unknown taskId is
 * -32602, in both eras.
 */
export function findTask(store: TaskStore, params: Record<string, unknown>): TaskRecord {
  const { taskId } = params;
  if (typeof taskId !== 'string') throw invalidParams('Invalid params: taskId must be a string');
  const task = store.find(taskId);
  if (task) return task;
  if (isOn('tasks-unknown-id-wrong-code')) throw new RpcError(ErrorCode.InternalError, 'Internal error');
  throw invalidParams('Failed to retrieve task: Task not found', { taskId });
}
