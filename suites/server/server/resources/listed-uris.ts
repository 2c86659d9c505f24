// The resources a server lists, for the checks that read or subscribe to them: the distinct
// listed URIs (discovery's walk), capped.
import type { CheckContext, Verdict } from '../../../../harness/checks/check.js';

/** At most this many listed resources are read per revision. */
const MAX_READS = 20;

/** The distinct listed URIs (capped), with a note when the cap cut some. */
export async function listedUris(ctx: CheckContext): Promise<{ uris: string[]; note: string } | Verdict> {
  const { resources } = await ctx.discovery();
  if (!resources) return ctx.skip('not-declared', 'no resources capability');
  const all = [...new Set(resources.items.map((r) => r.uri).filter((u): u is string => typeof u === 'string'))];
  if (all.length === 0) return ctx.skip('not-offered', `no resources listed${resources.problem ? ` (${resources.problem})` : ''}`);
  const uris = all.slice(0, MAX_READS);
  return { uris, note: all.length > MAX_READS ? `read the first ${MAX_READS} of ${all.length} listed resources` : `read ${uris.length} resource(s)` };
}
