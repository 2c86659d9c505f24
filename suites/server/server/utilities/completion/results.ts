// server/utilities/completion#completion-results: what a completion result holds. Every listed
// prompt argument and template variable is completed with an empty value (every candidate).
import type { CheckContext } from '../../../../../harness/checks/check.js';
import { defineChecks } from '../../../../../harness/checks/define.js';
import type { Reply } from '../../../../../harness/jsonrpc/types.js';
import { unanswered } from '../../../../../harness/rules/no-answer.js';
import { inRange, RANGE, since } from '../../../../../harness/revisions.js';
import { expectNone, replyLine } from '../../../../../harness/verify/index.js';
import { completionTargets, type CompletionTarget } from './targets.js';

interface Answer {
  target: CompletionTarget;
  reply: Reply;
  completion?: { values?: unknown; total?: unknown; hasMore?: unknown };
}

/**
 * From 2025-03-26 a server offers completion by declaring `completions` (the runner's `requires`,
 * by hand: 2024-11-05 has the page but no capability, so there the server is simply asked and
 * an error is nothing to judge).
 */
function notOffered(ctx: CheckContext): ReturnType<CheckContext['skip']> | undefined {
  if (!inRange(ctx.revision, since('2025-03-26'))) return undefined;
  const unknown = ctx.facts.server.capabilitiesUnknown;
  if (unknown) return ctx.skip('capabilities-unknown', `${unknown}, so what the server declares is not known`);
  if (ctx.facts.serverCapabilities.completions === undefined) return ctx.skip('not-declared', 'the server does not declare the `completions` capability');
  return undefined;
}

/** Complete each target with an empty value (every candidate). */
async function completeAll(ctx: CheckContext): Promise<Answer[] | string> {
  const list = await completionTargets(ctx);
  if (list.length === 0) return 'nothing to complete: the server lists no prompt with arguments and no resource template';
  return Promise.all(
    list.map(async (target): Promise<Answer> => {
      const reply = await ctx.request('completion/complete', { ref: target.ref, argument: { name: target.argument, value: '' } });
      const completion = reply.kind === 'result' ? (reply.result as { completion?: Answer['completion'] } | undefined)?.completion : undefined;
      return { target, reply, ...(typeof completion === 'object' && completion !== null ? { completion } : {}) };
    }),
  );
}

/**
 * Judge every completion result: `bad` says what is wrong, undefined when it is fine, null
 * when it has nothing to judge. Skips when no result had anything to judge.
 */
async function judgeResults(ctx: CheckContext, bad: (c: NonNullable<Answer['completion']>) => string | undefined | null, expected: string, doubt?: string) {
  const offered = notOffered(ctx);
  if (offered) return offered;
  const answers = await completeAll(ctx);
  if (typeof answers === 'string') return ctx.skip('not-offered', answers);
  const ok = answers.filter((a) => a.completion && Array.isArray(a.completion.values));
  if (ok.length === 0) {
    // Every request unanswered is no answer to judge; errors or other results, nothing of the kind.
    const code = answers.every((a) => unanswered(a.reply)) ? 'no-answer' : 'nothing-observed';
    return ctx.skip(code, `no completion result to judge: ${answers.length} request(s), first got ${replyLine(ctx, answers[0]?.reply as Reply)}`);
  }
  let judged = 0;
  const problems = ok.flatMap((a) => {
    const p = bad(a.completion as NonNullable<Answer['completion']>);
    if (p === null) return [];
    judged++;
    if (a.reply.kind === 'result') ctx.cite(a.reply.seq ?? 0);
    return p ? [`${a.target.what}: ${p}`] : [];
  });
  return expectNone(ctx, problems, {
    expected,
    judged,
    note: `${judged} completion(s) judged`,
    nothing: { code: 'nothing-observed', detail: `none of the ${ok.length} completion result(s) had anything to judge` },
    ...(doubt ? { doubt } : {}),
  });
}

// Every revision: 2024-11-05 has the completion page (and these sentences) without a capability.
export const completionResultChecks = defineChecks({ page: 'server/utilities/completion', revisions: RANGE.all, needs: ['shared-session'] }, [
  // "Servers return an array of completion values ranked by relevance, with: Maximum 100 items
  // per response" (no keyword, from 2024-11-05 on; the schema's description says "Must not
  // exceed 100 items", not in capitals). 2026-07-28: the schema itself has maxItems: 100, and the schema is "the
  // source of truth for all protocol messages".
  {
    id: 'completion.values-limit',
    title: 'completion/complete returns at most 100 values',
    spec: [
      { url: '#completion-results', level: 'SHOULD' },
      { from: '2026-07-28', url: '#completion-results', level: 'MUST' },
    ],
    requirement: 'Servers return an array of completion values ranked by relevance, with: Maximum 100 items per response',
    digest: ['COMP-003'],
    faults: ['completion-over-100'],
    run: (ctx) =>
      judgeResults(ctx, (c) => ((c.values as unknown[]).length > 100 ? `${(c.values as unknown[]).length} values` : undefined), 'at most 100 values per response'),
  },

  // "Optional total number of available matches; Boolean indicating if additional results
  // exist": total is not below the values given, and hasMore agrees with total.
  {
    id: 'completion.total-consistent',
    title: 'completion total and hasMore agree with the values returned',
    spec: { url: '#completion-results', level: 'SHOULD' },
    requirement: 'Optional total number of available matches; Boolean indicating if additional results exist',
    digest: ['COMP-003'],
    faults: ['completion-hasmore-inconsistent'],
    run: (ctx) =>
      judgeResults(
        ctx,
        (c) => {
          const n = (c.values as unknown[]).length;
          const total = typeof c.total === 'number' ? c.total : undefined;
          if (total === undefined) return null;
          if (total < n) return `total ${total} but ${n} values`;
          if (c.hasMore === false && total > n) return `hasMore false but total ${total} > ${n} values`;
          if (c.hasMore === true && total <= n) return `hasMore true but total ${total} <= ${n} values`;
          return undefined;
        },
        'total >= number of values; hasMore true exactly when total exceeds them',
        'total and hasMore are defined as the number of matches and whether more exist; no keyword binds them, hence a warning',
      ),
  },
]);
