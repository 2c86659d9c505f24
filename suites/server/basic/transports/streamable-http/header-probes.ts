// Probing the 2026-07-28 request metadata headers: requests built by the session (its _meta
// and mirrored headers), sent raw with one header changed, and the judgement of the answer
// against "400 Bad Request and a HeaderMismatch (-32020) error" (#server-validation).
import { randomUUID } from 'node:crypto';
import type { CheckContext, Verdict } from '../../../../../harness/checks/check.js';
import type { HeaderOverrides, RawResponse } from '../../../../../harness/checks/http-access.js';
import type { JsonRpcId } from '../../../../../harness/jsonrpc/types.js';
import { postMessage, type Own } from './own-http-session.js';
import { errorCodeOf, said, unansweredHttp } from './raw-answers.js';
import { HEADER_MISMATCH } from './transport-spec.js';

export interface Probe {
  /** What was changed, for evidence ("no Mcp-Method header"). */
  what: string;
  message: Record<string, unknown> & { id: JsonRpcId; method: string };
  headers?: HeaderOverrides;
}

export interface Probed extends Probe {
  r: RawResponse;
}

export async function send(ctx: CheckContext, o: Own, probes: Probe[]): Promise<Probed[]> {
  const out: Probed[] = [];
  for (const p of probes) out.push({ ...p, r: await postMessage(ctx, o, p.message, p.headers) });
  return out;
}

/** Was the request refused the #server-validation way: HTTP 400 with error -32020? */
export const refusedAsMismatch = (p: Probed): boolean => p.r.status === 400 && errorCodeOf(p.r, p.message.id) === HEADER_MISMATCH;

/** Refused by header validation at all (-32020, whatever the status): the server did not accept the headers. */
export const headerRefused = (p: Probed): boolean => errorCodeOf(p.r, p.message.id) === HEADER_MISMATCH;

/** Probes that got no HTTP answer: no status and no code to judge (the harness's timeout handling). */
function unansweredProbes(ctx: CheckContext, probed: Probed[]): { answered: Probed[]; skip?: Verdict; note?: string } {
  const silent = probed.filter((p) => p.r.status === 0);
  const answered = probed.filter((p) => p.r.status !== 0);
  const what = silent.map((p) => p.what).join('; ');
  if (answered.length === 0) return { answered, skip: ctx.skip('no-answer', unansweredHttp(what, probed[0]!.r)) };
  return { answered, ...(silent.length > 0 ? { note: `no HTTP answer to: ${what}` } : {}) };
}

/** Every probe must be refused with 400 and -32020. */
export function expectMismatch(ctx: CheckContext, probed: Probed[]): Verdict {
  const { answered, skip, note } = unansweredProbes(ctx, probed);
  if (skip) return skip;
  const wrong = answered.filter((p) => !refusedAsMismatch(p));
  if (wrong.length === 0) return ctx.pass(note);
  return ctx.fail({
    expected: `HTTP 400 with a HeaderMismatch error (-32020) for ${answered.map((p) => p.what).join('; ')}`,
    actual: wrong.map((p) => `${p.what}: ${said(p.r)}`).join('; '),
  });
}

/** Every probe must get past header validation (any answer but a -32020 refusal). */
export function expectAccepted(ctx: CheckContext, probed: Probed[], expected: string): Verdict {
  const { answered, skip, note } = unansweredProbes(ctx, probed);
  if (skip) return skip;
  const wrong = answered.filter((p) => headerRefused(p));
  if (wrong.length === 0) return ctx.pass(note);
  return ctx.fail({ expected, actual: wrong.map((p) => `${p.what}: ${said(p.r)}`).join('; ') });
}

/** A name that cannot exist on the server, with `extra` in it (e.g. non-ASCII characters). */
export const unusedName = (extra = ''): string => `mcp-conformance-${extra}${randomUUID().slice(0, 8)}`;

/** A request that carries Mcp-Name, and the value it must carry: the body's params.name or params.uri. */
export interface Named {
  message: Probe['message'];
  name: string;
}

/**
 * A request that needs Mcp-Name and changes nothing, on a method the server implements:
 * tools/call of a tool, or prompts/get of a prompt, that does not exist, or resources/read of
 * a URI that does not. The name travels beside the message, never in it: the body is exactly
 * what a conforming client sends (a strict server refuses any member JSON-RPC does not define
 * before it looks at a header). A string says why there is none.
 */
export function namedRequest(ctx: CheckContext, o: Own, id: string, extra = ''): Named | string {
  const caps = ctx.facts.serverCapabilities;
  const name = unusedName(extra);
  const build = (method: string, params: Record<string, unknown>, value: string): Named => ({ message: o.session.build(method, params, { id }), name: value });
  if (caps.tools) return build('tools/call', { name, arguments: {} }, name);
  if (caps.prompts) return build('prompts/get', { name }, name);
  if (caps.resources) {
    const uri = `mcp-conformance://missing/${name}`;
    return build('resources/read', { uri }, uri);
  }
  return 'the server declares no tools, prompts or resources: no request of its carries Mcp-Name';
}

/** A header name in odd letter case (mCp-SeSsIoN-iD): recognisable only case-insensitively. */
export function oddCase(name: string): string {
  return [...name].map((c, i) => (i % 2 === 0 ? c.toLowerCase() : c.toUpperCase())).join('');
}

/** A string's UTF-8 bytes as a header value (undici sends each character as one byte). */
export const rawUtf8 = (value: string): string => Buffer.from(value, 'utf8').toString('latin1');
