// The tool's client as a task receiver (basic/utilities/tasks, 2025-11-25): a session that
// declares `capabilities.tasks` answers the server's task-augmented requests of the types it
// declared (sampling/createMessage, elicitation/create) with a CreateTaskResult, and serves
// tasks/get, tasks/result, tasks/list and tasks/cancel for those tasks. It never sends
// notifications/tasks/status (they are optional), so a requestor learns of a task's end only by
// asking. What the server did with each task is recorded for the checks that judge it.
import { randomUUID } from 'node:crypto';
import type { Peer } from '../jsonrpc/peer.js';
import type { HandlerAnswer, RequestHandler } from '../jsonrpc/types.js';
import { isObject } from '../rules/json.js';

/** The _meta key of messages related to a task (tasks#associating-task-related-messages). */
export const RELATED_TASK = 'io.modelcontextprotocol/related-task';

/** How the receiver's tasks behave. */
export interface ClientTaskScript {
  /** How long each task stays `working` before it completes; null: it never completes on its own. */
  workingMs: number | null;
  /** The pollInterval each task shows (ms). */
  pollIntervalMs: number;
}

const DEFAULT_SCRIPT: ClientTaskScript = { workingMs: 300, pollIntervalMs: 100 };

/** The task-augmentable requests, by where their type sits in `capabilities.tasks.requests`. */
const TASKABLE: Record<string, [string, string]> = {
  'sampling/createMessage': ['sampling', 'createMessage'],
  'elicitation/create': ['elicitation', 'create'],
};

type Status = 'working' | 'completed' | 'failed' | 'cancelled';

/** One task the receiver created for a task-augmented request of the server. */
export interface ClientTask {
  taskId: string;
  /** The server's request it stands for, and that request's id. */
  method: string;
  requestId: unknown;
  status: Status;
  /** What the server asked about it, in order: its tasks/get, tasks/result and tasks/cancel (by request id). */
  asked: { method: 'tasks/get' | 'tasks/result' | 'tasks/cancel'; requestId: unknown; status: Status }[];
}

interface Held extends ClientTask {
  createdAt: string;
  lastUpdatedAt: string;
  ttl: number | null;
  answer: HandlerAnswer;
  timer?: NodeJS.Timeout;
  ended: Promise<void>;
  end: () => void;
}

/** Does `capabilities` declare task augmentation for `method`? */
export function declaresTaskFor(capabilities: Record<string, unknown>, method: string): boolean {
  const where = TASKABLE[method];
  const requests = isObject(capabilities.tasks) ? capabilities.tasks.requests : undefined;
  if (!where || !isObject(requests)) return false;
  const group = requests[where[0]];
  return isObject(group) && isObject(group[where[1]]);
}

export class ClientTasks {
  private readonly held: Held[] = [];
  private readonly script: ClientTaskScript;

  constructor(script: Partial<ClientTaskScript> = {}) {
    this.script = { ...DEFAULT_SCRIPT, ...script };
  }

  /** Every task created so far, oldest first (a snapshot). */
  get tasks(): ClientTask[] {
    return this.held.map(({ taskId, method, requestId, status, asked }) => ({ taskId, method, requestId, status, asked: [...asked] }));
  }

  /**
   * Serve tasks on `peer` for what `capabilities` declares: the handlers of the task-augmentable
   * methods already registered (client-answers.ts) answer plain requests as before; a
   * task-augmented one of a declared type gets a task whose result is that same answer.
   */
  install(peer: Peer, capabilities: Record<string, unknown>, plain: Record<string, RequestHandler>): void {
    for (const method of Object.keys(TASKABLE)) {
      const answer = plain[method];
      if (!answer || !declaresTaskFor(capabilities, method)) continue;
      peer.handle(method, async (params, message, ctx) => {
        // "Receivers that do not declare the task capability for a request type MUST process
        // requests of that type normally": only declared types get here, and only with params.task.
        if (!isObject(params.task)) return answer(params, message, ctx);
        const result = await answer(params, message, ctx);
        if ('error' in result) return result;
        return { result: { task: this.view(this.create(method, message.id, params.task, result)) } };
      });
    }
    peer.handle('tasks/get', (params, message) => this.lookup(params, message, 'tasks/get', (t) => ({ result: this.view(t) })));
    peer.handle('tasks/result', (params, message) =>
      this.lookup(params, message, 'tasks/result', async (t) => {
        // "tasks/result ... blocks until the task reaches a terminal status".
        await t.ended;
        if (t.status === 'cancelled') return { error: { code: -32603, message: `task ${t.taskId} was cancelled` } };
        const a = t.answer;
        if ('error' in a) return a;
        const result = isObject(a.result) ? a.result : {};
        const meta = isObject(result._meta) ? result._meta : {};
        return { result: { ...result, _meta: { ...meta, [RELATED_TASK]: { taskId: t.taskId } } } };
      }),
    );
    peer.handle('tasks/cancel', (params, message) =>
      this.lookup(params, message, 'tasks/cancel', (t) => {
        // tasks#task-cancellation: a terminal task cannot be cancelled (-32602).
        if (t.status !== 'working') return { error: { code: -32602, message: `task ${t.taskId} is already ${t.status}` } };
        this.finish(t, 'cancelled');
        return { result: this.view(t) };
      }),
    );
    peer.handle('tasks/list', () => ({ result: { tasks: this.held.map((t) => this.view(t)) } }));
  }

  /** Close every task still open (the session ends): nothing waits on them any more. */
  dispose(): void {
    for (const t of this.held) if (t.timer) clearTimeout(t.timer);
  }

  private create(method: string, requestId: unknown, task: Record<string, unknown>, answer: HandlerAnswer): Held {
    const now = new Date().toISOString();
    let end = (): void => undefined;
    const ended = new Promise<void>((resolve) => (end = resolve));
    const ttl = typeof task.ttl === 'number' && Number.isInteger(task.ttl) && task.ttl >= 0 ? task.ttl : null;
    const t: Held = { taskId: randomUUID(), method, requestId, status: 'working', asked: [], createdAt: now, lastUpdatedAt: now, ttl, answer, ended, end };
    if (this.script.workingMs !== null) {
      t.timer = setTimeout(() => this.finish(t, 'error' in answer ? 'failed' : 'completed'), this.script.workingMs);
      t.timer.unref?.();
    }
    this.held.push(t);
    return t;
  }

  private finish(t: Held, status: Status): void {
    if (t.status !== 'working') return;
    if (t.timer) clearTimeout(t.timer);
    t.status = status;
    t.lastUpdatedAt = new Date().toISOString();
    t.end();
  }

  private lookup(params: Record<string, unknown>, message: Record<string, unknown>, method: ClientTask['asked'][number]['method'], then: (t: Held) => HandlerAnswer | Promise<HandlerAnswer>): HandlerAnswer | Promise<HandlerAnswer> {
    const t = this.held.find((h) => h.taskId === params.taskId);
    // tasks#protocol-errors: an unknown taskId is -32602.
    if (!t) return { error: { code: -32602, message: `unknown taskId ${JSON.stringify(params.taskId)}` } };
    t.asked.push({ method, requestId: message.id, status: t.status });
    return then(t);
  }

  /** The Task as tasks/get, tasks/cancel and the CreateTaskResult show it. */
  private view(t: Held): Record<string, unknown> {
    return { taskId: t.taskId, status: t.status, createdAt: t.createdAt, lastUpdatedAt: t.lastUpdatedAt, ttl: t.ttl, pollInterval: this.script.pollIntervalMs };
  }
}
