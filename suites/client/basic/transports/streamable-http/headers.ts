// The headers every Streamable HTTP request of a client carries: Accept (both shapes) and
// MCP-Protocol-Version (2025-06-18 on: after initialize; 2026-07-28: equal to the body's
// _meta version). Spec: basic/transports (2025-03-26..2025-11-25), basic/transports/streamable-http.
import { defineClientChecks } from '../../../../../harness/checks/define.js';
import { META_KEYS } from '../../../../../harness/sessions/session.js';
import { between, since } from '../../../../../harness/revisions.js';
import { HTTP_SESSION_EXPIRY } from '../../../scenarios/http-session-expiry.js';
import { HTTP_STREAMABLE } from '../../../scenarios/http-streamable.js';
import { describeRequest, header, mediaTypes, paramsOf, posts, requestOf, sessions } from '../../../support/http.js';
import { expectNone, type Violation } from '../../../../../harness/verify/index.js';

const MODERN_FROM = '2026-07-28';

export const httpHeaderChecks = defineClientChecks({ page: 'basic/transports/streamable-http', transports: ['streamable-http'] }, [
  // SHTTP-010: "The client MUST include an Accept header, listing both application/json and
  // text/event-stream as supported content types." (POST); "The client MUST include an Accept
  // header, listing text/event-stream as a supported content type." (GET, 2025-03-26..2025-11-25)
  {
    id: 'http.accept-header',
    title: 'Every POST accepts application/json and text/event-stream; every GET accepts text/event-stream',
    spec: [
      { url: 'basic/transports#sending-messages-to-the-server', level: 'MUST' },
      { url: '#sending-messages', level: 'MUST', from: MODERN_FROM },
    ],
    requirement: 'The client MUST include an Accept header, listing both application/json and text/event-stream as supported content types.',
    fix: 'Send "Accept: application/json, text/event-stream" on every POST and "Accept: text/event-stream" on every GET.',
    digest: ['SHTTP-010'],
    scenario: HTTP_STREAMABLE,
    revisions: since('2025-03-26'),
    faults: ['http-accept-json-only'],
    async run(ctx) {
      const all = ctx.recording.http.filter((r) => r.method === 'POST' || r.method === 'GET');
      if (all.length === 0) return ctx.skip('nothing-observed', 'the client made no POST or GET request');
      const violations = all.flatMap((r) => {
        const types = mediaTypes(header(r, 'accept'));
        const wanted = r.method === 'POST' ? ['application/json', 'text/event-stream'] : ['text/event-stream'];
        const missing = wanted.filter((t) => !types.includes(t));
        return missing.length === 0 ? [] : [{ text: `${describeRequest(r)} with Accept ${JSON.stringify(header(r, 'accept') ?? null)} (no ${missing.join(', no ')})`, seq: r.seq }];
      });
      return expectNone(ctx, violations, { expected: 'Accept listing application/json and text/event-stream on POST, text/event-stream on GET', judged: all.length, note: `${all.length} requests` });
    },
  },

  // SHTTP-050, SHTTP-110: 2025-06-18..2025-11-25 "If using HTTP, the client MUST include the
  // MCP-Protocol-Version: <protocol-version> HTTP header on all subsequent requests to the MCP
  // server"; 2026-07-28 "Every POST request to the MCP endpoint MUST include an
  // MCP-Protocol-Version header." and "The header value MUST match the
  // io.modelcontextprotocol/protocolVersion field carried in the request body's _meta."
  {
    id: 'http.protocol-version-header',
    title: 'Requests carry MCP-Protocol-Version (after initialize; 2026-07-28: equal to the body’s _meta version)',
    spec: [
      { url: 'basic/transports#protocol-version-header', level: 'MUST' },
      { url: '#protocol-version-header', level: 'MUST', from: MODERN_FROM },
    ],
    requirement:
      'If using HTTP, the client MUST include the MCP-Protocol-Version: <protocol-version> HTTP header on all subsequent requests to the MCP server (2026-07-28: Every POST request to the MCP endpoint MUST include an MCP-Protocol-Version header. The header value MUST match the io.modelcontextprotocol/protocolVersion field carried in the request body’s _meta.)',
    digest: ['SHTTP-050', 'SHTTP-110', 'VER-005'],
    scenario: HTTP_STREAMABLE,
    revisions: since('2025-06-18'),
    faults: ['http-protocol-version-missing', 'http-modern-protocol-version-missing', 'http-modern-protocol-version-mismatch'],
    async run(ctx) {
      if (ctx.era === 'modern') {
        let judged = 0;
        const violations: Violation[] = [];
        for (const p of posts(ctx.recording)) {
          const request = requestOf(p);
          const meta = request ? (paramsOf(request)._meta as Record<string, unknown> | undefined) : undefined;
          const version = meta?.[META_KEYS.protocolVersion];
          // A body without its _meta version is malformed: another rule; nothing to mirror here.
          if (!request || typeof version !== 'string') continue;
          judged++;
          const value = header(p.record, 'mcp-protocol-version');
          if (value === version) continue;
          violations.push({ text: `${describeRequest(p.record)} with ${value === undefined ? 'no MCP-Protocol-Version' : `MCP-Protocol-Version: ${value}`} (its _meta: ${version})`, seq: p.record.seq });
        }
        return expectNone(ctx, violations, {
          expected: "MCP-Protocol-Version equal to the body's _meta version",
          judged,
          note: `${judged} POSTs`,
          nothing: { code: 'nothing-observed', detail: 'the client sent no request with a _meta protocol version' },
        });
      }
      const known = sessions(ctx.recording).flatMap((s) => s.known);
      if (known.length === 0) return ctx.skip('nothing-observed', 'the client sent no request in a session after initialize');
      const without = known.filter((r) => !header(r, 'mcp-protocol-version'));
      return expectNone(ctx, without.map((r) => ({ text: `${describeRequest(r)} without MCP-Protocol-Version`, seq: r.seq })), {
        expected: 'MCP-Protocol-Version on every request after initialize',
        judged: known.length,
        note: `${known.length} requests after initialize`,
      });
    },
  },

  // SHTTP-050: "The protocol version sent by the client SHOULD be the one negotiated during
  // initialization." The scenario's server answers an older revision than the client asks for.
  {
    id: 'http.protocol-version-negotiated',
    title: 'MCP-Protocol-Version carries the negotiated version, not the one the client asked for',
    spec: { url: 'basic/transports#protocol-version-header', level: 'SHOULD' },
    requirement: 'The protocol version sent by the client SHOULD be the one negotiated during initialization.',
    digest: ['SHTTP-050'],
    scenario: HTTP_SESSION_EXPIRY,
    revisions: between('2025-06-18', '2025-11-25'),
    faults: ['http-protocol-version-not-negotiated'],
    async run(ctx) {
      const negotiated = ctx.recording.negotiated;
      if (!negotiated) return ctx.skip('no-answer', 'no initialize was answered');
      const carried = sessions(ctx.recording)
        .flatMap((s) => s.known)
        .filter((r) => header(r, 'mcp-protocol-version') !== undefined);
      if (carried.length === 0) return ctx.skip('nothing-observed', 'no request after initialize carried MCP-Protocol-Version');
      const asked = ctx.recording.requests('initialize')[0]?.message.params as { protocolVersion?: unknown } | undefined;
      const other = carried.filter((r) => header(r, 'mcp-protocol-version') !== negotiated);
      return expectNone(ctx, other.map((r) => ({ text: `${describeRequest(r)} with MCP-Protocol-Version: ${header(r, 'mcp-protocol-version') ?? ''}`, seq: r.seq })), {
        expected: `MCP-Protocol-Version: ${negotiated} (the version initialize settled on)`,
        judged: carried.length,
        note: `${carried.length} requests carried ${negotiated}`,
        ...(asked ? { reason: `initialize asked for ${JSON.stringify(asked.protocolVersion)}` } : {}),
      });
    },
  },
]);
