// Modern-era faults of the base protocol, versioning and statelessness (digest 01, 02, 03).
import type { ModernFault } from './modern.js';

const BOTH = ['stdio', 'http'] as const;
/**
 * Faults that key state on the connection show deterministically on stdio only: over HTTP the
 * client library picks the TCP connection of each POST (undici may open a new one at any time),
 * so a server that remembers per TCP connection misbehaves at random there.
 */
const STDIO = ['stdio'] as const;

export const MODERN_BASE_FAULTS = [
  { id: 'modern-result-type-missing', transports: BOTH, revision: '2026-07-28', description: 'BASE-012: prompts/list results carry no resultType (schema-invalid too).' },
  {
    id: 'modern-result-type-unknown',
    transports: BOTH,
    description: 'BASE-013/VER-041: echo answers with resultType "task" although no request declared the tasks extension.',
  },
  {
    id: 'modern-traceparent-invalid',
    transports: BOTH,
    description: 'BASE-034: tools/list results carry _meta.traceparent "trace-1", not in W3C Trace Context format.',
  },
  {
    id: 'modern-error-code-undefined',
    transports: BOTH,
    description: 'BASE-021: a tampered requestState is rejected with -32030, a code the spec does not define, instead of -32602.',
  },
  {
    id: 'modern-resource-not-found-legacy-code',
    transports: BOTH,
    revision: '2026-07-28',
    description: 'BASE-022/RES-030: reading an unknown resource answers -32002 (a legacy code) instead of -32602.',
  },
  {
    id: 'modern-error-code-legacy-range',
    transports: BOTH,
    description: 'BASE-023: malformed inputResponses are rejected with -32001 (legacy range) instead of -32602.',
  },
  {
    id: 'modern-meta-capabilities-optional',
    transports: BOTH,
    revision: '2026-07-28',
    description: 'VER-012: a request whose _meta lacks io.modelcontextprotocol/clientCapabilities is served (as if {}) instead of -32602.',
  },
  {
    id: 'modern-meta-version-optional',
    transports: BOTH,
    description: 'VER-012: a request whose _meta lacks io.modelcontextprotocol/protocolVersion is served as 2026-07-28 instead of -32602.',
  },
  {
    id: 'modern-capability-error-wrong-code',
    transports: BOTH,
    description: 'VER-013: a request needing elicitation it did not declare gets -32602 instead of -32021.',
  },
  {
    id: 'modern-capability-error-wrong-list',
    transports: BOTH,
    description: 'VER-013: the -32021 error names {sampling: {}} in data.requiredCapabilities instead of the missing elicitation.',
  },
  {
    id: 'modern-capabilities-remembered',
    transports: STDIO,
    description: 'LIFE-040/VER-013: capabilities declared on an earlier request of the same connection count for later requests.',
  },
  {
    id: 'modern-requires-discover-first',
    transports: STDIO,
    description: 'LIFE-040/LIFE-042: modern requests before a server/discover on the same connection get -32600.',
  },
  {
    id: 'modern-mrtr-state-by-connection',
    transports: STDIO,
    description: 'LIFE-041: a greet_user retry without requestState completes from state the server kept for the connection.',
  },
  { id: 'modern-unsupported-version-served', transports: BOTH, description: 'VER-014: a request naming an unknown protocol version is served as 2026-07-28.' },
  {
    id: 'modern-unsupported-version-wrong-requested',
    transports: BOTH,
    description: 'VER-014: the -32022 error says data.requested "2026-07-28" instead of the version the request named.',
  },
  { id: 'modern-discover-missing', transports: BOTH, description: 'VER-016: server/discover answers -32601 (Method not found).' },
  {
    id: 'modern-discover-omits-version',
    transports: BOTH,
    description: 'VER-016: server/discover lists only the legacy revisions in supportedVersions, not 2026-07-28 it serves.',
  },
  {
    id: 'modern-discover-answers-unserved',
    transports: BOTH,
    description: 'VER-014: 2026-07-28 is not served (every other request at it gets -32022), yet server/discover at it answers a result listing only the legacy revisions.',
  },
  { id: 'modern-no-server-info', transports: BOTH, description: 'VER-017: tools/call results carry no _meta["io.modelcontextprotocol/serverInfo"].' },
  {
    id: 'modern-client-info-changes-result',
    transports: BOTH,
    description: 'VER-018: tools/list appends the clientInfo name to the first tool description (results depend on clientInfo).',
  },
  {
    id: 'modern-only-initialize-unnamed',
    transports: BOTH,
    mode: 'modern-only',
    description: 'VER-036: a modern-only server answers initialize with a bare -32601 that names no supported version.',
  },
  {
    id: 'modern-extension-id-unprefixed',
    transports: BOTH,
    description: 'VER-040: server/discover declares capabilities.extensions {"tasks": {}}, an extension id without a prefix.',
  },
] as const satisfies readonly ModernFault[];
