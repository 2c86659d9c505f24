// The reference server as a task requestor (basic/utilities/tasks, 2025-11-25): the tool
// ask_model samples the client, and when the client declared tasks.requests.sampling.createMessage
// it asks with params.task, takes the CreateTaskResult, polls tasks/get every pollInterval until
// the task is terminal (tasks#task-notifications: "Requestors MUST NOT rely on receiving the
// notifications/tasks/status notification"), then fetches tasks/result. When its own tools/call
// is cancelled it gives its task up with tasks/cancel (cancellation#behavior-requirements: "For
// task-augmented requests, the tasks/cancel request MUST be used instead of the
// notifications/cancelled notification").
import { isOn } from '../faults.js';
import { isPlainObject, notification } from '../jsonrpc.js';
import type { ToolDef, ToolOutput } from '../catalog/tools.js';
import { READ_ONLY, sleep, text } from '../catalog/tool-kit.js';
import type { ClientAnswer, RequestContext } from '../session.js';

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);
/** Polling never goes faster than this, nor slower than the second bound, whatever the client suggests. */
const MIN_POLL_MS = 20;
const MAX_POLL_MS = 2000;
const TTL_MS = 60_000;

/** Does the client declare task-augmented sampling/createMessage? */
function samplingTasks(caps: Record<string, unknown>): boolean {
  const tasks = caps.tasks;
  const requests = isPlainObject(tasks) ? tasks.requests : undefined;
  const sampling = isPlainObject(requests) ? requests.sampling : undefined;
  return isPlainObject(sampling) && isPlainObject(sampling.createMessage);
}

/** Offered at 2025-11-25 only, and only to a client that declared sampling (it samples). */
export function offersAskModel(ctx: RequestContext): boolean {
  return ctx.revision === '2025-11-25' && !ctx.modern && ctx.session.clientCapabilities.sampling !== undefined;
}

function textOf(answer: ClientAnswer, what: string): ToolOutput {
  if (!('result' in answer) || !isPlainObject(answer.result)) return { content: [text(`${what} failed: ${JSON.stringify('error' in answer ? answer.error : answer)}`)], isError: true };
  const content = answer.result.content;
  const said = isPlainObject(content) && typeof content.text === 'string' ? content.text : JSON.stringify(content);
  return { content: [text(`The model said: ${said}`)] };
}

const pollMs = (task: Record<string, unknown>): number => {
  const p = task.pollInterval;
  return typeof p === 'number' && Number.isFinite(p) ? Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, p)) : 500;
};

async function askModel(args: Record<string, unknown>, ctx: RequestContext): Promise<ToolOutput> {
  const question = typeof args.question === 'string' && args.question !== '' ? args.question : 'Say hello.';
  const params: Record<string, unknown> = { messages: [{ role: 'user', content: { type: 'text', text: question } }], maxTokens: 32 };
  const session = ctx.session;
  if (!samplingTasks(session.clientCapabilities)) return textOf(await session.requestClient('sampling/createMessage', params, ctx.channel).answer, 'sampling');
  const asked = session.requestClient('sampling/createMessage', { ...params, task: { ttl: TTL_MS } }, ctx.channel);
  const created = await asked.answer;
  const task = 'result' in created && isPlainObject(created.result) && isPlainObject(created.result.task) ? created.result.task : undefined;
  // A client may answer at once instead of making a task: that answer is the result.
  if (!task || typeof task.taskId !== 'string') return textOf(created, 'sampling');
  const taskId = task.taskId;
  let status = String(task.status);
  // Our tools/call cancelled while the client's task works: give the task up.
  const onAbort = (): void => {
    if (TERMINAL.has(status)) return;
    if (isOn('task-cancelled-by-notification')) ctx.channel.send(notification('notifications/cancelled', { requestId: asked.id, reason: 'the tool call was cancelled' }));
    else void session.requestClient('tasks/cancel', { taskId }, ctx.channel, 5000).answer;
  };
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  try {
    if (isOn('task-status-awaited')) {
      // Wrong: waits for notifications/tasks/status to say the task ended (a client need send none).
      await new Promise<void>((resolve, reject) => {
        session.taskStatusWaiters.set(taskId, (p) => {
          status = String(p.status);
          if (TERMINAL.has(status)) resolve();
        });
        ctx.signal.addEventListener('abort', () => reject(new Error('cancelled')), { once: true });
      }).finally(() => session.taskStatusWaiters.delete(taskId));
    } else {
      let interval = pollMs(task);
      while (!TERMINAL.has(status)) {
        await sleep(interval, ctx.signal);
        const got = await session.requestClient('tasks/get', { taskId }, ctx.channel).answer;
        if (ctx.signal.aborted) throw new Error('cancelled');
        if (!('result' in got) || !isPlainObject(got.result)) return { content: [text(`tasks/get failed: ${JSON.stringify('error' in got ? got.error : got)}`)], isError: true };
        status = String(got.result.status);
        interval = pollMs(got.result);
      }
    }
    if (status !== 'completed') return { content: [text(`The sampling task ended ${status}.`)], isError: true };
    return textOf(await session.requestClient('tasks/result', { taskId }, ctx.channel).answer, 'tasks/result');
  } finally {
    ctx.signal.removeEventListener('abort', onAbort);
  }
}

/** The sampling tool (offered by handlers/tools.ts where offersAskModel says). */
export const ASK_MODEL: ToolDef = {
  name: 'ask_model',
  title: 'Ask the model',
  description: "Asks the client's model a question (sampling/createMessage; as a task when the client declares task-augmented sampling, 2025-11-25) and returns its answer.",
  inputSchema: { type: 'object', properties: { question: { type: 'string', description: 'What to ask (default: "Say hello.")' } }, additionalProperties: false },
  annotations: { ...READ_ONLY, idempotentHint: false, openWorldHint: true },
  since: '2025-11-25',
  run: askModel,
};
