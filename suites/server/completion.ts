// Completion (COMP-*): completion/complete for prompt arguments and resource template variables.
// Spec: server/utilities/completion. The `completions` capability exists from 2025-03-26.
import type { Check, CheckContext } from '../../harness/checks/check.js';
import type { Reply } from '../../harness/jsonrpc/types.js';
import { since } from '../../harness/revisions.js';
import { replyLine } from '../../harness/target/tool-plan.js';

const FROM_2025_03 = since('2025-03-26');
const SPEC = 'server/utilities/completion';
/** At most this many completion requests per check: enough to cover a server, fast to run. */
const MAX_REQUESTS = 30;

interface Target {
  what: string;
  ref: Record<string, unknown>;
  argument: string;
}

/** Variable names of an RFC 6570 template: {a}, {+a}, {?a,b*}, {/a:3}. */
export function templateVariables(template: string): string[] {
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
async function targets(ctx: CheckContext): Promise<Target[]> {
  const d = await ctx.discovery();
  const out: Target[] = [];
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

interface Answer {
  target: Target;
  reply: Reply;
  completion?: { values?: unknown; total?: unknown; hasMore?: unknown };
}

/** Complete each target with an empty value (every candidate). */
async function completeAll(ctx: CheckContext): Promise<Answer[] | string> {
  const list = await targets(ctx);
  if (list.length === 0) return 'nothing to complete: the server lists no prompt with arguments and no resource template';
  return Promise.all(
    list.map(async (target): Promise<Answer> => {
      const reply = await ctx.request('completion/complete', { ref: target.ref, argument: { name: target.argument, value: '' } });
      const completion = reply.kind === 'result' ? (reply.result as { completion?: Answer['completion'] } | undefined)?.completion : undefined;
      return { target, reply, ...(typeof completion === 'object' && completion !== null ? { completion } : {}) };
    }),
  );
}

async function askUndeclared(ctx: CheckContext): Promise<{ reply: Reply } | ReturnType<CheckContext['skip']>> {
  if (ctx.facts.serverCapabilities.completions !== undefined) return ctx.skip('the server declares completions (see the other completion checks)');
  // The answer to completion/complete from a server that does not declare completions (one request per revision).
  const reply = await ctx.once('completion-undeclared', async () => {
    // A real prompt argument or template variable when there is one: a fair question.
    const first = (await targets(ctx))[0];
    const params = first
      ? { ref: first.ref, argument: { name: first.argument, value: '' } }
      : { ref: { type: 'ref/prompt', name: 'mcp-conformance-missing-prompt' }, argument: { name: 'x', value: '' } };
    return ctx.request('completion/complete', params);
  });
  if ((reply.kind === 'result' || reply.kind === 'error') && reply.seq) ctx.cite(reply.seq);
  return { reply };
}

/**
 * Judge every completion result: `bad` says what is wrong, undefined when it is fine, null
 * when it has nothing to judge. Skips when no result had anything to judge.
 */
async function judgeResults(ctx: CheckContext, bad: (c: NonNullable<Answer['completion']>) => string | undefined | null, expected: string, reason?: string) {
  const answers = await completeAll(ctx);
  if (typeof answers === 'string') return ctx.skip(answers);
  const ok = answers.filter((a) => a.completion && Array.isArray(a.completion.values));
  if (ok.length === 0) return ctx.skip(`no completion result to judge: ${answers.length} request(s), first got ${replyLine(ctx, answers[0]?.reply as Reply)}`);
  let judged = 0;
  const problems = ok.flatMap((a) => {
    const p = bad(a.completion as NonNullable<Answer['completion']>);
    if (p === null) return [];
    judged++;
    if (a.reply.kind === 'result') ctx.cite(a.reply.seq ?? 0);
    return p ? [`${a.target.what}: ${p}`] : [];
  });
  if (problems.length > 0) return ctx.fail({ expected, actual: problems.slice(0, 3).join('; '), ...(reason ? { reason } : {}) });
  if (judged === 0) return ctx.skip(`none of the ${ok.length} completion result(s) had anything to judge`);
  return ctx.pass(`${judged} completion(s) judged`);
}

export const completionChecks: Check[] = [
  // "Servers return an array of completion values ranked by relevance, with: Maximum 100 items
  // per response" (no keyword; the schema's description says "Must not exceed 100 items", not
  // in capitals). 2026-07-28: the schema itself has maxItems: 100, and the schema is "the
  // source of truth for all protocol messages".
  {
    id: 'completion.values-limit',
    title: 'completion/complete returns at most 100 values',
    spec: [
      { url: `${SPEC}#completion-results`, level: 'SHOULD' },
      { from: '2026-07-28', url: `${SPEC}#completion-results`, level: 'MUST' },
    ],
    requirement: 'Servers return an array of completion values ranked by relevance, with: Maximum 100 items per response',
    side: 'server',
    revisions: FROM_2025_03,
    transports: 'any',
    requires: ['completions'],
    faults: ['completion-over-100'],
    connection: 'shared',
    run: (ctx) =>
      judgeResults(ctx, (c) => ((c.values as unknown[]).length > 100 ? `${(c.values as unknown[]).length} values` : undefined), 'at most 100 values per response'),
  },

  // "Optional total number of available matches; Boolean indicating if additional results
  // exist": total is not below the values given, and hasMore agrees with total.
  {
    id: 'completion.total-consistent',
    title: 'completion total and hasMore agree with the values returned',
    spec: { url: `${SPEC}#completion-results`, level: 'SHOULD' },
    requirement: 'Optional total number of available matches; Boolean indicating if additional results exist',
    side: 'server',
    revisions: FROM_2025_03,
    transports: 'any',
    requires: ['completions'],
    faults: ['completion-hasmore-inconsistent'],
    connection: 'shared',
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

  // "Servers SHOULD return standard JSON-RPC errors for common failure cases: ... Invalid
  // prompt name: -32602 (Invalid params)"
  {
    id: 'completion.unknown-prompt',
    title: 'completion/complete for a prompt that does not exist gets -32602',
    spec: { url: `${SPEC}#error-handling`, level: 'SHOULD' },
    requirement: 'Servers SHOULD return standard JSON-RPC errors for common failure cases: Invalid prompt name: -32602 (Invalid params)',
    side: 'server',
    revisions: FROM_2025_03,
    transports: 'any',
    requires: ['completions'],
    faults: ['completion-unknown-prompt-accepted'],
    connection: 'shared',
    async run(ctx) {
      const reply = await ctx.request('completion/complete', { ref: { type: 'ref/prompt', name: 'mcp-conformance-missing-prompt' }, argument: { name: 'x', value: '' } });
      if (reply.kind === 'error' && reply.error.code === -32602) return ctx.pass();
      if (reply.kind !== 'error' && reply.kind !== 'result') return ctx.skip(`no answer to judge: ${replyLine(ctx, reply)}`);
      return ctx.fail({
        expected: 'error -32602 for prompt "mcp-conformance-missing-prompt"',
        actual: replyLine(ctx, reply),
      });
    },
  },

  // "Servers that support completions MUST declare the completions capability": a server
  // without it that answers completion/complete with a result fails. (The error code is
  // completion.undeclared-code's.)
  {
    id: 'completion.undeclared-refused',
    title: 'Without the completions capability, completion/complete is refused',
    spec: { url: `${SPEC}#capabilities`, level: 'MUST' },
    requirement: 'Servers that support completions MUST declare the completions capability',
    fix: 'Declare "completions": {} in the capabilities, or refuse completion/complete with -32601',
    side: 'server',
    revisions: FROM_2025_03,
    transports: 'any',
    faults: ['completions-undeclared-served'],
    // Judged against what the server declares: not when that is unknown (server/discover failed).
    judgesDeclared: true,
    connection: 'shared',
    async run(ctx) {
      const got = await askUndeclared(ctx);
      if ('status' in got) return got;
      const { reply } = got;
      if (reply.kind === 'error') return ctx.pass(`error ${reply.error.code}`);
      if (reply.kind === 'result') {
        return ctx.fail({ expected: 'completions declared by a server that answers completion/complete', actual: `a result without the capability: ${ctx.brief(reply.result, 160)}` });
      }
      return ctx.skip(`no answer to judge: ${replyLine(ctx, reply)}`);
    },
  },

  // Error handling: "Servers SHOULD return standard JSON-RPC errors for common failure cases:
  // Method not found: -32601 (Capability not supported)".
  {
    id: 'completion.undeclared-code',
    title: 'Without the completions capability, completion/complete gets -32601 (Capability not supported)',
    spec: { url: `${SPEC}#error-handling`, level: 'SHOULD' },
    requirement: 'Servers SHOULD return standard JSON-RPC errors for common failure cases: Method not found: -32601 (Capability not supported)',
    side: 'server',
    revisions: FROM_2025_03,
    transports: 'any',
    faults: ['completions-undeclared-wrong-code'],
    judgesDeclared: true,
    connection: 'shared',
    async run(ctx) {
      const got = await askUndeclared(ctx);
      if ('status' in got) return got;
      const { reply } = got;
      if (reply.kind !== 'error') return ctx.skip(`no error to judge (see completion.undeclared-refused): ${replyLine(ctx, reply)}`);
      if (reply.error.code === -32601) return ctx.pass();
      return ctx.fail({ expected: 'error -32601 (capability not supported)', actual: replyLine(ctx, reply) });
    },
  },
];
