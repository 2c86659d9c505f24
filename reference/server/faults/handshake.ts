// Faults of the era's opening answer (issue 32): an initialize result or a server/discover
// result that lacks a member the spec requires of it. The server answers, and the answer is
// broken: the suite must say so (a fail), not report the revision as "not offered". Guarded in
// handlers/lifecycle.ts (initialize) and modern/methods.ts (server/discover).
import type { ModernFault } from './modern.js';

export const HANDSHAKE_FAULTS = [
  // No `transports`: every transport of the handshake era (stdio, Streamable HTTP, HTTP+SSE).
  { id: 'initialize-result-no-protocol-version', description: 'The initialize result omits protocolVersion (capabilities and serverInfo are there).' },
  { id: 'initialize-result-no-capabilities', description: 'The initialize result omits capabilities (protocolVersion and serverInfo are there).' },
  // 2026-07-28 has no HTTP+SSE transport.
  { id: 'discover-result-invalid', transports: ['stdio', 'http'], description: 'The server/discover result omits supportedVersions (capabilities and the rest are there).' },
] as const satisfies readonly ({ id: string; description: string } | ModernFault)[];
