// Which tool a utility check may call, and with what: cancellation and progress need a request
// the server takes time on, logging needs something that makes the server work. Only tools the
// user allowed (--call-tools) are considered. A slow tool (harness/tool-durations.ts) is set to
// the duration a check needs, so the check waits only as long as it needs.
import { randomUUID } from 'node:crypto';
import { argumentsFor } from '../arguments.js';
import type { CheckContext } from '../checks/check.js';
import type { SkipCode } from '../checks/skip.js';
import type { Conversation, Session } from '../sessions/session.js';
import { describePolicy, mayCallTool } from '../settings.js';
import { slowArgs } from '../tool-durations.js';

type Json = Record<string, unknown>;

export interface ToolPlan {
  name: string;
  args: Json;
  /** Set for a slow tool: how long the call should take, in ms. */
  durationMs?: number;
  /** One line for notes: what is called, with which duration. */
  describe: string;
}

/** Work a check interrupts lasts at least this many of the target's answers, up to a cap. */
const SLOW_WORK_ANSWERS = 4;
const SLOW_WORK_CAP_MS = 2000;

/**
 * The tool to call: an allowed slow tool set to about `wantMs` when there is one (`preferSlow`),
 * else any allowed tool with generated arguments (a non-slow one first when `preferSlow` is
 * false). A string is the reason there is none (the check skips with it). On a slow target the
 * work is asked to last at least a few of its answers, so that it is still going when the
 * check's next request (a cancellation, a progress look) reaches it.
 */
export async function planToolCall(ctx: CheckContext, askedMs: number, preferSlow = true): Promise<ToolPlan | string> {
  const plans = await planToolCalls(ctx, askedMs);
  if (typeof plans === 'string') return plans;
  const slowFirst = [...plans].sort((a, b) => Number(b.durationMs !== undefined) - Number(a.durationMs !== undefined));
  return (preferSlow ? slowFirst[0] : slowFirst.reverse()[0]) as ToolPlan;
}

/** A plan for every allowed tool with valid arguments (as planToolCall), in listing order; a string says why there is none. */
export async function planToolCalls(ctx: CheckContext, askedMs: number): Promise<ToolPlan[] | string> {
  const wantMs = Math.max(askedMs, Math.min(SLOW_WORK_CAP_MS, SLOW_WORK_ANSWERS * ctx.answerMs));
  const { tools } = await ctx.discovery();
  if (!tools) return 'not-declared: the server declares no tools';
  const allowed = tools.items.filter((t) => mayCallTool(ctx.settings.callTools, t));
  if (allowed.length === 0) return `no tool the user allowed (${describePolicy(ctx.settings.callTools)}) among ${tools.items.length} tool(s)`;
  const plans: ToolPlan[] = [];
  for (const tool of allowed) {
    const generated = argumentsFor(tool.inputSchema, ctx.rev.dialect);
    if (!generated.ok) continue;
    const name = String(tool.name);
    const slow = slowArgs(tool, generated.value, wantMs, ctx.revision);
    if (slow) plans.push({ name, args: slow.args, durationMs: slow.durationMs, describe: `${name} with ${slow.arg}=${String(slow.args[slow.arg])} (about ${slow.durationMs} ms)` });
    else plans.push({ name, args: generated.value, describe: `${name} (not known to be slow)` });
  }
  return plans.length > 0 ? plans : `no valid arguments could be built for any of the ${allowed.length} allowed tool(s)`;
}

/**
 * The skip of a check that found no tool to call, from the reason planToolCall(s) gave: the
 * server declares no tools, the user allowed none (--call-tools), or no valid arguments could
 * be built for any it allowed.
 */
export function noPlanSkip(reason: string): { code: SkipCode; detail: string } {
  const declared = /^not-declared: (.*)$/s.exec(reason);
  if (declared) return { code: 'not-declared', detail: declared[1] ?? reason };
  if (reason.startsWith('no tool the user allowed')) return { code: 'not-allowed', detail: reason };
  return { code: 'cannot-set-up', detail: reason };
}

/**
 * 2026-07-28 over HTTP a tools/call mirrors annotated arguments into Mcp-Param-* headers, which
 * the session can only do for tools it saw listed: list every page on `session` first.
 */
export async function learnTools(session: Session): Promise<void> {
  if (session.era !== 'modern' || session.transport === 'stdio' || session.server.capabilities.tools === undefined) return;
  let cursor: unknown;
  for (let page = 0; page < 20; page++) {
    const reply = await session.request('tools/list', cursor === undefined ? {} : { cursor });
    const next = reply.kind === 'result' ? (reply.result as { nextCursor?: unknown } | undefined)?.nextCursor : undefined;
    if (typeof next !== 'string' || next === cursor) return;
    cursor = next;
  }
}

/** Progress tokens this run sent, with the connection each went out on. */
const SENT_TOKENS = new Map<string, string>();
const TOKEN_CONNECTIONS = new Set<string>();

/** A fresh progress token for a request on `peer`; the passive progress check knows it. */
export function newProgressToken(peer: Conversation): string {
  const token = `mcp-conformance-progress-${randomUUID()}`;
  SENT_TOKENS.set(token, peer.conn);
  TOKEN_CONNECTIONS.add(peer.conn);
  return token;
}

/** The connection a token went out on, if this run sent it. */
export function tokenConnection(token: unknown): string | undefined {
  return typeof token === 'string' ? SENT_TOKENS.get(token) : undefined;
}

/** Did this run send any progress token on the connection? (Only there are all tokens known.) */
export function sentTokensOn(conn: string): boolean {
  return TOKEN_CONNECTIONS.has(conn);
}

export function isNotification(m: unknown, method: string): m is { method: string; params?: Json } {
  return typeof m === 'object' && m !== null && (m as Json).method === method && !('id' in m);
}

