// 2026-07-28 request metadata headers: Mcp-Method on every request, Mcp-Name on tools/call,
// resources/read and prompts/get, the base64 sentinel for unsafe values, Mcp-Param-{Name} for
// x-mcp-header parameters, tools with invalid annotations dropped, and a fresh tools/list after
// a HeaderMismatch. Spec: basic/transports/streamable-http#request-metadata.
import { defineClientChecks } from '../../../../../harness/checks/define.js';
import type { ClientCheckContext } from '../../../../../harness/client/context.js';
import { RANGE } from '../../../../../harness/revisions.js';
import { HTTP_STREAMABLE } from '../../../scenarios/http-streamable.js';
import { annotationsOf, carries, decodeHeader, headerForm, mayBePlain, mustEncode, sentinelOf, toolsSeenBefore, valueAt, type Annotation } from './header-values.js';
import { header, paramsOf, posts, requestOf, type Json, type Post } from '../../../support/http.js';
import { ErrorCode } from '../../../../../harness/rules/error-codes.js';
import { expectNone, ownJudgement, type Violation } from '../../../../../harness/verify/index.js';

const PAGE = 'basic/transports/streamable-http';
const NAMED: Record<string, 'name' | 'uri'> = { 'tools/call': 'name', 'resources/read': 'uri', 'prompts/get': 'name' };

/** Every POST of a request, with the request. */
const requestPosts = (ctx: ClientCheckContext): (Post & { request: Json })[] =>
  posts(ctx.recording).flatMap((p) => {
    const request = requestOf(p);
    return request ? [{ ...p, request }] : [];
  });

/** The x-mcp-header parameters of each tools/call, as the client had seen the tool (valid annotations only). */
function mirroredCalls(ctx: ClientCheckContext): { post: Post; tool: string; args: unknown; annotations: Annotation[] }[] {
  return requestPosts(ctx).flatMap((p) => {
    if (p.request.method !== 'tools/call') return [];
    const params = paramsOf(p.request);
    const tool = typeof params.name === 'string' ? toolsSeenBefore(ctx.recording, p.record.seq).get(params.name) : undefined;
    const found = tool ? annotationsOf(tool.inputSchema) : undefined;
    return found?.ok && found.annotations.length > 0 ? [{ post: p, tool: String(params.name), args: params.arguments, annotations: found.annotations }] : [];
  });
}

export const httpRequestMetadataChecks = defineClientChecks({ page: 'basic/transports/streamable-http', transports: ['streamable-http'] }, [
  // SHTTP-120: Mcp-Method, source field `method`, "Required For: All requests"; "These headers are REQUIRED for compliance."
  {
    id: 'http.mcp-method-header',
    title: '2026-07-28: every request POST carries Mcp-Method equal to its method',
    spec: { url: `${PAGE}#standard-request-headers`, level: 'MUST' },
    requirement: 'The client MUST include the request metadata headers on each POST request. (Mcp-Method: method, required for all requests.)',
    digest: ['SHTTP-120'],
    scenario: HTTP_STREAMABLE,
    revisions: RANGE.modern,
    faults: ['http-mcp-method-missing'],
    async run(ctx) {
      const all = requestPosts(ctx);
      const violations: Violation[] = [];
      for (const p of all) {
        const value = header(p.record, 'mcp-method');
        if (value === p.request.method) continue;
        violations.push({ text: value === undefined ? `POST ${String(p.request.method)} without Mcp-Method` : `Mcp-Method: ${value} on ${String(p.request.method)}`, seq: p.record.seq });
      }
      return expectNone(ctx, violations, {
        expected: 'Mcp-Method equal to the method on every request POST',
        judged: all.length,
        note: `${all.length} requests`,
        nothing: { code: 'nothing-observed', detail: 'the client sent no request' },
      });
    },
  },

  // SHTTP-120: Mcp-Name, source `params.name` or `params.uri`, "Required For: tools/call,
  // resources/read, prompts/get requests". (Values that need the sentinel: http.header-value-encoding.)
  {
    id: 'http.mcp-name-header',
    title: '2026-07-28: tools/call, resources/read and prompts/get carry Mcp-Name (params.name or params.uri)',
    spec: { url: `${PAGE}#standard-request-headers`, level: 'MUST' },
    requirement: 'These headers are REQUIRED for compliance. (Mcp-Name: params.name or params.uri, for tools/call, resources/read, prompts/get requests.)',
    digest: ['SHTTP-120'],
    scenario: HTTP_STREAMABLE,
    revisions: RANGE.modern,
    faults: ['http-mcp-name-missing'],
    async run(ctx) {
      const named = requestPosts(ctx).filter((p) => NAMED[String(p.request.method)]);
      const violations: Violation[] = [];
      for (const p of named) {
        const source = paramsOf(p.request)[NAMED[String(p.request.method)] as string];
        const value = header(p.record, 'mcp-name');
        if (typeof source !== 'string') continue;
        ctx.cite(p.record.seq);
        const what = `${String(p.request.method)} ${JSON.stringify(source)}`;
        if (value === undefined) violations.push({ text: `${what} without Mcp-Name`, seq: p.record.seq });
        else if (mayBePlain(source) && decodeHeader(value).value !== source) violations.push({ text: `${what} with Mcp-Name: ${value}`, seq: p.record.seq });
      }
      return expectNone(ctx, violations, {
        expected: 'Mcp-Name equal to params.name or params.uri on every tools/call, resources/read and prompts/get',
        judged: named.length,
        note: `${named.length} requests`,
        nothing: { code: 'nothing-observed', detail: 'the client sent no tools/call, resources/read or prompts/get' },
      });
    },
  },

  // SHTTP-121: "When a value cannot be safely represented as a plain ASCII header value (e.g., it
  // contains non-ASCII characters, control characters, or has leading/trailing whitespace),
  // clients MUST use Base64 encoding of the UTF-8 representation" (=?base64?...?=, markers
  // lowercase), "The same encoding rule applies to the Mcp-Name header value", and "clients MUST
  // also Base64-encode any plain-ASCII value that matches the sentinel pattern".
  {
    id: 'http.header-value-encoding',
    title: '2026-07-28: Mcp-Name and Mcp-Param values that are not header-safe go in the base64 sentinel',
    spec: { url: `${PAGE}#value-encoding`, level: 'MUST' },
    requirement:
      'When a value cannot be safely represented as a plain ASCII header value (e.g., it contains non-ASCII characters, control characters, or has leading/trailing whitespace), clients MUST use Base64 encoding of the UTF-8 representation with the following format: =?base64?{Base64EncodedValue}?=',
    digest: ['SHTTP-121'],
    scenario: HTTP_STREAMABLE,
    revisions: RANGE.modern,
    faults: ['http-header-value-not-encoded', 'http-sentinel-lookalike-not-encoded'],
    async run(ctx) {
      const values: { post: Post; name: string; value: string; sent: string }[] = [];
      for (const p of requestPosts(ctx)) {
        const field = NAMED[String(p.request.method)];
        const source = field ? paramsOf(p.request)[field] : undefined;
        const sent = header(p.record, 'mcp-name');
        if (typeof source === 'string' && sent !== undefined && mustEncode(source)) values.push({ post: p, name: 'Mcp-Name', value: source, sent });
      }
      for (const call of mirroredCalls(ctx)) {
        for (const a of call.annotations) {
          const v = valueAt(call.args, a.path);
          const sent = header(call.post.record, `mcp-param-${a.header}`);
          if (typeof v === 'string' && sent !== undefined && mustEncode(v)) values.push({ post: call.post, name: `Mcp-Param-${a.header}`, value: v, sent });
        }
      }
      const violations = values
        .filter((x) => !carries(x.sent, x.value))
        .map((x): Violation => ({ text: `${x.name}: ${x.sent} for ${JSON.stringify(x.value)} (expected ${sentinelOf(x.value)})`, seq: x.post.record.seq }));
      return expectNone(ctx, violations, {
        expected: 'every header value that is not header-safe in the base64 sentinel =?base64?...?=',
        judged: values.length,
        note: `${values.length} values in the sentinel`,
        nothing: { code: 'nothing-observed', detail: 'the client sent no header whose value needs the base64 sentinel' },
      });
    },
  },

  // SHTTP-130: "When a server's tool definition includes x-mcp-header annotations, conforming
  // clients MUST mirror the designated parameter values into HTTP headers"; "Parameter value is
  // null: Client MUST omit the header"; integer in decimal, boolean lowercase "true"/"false".
  {
    id: 'http.mcp-param-headers',
    title: '2026-07-28: x-mcp-header parameters are mirrored into Mcp-Param-{Name} headers (null or absent: none)',
    spec: { url: `${PAGE}#custom-headers-from-tool-parameters`, level: 'MUST' },
    requirement: "When a server's tool definition includes x-mcp-header annotations, conforming clients MUST mirror the designated parameter values into HTTP headers.",
    digest: ['SHTTP-130'],
    scenario: HTTP_STREAMABLE,
    revisions: RANGE.modern,
    faults: ['http-mcp-param-missing', 'http-mcp-param-boolean-capitalized'],
    async run(ctx) {
      const calls = mirroredCalls(ctx);
      let judged = 0;
      const violations: Violation[] = [];
      for (const call of calls) {
        for (const a of call.annotations) {
          const v = valueAt(call.args, a.path);
          const name = `Mcp-Param-${a.header}`;
          const sent = header(call.post.record, name);
          const seq = call.post.record.seq;
          ctx.cite(seq);
          judged++;
          if (v === undefined || v === null) {
            if (sent !== undefined) violations.push({ text: `${name}: ${sent} in ${call.tool}, though ${a.path.join('.')} is ${v === null ? 'null' : 'absent'} (no header expected)`, seq });
            continue;
          }
          if (sent === undefined) {
            violations.push({ text: `no ${name} in ${call.tool}, for ${a.path.join('.')} = ${JSON.stringify(v)}`, seq });
            continue;
          }
          const form = headerForm(v);
          // Values that need the sentinel are judged by http.header-value-encoding.
          if (form === undefined || mustEncode(form)) continue;
          if (decodeHeader(sent).value !== form) violations.push({ text: `${name}: ${sent} in ${call.tool} (expected ${name}: ${form})`, seq });
        }
      }
      return expectNone(ctx, violations, {
        expected: 'each x-mcp-header parameter mirrored into its Mcp-Param-{Name} header (none for null or absent)',
        judged: calls.length,
        note: `${judged} parameters in ${calls.length} calls`,
        nothing: { code: 'nothing-observed', detail: 'the client called no tool with x-mcp-header parameters' },
      });
    },
  },

  // SHTTP-131: "Clients using the Streamable HTTP transport MUST reject tool definitions where
  // any x-mcp-header value violates these constraints. Rejection means the client MUST exclude
  // the invalid tool from the result of tools/list."
  {
    id: 'http.invalid-x-mcp-header-dropped',
    title: '2026-07-28: a tool whose x-mcp-header annotations are invalid is dropped (never called)',
    spec: { url: `${PAGE}#schema-extension`, level: 'MUST' },
    requirement: 'Clients using the Streamable HTTP transport MUST reject tool definitions where any x-mcp-header value violates these constraints. Rejection means the client MUST exclude the invalid tool from the result of tools/list.',
    digest: ['SHTTP-131'],
    scenario: HTTP_STREAMABLE,
    revisions: RANGE.modern,
    faults: ['http-invalid-x-mcp-header-kept'],
    async run(ctx) {
      const calls = requestPosts(ctx).filter((p) => p.request.method === 'tools/call');
      const violations = calls.flatMap((p): Violation[] => {
        const name = paramsOf(p.request).name;
        const tool = typeof name === 'string' ? toolsSeenBefore(ctx.recording, p.record.seq).get(name) : undefined;
        const found = tool ? annotationsOf(tool.inputSchema) : undefined;
        return !found || found.ok ? [] : [{ text: `tools/call ${JSON.stringify(name)}, a tool to drop (${found.reason})`, seq: p.record.seq }];
      });
      return expectNone(ctx, violations, {
        expected: 'no call of a tool whose x-mcp-header annotations are invalid (it is dropped from tools/list)',
        judged: calls.length,
        note: 'no tool with invalid x-mcp-header annotations was called',
        nothing: { code: 'nothing-observed', detail: 'the client called no tool' },
      });
    },
  },

  // SHTTP-133: "If the server rejects a request with a HeaderMismatch error because required
  // Mcp-Param-* headers are missing or do not match the body, the client SHOULD call tools/list
  // to check for changes to the tool's inputSchema, then retry the original request with the
  // appropriate headers."
  {
    id: 'http.relist-after-header-mismatch',
    title: '2026-07-28: after HeaderMismatch on tools/call, the client lists the tools again and retries',
    spec: { url: `${PAGE}#client-behavior`, level: 'SHOULD' },
    requirement:
      "If the server rejects a request with a HeaderMismatch error because required Mcp-Param-* headers are missing or do not match the body, the client SHOULD call tools/list to check for changes to the tool's inputSchema, then retry the original request with the appropriate headers.",
    digest: ['SHTTP-133'],
    scenario: HTTP_STREAMABLE,
    revisions: RANGE.modern,
    faults: ['http-header-mismatch-not-relisted'],
    async run(ctx) {
      const all = requestPosts(ctx);
      const refused = all.find((p) => p.request.method === 'tools/call' && (p.record.answered ?? []).some((m) => (m as { error?: { code?: unknown } }).error?.code === ErrorCode.HeaderMismatch));
      if (!refused) return ctx.skip('nothing-observed', 'no tools/call was refused with HeaderMismatch (the client did not call the tool whose schema changes)');
      ctx.cite(refused.record.seq);
      const tool = paramsOf(refused.request).name;
      const relist = all.find((p) => p.record.seq > refused.record.seq && p.request.method === 'tools/list');
      const retry = relist && all.find((p) => p.record.seq > relist.record.seq && p.request.method === 'tools/call' && paramsOf(p.request).name === tool);
      if (relist) ctx.cite(relist.record.seq);
      if (retry) ctx.cite(retry.record.seq);
      const broken = relist && retry ? undefined : { expected: `tools/list, then tools/call ${JSON.stringify(tool)} again`, actual: relist ? 'tools/list, but no retry of the call' : 'no tools/list after the HeaderMismatch' };
      return ownJudgement(ctx, broken ? { broken } : {}, 'a tools/list and a retry after a HeaderMismatch: an order of requests');
    },
  },
]);
