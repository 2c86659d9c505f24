// Modern-era faults of Streamable HTTP at 2026-07-28 (digest 09, SHTTP-1xx; modern/http.ts,
// modern/headers.ts). All show on HTTP only. `revision` pins a fault claimed by a check of both
// eras to the revision it shows at (test/helpers/proof-plan.ts reads it).
import type { ModernFault } from './modern.js';

const HTTP = ['http'] as const;
const MODERN_REVISION = '2026-07-28';

export const MODERN_HTTP_FAULTS = [
  {
    id: 'modern-http-session-id',
    transports: HTTP,
    // The no-session rule is written for a server that supports only 2026-07-28.
    mode: 'modern-only',
    description: 'SHTTP-101: modern responses carry a freshly minted Mcp-Session-Id header.',
  },
  {
    id: 'modern-http-get-allowed',
    transports: HTTP,
    // A dual-era server may serve GET and DELETE by the legacy rules: the 405 rule is a modern-only server's.
    mode: 'modern-only',
    description: 'SHTTP-101: GET and DELETE without a session id (any GET or DELETE when --modern-only) get 400 instead of 405.',
  },
  {
    id: 'modern-http-last-event-id-refused',
    transports: HTTP,
    // Ignoring Last-Event-ID is written for a server that supports only 2026-07-28.
    mode: 'modern-only',
    description: 'SHTTP-101: a modern POST carrying a Last-Event-ID header is refused with 400 instead of served (the header ignored).',
  },
  {
    id: 'modern-post-refused',
    transports: HTTP,
    // Modern-only: its answer to a legacy initialize still names 2026-07-28 (VER-036), the claim the
    // refusal is judged against; a dual-era server refusing modern POSTs looks legacy-only.
    mode: 'modern-only',
    description: 'SHTTP-100: the MCP endpoint refuses every modern POST with HTTP 405 and no body (a legacy initialize is still refused naming 2026-07-28).',
  },
  { id: 'modern-http-no-accel-buffering', transports: HTTP, description: 'SHTTP-106: modern SSE answers lack the X-Accel-Buffering: no header.' },
  {
    id: 'modern-http-unrelated-notification',
    transports: HTTP,
    description: 'SHTTP-105: SSE answers to tools/call also carry notifications/tools/list_changed, unrelated to the request.',
  },
  {
    id: 'modern-http-close-not-cancel',
    transports: HTTP,
    description: 'SHTTP-109: closing a request\'s stream does not cancel it (a pending touch_resource still touches).',
  },
  {
    id: 'modern-http-version-mismatch-accepted',
    transports: HTTP,
    description: 'SHTTP-111: an MCP-Protocol-Version header unequal to the _meta protocolVersion is served (by the _meta one).',
  },
  {
    id: 'modern-http-unsupported-version-200',
    transports: HTTP,
    description: 'SHTTP-112/VER-014: the -32022 UnsupportedProtocolVersion error comes with HTTP 200 instead of 400.',
  },
  {
    id: 'modern-http-meta-missing-200',
    transports: HTTP,
    description: 'VER-012: the -32602 for a missing per-request _meta field comes with HTTP 200 instead of 400.',
  },
  {
    id: 'modern-http-capability-missing-200',
    transports: HTTP,
    description: 'VER-013: the -32021 MissingRequiredClientCapability error comes with HTTP 200 instead of 400.',
  },
  {
    id: 'modern-http-unknown-method-200',
    transports: HTTP,
    description: 'SHTTP-113: an unknown method gets its -32601 error with HTTP 200 instead of 404.',
  },
  {
    id: 'modern-http-version-header-optional',
    transports: HTTP,
    description: 'SHTTP-114/SHTTP-122: a modern request without MCP-Protocol-Version is served instead of 400/-32020.',
  },
  {
    id: 'modern-http-method-header-optional',
    transports: HTTP,
    description: 'SHTTP-122: a request without Mcp-Method is served instead of 400/-32020.',
  },
  {
    id: 'modern-http-method-header-unchecked',
    transports: HTTP,
    description: 'SHTTP-122: an Mcp-Method unequal to the body method is served (by the body) instead of 400/-32020.',
  },
  {
    id: 'modern-http-method-header-case-insensitive',
    transports: HTTP,
    description: 'SHTTP-122: Mcp-Method is compared case-insensitively (TOOLS/LIST matches tools/list).',
  },
  {
    id: 'modern-http-name-header-optional',
    transports: HTTP,
    description: 'SHTTP-122: tools/call, resources/read and prompts/get without Mcp-Name are served instead of 400/-32020.',
  },
  {
    id: 'modern-http-name-header-unchecked',
    transports: HTTP,
    description: 'SHTTP-122: an Mcp-Name unequal to params.name/params.uri is served instead of 400/-32020.',
  },
  {
    id: 'modern-http-sentinel-not-decoded',
    transports: HTTP,
    description: 'SHTTP-122/SHTTP-132: =?base64?...?= values of Mcp-Name and Mcp-Param-* are compared undecoded (and so rejected).',
  },
  {
    id: 'modern-http-header-invalid-chars-accepted',
    transports: HTTP,
    description: 'SHTTP-122/SHTTP-132: Mcp-Name and Mcp-Param-* values with non-ASCII bytes are read as UTF-8 and accepted.',
  },
  {
    id: 'modern-http-header-names-case-sensitive',
    transports: HTTP,
    revision: MODERN_REVISION,
    description: 'SHTTP-123: the modern headers are only recognised spelled exactly MCP-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Param-{Name}, or all lower case.',
  },
  {
    id: 'modern-http-param-header-optional',
    transports: HTTP,
    description: 'SHTTP-132: a route call without the Mcp-Param-Region header its region argument needs is served.',
  },
  {
    id: 'modern-http-param-header-unchecked',
    transports: HTTP,
    description: 'SHTTP-132: Mcp-Param-* values unequal to their arguments are served instead of 400/-32020.',
  },
  {
    id: 'modern-http-param-integer-as-string',
    transports: HTTP,
    description: 'SHTTP-132: integer Mcp-Param-* values are compared as strings (Mcp-Param-Shard: 42.0 does not match 42).',
  },
] as const satisfies readonly (ModernFault & { revision?: string })[];
