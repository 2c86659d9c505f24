// What a server offers to complete: every prompt argument and resource template variable it
// lists (discovery's lists), capped. Shared by the completion checks.
import type { CheckContext } from '../../../../../harness/checks/check.js';

/** At most this many completion requests per check: enough to cover a server, fast to run. */
const MAX_REQUESTS = 30;

export interface CompletionTarget {
  what: string;
  ref: Record<string, unknown>;
  argument: string;
}

/** Variable names of an RFC 6570 template: {a}, {+a}, {?a,b*}, {/a:3}. */
function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const m of template.matchAll(/\{([^}]*)\}/g)) {
    const body = (m[1] ?? '').replace(/^[+#./;?&=,!@|]/, '');
    for (const part of body.split(',')) {
      const name = part.replace(/(\*|:\d+)$/, '').trim();
      if (name && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

/** Every prompt argument and template variable the server lists. */
export async function completionTargets(ctx: CheckContext): Promise<CompletionTarget[]> {
  const d = await ctx.discovery();
  const out: CompletionTarget[] = [];
  for (const p of d.prompts?.items ?? []) {
    const args = Array.isArray(p.arguments) ? (p.arguments as Record<string, unknown>[]) : [];
    for (const a of args) {
      if (typeof p.name === 'string' && typeof a.name === 'string') out.push({ what: `prompt ${p.name} argument ${a.name}`, ref: { type: 'ref/prompt', name: p.name }, argument: a.name });
    }
  }
  for (const t of d.resourceTemplates?.items ?? []) {
    if (typeof t.uriTemplate !== 'string') continue;
    for (const v of templateVariables(t.uriTemplate)) out.push({ what: `template ${t.uriTemplate} variable ${v}`, ref: { type: 'ref/resource', uri: t.uriTemplate }, argument: v });
  }
  return out.slice(0, MAX_REQUESTS);
}
