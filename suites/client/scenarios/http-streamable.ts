// The Streamable HTTP scenario (2025-03-26 on, both shapes): a server whose answers come as
// JSON and as SSE by turns (2026-07-28: with SSE comment lines), that issues a session
// (legacy), pings the client on the SSE answer of its first tool call (legacy), and offers
// names and parameter values that need the 2026-07-28 header rules: a tool named `héllo`,
// x-mcp-header parameters of every kind (plain, non-ASCII, padded, sentinel look-alike,
// integer, booleans, nested; null in a tool of its own), a tool with an invalid annotation,
// and a tool whose first call is refused with HeaderMismatch because its schema changed
// (listed again, it carries the annotation). One setup for the header, session, Accept and
// SSE checks.
import type { ClientScenario, ScriptTool } from '../../../harness/client/scenario.js';
import type { Recording } from '../../../harness/client/recording.js';
import { revisionInfo, since } from '../../../harness/revisions.js';
import { ErrorCode } from '../../../harness/rules/error-codes.js';

export const HTTP_STREAMABLE = 'http.streamable-server';

/** The tool whose first call gets HeaderMismatch (its listed schema then gains Mcp-Param-Zone). */
export const MOVED_TOOL = 'moved';
/** The tool whose x-mcp-header annotation is invalid (a client on HTTP must drop it). */
export const BAD_HEADER_TOOL = 'bad_header';

const headerParams = {
  region: { type: 'string', default: 'us-west1', 'x-mcp-header': 'Region' },
  greeting: { type: 'string', default: 'Hello, 世界', 'x-mcp-header': 'Greeting' },
  padded: { type: 'string', default: ' padded ', 'x-mcp-header': 'Padded' },
  literal: { type: 'string', default: '=?base64?literal?=', 'x-mcp-header': 'Literal' },
  priority: { type: 'integer', default: 42, 'x-mcp-header': 'Priority' },
  verbose: { type: 'boolean', default: false, 'x-mcp-header': 'Verbose' },
  debug: { type: 'boolean', default: true, 'x-mcp-header': 'Debug' },
  options: { type: 'object', properties: { mode: { type: 'string', default: 'fast', 'x-mcp-header': 'Mode' } }, required: ['mode'] },
  query: { type: 'string', default: 'SELECT 1' },
};

const zone = (annotated: boolean): ScriptTool => ({
  name: MOVED_TOOL,
  description: 'Its schema changes after the first call (which is refused with HeaderMismatch)',
  inputSchema: { type: 'object', properties: { zone: { type: 'string', default: 'eu-1', ...(annotated ? { 'x-mcp-header': 'Zone' } : {}) } }, required: ['zone'] },
});

const tools = (mismatched: boolean): ScriptTool[] => [
  { name: 'echo', description: 'Echoes its arguments', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
  {
    name: 'héllo',
    description: 'A name outside the header-safe characters; parameters mirrored into Mcp-Param headers',
    inputSchema: { type: 'object', properties: headerParams, required: Object.keys(headerParams) },
  },
  {
    name: 'nullable',
    description: 'An x-mcp-header parameter whose value is null (no header)',
    inputSchema: { type: 'object', properties: { note: { type: ['string', 'null'], default: null, 'x-mcp-header': 'Note' } }, required: ['note'] },
  },
  { name: BAD_HEADER_TOOL, description: 'Its x-mcp-header is not an HTTP token', inputSchema: { type: 'object', properties: { q: { type: 'string', 'x-mcp-header': 'Bad Name' } }, required: ['q'] } },
  zone(mismatched),
];

interface RunState {
  pinged: boolean;
  mismatched: boolean;
}
const states = new WeakMap<Recording, RunState>();
const stateOf = (r: Recording): RunState => {
  let s = states.get(r);
  if (!s) states.set(r, (s = { pinged: false, mismatched: false }));
  return s;
};

export const httpStreamableScenario: ClientScenario = {
  id: HTTP_STREAMABLE,
  title: 'Streamable HTTP: JSON and SSE answers, a session, header-sensitive names and parameters',
  revisions: since('2025-03-26'),
  transports: ['streamable-http'],
  official: 'http-standard-headers',
  server: {
    tools: tools(false),
    toolsNow: (recording) => tools(stateOf(recording).mismatched),
    resources: [
      { uri: 'mcp-conformance://http/file%20name.txt', name: 'percent-encoded', mimeType: 'text/plain', text: 'a URI with a percent-encoded space' },
      { uri: 'https://example.com/resource?id=123', name: 'query', mimeType: 'text/plain', text: 'a URI with a query' },
    ],
    prompts: [{ name: 'greeting', description: 'A greeting' }, { name: 'grüße', description: 'A name outside the header-safe characters' }],
    async onRequest(method, ctx) {
      if (method !== 'tools/call') return undefined;
      const state = stateOf(ctx.recording);
      // Legacy: a server request on the SSE answer of a POST (the client answers by POST).
      if (revisionInfo(ctx.revision).era === 'legacy' && !state.pinged) {
        state.pinged = true;
        await ctx.request('ping');
      }
      if (revisionInfo(ctx.revision).era === 'modern' && ctx.params.name === MOVED_TOOL && !state.mismatched) {
        state.mismatched = true;
        return { error: { code: ErrorCode.HeaderMismatch, message: 'Header mismatch: the Mcp-Param-Zone header is missing (the tool schema changed; list the tools again)' } };
      }
      return undefined;
    },
    http: {
      responses: { 'tools/call': 'alternate', 'resources/read': 'alternate', 'prompts/get': 'alternate' },
      // The comment-line rule is written in 2026-07-28 (SSE parsers of any era ignore them).
      sseComments: ['modern'],
    },
  },
};
