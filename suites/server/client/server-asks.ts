// client features, the server side: what a server asks of a client, gathered for the checks that
// judge it. Legacy era: the requests it sends on a session declaring `declared` while the tools
// the user allows run. 2026-07-28: the input requests of its InputRequiredResults.
import type { CheckContext } from '../../../harness/checks/check.js';
import type { Session } from '../../../harness/sessions/session.js';
import { since } from '../../../harness/revisions.js';
import { isObject, type Json } from '../../../harness/rules/json.js';
import { ASK_ALL, survey } from '../../../harness/target/mrtr-plan.js';
import { callable, listedTools } from '../../../harness/target/tool-calls.js';

/** At most this many tool calls (sent together), each cut short after this long (a slow tool is not waited for). */
const MAX_CALLS = 10;
const CALL_PATIENCE_MS = 2000;

/** One request the server made of the client: a server request (legacy) or an input request (modern). */
export interface ServerAsk {
  method: string;
  params: Json;
  /** Wire log sequence number of the frame that carried it. */
  seq?: number;
  /** e.g. `server request` or `tool greet, input request "confirm"`. */
  where: string;
}

/** What the server asked of the client, and when it could have (for skip reasons: "came <tried>"). */
export interface Asked {
  asks: ServerAsk[];
  tried: string;
}

/**
 * Legacy: every sampling/elicitation/roots request the server sends on a fresh session that
 * declares `declared`, once initialized and while up to MAX_CALLS allowed tools run.
 */
export async function askedDuringCalls(ctx: CheckContext, declared: Json, idPrefix: string): Promise<Asked> {
  const session = await ctx.session({ clientCapabilities: declared });
  const mark = session.mark() - 1;
  const listed = await listedTools(ctx);
  const tools = Array.isArray(listed) ? [...listed, ...(await offeredOnlyHere(session, listed))] : [];
  const calls = callable(ctx, tools).ok.slice(0, MAX_CALLS);
  // All at once: a slow tool costs its patience once, not once per call after it.
  await Promise.all(
    calls.map(async (c) => {
      const id = `${idPrefix}-${c.name}`;
      const reply = await session.request('tools/call', { name: c.name, arguments: c.args }, { id, timeoutMs: Math.min(ctx.timeoutMs, CALL_PATIENCE_MS) });
      if (reply.kind === 'timeout') await session.notify('notifications/cancelled', { requestId: id, reason: 'no answer within the timeout' });
    }),
  );
  // Whatever the server asks as soon as it is initialized, or while a call runs, has come by now.
  await session.fence();
  const asks = session.since(mark).flatMap((m): ServerAsk[] => {
    const msg = m.message;
    if (!isObject(msg) || typeof msg.method !== 'string' || !('id' in msg)) return [];
    if (!['sampling/createMessage', 'elicitation/create', 'roots/list'].includes(msg.method)) return [];
    return [{ method: msg.method, params: isObject(msg.params) ? msg.params : {}, ...(m.seq !== undefined ? { seq: m.seq } : {}), where: 'server request' }];
  });
  const tried = `after initialized${calls.length > 0 ? ` nor during ${calls.length} tool call(s)` : ' (no tool the user allows to call)'}`;
  return { asks, tried };
}

/** A client declaring every client feature of the revision (from 2025-11-25 every sub-capability, so that a server willing to run a tool loop or a URL elicitation does). */
const FULL_CLIENT = { roots: { listChanged: true }, sampling: {}, elicitation: {} };
const FULL_CLIENT_MODES = { roots: { listChanged: true }, sampling: { tools: {}, context: {} }, elicitation: { form: {}, url: {} } };

/**
 * What the server asks a client that declared everything, once per revision, so that the checks
 * judging any sampling or elicitation request share one set of tool calls. Legacy: its server
 * requests; 2026-07-28: the input requests of the MRTR survey.
 */
export async function askedOfFullClient(ctx: CheckContext): Promise<Asked> {
  if (ctx.era === 'legacy') {
    const declared = ctx.in(since('2025-11-25')) ? FULL_CLIENT_MODES : FULL_CLIENT;
    return ctx.once('server-asks-full-client', () => askedDuringCalls(ctx, declared, 'full-client'));
  }
  const s = await survey(ctx);
  const asks = inputRequestAsks(s.asked.map((a) => ({ label: a.target.label, result: a.result, ...(a.seq !== undefined ? { seq: a.seq } : {}) })));
  return { asks, tried: `in the InputRequiredResults of ${s.tried} (${JSON.stringify(ASK_ALL)})` };
}

/**
 * Tools this session's first tools/list page holds that discovery (on a session declaring no
 * client capability) did not: a server may offer a sampling or elicitation tool only to a
 * client that declared it.
 */
async function offeredOnlyHere(session: Session, listed: Json[]): Promise<Json[]> {
  const reply = await session.request('tools/list', {});
  const page = reply.kind === 'result' && isObject(reply.result) && Array.isArray(reply.result.tools) ? reply.result.tools.filter(isObject) : [];
  const known = new Set(listed.map((t) => t.name));
  return page.filter((t) => typeof t.name === 'string' && !known.has(t.name) && known.add(t.name));
}

/** Modern: the input requests of InputRequiredResults, each labelled with the request that got it. */
export function inputRequestAsks(results: { label: string; result: Json; seq?: number }[]): ServerAsk[] {
  return results.flatMap(({ label, result, seq }) =>
    Object.entries(isObject(result.inputRequests) ? result.inputRequests : {}).flatMap(([key, r]): ServerAsk[] =>
      isObject(r) && typeof r.method === 'string' ? [{ method: r.method, params: isObject(r.params) ? r.params : {}, ...(seq !== undefined ? { seq } : {}), where: `${label}, input request "${key}"` }] : [],
    ),
  );
}
