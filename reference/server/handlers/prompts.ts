// server/prompts: prompts/list (paginated) and prompts/get.
import { PROMPTS, renderPrompt, type PromptDef } from '../catalog/prompts.js';
import { isOn } from '../faults.js';
import { invalidParams, isPlainObject } from '../jsonrpc.js';
import { isInputRequired, type InputRequired } from '../modern/mrtr.js';
import { paginate } from '../pagination.js';
import { offeredAt } from '../revisions.js';
import type { RequestContext } from '../session.js';

/** The prompts offered to this request (a fault adds one that depends on earlier requests of the connection). */
export function promptsFor(ctx: Pick<RequestContext, 'revision' | 'modern'>): PromptDef[] {
  const prompts = PROMPTS.filter((p) => offeredAt(p, ctx.revision));
  if (isOn('modern-prompts-list-side-effect') && ctx.modern?.conn.sawRead) prompts.push(SESSION_PROMPT);
  return prompts;
}

/** The prompt of the fault modern-prompts-list-side-effect (prompts#capabilities, 2026-07-28). */
const SESSION_PROMPT: PromptDef = {
  name: 'session_prompt',
  title: 'Session prompt',
  description: 'Appears once this connection has read a resource.',
  arguments: [],
  messages: () => [{ role: 'user', content: { type: 'text', text: 'This connection has read a resource.' } }],
};

export function listPrompts(ctx: RequestContext): Record<string, unknown> {
  const page = paginate('prompts', promptsFor(ctx), ctx.params.cursor);
  const rendered = page.items.map((p) => renderPrompt(p, ctx.revision));
  const prompts = isOn('prompts-list-description-not-string') ? rendered.map((p) => ({ ...p, description: 42 })) : rendered;
  return page.nextCursor === undefined ? { prompts } : { prompts, nextCursor: page.nextCursor };
}

export function getPrompt(ctx: RequestContext): Record<string, unknown> | InputRequired {
  const { name } = ctx.params;
  if (typeof name !== 'string') throw invalidParams('Invalid params: name must be a string');
  const prompt = promptsFor(ctx).find((p) => p.name === name);
  // server/prompts#error-handling: unknown prompt and missing required arguments are -32602.
  if (!prompt) {
    if (isOn('prompts-unknown-returns-result')) return { messages: [] };
    throw invalidParams(`Unknown prompt: ${name}`, { name });
  }
  const args = ctx.params.arguments ?? {};
  if (!isPlainObject(args)) throw invalidParams('Invalid params: arguments must be an object');
  for (const [k, v] of Object.entries(args)) {
    if (typeof v !== 'string') throw invalidParams(`Invalid params: argument "${k}" must be a string`);
  }
  const given = { ...(args as Record<string, string>) };
  const missing = prompt.arguments.find((a) => a.required && !(a.name in given));
  if (missing) {
    if (!isOn('prompts-missing-argument-accepted')) throw invalidParams(`Missing required argument "${missing.name}" for prompt ${name}`);
    for (const a of prompt.arguments) if (a.required) given[a.name] ??= '';
  }
  const messages = prompt.messages(given, ctx);
  if (isInputRequired(messages)) return messages; // basic/patterns/mrtr: sent as it is
  return { description: prompt.description, messages };
}
