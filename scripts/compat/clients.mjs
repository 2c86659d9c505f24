// The clients of the compatibility table. Their reviewed findings are pinned inside the interop
// tests themselves (test/interop/client-*.test.ts), not in test/expected/, so they are copied here,
// each with the file that pins it: test/compat.test.ts checks that every id below still appears
// in its file, and the tests themselves are what keeps the findings true. The `why` texts are the
// tests' own comments. `accepted`: the revisions each test asserts were accepted (or, for a run
// told which revisions to try, those it was told); `notRun`: the revisions it was not told.

const LEGACY = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'];
const SESSIONFUL = ['2025-03-26', '2025-06-18', '2025-11-25'];
const ONLY_THREE = 'its test runs it at 2025-03-26, 2025-06-18 and 2025-11-25 only';

/** The SDK client's findings on every transport (client-sdk.test.ts, both transports). */
const SDK_COMMON = [
  {
    id: 'batching.server-batch-answered',
    status: 'fail',
    revisions: ['2025-03-26'],
    source: 'test/interop/client-sdk.test.ts',
    why: "2025-03-26: 'MCP implementations ... MUST support receiving JSON-RPC batches.' The SDK dropped batches with 2025-06-18 but still negotiates 2025-03-26; its message schema refuses the array, so neither ping of the batch is answered (its servers fail the same rule: batching.requests-answered).",
  },
  {
    id: 'tasks.undeclared-request-processed-normally',
    status: 'fail',
    revisions: ['2025-11-25'],
    source: 'test/interop/client-sdk.test.ts',
    why: "2025-11-25: 'Receivers that do not declare the task capability for a request type MUST process requests of that type normally, ignoring any task-augmentation metadata if present.' It answers the task-augmented sampling request with -32603 'Client does not support task creation' and the same request without params.task with a result (its servers: tasks.ignored-without-capability).",
  },
  {
    id: 'sampling.tools-only-when-declared',
    status: 'warn',
    revisions: ['2025-11-25'],
    source: 'test/interop/client-sdk.test.ts',
    why: "It answers a tool-enabled sampling request although it did not declare sampling.tools ('Clients MUST declare support for tool use via the sampling.tools capability to receive tool-enabled sampling requests'); its answer uses no tool, hence a warning. (The test tolerates this warning rather than requiring it.)",
  },
  {
    id: 'sampling.malformed-refused',
    status: 'warn',
    revisions: ['2025-11-25'],
    source: 'test/interop/client-sdk.test.ts',
    why: "'Clients SHOULD return errors for common failure cases: ... Tool results mixed with other content: -32602': the SDK hands such a request to the handler, which answers it. (The test tolerates this warning rather than requiring it.)",
  },
];

/** The SDK client's HTTP findings (client-http-sdk.test.ts). */
const SDK_HTTP = [
  {
    id: 'http.reinitialize-after-404',
    status: 'fail',
    revisions: SESSIONFUL,
    source: 'test/interop/client-http-sdk.test.ts',
    why: "The SDK transport throws on 404 and nothing starts a new session: 'When a client receives HTTP 404 in response to a request containing an Mcp-Session-Id, it MUST start a new session by sending a new InitializeRequest'.",
  },
  {
    id: 'http.session-deleted',
    status: 'warn',
    revisions: SESSIONFUL,
    source: 'test/interop/client-http-sdk.test.ts',
    why: "Client.close() sends no DELETE (terminateSession() would): 'Clients that no longer need a particular session ... SHOULD send an HTTP DELETE to the MCP endpoint with the Mcp-Session-Id header'.",
  },
  {
    id: 'http.sse-fallback',
    status: 'warn',
    revisions: SESSIONFUL,
    source: 'test/interop/client-http-sdk.test.ts',
    why: "StreamableHTTPClientTransport alone never tries HTTP+SSE: 'Clients wanting to support older servers should: [...] Issue a GET request to the server URL'.",
  },
];

export const CLIENTS = [
  {
    name: 'sdk-client-stdio',
    label: "the official TypeScript SDK's Client (through test/fixtures/sdk-client-driver.mjs) over stdio",
    package: '@modelcontextprotocol/sdk',
    transport: 'stdio',
    accepted: LEGACY,
    run: 'the client suites but the HTTP and authorization checks, no fuzzing',
    findings: SDK_COMMON,
  },
  {
    name: 'sdk-client-http',
    label: "the official TypeScript SDK's Client (through test/fixtures/sdk-client-driver.mjs) over Streamable HTTP",
    package: '@modelcontextprotocol/sdk',
    transport: 'Streamable HTTP',
    accepted: LEGACY,
    run: 'the client suites (the HTTP checks in their own run), no fuzzing',
    findings: [...SDK_COMMON, ...SDK_HTTP],
  },
  {
    name: 'sdk-client-oauth',
    label: "the official TypeScript SDK's Client with its own OAuth support (test/fixtures/sdk-oauth-client-driver.mjs) over Streamable HTTP",
    package: '@modelcontextprotocol/sdk',
    transport: 'Streamable HTTP',
    accepted: SESSIONFUL,
    notRun: { '2024-11-05': ONLY_THREE, '2026-07-28': ONLY_THREE },
    run: 'the authorization checks only',
    findings: [
      {
        id: 'auth.pkce-support-verified',
        status: 'fail',
        revisions: ['2025-11-25'],
        source: 'test/interop/client-auth-sdk.test.ts',
        why: "basic/authorization#authorization-code-protection (2025-11-25): 'If code_challenge_methods_supported is absent, the authorization server does not support PKCE and MCP clients MUST refuse to proceed.' The SDK (client/auth.js) only refuses when the field is present without S256: it proceeds with an AS whose metadata lacks code_challenge_methods_supported.",
      },
    ],
  },
  {
    name: 'inspector-cli',
    label: 'the MCP Inspector CLI (`--transport http --method tools/list`) over Streamable HTTP',
    package: '@modelcontextprotocol/inspector-cli',
    transport: 'Streamable HTTP',
    accepted: LEGACY,
    run: 'every client scenario, no fuzzing',
    findings: [
      {
        id: 'http.session-deleted',
        status: 'warn',
        revisions: SESSIONFUL,
        source: 'test/interop/client-inspector.test.ts',
        why: "It exits without DELETE: 'Clients that no longer need a particular session ... SHOULD send an HTTP DELETE to the MCP endpoint with the Mcp-Session-Id header'.",
      },
      {
        id: 'http.sse-fallback',
        status: 'warn',
        revisions: SESSIONFUL,
        source: 'test/interop/client-inspector.test.ts',
        why: "With --transport http it never tries HTTP+SSE after a 404 to initialize: 'Clients wanting to support older servers should: ... Issue a GET request'.",
      },
      {
        id: 'pagination.follows-next-cursor',
        status: 'warn',
        revisions: LEGACY,
        source: 'test/interop/client-inspector.test.ts',
        why: "tools/list prints the first page only, though it carried a nextCursor: 'Clients SHOULD: ... Support both paginated and non-paginated flows'.",
      },
      {
        id: 'lifecycle.no-tools-requests-undeclared',
        status: 'warn',
        revisions: ['2024-11-05', '2025-03-26'],
        source: 'test/interop/client-inspector.test.ts',
        why: "It sends tools/list (its --method) to the scripted server that declares no tools, without looking at the capabilities: 'Only use capabilities that were successfully negotiated', a SHOULD until 2025-03-26 (basic/lifecycle#operation).",
      },
      {
        id: 'lifecycle.no-tools-requests-undeclared',
        status: 'fail',
        revisions: ['2025-06-18', '2025-11-25'],
        source: 'test/interop/client-inspector.test.ts',
        why: "It sends tools/list (its --method) to the scripted server that declares no tools, without looking at the capabilities: 'Only use capabilities that were successfully negotiated', a MUST from 2025-06-18 (basic/lifecycle#operation).",
      },
    ],
  },
];
