// server/utilities/caching#cacheable-results (2026-07-28): which results carry caching hints
// (ttlMs, cacheScope), and which carry none.
import { defineChecks } from '../../../../../harness/checks/define.js';
import { RANGE } from '../../../../../harness/revisions.js';
import type { Json } from '../../../../../harness/rules/json.js';
import { resultOf, survey } from '../../../../../harness/target/mrtr-plan.js';
import { expectNone } from '../../../../../harness/verify/index.js';
import { CACHEABLE_LISTS } from './cacheable-lists.js';

/** What is wrong with the caching hints of a complete result, if anything. */
export function hintProblem(result: Json): string | undefined {
  const { ttlMs, cacheScope } = result;
  const problems: string[] = [];
  if (!(typeof ttlMs === 'number' && Number.isInteger(ttlMs) && ttlMs >= 0)) problems.push(ttlMs === undefined ? 'no ttlMs' : `ttlMs ${JSON.stringify(ttlMs)}`);
  if (cacheScope !== 'public' && cacheScope !== 'private') problems.push(cacheScope === undefined ? 'no cacheScope' : `cacheScope ${JSON.stringify(cacheScope)}`);
  return problems.length ? problems.join(', ') : undefined;
}

// Each on a session of its own (lent from the pool): what it reads must not change what the shared session's lists show.
export const cachingHintChecks = defineChecks({ page: 'server/utilities/caching', revisions: RANGE.modern, needs: ['own-session'] }, [
  // "Servers MUST include caching hints on results with resultType: "complete" returned by the
  // following operations: server/discover, tools/list, prompts/list, resources/list,
  // resources/templates/list, resources/read" and "Servers MUST provide a ttlMs value that is >= 0."
  {
    id: 'caching.hints-on-cacheable-results',
    title: 'Complete results of discover, the lists and resources/read carry ttlMs (integer >= 0) and cacheScope',
    spec: { url: '#cacheable-results', level: 'MUST' },
    requirement:
      'Servers MUST include caching hints on results with resultType: "complete" returned by the following operations: server/discover, tools/list, prompts/list, resources/list, resources/templates/list, resources/read',
    digest: ['CACHE-001'],
    fix: 'Add ttlMs (milliseconds, an integer >= 0; 0 means stale at once) and cacheScope ("public" or "private") to these results.',
    faults: ['modern-cache-fields-missing'],
    async run(ctx) {
      // An own session: a read must not change what the shared session's lists show.
      const session = await ctx.session();
      const caps = session.server.capabilities;
      const seen: { what: string; result: Json; seq?: number }[] = [];
      // No opening result when server/discover failed (see discovery.implemented).
      if (!session.server.capabilitiesUnknown) seen.push({ what: 'server/discover', result: session.server.result, ...(session.server.resultSeq ? { seq: session.server.resultSeq } : {}) });
      for (const [cap, method] of CACHEABLE_LISTS) {
        if (caps[cap] === undefined) continue;
        const reply = await session.request(method, {});
        const result = resultOf(reply);
        if (result) seen.push({ what: method, result, ...(reply.kind === 'result' && reply.seq ? { seq: reply.seq } : {}) });
      }
      const uri = (await ctx.discovery()).resources?.items.map((r) => r.uri).find((u): u is string => typeof u === 'string');
      if (uri !== undefined) {
        const reply = await session.request('resources/read', { uri });
        const result = resultOf(reply);
        if (result) seen.push({ what: `resources/read ${uri}`, result, ...(reply.kind === 'result' && reply.seq ? { seq: reply.seq } : {}) });
      }
      // The sentence names results with resultType "complete"; one without resultType is base.result-type's.
      const complete = seen.filter((s) => s.result.resultType === 'complete');
      const bad = complete.flatMap((s) => {
        const p = hintProblem(s.result);
        return p ? [{ text: `${s.what}: ${p}`, ...(s.seq ? { seq: s.seq } : {}) }] : [];
      });
      if (complete.length === 0) {
        const unknown = session.server.capabilitiesUnknown;
        return unknown ? ctx.skip('capabilities-unknown', `${unknown}, and no list to read`) : ctx.skip('nothing-observed', 'no complete result to judge');
      }
      return expectNone(ctx, bad, {
        expected: 'ttlMs (an integer >= 0) and cacheScope ("public" or "private") on each',
        judged: complete.length,
        note: `${complete.length} complete result(s) with hints: ${complete.map((s) => `${s.what} (${String(s.result.ttlMs)} ms, ${String(s.result.cacheScope)})`).join(', ')}`,
        show: complete.length,
      });
    },
  },

  // "Interim results with resultType: "input_required" ... are not cacheable and carry no
  // caching hints." No keyword: a warning.
  {
    id: 'caching.input-required-no-hints',
    title: 'An InputRequiredResult carries no caching hints',
    spec: { url: '#cacheable-results', level: 'SHOULD' },
    requirement: 'Interim results with resultType: "input_required" (see multi round-trip requests) are not cacheable and carry no caching hints.',
    digest: ['CACHE-003'],
    faults: ['modern-input-required-cacheable'],
    async run(ctx) {
      const s = await survey(ctx);
      if (s.asked.length === 0) return ctx.skip('nothing-observed', `no InputRequiredResult to judge: no request asked for input (${s.tried})`);
      const hinted = s.asked.filter((a) => a.result.ttlMs !== undefined || a.result.cacheScope !== undefined);
      return expectNone(
        ctx,
        hinted.map((a) => ({ text: `${a.target.label}: ttlMs ${JSON.stringify(a.result.ttlMs)}, cacheScope ${JSON.stringify(a.result.cacheScope)}`, ...(a.seq !== undefined ? { seq: a.seq } : {}) })),
        {
          expected: 'no ttlMs and no cacheScope on an InputRequiredResult',
          judged: s.asked.length,
          note: `${s.asked.length} InputRequiredResult(s) without ttlMs or cacheScope`,
          doubt: 'the page states that interim results carry no caching hints, without a keyword: a warning',
        },
      );
    },
  },
]);
