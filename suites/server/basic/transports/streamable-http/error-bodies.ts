// HTTP error answers are MCP messages too. An answer with a 4xx/5xx status and a JSON-RPC body
// must be a valid message of the revision, and, when it refuses a request the server could
// read, carry that request's id (basic#responses, basic#error-responses). The errors the
// Streamable HTTP checks provoke are provoked again here, and their bodies judged (their statuses
// and codes are the other checks' business). Raw answers never reach the peer, so nothing else
// judges them. The body itself is not demanded: on most of these refusals a JSON-RPC body is
// the server's choice ("The HTTP response body MAY comprise a JSON-RPC error response"), so a
// refusal without one is not judged; one that has it is a response, held to its sentence.
import type { CheckContext } from '../../../../../harness/checks/check.js';
import { defineChecks } from '../../../../../harness/checks/define.js';
import type { HeaderOverrides, RawResponse } from '../../../../../harness/checks/http-access.js';
import { validateInbound } from '../../../../../harness/jsonrpc/inbound-validation.js';
import type { JsonRpcId } from '../../../../../harness/jsonrpc/types.js';
import { NEWEST_LEGACY } from '../../../../../harness/revisions.js';
import { isObject } from '../../../../../harness/rules/json.js';
import { loadRevisionSchema } from '../../../../../harness/schema.js';
import { expectNone, type Violation } from '../../../../../harness/verify/index.js';
import { FOREIGN_ORIGIN, STREAMABLE } from './transport-spec.js';
import { fenceMessage, open, postMessage, type Own } from './own-http-session.js';

interface BodyProbe {
  what: string;
  /** 'request': the refusal is about a request the server read: same id. 'none': no id is owed. */
  id: 'request' | 'none';
  /** The message and header changes, or undefined where the probe does not apply. */
  make(ctx: CheckContext, o: Own): { message: Record<string, unknown>; headers?: HeaderOverrides } | undefined;
}

const legacy = (ctx: CheckContext) => ctx.era === 'legacy';
const modern = (ctx: CheckContext) => ctx.era === 'modern';

/** The refusals the HTTP checks provoke, as data. */
const PROBES: BodyProbe[] = [
  { what: 'a request with a session id never issued', id: 'request', make: (ctx, o) => (legacy(ctx) && o.t.sessionId !== undefined ? { message: fenceMessage(o.session, 'body-unknown-session'), headers: { 'Mcp-Session-Id': 'mcp-conformance-never-issued' } } : undefined) },
  { what: 'a request without the session id', id: 'request', make: (ctx, o) => (legacy(ctx) && o.t.sessionId !== undefined ? { message: fenceMessage(o.session, 'body-no-session'), headers: { 'Mcp-Session-Id': null } } : undefined) },
  { what: 'MCP-Protocol-Version: 1999-01-01', id: 'request', make: (ctx, o) => (legacy(ctx) && ctx.rev.protocolVersionHeader ? { message: fenceMessage(o.session, 'body-bad-version'), headers: { 'MCP-Protocol-Version': '1999-01-01' } } : undefined) },
  { what: `MCP-Protocol-Version: ${NEWEST_LEGACY} unlike _meta`, id: 'request', make: (ctx, o) => (modern(ctx) ? { message: fenceMessage(o.session, 'body-version-mismatch'), headers: { 'MCP-Protocol-Version': NEWEST_LEGACY } } : undefined) },
  { what: 'no Mcp-Method header', id: 'request', make: (ctx, o) => (modern(ctx) ? { message: fenceMessage(o.session, 'body-no-method'), headers: { 'Mcp-Method': null } } : undefined) },
  { what: 'protocol version 2099-12-31', id: 'request', make: (ctx, o) => (modern(ctx) ? { message: o.session.build(ctx.rev.fence, {}, { id: 'body-unsupported-version', meta: { protocolVersion: '2099-12-31' } }) } : undefined) },
  { what: 'an unknown method', id: 'request', make: (ctx, o) => (modern(ctx) ? { message: o.session.build('mcp-conformance/unknown-method', {}, { id: 'body-unknown-method' }) } : undefined) },
  // "The HTTP response body MAY comprise a JSON-RPC error response that has no id."
  { what: `Origin: ${FOREIGN_ORIGIN}`, id: 'none', make: (_ctx, o) => ({ message: fenceMessage(o.session, 'body-origin'), headers: { Origin: FOREIGN_ORIGIN } }) },
];

/**
 * Is this body meant as JSON-RPC: a `jsonrpc` member, or an error object with a numeric code?
 * An HTTP error may carry any body (plain text, HTML, an OAuth or framework error such as
 * {"error": "server_error"}): only a JSON-RPC one is a message whose shape MCP governs.
 */
export function jsonRpcBody(body: unknown): body is Record<string, unknown> {
  if (!isObject(body)) return false;
  return 'jsonrpc' in body || (isObject(body.error) && typeof body.error.code === 'number');
}

/** What is wrong with an error answer's body; undefined when there is no JSON-RPC body to judge. */
export function problemsOf(schema: Awaited<ReturnType<typeof loadRevisionSchema>>, r: RawResponse, id: JsonRpcId | undefined, rule: BodyProbe['id']): string[] | undefined {
  if (r.status < 400 || !jsonRpcBody(r.json)) return undefined;
  const m = r.json;
  const problems: string[] = [];
  if (rule === 'request' && m.id !== id) problems.push(`id ${m.id === undefined ? '(absent)' : JSON.stringify(m.id)} instead of the request's ${JSON.stringify(id)}`);
  if (rule === 'none' && m.id !== undefined && m.id !== null && m.id !== id) problems.push(`id ${JSON.stringify(m.id)}, which names no request`);
  problems.push(...validateInbound(schema, m, undefined));
  return problems;
}

export const errorBodiesChecks = defineChecks({ page: 'basic/transports/streamable-http', revisions: STREAMABLE, transports: ['streamable-http'], needs: ['own-session', 'raw-http'] }, [
  // The sentence is a MUST at every revision of the transport: basic#responses (2025-03-26,
  // 2025-06-18) "Responses MUST include the same ID as the request they correspond to";
  // basic#error-responses (2025-11-25, 2026-07-28) "Error responses MUST include the same ID as
  // the request they correspond to (except in error cases where the ID could not be read due a
  // malformed request)". Every probe here is a well-formed request whose id the server can read,
  // so a JSON-RPC error body without it breaks the MUST, wherever in the server the refusal is
  // made. The transport's own exceptions are not requests: "a JSON-RPC error response that has no
  // id" MAY answer a refused notification or response, and (2025-11-25 on) a refusal of an
  // invalid Origin; the Origin probe is judged so ('none'), at every revision.
  {
    id: 'http.error-bodies-valid',
    title: "JSON-RPC bodies of HTTP error answers are valid messages carrying the refused request's id",
    spec: [
      { url: 'basic#responses', level: 'MUST' },
      { from: '2025-11-25', url: 'basic#error-responses', level: 'MUST' },
    ],
    requirement: 'Error responses MUST include the same ID as the request they correspond to (except in error cases where the ID could not be read due a malformed request).',
    fix: "Answer a refused request with {jsonrpc: '2.0', id: <the request's id>, error: {code, message}} (no id only where the body could not be read).",
    digest: ['BASE-005', 'BASE-008'],
    faults: ['http-error-id-null'],
    async run(ctx) {
      const schema = await loadRevisionSchema(ctx.revision);
      const o = await open(ctx);
      const judged: string[] = [];
      const wrong: Violation[] = [];
      for (const probe of PROBES) {
        const made = probe.make(ctx, o);
        if (!made) continue;
        const r = await postMessage(ctx, o, made.message, made.headers);
        const problems = problemsOf(schema, r, made.message.id as JsonRpcId | undefined, probe.id);
        if (problems === undefined) continue;
        judged.push(probe.what);
        if (problems.length > 0) wrong.push({ text: `${probe.what} (HTTP ${r.status}): ${problems.join('; ')}` });
      }
      return expectNone(ctx, wrong, {
        expected: "each JSON-RPC error body valid under the revision's schema, with the refused request's id",
        judged: judged.length,
        note: `judged: ${judged.join('; ')}`,
        nothing: { code: 'nothing-observed', detail: 'no refusal the checks provoke came with a JSON-RPC body: nothing to judge' },
      });
    },
  },
]);
