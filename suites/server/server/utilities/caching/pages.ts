// server/utilities/caching#interaction-with-pagination (2026-07-28): "Servers MUST apply the
// same cacheScope to all response pages for a given list request."
import { defineChecks } from '../../../../../harness/checks/define.js';
import { MAX_PAGES } from '../../../../../harness/discovery.js';
import { codeLabel } from '../../../../../harness/rules/error-codes.js';
import { RANGE } from '../../../../../harness/revisions.js';
import type { Json } from '../../../../../harness/rules/json.js';
import type { Session } from '../../../../../harness/sessions/session.js';
import { resultOf } from '../../../../../harness/target/mrtr-plan.js';
import { expectNone } from '../../../../../harness/verify/index.js';
import { CACHEABLE_LISTS } from './cacheable-lists.js';

/** Every page of a list (bounded): each page's result. */
async function pagesOf(session: Session, method: string): Promise<{ results: Json[]; seqs: number[]; problem?: string }> {
  const results: Json[] = [];
  const seqs: number[] = [];
  let cursor: unknown;
  for (let page = 0; page < MAX_PAGES; page++) {
    const reply = await session.request(method, cursor === undefined ? {} : { cursor });
    const result = resultOf(reply);
    if (!result) return { results, seqs, problem: `page ${page + 1} of ${method}: ${reply.kind === 'error' ? `error ${codeLabel(reply.error.code)}` : reply.kind}` };
    results.push(result);
    if (reply.kind === 'result' && reply.seq) seqs.push(reply.seq);
    if (typeof result.nextCursor !== 'string' || result.nextCursor === cursor) return { results, seqs };
    cursor = result.nextCursor;
  }
  return { results, seqs };
}

export const cachingPageChecks = defineChecks({ page: 'server/utilities/caching', revisions: RANGE.modern, needs: ['shared-session'] }, [
  // "Servers MUST apply the same cacheScope to all response pages for a given list request."
  {
    id: 'caching.same-scope-across-pages',
    title: 'Every page of a list carries the same cacheScope',
    spec: { url: '#interaction-with-pagination', level: 'MUST' },
    requirement: 'Servers MUST apply the same cacheScope to all response pages for a given list request.',
    digest: ['CACHE-002'],
    faults: ['modern-cache-scope-varies'],
    async run(ctx) {
      const session = await ctx.shared();
      const caps = session.server.capabilities;
      const judgedLists: string[] = [];
      for (const [cap, method] of CACHEABLE_LISTS) {
        if (caps[cap] === undefined) continue;
        const { results, seqs } = await pagesOf(session, method);
        const scopes = results.map((r) => r.cacheScope).filter((s): s is string => typeof s === 'string');
        if (scopes.length < 2) continue;
        judgedLists.push(`${method} (${results.length} pages)`);
        if (new Set(scopes).size === 1) continue;
        ctx.cite(...seqs);
        return expectNone(ctx, [`pages say ${scopes.map((s) => JSON.stringify(s)).join(', ')}`], { expected: `one cacheScope on every page of ${method}` });
      }
      if (judgedLists.length === 0) return ctx.skip('not-offered', 'no list has two or more pages with a cacheScope: nothing to compare');
      return ctx.pass(`one cacheScope on every page of ${judgedLists.join(', ')}`);
    },
  },
]);
