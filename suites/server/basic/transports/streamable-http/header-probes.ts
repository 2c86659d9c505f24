// Probing the 2026-07-28 request metadata headers: requests built by the session (its _meta
// and mirrored headers), sent raw with one header changed, and the judgement of the answer
// against "400 Bad Request and a HeaderMismatch error" (#server-validation).
import { randomUUID } from 'node:crypto';
import type { CheckContext, Verdict } from '../../../../../harness/checks/check.js';
import type { HeaderOverrides, RawResponse } from '../../../../../harness/checks/http-access.js';
import type { JsonRpcId } from '../../../../../harness/jsonrpc/types.js';
import { allOf, expectHttpEach, httpExchange, notRpcError, rpcError, status, type HttpRule } from '../../../../../harness/verify/http.js';
import { postMessage, type Own } from './own-http-session.js';

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

/** The #server-validation refusal: HTTP 400 with a HeaderMismatch error. */
export const MISMATCH: HttpRule = allOf(status(400), rpcError('HeaderMismatch'));

const exchanges = (probed: Probed[]) => probed.map((p) => httpExchange(p.what, p.r, p.message.id));

/** Every probe must be refused with 400 and HeaderMismatch (probes nothing answered are not judged). */
export function expectMismatch(ctx: CheckContext, probed: Probed[]): Verdict {
  return expectHttpEach(ctx, exchanges(probed), MISMATCH);
}

/** Every probe must get past header validation (any answer but a HeaderMismatch refusal); `expected` says why. */
export function expectAccepted(ctx: CheckContext, probed: Probed[], expected: string): Verdict {
  return expectHttpEach(ctx, exchanges(probed), { ...notRpcError('HeaderMismatch'), expected });
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
