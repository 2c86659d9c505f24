// What the client authorization checks share: the spec pages of each revision (one page up to 2025-11-25,
// four from 2026-07-28), the precondition of every auth check (the client reacted to the 401),
// and small readers of the flow.
import type { SpecRef, Level, Verdict } from '../../../../harness/checks/check.js';
import type { ClientCheckContext } from '../../../../harness/client/context.js';
import { NOT_AUTHORIZING, authView, type AuthView, type Exchange } from '../../../../harness/client/auth/view.js';
import { ownJudgement } from '../../../../harness/verify/index.js';

const PAGE = 'basic/authorization';
/** 2026-07-28 splits the page: the flow stays, discovery, registration and security move out. */
export const MODERN_PAGE = {
  flow: PAGE,
  discovery: `${PAGE}/authorization-server-discovery`,
  registration: `${PAGE}/client-registration`,
  security: `${PAGE}/security-considerations`,
} as const;

/** The rule's place per revision: [anchor on the one page, 2026-07-28 page#anchor]. */
export function authSpec(level: Level, anchor: string, modern?: string): SpecRef[] {
  return [{ url: `${PAGE}#${anchor}`, level }, ...(modern ? [{ url: modern, level, from: '2026-07-28' }] : [])];
}

/**
 * Why no verifier fits an auth check judged by ownJudgement: its rule is an order of HTTP
 * requests across the MCP server and the authorization server (what came first, what followed
 * a refusal or a challenge), not one answer or a set of like items.
 */
export const WHY_ORDER = 'an order of HTTP requests across the MCP server and the authorization server (what came first, what followed a refusal or a challenge)';

/** The verdict of a rule about an order of requests (WHY_ORDER): broken as stated, or a pass. */
export function orderVerdict(ctx: ClientCheckContext, broken?: { expected: string; actual: string }, note?: string): Verdict {
  return ownJudgement(ctx, { ...(broken ? { broken } : {}), ...(note ? { note } : {}) }, WHY_ORDER);
}

/** Runs `judge` on the flow when the client took part in authorization; skips otherwise. */
export function judgeFlow(ctx: ClientCheckContext, judge: (v: AuthView) => Verdict): Verdict {
  const v = authView(ctx.recording);
  if (!v) return ctx.skip('not-applicable', 'the scenario has no scripted authorization server');
  // Authorization is OPTIONAL (AUTH-001): a client that does not authorize is not judged.
  if (!v.reacted) return ctx.skip('not-applicable', NOT_AUTHORIZING);
  return judge(v);
}

/** The parameters of a `WWW-Authenticate: Bearer ...` challenge the scripted server sent. */
export function challengeParams(e: Exchange | undefined): Record<string, string> {
  const header = e?.answer?.headers['WWW-Authenticate'] ?? '';
  const out: Record<string, string> = {};
  for (const m of header.matchAll(/([a-z_]+)="((?:[^"\\]|\\.)*)"/g)) out[m[1] as string] = (m[2] as string).replace(/\\(.)/g, '$1');
  return out;
}

export const scopesOf = (value: string | null | undefined): string[] => (value ?? '').split(' ').filter(Boolean);

export const sameSet = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x) => b.includes(x));

export const describeScope = (scopes: readonly string[]): string => (scopes.length ? `scope "${scopes.join(' ')}"` : 'no scope');

/** How a request looks in evidence: `GET http://…/path`. */
export const line = (e: Exchange): string => `${e.method} ${e.href}`;
