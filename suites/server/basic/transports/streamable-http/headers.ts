// The 2026-07-28 request metadata headers (SHTTP-111..114, 122, 123): MCP-Protocol-Version
// equal to the body's _meta version, unsupported versions and unknown methods with their HTTP
// status, Mcp-Method and Mcp-Name required and equal to the body (values case-sensitive), and
// header names in any letter case. The base64 sentinel and invalid characters: encoding.ts.
import { defineChecks } from '../../../../../harness/checks/define.js';
import { NEWEST_LEGACY } from '../../../../../harness/revisions.js';
import { codeLabel, ErrorCode } from '../../../../../harness/rules/error-codes.js';
import { allOf, anyOf, expectHttp, expectHttpEach, httpExchange, httpLine, isServed, noHttpAnswer, notRpcError, rpcError, rpcErrorCode, served, status, succeeded, type HttpExchange } from '../../../../../harness/verify/http.js';
import { MODERN, STREAMABLE, legacyAt, modernAt, onlyModernAt } from './transport-spec.js';
import { fenceMessage, noResponseIn, open, post, postMessage } from './own-http-session.js';
import { servesLegacy } from './serves-legacy.js';
import { MISMATCH, expectMismatch, namedRequest, oddCase, send, unusedName } from './header-probes.js';

const VALIDATION = onlyModernAt('server-validation', 'MUST');
const MISMATCH_RULE =
  'Servers that process the request body MUST reject requests where the values specified in the headers do not match the corresponding values in the request body. When rejecting a request due to header validation failure, servers MUST return HTTP status 400 Bad Request and MUST include a JSON-RPC error response using the following error code: {code:HeaderMismatch} (HeaderMismatch).';
const FIX = 'Compare the mirrored headers with the body before serving; refuse a difference with HTTP 400 and error {code:HeaderMismatch}.';

export const headersChecks = defineChecks({ page: 'basic/transports/streamable-http', transports: ['streamable-http'], needs: ['own-session', 'raw-http'] }, [
  // SHTTP-111: "The header value MUST match the io.modelcontextprotocol/protocolVersion field
  // carried in the request body's _meta. If the values do not match, the server MUST reject the
  // request with 400 Bad Request and a HeaderMismatch JSON-RPC error".
  {
    id: 'http.modern-version-header-mismatch',
    title: 'An MCP-Protocol-Version header unequal to the _meta version gets 400 with {code:HeaderMismatch}',
    spec: onlyModernAt('protocol-version-header', 'MUST'),
    requirement: 'If the values do not match, the server MUST reject the request with 400 Bad Request and a HeaderMismatch JSON-RPC error.',
    fix: FIX,
    revisions: MODERN,
    digest: ['SHTTP-111'],
    faults: ['modern-http-version-mismatch-accepted'],
    async run(ctx) {
      const o = await open(ctx);
      const message = fenceMessage(o.session, 'version-mismatch');
      return expectMismatch(ctx, await send(ctx, o, [{ what: `MCP-Protocol-Version: ${NEWEST_LEGACY} with _meta protocolVersion ${ctx.revision}`, message, headers: { 'MCP-Protocol-Version': NEWEST_LEGACY } }]));
    },
  },

  // SHTTP-112: "If the server does not implement the requested protocol version ... it MUST
  // respond with 400 Bad Request and an UnsupportedProtocolVersionError listing its supported
  // versions." The error itself is VER-014 (version checks); here its HTTP status.
  {
    id: 'http.modern-unsupported-version-400',
    title: 'The {code:UnsupportedProtocolVersion} error for an unsupported protocol version comes with HTTP 400',
    spec: onlyModernAt('protocol-version-header', 'MUST'),
    requirement:
      'If the server does not implement the requested protocol version (whether the version is unknown to the server, or is a known version the server has chosen not to support), it MUST respond with 400 Bad Request and an UnsupportedProtocolVersionError listing its supported versions.',
    revisions: MODERN,
    digest: ['SHTTP-112'],
    faults: ['modern-http-unsupported-version-200'],
    async run(ctx) {
      const o = await open(ctx);
      const version = '2099-12-31';
      const id = 'unsupported-version';
      // The header mirrors the _meta version: both name the same unknown version.
      const r = await postMessage(ctx, o, o.session.build(o.session.rev.fence, {}, { id, meta: { protocolVersion: version } }));
      // The status of that refusal is the rule; without the refusal there is no status to judge.
      if (rpcErrorCode(r, id) !== ErrorCode.UnsupportedProtocolVersion) {
        return ctx.skip('nothing-observed', `the request naming version ${version} was not refused with UnsupportedProtocolVersion (${httpLine(r)}): that refusal is judged by the version checks`);
      }
      return expectHttp(ctx, httpExchange(`a request naming protocol version ${version}`, r, id), allOf(status(400), rpcError('UnsupportedProtocolVersion')));
    },
  },

  // SHTTP-113: "If the server does not implement the requested RPC method, it MUST respond with
  // 404 Not Found and a JSON-RPC error with code MethodNotFound."
  {
    id: 'http.modern-unknown-method-404',
    title: 'An unknown method gets HTTP 404 with the {code:MethodNotFound} error',
    spec: onlyModernAt('protocol-version-header', 'MUST'),
    requirement: 'If the server does not implement the requested RPC method, it MUST respond with 404 Not Found and a JSON-RPC error with code {code:MethodNotFound} (Method not found).',
    revisions: MODERN,
    digest: ['SHTTP-113'],
    faults: ['modern-http-unknown-method-200', 'unknown-method-wrong-code'],
    async run(ctx) {
      const o = await open(ctx);
      const id = 'unknown-method';
      const r = await postMessage(ctx, o, o.session.build('mcp-conformance/unknown-method', {}, { id }));
      const rule = allOf(status(404), rpcError('MethodNotFound'));
      // Neither half of the answer: the error itself is another check's, and there is nothing of this rule to see.
      if (r.status !== 0 && r.status !== 404 && rpcErrorCode(r, id) !== ErrorCode.MethodNotFound) {
        return ctx.skip('nothing-observed', `the unknown method got neither 404 nor MethodNotFound (${httpLine(r)}): the error itself is judged by base.unknown-method`);
      }
      return expectHttp(ctx, httpExchange('an unknown method', r, id), { ...rule, expected: `${rule.expected} (the body tells it from a legacy server's 404)` });
    },
  },

  // SHTTP-114: "A server that supports clients implementing protocol versions earlier than
  // 2025-06-18 ... MAY treat a request that omits the header as protocol version 2025-03-26. A
  // server that does not support such clients MUST reject a request without the header per
  // Server Validation."
  {
    id: 'http.modern-version-header-required',
    title: 'A request without MCP-Protocol-Version gets 400 with {code:HeaderMismatch}',
    spec: onlyModernAt('protocol-version-header', 'MUST'),
    requirement:
      'A server that supports clients implementing protocol versions earlier than 2025-06-18 (which did not define the MCP-Protocol-Version header) MAY treat a request that omits the header as protocol version 2025-03-26. A server that does not support such clients MUST reject a request without the header per Server Validation. (Server Validation: Validation failure conditions include: A required standard header (MCP-Protocol-Version, Mcp-Method, Mcp-Name) is missing.)',
    fix: FIX,
    revisions: MODERN,
    digest: ['SHTTP-114', 'SHTTP-122'],
    faults: ['modern-http-version-header-optional'],
    async run(ctx) {
      const o = await open(ctx);
      const [p] = await send(ctx, o, [{ what: 'a request without MCP-Protocol-Version', message: fenceMessage(o.session, 'no-version-header'), headers: { 'MCP-Protocol-Version': null } }]);
      if (!p) throw new Error('no probe');
      // The MAY clause allows one other answer, the request treated as 2025-03-26, by a server that
      // also speaks the legacy revisions (any refusal but a HeaderMismatch); served as the body's
      // version it is neither, and Server Validation refuses a missing required header.
      const servedAnyway = isServed(p.r, p.message.id);
      const treatedAsOld = p.r.status !== 0 && !MISMATCH.keeps(p.r, p.message.id) && !servedAnyway && (await servesLegacy(ctx, o.t));
      const rule = anyOf(MISMATCH, { expected: 'from a server that also serves clients older than 2025-06-18, the request treated as 2025-03-26', keeps: () => treatedAsOld });
      return expectHttp(ctx, httpExchange(p.what, p.r, p.message.id), rule, {
        ...(treatedAsOld ? { note: `refused (${httpLine(p.r)}) by a server that also speaks the legacy revisions: treated as 2025-03-26 (MAY)` } : {}),
        ...(servedAnyway ? { reason: `served as ${ctx.revision} without the header; the only exception, for a server that also serves older clients, is to treat the request as 2025-03-26` } : {}),
      });
    },
  },

  // SHTTP-122: "Validation failure conditions include: A required standard header
  // (MCP-Protocol-Version, Mcp-Method, Mcp-Name) is missing."
  {
    id: 'http.modern-method-header-required',
    title: 'A request without Mcp-Method gets 400 with {code:HeaderMismatch}',
    spec: VALIDATION,
    requirement: `${MISMATCH_RULE} Validation failure conditions include: A required standard header (MCP-Protocol-Version, Mcp-Method, Mcp-Name) is missing.`,
    fix: FIX,
    revisions: MODERN,
    digest: ['SHTTP-122'],
    faults: ['modern-http-method-header-optional'],
    async run(ctx) {
      const o = await open(ctx);
      return expectMismatch(ctx, await send(ctx, o, [{ what: 'no Mcp-Method header', message: fenceMessage(o.session, 'no-method-header'), headers: { 'Mcp-Method': null } }]));
    },
  },

  // SHTTP-122: headers "do not match the corresponding values in the request body"; "Header
  // values (such as method names) are case-sensitive."
  {
    id: 'http.modern-method-header-matches-body',
    title: 'An Mcp-Method unequal to the body method (in any way, letter case too) gets 400 with {code:HeaderMismatch}',
    spec: VALIDATION,
    requirement: `${MISMATCH_RULE} Header values (such as method names) are case-sensitive.`,
    fix: FIX,
    revisions: MODERN,
    digest: ['SHTTP-122'],
    faults: ['modern-http-method-header-unchecked', 'modern-http-method-header-case-insensitive'],
    async run(ctx) {
      const o = await open(ctx);
      const method: string = ctx.rev.fence;
      // Some other method the server knows: the fence is tools/list when server/discover failed.
      const other = method === 'tools/list' ? 'server/discover' : 'tools/list';
      return expectMismatch(
        ctx,
        await send(ctx, o, [
          { what: `Mcp-Method: ${other} for a ${method} body`, message: fenceMessage(o.session, 'method-other'), headers: { 'Mcp-Method': other } },
          { what: `Mcp-Method: ${method.toUpperCase()} for a ${method} body`, message: fenceMessage(o.session, 'method-case'), headers: { 'Mcp-Method': method.toUpperCase() } },
        ]),
      );
    },
  },

  // SHTTP-122: Mcp-Name is required for tools/call, resources/read and prompts/get.
  {
    id: 'http.modern-name-header-required',
    title: 'A tools/call, prompts/get or resources/read without Mcp-Name gets 400 with {code:HeaderMismatch}',
    spec: VALIDATION,
    requirement: `${MISMATCH_RULE} Validation failure conditions include: A required standard header (MCP-Protocol-Version, Mcp-Method, Mcp-Name) is missing.`,
    fix: FIX,
    revisions: MODERN,
    digest: ['SHTTP-122'],
    faults: ['modern-http-name-header-optional'],
    async run(ctx) {
      const o = await open(ctx);
      const named = namedRequest(ctx, o, 'no-name-header');
      if (typeof named === 'string') return ctx.skip('not-declared', named);
      return expectMismatch(ctx, await send(ctx, o, [{ what: `no Mcp-Name header on ${named.message.method}`, message: named.message, headers: { 'Mcp-Name': null } }]));
    },
  },

  // SHTTP-122: "A header value does not match the corresponding request body value."
  {
    id: 'http.modern-name-header-matches-body',
    title: 'An Mcp-Name unequal to params.name or params.uri gets 400 with {code:HeaderMismatch}',
    spec: VALIDATION,
    requirement: `${MISMATCH_RULE} Validation failure conditions include: A header value does not match the corresponding request body value.`,
    fix: FIX,
    revisions: MODERN,
    digest: ['SHTTP-122'],
    faults: ['modern-http-name-header-unchecked'],
    async run(ctx) {
      const o = await open(ctx);
      const named = namedRequest(ctx, o, 'name-other');
      if (typeof named === 'string') return ctx.skip('not-declared', named);
      const other = unusedName('other-');
      return expectMismatch(ctx, await send(ctx, o, [{ what: `Mcp-Name: ${other} for ${named.message.method} of ${named.name}`, message: named.message, headers: { 'Mcp-Name': other } }]));
    },
  },

  // SHTTP-123 (2026-07-28): "Header names ... are case-insensitive. Clients and servers MUST use
  // case-insensitive comparisons for header names." Before, RFC 9110 §5.1 says the same, and
  // 2025-11-25 itself respells Mcp-Session-Id as MCP-Session-Id.
  {
    id: 'http.header-names-case-insensitive',
    title: 'The MCP headers are recognised in any letter case',
    spec: [legacyAt('session-management', 'MUST'), modernAt('case-sensitivity', 'MUST')],
    requirement: 'Header names (called "field names" in RFC 9110) are case-insensitive. Clients and servers MUST use case-insensitive comparisons for header names.',
    revisions: STREAMABLE,
    digest: ['SHTTP-123'],
    faults: ['http-header-case-sensitive', 'modern-http-header-names-case-sensitive'],
    async run(ctx) {
      const o = await open(ctx);
      if (ctx.era === 'legacy') {
        const odd = Object.fromEntries(Object.entries(o.t.sessionHeaders()).map(([name, value]) => [oddCase(name), value]));
        // No MCP header at all (2025-03-26 without a session): nothing to respell.
        if (Object.keys(odd).length === 0) return ctx.skip('not-applicable', 'no session id and no protocol version header to send');
        const r = await post(ctx, o.t, { id: 'header-case', method: 'ping' }, odd);
        const what = `a ping with headers spelled ${Object.keys(odd).join(', ')}`;
        // A 2xx that carried no response is silence too: no answer to judge.
        if (succeeded(r) && !r.answered) return ctx.skip('no-answer', noResponseIn(what, r));
        return expectHttp(ctx, httpExchange(what, r, 'header-case'), { expected: 'the ping answered', keeps: (answer) => succeeded(answer) && r.answered });
      }
      // Every mirrored header respelled: the fence, and a request that carries Mcp-Name.
      const respell = (headers: Record<string, string | null>) => Object.fromEntries(Object.entries(headers).flatMap(([k, v]) => [[k, null], [oddCase(k), v]]));
      const fence = fenceMessage(o.session, 'header-case');
      const probes = [{ what: `${fence.method} with ${oddCase('MCP-Protocol-Version')}, ${oddCase('Mcp-Method')}`, message: fence, headers: respell({ 'MCP-Protocol-Version': ctx.revision, 'Mcp-Method': fence.method }) }];
      const named = namedRequest(ctx, o, 'header-case-named');
      if (typeof named !== 'string') {
        probes.push({ what: `${named.message.method} with ${oddCase('Mcp-Name')} too`, message: named.message, headers: respell({ 'MCP-Protocol-Version': ctx.revision, 'Mcp-Method': named.message.method, 'Mcp-Name': named.name }) });
      }
      const [fenceProbe, namedProbe] = await send(ctx, o, probes);
      if (!fenceProbe) throw new Error('no probe');
      if (fenceProbe.r.status === 0) return ctx.skip('no-answer', noHttpAnswer(fenceProbe.what, fenceProbe.r));
      // The fence must be served; the named request (an unknown name) must get past header validation.
      const exchanges: HttpExchange[] = [httpExchange(fenceProbe.what, fenceProbe.r, fenceProbe.message.id)];
      if (namedProbe) exchanges.push(httpExchange(namedProbe.what, namedProbe.r, namedProbe.message.id));
      const isFence = (id: unknown) => id === fenceProbe.message.id;
      const rule = { expected: `each request past header validation (no ${codeLabel(ErrorCode.HeaderMismatch)}) with its header names respelled, the ${fenceProbe.message.method} served`, keeps: (r: HttpExchange['r'], id: HttpExchange['id']) => (isFence(id) ? served() : notRpcError('HeaderMismatch')).keeps(r, id) };
      return expectHttpEach(ctx, exchanges, rule);
    },
  },
]);
