// Progress (PROG-*): notifications/progress for requests that carry _meta.progressToken.
// Spec: basic/utilities/progress (2024-11-05..2025-11-25). One exercise per revision on the
// shared session (list requests and one allowed tool call, each with its own token) feeds the
// active checks; the passive check judges every progress notification of the revision.
import type { Check, CheckContext, RevisionFacts } from '../../harness/checks/check.js';
import type { Reply } from '../../harness/jsonrpc/types.js';
import { isNotification, newProgressToken, planToolCall, sentTokensOn, sleep, tokenConnection } from './tool-plan.js';
import { RANGE } from '../../harness/revisions.js';

const SPEC = 'basic/utilities/progress';

interface ProgressNote {
  progress: unknown;
  total: unknown;
  seq: number;
}

interface TokenTrace {
  /** What was sent with the token, e.g. "tools/list" or "tools/call slow". */
  what: string;
  token: string;
  reply: Reply;
  /** Progress notifications for the token, in arrival order. */
  notes: ProgressNote[];
}

interface Exercise {
  traces: TokenTrace[];
  /** What the tool part did (or why there was none). */
  toolNote: string;
}

const exercises = new WeakMap<RevisionFacts, Promise<Exercise>>();

/** Run once per revision: every declared list and one allowed tool call, each with a token. */
function exercise(ctx: CheckContext): Promise<Exercise> {
  let run = exercises.get(ctx.facts);
  if (!run) {
    run = runExercise(ctx);
    exercises.set(ctx.facts, run);
  }
  return run;
}

async function runExercise(ctx: CheckContext): Promise<Exercise> {
  const session = await ctx.shared();
  const peer = session;
  const caps = ctx.facts.serverCapabilities;
  const requests: { what: string; method: string; params: Record<string, unknown> }[] = [];
  for (const [cap, method] of [['tools', 'tools/list'], ['resources', 'resources/list'], ['prompts', 'prompts/list']] as const) {
    if (caps[cap] !== undefined) requests.push({ what: method, method, params: {} });
  }
  const plan = await planToolCall(ctx, 300);
  const toolNote = typeof plan === 'string' ? `no tool call: ${plan}` : `called ${plan.describe}`;
  if (typeof plan !== 'string') requests.push({ what: `tools/call ${plan.name}`, method: 'tools/call', params: { name: plan.name, arguments: plan.args } });
  const traces = await Promise.all(
    requests.map(async (r): Promise<TokenTrace> => {
      const token = newProgressToken(peer);
      const reply = await peer.request(r.method, { ...r.params, _meta: { progressToken: token } });
      return { what: r.what, token, reply, notes: [] };
    }),
  );
  // A fence and a moment more: progress sent late (after its response) arrives before we judge.
  await peer.request('ping', undefined);
  await sleep(100);
  for (const item of peer.inbound) {
    if (!isNotification(item.message, 'notifications/progress')) continue;
    const params = item.message.params ?? {};
    const trace = traces.find((t) => t.token === params.progressToken);
    trace?.notes.push({ progress: params.progress, total: params.total, seq: item.seq ?? 0 });
  }
  return { traces, toolNote };
}

/** Judge the traces that have progress; skip when the server sent none (a MAY). */
async function judge(ctx: CheckContext, bad: (t: TokenTrace) => string | undefined, expected: string) {
  const ex = await exercise(ctx);
  const reported = ex.traces.filter((t) => t.notes.length > 0);
  if (reported.length === 0) {
    return ctx.skip(`no progress to judge: the server sent no notifications/progress for ${ex.traces.length} request(s) with a progressToken (sending them is optional); ${ex.toolNote}`);
  }
  const problems = reported.flatMap((t) => {
    const p = bad(t);
    return p ? [`${t.what}: ${p}`] : [];
  });
  if (problems.length === 0) return ctx.pass(`${reported.map((t) => `${t.what}: ${t.notes.length} notification(s)`).join('; ')}`);
  for (const t of reported) ctx.cite(...t.notes.map((n) => n.seq), t.reply.kind === 'result' || t.reply.kind === 'error' ? (t.reply.seq ?? 0) : 0);
  return ctx.fail({ expected, actual: problems.join('; ') });
}

export const progressChecks: Check[] = [
  // PROG-003: "The `progress` value MUST increase with each notification, even if the total is unknown."
  {
    id: 'progress.increasing',
    title: 'The progress value of one token increases with each notification',
    spec: { url: `${SPEC}#progress-flow`, level: 'MUST' },
    side: 'server',
    revisions: RANGE.legacy,
    transports: 'any',
    faults: ['progress-not-increasing'],
    connection: 'shared',
    run: (ctx) =>
      judge(
        ctx,
        (t) => {
          const values = t.notes.map((n) => n.progress);
          for (let i = 1; i < values.length; i++) {
            const [a, b] = [values[i - 1], values[i]];
            if (typeof a !== 'number' || typeof b !== 'number' || !(b > a)) return `progress went ${ctx.brief(values, 120)}`;
          }
          return undefined;
        },
        'progress strictly increasing per token',
      ),
  },

  // The schema: `total` is the "total number of items to process (or total progress
  // required), if known"; progress beyond it contradicts it. Not a keyword rule: a warning.
  {
    id: 'progress.total-consistent',
    title: 'Progress does not exceed the total the same notification gives',
    spec: { url: `${SPEC}#progress-flow`, level: 'SHOULD' },
    side: 'server',
    revisions: RANGE.legacy,
    transports: 'any',
    faults: ['progress-over-total'],
    connection: 'shared',
    run: (ctx) =>
      judge(
        ctx,
        (t) => {
          const over = t.notes.find((n) => typeof n.total === 'number' && typeof n.progress === 'number' && n.progress > n.total);
          return over ? `progress ${String(over.progress)} with total ${String(over.total)}` : undefined;
        },
        'progress <= total whenever total is given',
      ),
  },

  // PROG-004: "Progress notifications MUST only reference tokens that: Were provided in an
  // active request; Are associated with an in-progress operation" - none after the response.
  {
    id: 'progress.none-after-response',
    title: 'No progress notification for a token arrives after the response to its request',
    spec: { url: `${SPEC}#behavior-requirements`, level: 'MUST' },
    side: 'server',
    revisions: RANGE.legacy,
    transports: 'any',
    faults: ['progress-after-response'],
    connection: 'shared',
    run: (ctx) =>
      judge(
        ctx,
        (t) => {
          const responseSeq = t.reply.kind === 'result' || t.reply.kind === 'error' ? t.reply.seq : undefined;
          if (responseSeq === undefined) return undefined;
          const late = t.notes.filter((n) => n.seq > responseSeq);
          return late.length > 0 ? `${late.length} notification(s) after the response, first progress ${ctx.brief(late[0]?.progress)}` : undefined;
        },
        'every progress notification before the final response of its request',
      ),
  },

  // PROG-004 observed passively: every progress notification names a token this run sent on
  // that connection. Judged on the connections where the progress checks sent tokens (the
  // shared session, the cancellation's): elsewhere (fuzzing) a token may come from any input.
  {
    id: 'progress.token-known',
    title: 'Progress notifications only name progress tokens the client sent on that connection',
    spec: { url: `${SPEC}#behavior-requirements`, level: 'MUST' },
    side: 'server',
    revisions: RANGE.legacy,
    transports: 'any',
    faults: ['progress-unknown-token'],
    connection: 'passive',
    async run(ctx) {
      const progress = ctx
        .observations()
        .filter((o) => o.kind === 'server-notification' && isNotification(o.message, 'notifications/progress') && sentTokensOn(o.conn));
      const bad = progress.filter((o) => {
        const token = (o.message as { params?: { progressToken?: unknown } }).params?.progressToken;
        return tokenConnection(token) !== o.conn;
      });
      if (bad.length === 0) return ctx.pass(`${progress.length} progress notification(s), all with a token sent on their connection`);
      ctx.cite(...bad.slice(0, 5).map((o) => o.seq));
      const first = (bad[0]?.message as { params?: { progressToken?: unknown } }).params?.progressToken;
      return ctx.fail({
        expected: 'progressToken of a request the client sent on the same connection',
        actual: `${bad.length} notification(s) with other tokens, first ${ctx.brief(first)}`,
      });
    },
  },
];
