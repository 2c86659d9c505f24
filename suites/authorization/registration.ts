// How a client gets an identity: Dynamic Client Registration (RFC 7591) and its redirect URI
// rules, and client ID metadata documents (a URL-form client_id the AS fetches and validates).
import { defineAsChecks, type AsCheck } from '../../harness/authorization/check.js';
import type { AsContext } from '../../harness/authorization/context.js';
import { noCode, type AsClient } from '../../harness/authorization/flow.js';
import type { Verdict } from '../../harness/checks/check.js';
import { isObject } from '../../harness/rules/json.js';
import { allOf, expectHttp, httpExchange, ownJudgement, status } from '../../harness/verify/index.js';
import { AUTH, isVerdict, metadata } from './setup.js';

export const registrationChecks: AsCheck[] = defineAsChecks(AUTH, [
  {
    id: 'as-registration.dynamic',
    title: 'A valid Dynamic Client Registration is answered 201 Created with a client_id',
    spec: [
      { url: '#dynamic-client-registration', level: 'SHOULD' },
      { url: '#dynamic-client-registration', level: 'MAY', from: '2025-11-25' },
    ],
    requirement: 'The server responds with an HTTP 201 Created status code and a body of type "application/json" with content as described in Section 3.2.1 (RFC 7591 §3.2.1; the MCP page: SHOULD support DCR, MAY from 2025-11-25).',
    revisions: '2025-03-26..2026-07-28',
    digest: ['AUTH-023'],
    faults: ['as-dcr-200'],
    run: async (ctx) => {
      const meta = await metadata(ctx);
      if (isVerdict(meta)) return meta;
      if (typeof meta.registration_endpoint !== 'string') return ctx.skip('not-offered', 'the metadata advertises no registration_endpoint');
      const a = await ctx.use(ctx.as.register(meta.registration_endpoint));
      return expectHttp(ctx, httpExchange('a valid registration (redirect_uris [loopback callback], token_endpoint_auth_method none)', a), allOf(status(201), { expected: 'a client_id', keeps: (x) => isObject(x.json) && typeof x.json.client_id === 'string' }));
    },
  },
  {
    id: 'as-registration.redirect-uri-rules',
    title: 'A registration with an http redirect URI at a non-loopback host is refused',
    spec: { url: '#communication-security', level: 'MUST' },
    requirement: 'All redirect URIs MUST be either localhost or use HTTPS.',
    revisions: '2025-03-26..2026-07-28',
    digest: ['AUTH-017', 'AUTH-066'],
    faults: ['as-dcr-http-redirect'],
    run: async (ctx) => {
      const meta = await metadata(ctx);
      if (isVerdict(meta)) return meta;
      const endpoint = meta.registration_endpoint;
      if (typeof endpoint !== 'string') return ctx.skip('not-offered', 'the metadata advertises no registration_endpoint');
      const a = await ctx.use(ctx.as.once('register-http', (log) => ctx.as.fetch(endpoint, { json: { client_name: 'mcp-conformance', redirect_uris: ['http://mcp-conformance.example.com/callback'], token_endpoint_auth_method: 'none' } }, log)));
      return expectHttp(ctx, httpExchange('a registration with redirect_uris ["http://mcp-conformance.example.com/callback"]', a), status('4xx'), { doubt: 'the sentence binds redirect URIs, and an AS that registers one breaks it only through the client: warned, not failed' });
    },
  },
  {
    id: 'as-cimd.document-fetched',
    title: 'A URL-form client_id is resolved by fetching its metadata document',
    spec: { url: '#client-id-metadata-documents', level: 'MUST' },
    requirement: 'Authorization servers supporting client ID metadata documents MUST fetch the document from the client_id URL and validate it.',
    revisions: '2025-11-25..2026-07-28',
    digest: ['AUTH-024'],
    faults: ['as-cimd-no-fetch'],
    run: async (ctx) => cimd(ctx, 'good'),
  },
  {
    id: 'as-cimd.client-id-mismatch-refused',
    title: 'A client ID metadata document whose client_id differs from its URL is refused',
    spec: { url: '#client-id-metadata-documents', level: 'MUST' },
    requirement: 'The authorization server MUST validate that the client_id in the document matches the URL of the document exactly.',
    revisions: '2025-11-25..2026-07-28',
    digest: ['AUTH-024'],
    faults: ['as-cimd-mismatch-accepted'],
    run: async (ctx) => cimd(ctx, 'mismatch'),
  },
]);

/** The CIMD checks: a hosted document, good or with a client_id that is not its URL, and what the AS did with it. */
async function cimd(ctx: AsContext, kind: 'good' | 'mismatch'): Promise<Verdict> {
  const meta = await metadata(ctx);
  if (isVerdict(meta)) return meta;
  if (meta.client_id_metadata_document_supported !== true) return ctx.skip('not-offered', 'the metadata does not advertise client_id_metadata_document_supported: true');
  if (typeof meta.authorization_endpoint !== 'string') return ctx.skip('cannot-set-up', 'the metadata names no authorization_endpoint');
  const lb = ctx.as.loopback;
  const callback = `${lb.origin}/callback`;
  const url = lb.host(`/clients/cimd-${kind}.json`, (u) => ({ client_id: kind === 'good' ? u : `${lb.origin}/clients/someone-else.json`, client_name: 'mcp-conformance', redirect_uris: [callback], token_endpoint_auth_method: 'none' }));
  const client: AsClient = { clientId: url, redirectUri: callback, how: 'a client ID metadata document hosted on loopback' };
  const out = await ctx.use(ctx.as.once(`cimd-${kind}`, (log) => ctx.as.code(meta, client, {}, log)));
  const fetched = lb.fetched(url);
  if (kind === 'good') {
    if (!fetched && !out.code) return ctx.skip('cannot-set-up', `the AS did not fetch ${url} and issued no code (an AS may refuse http or loopback client_id URLs, and a CIMD client_id is an https URL the tool cannot host): ${noCode(out, client)}`);
    return ownJudgement(ctx, fetched ? { note: `fetched ${url}${out.code ? ' and issued a code' : ''}` } : { broken: { expected: `the AS fetches ${url} before accepting it as a client_id`, actual: `a code was issued and the document was never fetched` } }, 'the fetch is seen on the tool\'s own listener');
  }
  if (!fetched) return ctx.skip('cannot-set-up', `the AS never fetched ${url}: whether it compares the document's client_id cannot be seen`);
  return ownJudgement(ctx, out.code ? { broken: { expected: 'the authorization request refused (the document\'s client_id is not its URL)', actual: `a code was issued: ${out.answer.headers?.location ?? ''}` } } : { note: 'refused after fetching the document' }, 'the outcome is a redirect or a page, judged with the listener\'s view');
}
