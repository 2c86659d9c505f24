// server/utilities/completion (served at every revision; declared from 2025-03-26, where the completions capability exists).
import { TEMPLATES } from '../catalog/resources.js';
import { isOn } from '../faults.js';
import { invalidParams, isPlainObject } from '../jsonrpc.js';
import type { RequestContext } from '../session.js';
import { promptsFor } from './prompts.js';

const MAX_VALUES = 100;

/**
 * completion#capabilities: the fault completions-undeclared-wrong-code leaves completions out of
 * the capabilities (handlers/lifecycle.ts asks here) and refuses completion/complete with
 * -32602 instead of -32601 (Capability not supported).
 */
export function completionsHidden(): boolean {
  return isOn('completions-undeclared-wrong-code');
}

function candidates(ctx: RequestContext, ref: Record<string, unknown>, argName: string): readonly string[] {
  if (ref.type === 'ref/prompt') {
    const prompt = promptsFor(ctx).find((p) => p.name === ref.name);
    // completion#error-handling: an invalid prompt name is -32602.
    if (!prompt && isOn('completion-unknown-prompt-accepted')) return [];
    if (!prompt) throw invalidParams(`Unknown prompt: ${String(ref.name)}`);
    const arg = prompt.arguments.find((a) => a.name === argName);
    if (!arg) throw invalidParams(`Prompt ${prompt.name} has no argument "${argName}"`);
    return arg.values ?? [];
  }
  if (ref.type === 'ref/resource') {
    const template = TEMPLATES.find((t) => t.uriTemplate === ref.uri);
    if (!template) throw invalidParams(`Unknown resource template: ${String(ref.uri)}`);
    if (template.variable !== argName) throw invalidParams(`Template ${template.uriTemplate} has no variable "${argName}"`);
    return template.values;
  }
  throw invalidParams('Invalid params: ref.type must be ref/prompt or ref/resource');
}

export function complete(ctx: RequestContext): Record<string, unknown> {
  if (completionsHidden()) throw invalidParams('Invalid params: completions are not available');
  const { ref, argument } = ctx.params;
  if (!isPlainObject(ref)) throw invalidParams('Invalid params: ref must be an object');
  if (!isPlainObject(argument) || typeof argument.name !== 'string' || typeof argument.value !== 'string') {
    throw invalidParams('Invalid params: argument must have string name and value');
  }
  const prefix = argument.value.toLowerCase();
  const matches = candidates(ctx, ref, argument.name).filter((v) => v.toLowerCase().startsWith(prefix));
  // completion#completion-results: at most 100 values; total and hasMore tell about the rest.
  const values = isOn('completion-over-100') ? matches : matches.slice(0, MAX_VALUES);
  const hasMore = isOn('completion-hasmore-inconsistent') ? false : matches.length > values.length;
  return { completion: { values, total: matches.length, hasMore } };
}
