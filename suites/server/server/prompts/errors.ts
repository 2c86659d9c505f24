// server/prompts#error-handling: "Servers SHOULD return standard JSON-RPC errors for common
// failure cases: Invalid prompt name: InvalidParams; Missing required arguments: InvalidParams".
// Getting a prompt is read-only by the spec, so the checks may ask
// for any. Message shapes are the schema check's business.
import type { CheckContext, Verdict } from '../../../../harness/checks/check.js';
import { defineChecks } from '../../../../harness/checks/define.js';
import { exchange, expectError } from '../../../../harness/verify/index.js';
import { RANGE } from '../../../../harness/revisions.js';
import { isObject } from '../../../../harness/rules/json.js';
import { SAMPLE_VALUE } from './arguments.js';

/** The value given to every required argument (completions are not consulted: the error is what is judged). */
const SAMPLE = SAMPLE_VALUE;

interface Prompt {
  name: string;
  required: string[];
}

async function listedPrompts(ctx: CheckContext): Promise<Prompt[] | Verdict> {
  const { prompts } = await ctx.discovery();
  if (!prompts) return ctx.skip('not-declared', 'no prompts capability');
  const seen = new Set<string>();
  const out: Prompt[] = [];
  for (const p of prompts.items) {
    if (typeof p.name !== 'string' || seen.has(p.name)) continue;
    seen.add(p.name);
    const args = Array.isArray(p.arguments) ? p.arguments.filter(isObject) : [];
    out.push({ name: p.name, required: args.filter((a) => a.required === true && typeof a.name === 'string').map((a) => a.name as string) });
  }
  if (out.length === 0) return ctx.skip('not-offered', `no prompts listed${prompts.problem ? ` (${prompts.problem})` : ''}`);
  return out;
}

const withSamples = (p: Prompt): Record<string, string> => Object.fromEntries(p.required.map((n) => [n, SAMPLE]));

export const promptErrorChecks = defineChecks({ page: 'server/prompts', revisions: RANGE.all, needs: ['shared-session'], requires: ['prompts'] }, [
  // No check judges whether a listed prompt can be fetched: no sentence of any revision says
  // prompts/get of a listed prompt succeeds (a prompt may need arguments only its user knows,
  // or a service the server cannot reach).

  // Error handling: "Servers SHOULD return standard JSON-RPC errors for common failure cases:
  // Invalid prompt name: InvalidParams".
  {
    id: 'prompts.get-unknown-is-error',
    title: 'Getting a prompt that does not exist gets error {code:InvalidParams}',
    spec: { url: '#error-handling', level: 'SHOULD' },
    requirement: 'Servers SHOULD return standard JSON-RPC errors for common failure cases: Invalid prompt name: {code:InvalidParams} (Invalid params)',
    digest: ['PROMPT-005'],
    faults: ['prompts-unknown-returns-result'],
    async run(ctx) {
      const names = new Set(((await ctx.discovery()).prompts?.items ?? []).map((p) => p.name));
      let name = `mcp-conformance-missing-prompt-${Math.random().toString(36).slice(2, 10)}`;
      while (names.has(name)) name += '-';
      const reply = await ctx.request('prompts/get', { name, arguments: {} });
      return expectError(ctx, exchange(`prompts/get "${name}"`, reply), ['InvalidParams']);
    },
  },

  // Error handling: "Missing required arguments: InvalidParams" (SHOULD).
  {
    id: 'prompts.get-missing-argument',
    title: 'Getting a prompt without one of its required arguments gets error {code:InvalidParams}',
    spec: { url: '#error-handling', level: 'SHOULD' },
    requirement: 'Servers SHOULD return standard JSON-RPC errors for common failure cases: Missing required arguments: {code:InvalidParams} (Invalid params)',
    digest: ['PROMPT-005'],
    faults: ['prompts-missing-argument-accepted'],
    async run(ctx) {
      const prompts = await listedPrompts(ctx);
      if (!Array.isArray(prompts)) return prompts;
      const p = prompts.find((x) => x.required.length > 0);
      if (!p) return ctx.skip('not-offered', 'no listed prompt has a required argument');
      const missing = p.required[0] as string;
      const { [missing]: _left, ...args } = withSamples(p);
      const reply = await ctx.request('prompts/get', { name: p.name, arguments: args });
      // Asking for the input first (2026-07-28) is no answer to the missing argument yet.
      if (reply.kind === 'result' && isObject(reply.result) && reply.result.resultType === 'input_required') return ctx.skip('inconclusive', `${p.name} without "${missing}" asked for input first (InputRequiredResult): nothing to judge`);
      return expectError(ctx, exchange(`prompts/get "${p.name}" without its required "${missing}"`, reply), ['InvalidParams']);
    },
  },
]);
