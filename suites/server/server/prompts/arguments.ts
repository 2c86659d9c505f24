// The arguments a check gives a prompt so that every listed prompt is fetched, not only those
// without required arguments (getting a prompt is read-only by the spec): each required
// argument gets the server's own first completion for it when the server declares completions,
// otherwise a sample string. A value the server refuses only costs that prompt's judgement.
import type { CheckContext } from '../../../../harness/checks/check.js';
import { isObject } from '../../../../harness/rules/json.js';

/** The value given to a required argument that completion does not suggest. */
export const SAMPLE_VALUE = 'conformance';

/** The names of a listed prompt's required arguments. */
export function requiredArguments(prompt: Record<string, unknown>): string[] {
  const args = Array.isArray(prompt.arguments) ? prompt.arguments.filter(isObject) : [];
  return args.filter((a) => a.required === true && typeof a.name === 'string').map((a) => a.name as string);
}

/** Values for a prompt's required arguments: completed by the server where it can, else SAMPLE_VALUE. */
export async function promptArguments(ctx: CheckContext, name: string, required: readonly string[], completions: boolean): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const arg of required) {
    out[arg] = SAMPLE_VALUE;
    if (!completions) continue;
    const reply = await ctx.request('completion/complete', { ref: { type: 'ref/prompt', name }, argument: { name: arg, value: '' } });
    const values = reply.kind === 'result' && isObject(reply.result) && isObject(reply.result.completion) ? reply.result.completion.values : undefined;
    if (Array.isArray(values) && typeof values[0] === 'string' && values[0] !== '') out[arg] = values[0];
  }
  return out;
}
