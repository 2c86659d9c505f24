// 2026-07-28 list stability (TOOL-003, RES-003, and the same rule for prompts): the tools,
// resources and prompts lists "MUST NOT vary per-connection or as a side effect of other
// requests on the connection". One exercise per revision, shared by the three checks: on a
// fresh connection A, list everything, send other read-only requests (read a listed
// resource, get a listed prompt, call a tool that cannot exist), list again; then list on a
// fresh connection B. A list that changed on A but equally on B changed for everyone (it
// MAY change over time); A differing from B at the same moment is per-connection state.
//
// The three checks are one table (STABLE_LISTS) mapped to entries, each filed on its own page
// (server/tools, server/resources, server/prompts) and listed by that page's index.
import type { Check, CheckContext, Verdict } from '../../../harness/checks/check.js';
import { defineChecks } from '../../../harness/checks/define.js';
import { listAll, type ListOutcome } from '../../../harness/discovery.js';
import { describeReply } from '../../../harness/jsonrpc/types.js';
import { RANGE } from '../../../harness/revisions.js';
import type { Session } from '../../../harness/sessions/session.js';
import { ownJudgement } from '../../../harness/verify/index.js';

type ListKind = 'tools' | 'resources' | 'prompts';

interface StableList {
  capability: ListKind;
  method: string;
  /** What names an item of the list. */
  key: string;
  /** The spec page of the list, where its check is filed. */
  page: string;
  digest: string[];
  faults: string[];
}

/** The lists that must not vary by connection, each with what its check claims. */
const LISTS: Record<ListKind, StableList> = {
  tools: { capability: 'tools', method: 'tools/list', key: 'name', page: 'server/tools', digest: ['TOOL-003'], faults: ['modern-tools-list-side-effect'] },
  resources: { capability: 'resources', method: 'resources/list', key: 'uri', page: 'server/resources', digest: ['RES-003'], faults: ['modern-resources-list-side-effect'] },
  // PROMPT-002 bundles the list's shape (every revision; the inbound schema validation judges
  // it) with this 2026-07-28 stability clause, which has no id of its own: this check judges
  // only the clause, at the one revision that has it.
  prompts: { capability: 'prompts', method: 'prompts/list', key: 'name', page: 'server/prompts', digest: ['PROMPT-002'], faults: ['modern-prompts-list-side-effect'] },
};

type Lists = Partial<Record<ListKind, ListOutcome>>;

interface Exercise {
  /** On connection A before and after the other requests, and on a fresh connection B. */
  before: Lists;
  after: Lists;
  fresh: Lists;
  /** The other requests sent on A, in words. */
  did: string[];
  /** Why the exercise could not be run. */
  problem?: string;
}

/** The exercise of this revision (run once, by the first check that asks). */
function exercise(ctx: CheckContext): Promise<Exercise> {
  return ctx.once('list-stability', () =>
    run(ctx).catch((e: unknown) => ({ before: {}, after: {}, fresh: {}, did: [], problem: e instanceof Error ? e.message : String(e) })),
  );
}

const declared = (ctx: CheckContext): ListKind[] => (Object.keys(LISTS) as ListKind[]).filter((k) => ctx.facts.serverCapabilities[LISTS[k].capability] !== undefined);

async function listEverything(session: Session, kinds: ListKind[]): Promise<Lists> {
  const out: Lists = {};
  // One list after the other: a side effect shows on the connection that carried the requests.
  for (const k of kinds) out[k] = await listAll(session, LISTS[k].method, k);
  return out;
}

/** A fresh connection of its own (the need 'fresh-session': opened anew, never lent from the pool). */
const freshSession = (ctx: CheckContext): Promise<Session> => ctx.session({ startupTimeoutMs: ctx.timeoutMs * 2 });

async function run(ctx: CheckContext): Promise<Exercise> {
  const kinds = declared(ctx);
  const a = await freshSession(ctx);
  const before = await listEverything(a, kinds);
  const did: string[] = [];
  const uri = before.resources?.items.map((r) => r.uri).find((u): u is string => typeof u === 'string');
  if (uri !== undefined) did.push(`resources/read ${uri}: ${describeReply(await a.request('resources/read', { uri }))}`);
  const prompt = before.prompts?.items.find((p) => typeof p.name === 'string');
  if (prompt) {
    const args = (Array.isArray(prompt.arguments) ? (prompt.arguments as Record<string, unknown>[]) : []).filter((x) => x.required === true && typeof x.name === 'string');
    const reply = await a.request('prompts/get', { name: prompt.name, arguments: Object.fromEntries(args.map((x) => [x.name as string, 'conformance'])) });
    did.push(`prompts/get ${String(prompt.name)}: ${describeReply(reply)}`);
  }
  // A tool that cannot exist: nothing runs, yet the server saw a tools/call on the connection.
  if (kinds.includes('tools')) did.push(`tools/call of a tool that does not exist: ${describeReply(await a.request('tools/call', { name: 'mcp_conformance_no_such_tool', arguments: {} }))}`);
  const after = await listEverything(a, kinds);
  const fresh = await listEverything(await freshSession(ctx), kinds);
  return { before, after, fresh, did };
}

const keysOf = (outcome: ListOutcome | undefined, key: string): string[] => (outcome?.items ?? []).map((i) => JSON.stringify(i[key]));

function difference(a: string[], b: string[]): { extra: string[]; missing: string[] } {
  const sa = new Set(a);
  const sb = new Set(b);
  return { extra: [...sa].filter((x) => !sb.has(x)), missing: [...sb].filter((x) => !sa.has(x)) };
}

const shown = (xs: string[]): string => xs.slice(0, 4).join(', ') + (xs.length > 4 ? ` (+${xs.length - 4} more)` : '');

async function judge(ctx: CheckContext, kind: ListKind): Promise<Verdict> {
  const { key } = LISTS[kind];
  const x = await exercise(ctx);
  if (x.problem) return ctx.skip('cannot-set-up', `the exercise could not run: ${x.problem}`);
  const outcomes = [x.before[kind], x.after[kind], x.fresh[kind]];
  for (const o of outcomes) for (const p of o?.pages ?? []) if (p.seq) ctx.cite(p.seq);
  const broken = outcomes.find((o) => o === undefined || o.problem !== undefined);
  if (broken) return ctx.skip('cannot-set-up', `${LISTS[kind].method} could not be walked to its end: ${broken?.problem ?? 'not listed'}`);
  const before = keysOf(x.before[kind], key);
  const after = keysOf(x.after[kind], key);
  const fresh = keysOf(x.fresh[kind], key);
  const d = difference(after, fresh);
  const what = x.did.length > 0 ? x.did.join('; ') : 'no other request (nothing listed to read or get)';
  const same = (a: string[], b: string[]) => {
    const diff = difference(a, b);
    return diff.extra.length === 0 && diff.missing.length === 0;
  };
  // The list "MAY change over time": a difference is the connection's own only where the fresh
  // connection, listed last, still sees what A saw before its other requests.
  if ((d.extra.length > 0 || d.missing.length > 0) && !same(before, fresh)) {
    return ctx.pass(`the list changed over time (a fresh connection's differs from both of A's walks), which it may: nothing shows a per-connection difference`);
  }
  if (d.extra.length > 0 || d.missing.length > 0) {
    const parts = [d.extra.length ? `only there: ${shown(d.extra)}` : '', d.missing.length ? `missing there: ${shown(d.missing)}` : ''].filter(Boolean).join('; ');
    // No verifier compares the walks of one list on two connections, before and after other
    // requests: this check's own judgement.
    return ownJudgement(
      ctx,
      {
        broken: {
          expected: `${LISTS[kind].method} gives the same set on every connection, whatever else the connection carried`,
          actual: `on a connection that also carried ${what}, the list differs from a fresh connection's at the same time (${parts})`,
        },
      },
      'a comparison of the same list on two connections, before and after other requests',
    );
  }
  const changed = difference(before, after);
  const note = changed.extra.length || changed.missing.length ? '; the list changed meanwhile on both connections alike (allowed: it may change over time)' : '';
  return ctx.pass(`${after.length} item(s), the same on a connection that carried ${what} and on a fresh one${note}`);
}

/** The check of each list (metadata from the table; the exercise is shared), for its page's index. */
export const listStabilityChecks = Object.fromEntries(
  (Object.entries(LISTS) as [ListKind, StableList][]).map(([kind, list]) => [
    kind,
    defineChecks({ page: list.page, revisions: RANGE.modern, needs: ['fresh-session'], requires: [list.capability] }, [
      // server/<list>#capabilities (2026-07-28): "... but MUST NOT vary per-connection or as a
      // side effect of other requests on the connection."
      {
        id: `${kind}.list-stable`,
        title: `${list.method} does not vary by connection or by earlier requests on it`,
        spec: { url: '#capabilities', level: 'MUST' },
        requirement: `Servers that declare the \`${kind}\` capability MUST respond to \`${list.method}\` requests with the set of ${kind} currently available to the requesting client. This set MAY be empty and MAY change over time (see List Changed Notification), but MUST NOT vary per-connection or as a side effect of other requests on the connection.`,
        fix: `Compute the ${kind} list from the request (and its authorization) alone, never from connection or session state`,
        digest: list.digest,
        faults: list.faults,
        run: (ctx) => judge(ctx, kind),
      },
    ]),
  ]),
) as Record<ListKind, Check[]>;
