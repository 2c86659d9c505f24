// Faults of the transports: stdio framing, Streamable HTTP (both shapes), HTTP+SSE.
import { BOTH, LEGACY, MODERN, SHTTP, SSE, STDIO, type FaultSpec } from './types.js';

export const TRANSPORT_FAULTS = [
  // stdio
  { id: 'stdio-non-json-line', digest: 'STDIO-004', transports: STDIO, eras: BOTH, description: 'STDIO-004: writes the line "hello" to the server\'s stdin once the handshake (or discovery) is done.' },
  { id: 'stdio-embedded-newline', digest: 'STDIO-002', transports: STDIO, eras: BOTH, description: 'STDIO-002: just before shutdown writes one more request (ping; server/discover in the modern era) pretty-printed over several lines.' },
  { id: 'stdio-invalid-utf8', digest: 'STDIO-001', transports: STDIO, eras: BOTH, description: 'STDIO-001: just before shutdown writes one more request (ping; server/discover in the modern era) with a raw 0xFF byte inside a string.' },
  // Streamable HTTP, legacy shape
  { id: 'http-accept-json-only', digest: 'SHTTP-010', transports: SHTTP, eras: BOTH, description: 'SHTTP-010: every POST after the first carries Accept: application/json only.' },
  { id: 'http-protocol-version-missing', digest: 'SHTTP-050', transports: SHTTP, eras: LEGACY, description: 'SHTTP-050 (VER-005): HTTP requests after initialize carry no MCP-Protocol-Version header.' },
  { id: 'http-protocol-version-not-negotiated', digest: 'SHTTP-050', transports: SHTTP, eras: LEGACY, description: 'SHTTP-050: MCP-Protocol-Version carries the version the client asked for, not the negotiated one (visible when the server answers an older version).' },
  { id: 'http-session-id-dropped', digest: 'SHTTP-041', transports: SHTTP, eras: LEGACY, description: 'SHTTP-041: the DELETE that ends the session carries no Mcp-Session-Id.' },
  { id: 'http-no-reinitialize-after-404', digest: 'SHTTP-044', transports: SHTTP, eras: LEGACY, description: 'SHTTP-044: a 404 to a request carrying the session id ends the run instead of starting a new session with initialize.' },
  { id: 'http-reinitialize-keeps-session-id', digest: 'SHTTP-044', transports: SHTTP, eras: LEGACY, description: 'SHTTP-044: the new initialize after a 404 still carries the old session id.' },
  { id: 'http-resume-without-last-event-id', digest: 'SHTTP-014', transports: SHTTP, eras: LEGACY, description: 'SHTTP-014: a dropped SSE stream is resumed with a GET lacking Last-Event-ID.' },
  { id: 'http-resume-ignores-retry', digest: 'SHTTP-014', transports: SHTTP, eras: LEGACY, description: 'SHTTP-014: a dropped SSE stream is resumed at once, ignoring the retry field the server sent.' },
  // Streamable HTTP, 2026-07-28 shape
  { id: 'http-mcp-method-missing', digest: 'SHTTP-120', transports: SHTTP, eras: MODERN, description: 'SHTTP-120: modern POSTs carry no Mcp-Method header.' },
  { id: 'http-mcp-name-missing', digest: 'SHTTP-120', transports: SHTTP, eras: MODERN, description: 'SHTTP-120: tools/call, resources/read and prompts/get POSTs carry no Mcp-Name header.' },
  { id: 'http-header-value-not-encoded', digest: 'SHTTP-121', transports: SHTTP, eras: MODERN, description: 'SHTTP-121: Mcp-Name and Mcp-Param values that need the base64 sentinel are sent raw (characters beyond Latin-1 become "?", surrounding spaces are kept).' },
  { id: 'http-sentinel-lookalike-not-encoded', digest: 'SHTTP-121', transports: SHTTP, eras: MODERN, description: 'SHTTP-121: a plain-ASCII value that looks like the sentinel (=?base64?...?=) is sent as is instead of base64-encoded.' },
  { id: 'http-mcp-param-missing', digest: 'SHTTP-130', transports: SHTTP, eras: MODERN, description: 'SHTTP-130: tools/call POSTs carry no Mcp-Param-{Name} headers for x-mcp-header parameters.' },
  { id: 'http-mcp-param-boolean-capitalized', digest: 'SHTTP-130', transports: SHTTP, eras: MODERN, description: 'SHTTP-130: boolean Mcp-Param values are sent as "True" / "False".' },
  { id: 'http-header-mismatch-not-relisted', digest: 'SHTTP-133', transports: SHTTP, eras: MODERN, description: 'SHTTP-133: a tools/call answered 400 HeaderMismatch (-32020) is given up, without fetching tools/list again and retrying.' },
  { id: 'http-invalid-x-mcp-header-kept', digest: 'SHTTP-131', transports: SHTTP, eras: MODERN, description: 'SHTTP-131: tools whose x-mcp-header annotations are invalid stay in the tool list and are called.' },
  { id: 'http-modern-protocol-version-missing', digest: 'SHTTP-110', transports: SHTTP, eras: MODERN, description: 'SHTTP-110: modern POSTs after the probe carry no MCP-Protocol-Version header.' },
  { id: 'http-modern-protocol-version-mismatch', digest: 'SHTTP-110', transports: SHTTP, eras: MODERN, description: 'SHTTP-110: modern POSTs after the probe carry MCP-Protocol-Version 2025-11-25 while _meta says 2026-07-28.' },
  // HTTP+SSE
  { id: 'sse-fallback-missing', digest: 'SSE-020', transports: SSE, eras: LEGACY, description: 'SSE-020: when the initialize POST gets 400, 404 or 405, the run ends instead of trying the HTTP+SSE GET.' },
  { id: 'sse-fallback-on-401', digest: 'SSE-020', transports: SSE, eras: LEGACY, description: 'SSE-020: a 401 to the initialize POST leads to the HTTP+SSE GET instead of authorization (the run ending).' },
  { id: 'sse-post-to-wrong-endpoint', digest: 'SSE-003', transports: SSE, eras: LEGACY, description: 'SSE-003: messages are POSTed to the SSE URL instead of the endpoint URI the server announced.' },
] as const satisfies readonly FaultSpec[];
