// The 2026-07-28 request metadata headers (SHTTP-111..114, 122, 123): MCP-Protocol-Version
// equal to the body's _meta version, unsupported versions and unknown methods with their HTTP
// status, Mcp-Method and Mcp-Name required and equal to the body (values case-sensitive), and
// header names in any letter case. The base64 sentinel and invalid characters: encoding.ts.
import { defineChecks } from '../../../../../harness/checks/define.js';
import { NEWEST_LEGACY } from '../../../../../harness/revisions.js';
import { METHOD_NOT_FOUND, MODERN, STREAMABLE, UNSUPPORTED_VERSION, legacyAt, modernAt, onlyModernAt } from './transport-spec.js';
import { fenceMessage, open, post, postMessage } from './own-http-session.js';
import { errorCodeOf, ok, said, served, unansweredHttp } from './raw-answers.js';
import { servesLegacy } from './serves-legacy.js';
import { expectMismatch, headerRefused, namedRequest, oddCase, refusedAsMismatch, send, unusedName } from './header-probes.js';

const VALIDATION = onlyModernAt('server-validation', 'MUST');
const MISMATCH_RULE =
  'Servers that process the request body MUST reject requests where the values specified in the headers do not match the corresponding values in the request body. When rejecting a request due to header validation failure, servers MUST return HTTP status 400 Bad Request and MUST include a JSON-RPC error response using the following error code: -32020 (HeaderMismatch).';
const FIX = 'Compare the mirrored headers with the body before serving; refuse a difference with HTTP 400 and error -32020.';

export const headersChecks = defineChecks({ page: 'basic/transports/streamable-http', transports: ['streamable-http'], needs: ['own-session', 'raw-http'] }, [
  // SHTTP-111: "The header value MUST match the io.modelcontextprotocol/protocolVersion field
  // carried in the request body's _meta. If the values do not match, the server MUST reject the
  // request with 400 Bad Request and a HeaderMismatch JSON-RPC error".
  {
    id: 'http.modern-version-header-mismatch',
    title: 'An MCP-Protocol-Version header unequal to the _meta version gets 400 with -32020',
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
    title: 'The -32022 error for an unsupported protocol version comes with HTTP 400',
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
      if (errorCodeOf(r, id) !== UNSUPPORTED_VERSION) {
        return ctx.skip(`the request naming version ${version} was not refused with -32022 (${said(r)}): that refusal is judged by the version checks`);
      }
      if (r.status === 400) return ctx.pass();
      return ctx.fail({ expected: 'HTTP 400 Bad Request with the -32022 UnsupportedProtocolVersion error', actual: said(r) });
    },
  },

  // SHTTP-113: "If the server does not implement the requested RPC method, it MUST respond with
  // 404 Not Found and a JSON-RPC error with code -32601 (Method not found)."
  {
    id: 'http.modern-unknown-method-404',
    title: 'An unknown method gets HTTP 404 with the -32601 error',
    spec: onlyModernAt('protocol-version-header', 'MUST'),
    requirement: 'If the server does not implement the requested RPC method, it MUST respond with 404 Not Found and a JSON-RPC error with code -32601 (Method not found).',
    revisions: MODERN,
    digest: ['SHTTP-113'],
    faults: ['modern-http-unknown-method-200', 'unknown-method-wrong-code'],
    async run(ctx) {
      const o = await open(ctx);
      const id = 'unknown-method';
      const r = await postMessage(ctx, o, o.session.build('mcp-conformance/unknown-method', {}, { id }));
      const code = errorCodeOf(r, id);
      if (r.status === 404 && code === METHOD_NOT_FOUND) return ctx.pass();
      if (r.status === 0) return ctx.skip('no-answer', unansweredHttp('the unknown method', r));
      if (r.status !== 404 && code !== METHOD_NOT_FOUND) {
        return ctx.skip(`the unknown method got neither 404 nor -32601 (${said(r)}): the error itself is judged by base.unknown-method`);
      }
      return ctx.fail({ expected: 'HTTP 404 Not Found with a JSON-RPC error -32601 (the body tells it from a legacy server\'s 404)', actual: said(r) });
    },
  },

  // SHTTP-114: "A server that supports clients implementing protocol versions earlier than
  // 2025-06-18 ... MAY treat a request that omits the header as protocol version 2025-03-26. A
  // server that does not support such clients MUST reject a request without the header per
  // Server Validation."
  {
    id: 'http.modern-version-header-required',
    title: 'A request without MCP-Protocol-Version gets 400 with -32020',
    spec: onlyModernAt('protocol-version-header', 'MUST'),
    requirement:
      'A server that supports clients implementing protocol versions earlier than 2025-06-18 (which did not define the MCP-Protocol-Version header) MAY treat a request that omits the header as protocol version 2025-03-26. A server that does not support such clients MUST reject a request without the header per Server Validation. (Server Validation: Validation failure conditions include: A required standard header (MCP-Protocol-Version, Mcp-Method, Mcp-Name) is missing.)',
    fix: FIX,
    revisions: MODERN,
    digest: ['SHTTP-114', 'SHTTP-122'],
    faults: ['modern-http-version-header-optional'],
    async run(ctx) {
      const o = await open(ctx);
      const [p] = await send(ctx, o, [{ what: 'no MCP-Protocol-Version header', message: fenceMessage(o.session, 'no-version-header'), headers: { 'MCP-Protocol-Version': null } }]);
      if (!p) throw new Error('no probe');
      if (refusedAsMismatch(p)) return ctx.pass();
      if (p.r.status === 0) return ctx.skip('no-answer', unansweredHttp('the request without MCP-Protocol-Version', p.r));
      const expected = 'HTTP 400 with -32020 (or, from a server that also serves clients older than 2025-06-18, the request treated as 2025-03-26)';
      // The MAY clause allows one other answer, the request treated as 2025-03-26; served as the
      // body's version it is neither, and Server Validation refuses a missing required header.
      if (served(p.r, p.message.id)) return ctx.fail({ expected, actual: `served as ${ctx.revision} without the header: ${said(p.r)}`, reason: 'the only exception, for a server that also serves older clients, is to treat the request as 2025-03-26' });
      if (await servesLegacy(ctx, o.t)) return ctx.pass(`refused (${said(p.r)}) by a server that also speaks the legacy revisions: treated as 2025-03-26 (MAY)`);
      return ctx.fail({ expected, actual: said(p.r) });
    },
  },

  // SHTTP-122: "Validation failure conditions include: A required standard header
  // (MCP-Protocol-Version, Mcp-Method, Mcp-Name) is missing."
  {
    id: 'http.modern-method-header-required',
    title: 'A request without Mcp-Method gets 400 with -32020',
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
    title: 'An Mcp-Method unequal to the body method (in any way, letter case too) gets 400 with -32020',
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
    title: 'A tools/call, prompts/get or resources/read without Mcp-Name gets 400 with -32020',
    spec: VALIDATION,
    requirement: `${MISMATCH_RULE} Validation failure conditions include: A required standard header (MCP-Protocol-Version, Mcp-Method, Mcp-Name) is missing.`,
    fix: FIX,
    revisions: MODERN,
    digest: ['SHTTP-122'],
    faults: ['modern-http-name-header-optional'],
    async run(ctx) {
      const o = await open(ctx);
      const named = namedRequest(ctx, o, 'no-name-header');
      if (typeof named === 'string') return ctx.skip(named);
      return expectMismatch(ctx, await send(ctx, o, [{ what: `no Mcp-Name header on ${named.message.method}`, message: named.message, headers: { 'Mcp-Name': null } }]));
    },
  },

  // SHTTP-122: "A header value does not match the corresponding request body value."
  {
    id: 'http.modern-name-header-matches-body',
    title: 'An Mcp-Name unequal to params.name or params.uri gets 400 with -32020',
    spec: VALIDATION,
    requirement: `${MISMATCH_RULE} Validation failure conditions include: A header value does not match the corresponding request body value.`,
    fix: FIX,
    revisions: MODERN,
    digest: ['SHTTP-122'],
    faults: ['modern-http-name-header-unchecked'],
    async run(ctx) {
      const o = await open(ctx);
      const named = namedRequest(ctx, o, 'name-other');
      if (typeof named === 'string') return ctx.skip(named);
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
        if (Object.keys(odd).length === 0) return ctx.skip('no session id and no protocol version header to send');
        const r = await post(ctx, o.t, { id: 'header-case', method: 'ping' }, odd);
        if (ok(r) && r.answered) return ctx.pass();
        if (r.status === 0 || (ok(r) && !r.answered)) return ctx.skip('no-answer', unansweredHttp('the ping with respelled headers', r));
        return ctx.fail({ expected: `the ping answered with headers spelled ${Object.keys(odd).join(', ')}`, actual: said(r) });
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
      if (fenceProbe?.r.status === 0) return ctx.skip('no-answer', unansweredHttp(fenceProbe.what, fenceProbe.r));
      const wrong: string[] = [];
      if (fenceProbe && !served(fenceProbe.r, fenceProbe.message.id)) wrong.push(`${fenceProbe.what}: ${said(fenceProbe.r)}`);
      if (namedProbe && headerRefused(namedProbe)) wrong.push(`${namedProbe.what}: ${said(namedProbe.r)}`);
      if (wrong.length === 0) return ctx.pass();
      return ctx.fail({ expected: 'each request served past header validation (no -32020) with its header names respelled', actual: wrong.join('; ') });
    },
  },
]);
