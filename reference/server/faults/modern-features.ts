// Modern-era faults of tools, resources and multi round-trip requests (digest 06, 07).
import type { ModernFault } from './modern.js';

const BOTH = ['stdio', 'http'] as const;
/**
 * Per-connection state shows only where the connection is the client's to keep: a stdio
 * process. Over Streamable HTTP a client may send each request on another TCP connection.
 */
const STDIO = ['stdio'] as const;

export const MODERN_FEATURES_FAULTS = [
  // tools
  {
    id: 'modern-tools-list-side-effect',
    transports: STDIO,
    description: 'TOOL-003: on a connection that already carried a resources/read, tools/list also lists a tool "session_probe".',
  },
  { id: 'modern-tools-order-varies', transports: BOTH, description: 'TOOL-004: each tools/list rotates the tools of its page by one (order not deterministic).' },
  {
    id: 'modern-x-mcp-header-invalid',
    transports: BOTH,
    description: 'TOOL-007: the route tool also has a property annotated x-mcp-header "Bad Name" (not an HTTP token).',
  },
  {
    id: 'modern-x-mcp-header-sensitive',
    transports: BOTH,
    description: 'TOOL-008: the route tool also has an apiToken property mirrored into a header (x-mcp-header "Api-Token").',
  },
  // resources
  {
    id: 'modern-resources-list-side-effect',
    transports: STDIO,
    description: 'RES-003: on a connection that already carried a tools/call, resources/list also lists test://session/state.',
  },
  {
    id: 'modern-listen-ignores-resource-subscriptions',
    transports: BOTH,
    description: 'RES-012: although resources.subscribe is declared, listens drop resourceSubscriptions (not acknowledged, never notified).',
  },
  // prompts
  {
    id: 'modern-prompts-list-side-effect',
    transports: STDIO,
    description: 'PROMPT-002: on a connection that already carried a resources/read, prompts/list also lists a prompt "session_prompt" (the TOOL-003 stability rule).',
  },
  // multi round-trip requests
  {
    id: 'modern-input-required-wrong-method',
    transports: BOTH,
    description: 'MRTR-001: completion/complete answers carry resultType "input_required" (and a requestState) beside their values.',
  },
  {
    id: 'modern-input-required-empty',
    transports: BOTH,
    description: 'MRTR-002: a retry without the needed answers gets an InputRequiredResult with neither inputRequests nor requestState.',
  },
  {
    id: 'modern-input-request-bad-method',
    transports: BOTH,
    revision: '2026-07-28',
    description: 'MRTR-003: greet_user\'s inputRequests also hold an entry with method "ping" (schema-invalid too).',
  },
  {
    id: 'modern-mrtr-undeclared-capability',
    transports: BOTH,
    description: 'MRTR-004: greet_user and personal_greeting ask for elicitation/create although the request declared no elicitation.',
  },
  {
    id: 'modern-request-state-unverified',
    transports: BOTH,
    description: 'MRTR-005: requestState is not verified: a tampered one is accepted.',
  },
  {
    id: 'modern-request-state-unbound',
    transports: BOTH,
    description: 'MRTR-005: requestState is not bound to its request: one issued by greet_user is accepted by personal_greeting.',
  },
  {
    id: 'modern-missing-answers-error',
    transports: BOTH,
    description: 'MRTR-007: a retry without the needed inputResponses gets error -32602 instead of a new InputRequiredResult.',
  },
  {
    id: 'modern-missing-answer-completed',
    transports: BOTH,
    description: 'MRTR-007: a retry whose inputResponses object lacks the requested answer is completed as if the user declined (no inputResponses at all is still asked again).',
  },
  {
    id: 'modern-extra-input-response-rejected',
    transports: BOTH,
    description: 'MRTR-007: an inputResponses key the server did not ask for is rejected with -32602 instead of ignored.',
  },
  {
    id: 'modern-malformed-input-responses-accepted',
    transports: BOTH,
    description: 'MRTR-007: a malformed inputResponses (not an object of results) is treated as missing instead of rejected.',
  },
  {
    id: 'modern-decline-internal-error',
    transports: BOTH,
    description: 'ELIC-012: a declined or cancelled elicitation makes greet_user and personal_greeting fail with -32603.',
  },
  {
    id: 'modern-server-request',
    transports: BOTH,
    description: 'MRTR-105/SHTTP-105/STDIO-020: greet_user also sends a JSON-RPC request elicitation/create before its InputRequiredResult.',
  },
] as const satisfies readonly ModernFault[];
