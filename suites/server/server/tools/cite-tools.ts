// Cite the pages of tools/list that discovery walked: the evidence of a finding about the listing.
import type { CheckContext } from '../../../../harness/checks/check.js';

export const citeTools = async (ctx: CheckContext): Promise<void> => ctx.cite(...((await ctx.discovery()).tools?.pages.map((p) => p.seq ?? 0) ?? []));
