// The task-asking server (2025-11-25): calling its tool makes it ask the client for a sample and
// a form twice each, once plainly and once task-augmented (params.task {ttl}), the two otherwise
// identical. A client that declared no tasks for a request type must answer the augmented one as
// it answers the plain one (TASK-001): the plain twin is what "normally" looks like for this
// client. Asked whatever the client declared; the check skips what it did not declare.
import type { HandlerAnswer } from '../../../harness/jsonrpc/types.js';
import type { ClientScenario, ScriptContext } from '../../../harness/client/scenario.js';
import { only } from '../../../harness/revisions.js';

export const TASK_ASKS = 'tasks.task-augmented-asks';

export const TASK_ASK_TOOL = 'ask-as-task';
/** The task-augmentation metadata the augmented twins carry. */
export const TASK_PARAMS = { ttl: 60_000 } as const;

const say = { role: 'user', content: { type: 'text', text: 'Say hello.' } };

/** Each ask, sent plain and then with params.task. */
const ASKS: { method: string; params: Record<string, unknown> }[] = [
  { method: 'sampling/createMessage', params: { messages: [say], maxTokens: 50 } },
  { method: 'elicitation/create', params: { mode: 'form', message: 'Your name, please', requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } } },
];

async function askTwice(ctx: ScriptContext): Promise<HandlerAnswer> {
  // One after the other: the plain answer comes first, as a client would give it anyway.
  for (const { method, params } of ASKS) {
    await ctx.request(method, params);
    await ctx.request(method, { ...params, task: { ...TASK_PARAMS } });
  }
  return { result: { content: [{ type: 'text', text: 'asked' }] } };
}

export const taskAsksScenario: ClientScenario = {
  id: TASK_ASKS,
  title: 'A server that asks the client for a sample and a form, plainly and task-augmented',
  revisions: only('2025-11-25'),
  transports: 'any',
  official: 'tools_call',
  server: {
    capabilities: { tools: {} },
    tools: [{ name: TASK_ASK_TOOL, description: 'Asks the client for a sample and a form, each plainly and as a task', inputSchema: { type: 'object', properties: {} }, run: (_args, ctx) => askTwice(ctx) }],
  },
};
