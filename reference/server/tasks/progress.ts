// The progress of core tasks (2025-11-25). basic/utilities/progress#behavior-requirements: "For
// task-augmented requests, the progressToken provided in the original request MUST continue to
// be used for progress notifications throughout the task's lifetime, even after the
// CreateTaskResult has been returned", and "Progress notifications for tasks MUST stop after
// the task reaches a terminal status". A task whose tools/call carried a progressToken reports a
// step every TICK_MS while it works, with that token, and nothing once it has ended.
//
// Where a step goes: to the stream of a tasks/result blocked on the task, when there is one
// (the request waiting for that task), else where the session sends what no request asked for
// (stdio; over Streamable HTTP the GET stream, or the next POST). Each step carries the
// related-task _meta (tasks#associating-task-related-messages).
import { notification, type Id } from '../jsonrpc.js';
import type { Channel, Session } from '../session.js';
import { RELATED_TASK, isTerminal, type TaskRecord } from './store.js';

/** A step per tick: a few for the short tasks a tester asks for, ten a second at most. */
const TICK_MS = 100;

interface Reporter {
  readonly token: Id;
  steps: number;
  /** Where the session sends messages that belong to no request. */
  readonly unrelated: Channel;
  /** Channels of the tasks/result requests blocked on the task, newest last. */
  readonly waiting: Channel[];
}

const reporters = new WeakMap<TaskRecord, Reporter>();

/** Reports the task's progress with `token` until it ends (or expires). */
export function reportProgress(task: TaskRecord, token: Id, session: Session): void {
  const reporter: Reporter = { token, steps: 0, unrelated: session.unrelated, waiting: [] };
  reporters.set(task, reporter);
  const timer = setInterval(() => {
    if (!isTerminal(task)) sendStep(task);
  }, TICK_MS);
  timer.unref();
  void task.ended.then(() => clearInterval(timer));
}

/** A tasks/result waits on the task: its stream carries the task's progress meanwhile. Returns the release. */
export function awaitingResult(task: TaskRecord, channel: Channel): () => void {
  const waiting = reporters.get(task)?.waiting;
  if (!waiting) return () => {};
  waiting.push(channel);
  return () => {
    const at = waiting.lastIndexOf(channel);
    if (at >= 0) waiting.splice(at, 1);
  };
}

/** One more progress step with the task's token (none for a task that got no token). */
export function sendStep(task: TaskRecord): void {
  const r = reporters.get(task);
  if (!r) return;
  r.steps++;
  const params = { progressToken: r.token, progress: r.steps, message: `Working: step ${r.steps}`, _meta: { [RELATED_TASK]: { taskId: task.taskId } } };
  (r.waiting.at(-1) ?? r.unrelated).send(notification('notifications/progress', params));
}
