// Faults of the spine suites: lifecycle, version, base, ping, stdio, schema.
/** A crash ends the one process a stdio check talks to; over HTTP it would end every session: proven on stdio. */
const STDIO_ONLY = ['stdio'] as const;

export const SPINE_FAULTS = [
  { id: 'init-missing-server-info', revision: '2025-11-25', description: 'The initialize result omits serverInfo (initialize: the handshake era only).' },
  {
    id: 'request-before-initialized',
    description: 'If the client declared roots, a roots/list request follows the initialize response, before notifications/initialized.',
  },
  { id: 'capability-not-object', description: 'Declares "logging": true instead of an object (logging still works).' },
  { id: 'undeclared-capability', description: 'Omits prompts from the declared capabilities but still serves prompts/list and prompts/get.' },
  {
    id: 'version-counter-offer-unsupported',
    description: 'Answers an unsupported requested version with "2024-10-07", a version it does not support either.',
  },
  { id: 'version-echo-unknown', description: 'Echoes any requested protocol version back, even unknown ones (and behaves as 2025-11-25).' },
  { id: 'version-unknown-error', description: 'initialize with a version it does not support gets error -32602 "Unsupported protocol version" instead of a counter-offer.' },
  // Judged where the server names what it supports: its server/discover list (2026-07-28; HTTP+SSE has no such era).
  {
    id: 'version-always-newest',
    transports: ['stdio', 'http'],
    description: 'initialize answers 2025-11-25, its newest handshake version, whatever supported version was asked for (server/discover still lists every version).',
  },
  { id: 'version-counter-offer-oldest', description: 'Answers an unsupported requested version with its oldest (2024-11-05) instead of its newest.' },
  { id: 'parse-error-wrong-code', description: 'Invalid JSON gets error code -32603 instead of -32700.' },
  { id: 'crash-on-parse-error', transports: STDIO_ONLY, description: 'Invalid JSON makes the server process exit with code 1.' },
  { id: 'lenient-jsonrpc-version', description: 'Requests whose jsonrpc member is missing or not "2.0" are processed as if valid.' },
  { id: 'unknown-method-result', description: 'An unknown method gets the result {} instead of error -32601.' },
  { id: 'unknown-method-wrong-code', description: 'An unknown method gets error -32600 (Invalid Request) instead of -32601 (Method not found).' },
  { id: 'invalid-params-result', description: 'tools/call without a name, or with arguments that are not an object, returns the result {content: []} instead of an error.' },
  { id: 'invalid-params-wrong-code', description: 'tools/call whose arguments are not an object gets error -32603 (Internal error) instead of -32602.' },
  { id: 'id-coerced', description: 'A request id that is a string of digits is echoed back as a number.' },
  { id: 'double-response-ping', description: 'Every ping (2026-07-28: server/discover, the fence there) is answered twice with the same id.' },
  { id: 'answers-notifications', description: 'An unknown notification gets an error response with id null (-32601).' },
  { id: 'ping-nonempty-result', description: 'ping answers {"status": "ok"} instead of {}.' },
  {
    id: 'ping-ignored-before-initialized',
    description: 'A ping received after initialize but before notifications/initialized is never answered.',
  },
  { id: 'stdout-banner', description: '(stdio) Writes the line "reference server ready" to stdout at startup.' },
  { id: 'pretty-print-json', description: '(stdio) Writes the initialize (2026-07-28: server/discover) response as pretty-printed JSON spanning several lines (objects one member a line).' },
  { id: 'stdout-invalid-utf8', description: '(stdio) The tools/list response line carries a raw 0xFF byte inside the first tool\'s description.' },
  { id: 'meta-key-invalid', description: 'tools/list results carry the _meta key "_private", which breaks the _meta key grammar (a name starts with an alphanumeric).' },
  { id: 'tools-list-missing-input-schema', description: 'The first tool in tools/list lacks inputSchema.' },
  {
    id: 'sampling-without-capability',
    description: 'After notifications/initialized, sends a sampling/createMessage request although the client did not declare sampling.',
  },
  {
    id: 'sampling-tools-undeclared',
    description: 'After notifications/initialized, sends a tool-enabled sampling/createMessage (with tools) to a client that declared sampling without sampling.tools.',
  },
  {
    id: 'elicitation-mode-undeclared',
    description: 'After notifications/initialized, sends a URL-mode elicitation/create to a client that declared elicitation without url mode.',
  },
] as const;
