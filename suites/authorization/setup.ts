// What the authorization-server checks stand on, found once per run: the revision's metadata,
// the tool's client, and the code flow with the correct verifier. Each returns the skip that ends
// a check when it cannot be had, so a check reads: set up, or return the skip; then judge.
import type { AsContext } from '../../harness/authorization/context.js';
import { noCode, type AsClient, type AuthorizationOutcome } from '../../harness/authorization/flow.js';
import type { Verdict } from '../../harness/checks/check.js';
import { isObject, type Json } from '../../harness/rules/json.js';
import type { HttpAnswer } from '../../harness/verify/index.js';

export const AUTH = 'basic/authorization';
const NO_META = "no authorization server metadata was found at this revision's discovery locations, so there is nothing to exercise";

/** The metadata with the client the tool registered or was given. */
export interface Ready {
  meta: Json;
  client: AsClient;
}

export const isVerdict = (r: unknown): r is Verdict => isObject(r) && typeof r.status === 'string' && ['pass', 'fail', 'warn', 'skip', 'error'].includes(r.status) && !('meta' in r) && !('ready' in r) && !('doc' in r);

/** The metadata document found at the revision's discovery locations (where, and which kind), or a skip. */
export async function discovered(ctx: AsContext): Promise<{ url: string; doc: Json; kind: string } | Verdict> {
  const d = await ctx.use(ctx.as.discover(ctx.revision));
  return d.found ?? ctx.skip('cannot-set-up', NO_META);
}

/** The revision's metadata, or a skip. */
export async function metadata(ctx: AsContext): Promise<Json | Verdict> {
  const found = await discovered(ctx);
  return isVerdict(found) ? found : found.doc;
}

/** The metadata and the tool's client, or a skip. */
export async function ready(ctx: AsContext): Promise<Ready | Verdict> {
  const meta = await metadata(ctx);
  if (isVerdict(meta)) return meta;
  if (typeof meta.authorization_endpoint !== 'string' || typeof meta.token_endpoint !== 'string') return ctx.skip('cannot-set-up', 'the metadata names no authorization_endpoint and token_endpoint to exercise');
  const c = await ctx.use(ctx.as.client(meta));
  if ('failed' in c) return ctx.skip('cannot-set-up', c.failed);
  return { meta, client: c };
}

/** The code flow with the correct verifier: its authorization response and, with a code, the token answer. */
interface Flow {
  ready: Ready;
  auth: AuthorizationOutcome;
  token?: HttpAnswer;
}

/**
 * The code flow, made once per run, as far as a check needs it: the authorization response's
 * parameters, or the token answer; or the skip (no code without a login, no metadata, no client).
 */
export async function codeFlow(ctx: AsContext, needs: 'token'): Promise<(Flow & { token: HttpAnswer }) | Verdict>;
export async function codeFlow(ctx: AsContext, needs: 'response'): Promise<(Flow & { params: URLSearchParams }) | Verdict>;
export async function codeFlow(ctx: AsContext, needs: 'token' | 'response'): Promise<(Flow & { params?: URLSearchParams }) | Verdict> {
  const r = await ready(ctx);
  if (isVerdict(r)) return r;
  const x = await ctx.use(
    ctx.as.once('exchange', async (log) => {
      const auth = await ctx.as.code(r.meta, r.client, {}, log);
      if (!auth.code) return { auth };
      const token = await ctx.as.token(r.meta, r.client, { grant_type: 'authorization_code', code: auth.code, redirect_uri: r.client.redirectUri, code_verifier: auth.verifier }, log);
      return { auth, token };
    }),
  );
  if (needs === 'token') return x.token ? { ready: r, ...x, token: x.token } : ctx.skip('cannot-set-up', noCode(x.auth, r.client));
  return x.auth.params ? { ready: r, ...x, params: x.auth.params } : ctx.skip('cannot-set-up', noCode(x.auth, r.client));
}
