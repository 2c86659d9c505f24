// Tools (TOOL-*). Spec: server/tools; schema dialects: basic#json-schema-usage (2025-11-25).
// Listing shapes are the schema check's business; these checks judge what a schema cannot say.
// Tools are called only as the user allows (--call-tools), each at most once per revision
// with generated arguments (shared between checks, see tool-calls.ts), plus one call with
// invalid arguments.
import { compile, compileProblem, dialectOf, hasUnresolvedRef } from '../../harness/arguments.js';
import type { Check } from '../../harness/checks/check.js';
import { loadRevisionSchema } from '../../harness/schema.js';
import { describeReply } from '../../harness/jsonrpc/types.js';
import { RANGE, only, since } from '../../harness/revisions.js';
import {
  callOnce,
  callable,
  defaultDialect,
  invalidProbe,
  isObj,
  listedTools,
  noSafeTool,
  sameJson,
  structuredResults,
  type Callable,
  type Obj,
} from './tool-calls.js';


const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

export const toolsChecks: Check[] = [
  // TOOL-002/005: tools/list returns tools, each with a name and an inputSchema of type object.
  {
    id: 'tools.list-shape',
    title: 'tools/list returns every tool with a name and an inputSchema of type "object"',
    spec: { url: 'server/tools#listing-tools', level: 'MUST' },
    side: 'server',
    revisions: RANGE.legacy,
    transports: 'any',
    requires: ['tools'],
    faults: ['tools-list-missing-input-schema'],
    connection: 'shared',
    async run(ctx) {
      const { tools } = await ctx.discovery();
      if (!tools) return ctx.skip('not-declared: no tools capability');
      ctx.cite(...tools.pages.map((p) => p.seq ?? 0));
      if (tools.problem && tools.items.length === 0) return ctx.fail({ expected: 'a tools/list result', actual: tools.problem });
      const bad: string[] = [];
      for (const tool of tools.items) {
        const name = typeof tool.name === 'string' ? tool.name : undefined;
        if (!name) bad.push(`a tool without a string name: ${ctx.brief(tool, 120)}`);
        const schema = tool.inputSchema as Record<string, unknown> | undefined;
        if (typeof schema !== 'object' || schema === null) bad.push(`${name ?? '?'}: no inputSchema object`);
        else if (schema.type !== 'object') bad.push(`${name ?? '?'}: inputSchema.type is ${ctx.brief(schema.type)}`);
      }
      if (bad.length === 0) return ctx.pass(`${tools.items.length} tool(s)`);
      return ctx.fail({ expected: 'each tool: name (string), inputSchema {type: "object"}', actual: bad.slice(0, 3).join('; ') });
    },
  },

  // "Each tool is uniquely identified by a name"; 2025-11-25: "Tool names SHOULD be unique
  // within a server." Judged over every page.
  {
    id: 'tools.unique-names',
    title: 'No two tools share a name (across all pages of tools/list)',
    spec: [
      { url: 'server/tools#tool', level: 'SHOULD' },
      { from: '2025-11-25', url: 'server/tools#tool-names', level: 'SHOULD' },
    ],
    side: 'server',
    revisions: RANGE.legacy,
    transports: 'any',
    requires: ['tools'],
    faults: ['tools-duplicate-name'],
    connection: 'shared',
    async run(ctx) {
      const { tools } = await ctx.discovery();
      if (!tools || tools.items.length === 0) return ctx.skip('no tools listed');
      ctx.cite(...tools.pages.map((p) => p.seq ?? 0));
      const seen = new Set<unknown>();
      const dupes = [...new Set(tools.items.map((t) => t.name).filter((n) => seen.has(n) || !seen.add(n)))];
      if (dupes.length === 0) return ctx.pass(`${seen.size} distinct name(s)`);
      return ctx.fail({ expected: 'each tool name listed once', actual: `listed more than once: ${dupes.map((d) => ctx.brief(d)).join(', ')}` });
    },
  },

  // "Tool names SHOULD be between 1 and 128 characters in length (inclusive)" and "The
  // following SHOULD be the only allowed characters: ... (A-Z, a-z), digits (0-9),
  // underscore (_), hyphen (-), and dot (.)"
  {
    id: 'tools.name-format',
    title: 'Tool names are 1-128 characters of A-Z, a-z, 0-9, "_", "-" and "."',
    spec: { url: 'server/tools#tool-names', level: 'SHOULD' },
    side: 'server',
    revisions: only('2025-11-25'),
    transports: 'any',
    requires: ['tools'],
    faults: ['tools-name-invalid'],
    connection: 'shared',
    async run(ctx) {
      const tools = await listedTools(ctx);
      if (!Array.isArray(tools)) return tools;
      const bad = tools.map((t) => t.name as string).filter((n) => !TOOL_NAME.test(n));
      if (bad.length === 0) return ctx.pass();
      ctx.cite(...((await ctx.discovery()).tools?.pages.map((p) => p.seq ?? 0) ?? []));
      return ctx.fail({ expected: 'names matching [A-Za-z0-9_.-]{1,128}', actual: `${bad.length} other name(s): ${bad.slice(0, 5).map((n) => JSON.stringify(n)).join(', ')}` });
    },
  },

  // BASE-041: "Schemas MUST be valid according to their declared or default dialect" (inputSchema
  // and outputSchema default to 2020-12). A $ref to another document is not fetched: not judged.
  {
    id: 'tools.schemas-valid',
    title: "Every tool's inputSchema and outputSchema is valid JSON Schema in its declared or default dialect",
    spec: { url: 'basic#schema-validation', level: 'MUST' },
    side: 'server',
    revisions: only('2025-11-25'),
    transports: 'any',
    requires: ['tools'],
    faults: ['tools-input-schema-invalid'],
    connection: 'shared',
    async run(ctx) {
      const tools = await listedTools(ctx);
      if (!Array.isArray(tools)) return tools;
      const bad: string[] = [];
      const notes: string[] = [];
      for (const tool of tools) {
        for (const key of ['inputSchema', 'outputSchema'] as const) {
          const schema = tool[key];
          if (!isObj(schema)) continue; // absence and type are the schema check's business
          const dialect = dialectOf(schema, defaultDialect(ctx.revision));
          if (!dialect) notes.push(`${String(tool.name)}.${key}: dialect ${ctx.brief(schema.$schema)} not judged`);
          else if (hasUnresolvedRef(schema, dialect)) notes.push(`${String(tool.name)}.${key}: external $ref not fetched`);
          else if (!compile(schema, dialect)) bad.push(`${String(tool.name)}.${key} (${dialect}): ${compileProblem(schema, dialect) ?? ''}`);
        }
      }
      if (bad.length === 0) return ctx.pass(notes.join('; ') || undefined);
      ctx.cite(...((await ctx.discovery()).tools?.pages.map((p) => p.seq ?? 0) ?? []));
      return ctx.fail({ expected: 'schemas valid under their dialect', actual: bad.slice(0, 3).join('; ') });
    },
  },

  // Error handling: "Protocol Errors: Standard JSON-RPC errors for issues like: Unknown tools"
  // (the example is -32602). A result is a failure; an isError result or another code, a warning.
  {
    id: 'tools.call-unknown-tool-is-error',
    title: 'Calling a tool that does not exist returns a JSON-RPC error',
    spec: { url: 'server/tools#error-handling', level: 'MUST' },
    side: 'server',
    revisions: RANGE.legacy,
    transports: 'any',
    requires: ['tools'],
    faults: ['tools-unknown-returns-result'],
    connection: 'shared',
    async run(ctx) {
      const names = new Set(((await ctx.discovery()).tools?.items ?? []).map((t) => t.name));
      let name = `mcp_conformance_no_such_tool_${Math.random().toString(36).slice(2, 10)}`;
      while (names.has(name)) name += '_';
      const reply = await ctx.request('tools/call', { name, arguments: {} });
      if (reply.kind === 'error') {
        if (reply.error.code === -32602) return ctx.pass();
        return ctx.warn({ expected: 'error code -32602 (the spec example for an unknown tool)', actual: `error code ${ctx.brief(reply.error.code)}` });
      }
      if (reply.kind !== 'result') return ctx.fail({ expected: 'a JSON-RPC error', actual: describeReply(reply) });
      const result = isObj(reply.result) ? reply.result : {};
      const evidence = { expected: 'a JSON-RPC error (unknown tools are protocol errors)', actual: `a result: ${ctx.brief(reply.result)}` };
      if (result.isError === true) return ctx.warn({ ...evidence, reason: 'a tool execution error (isError) rather than a protocol error' });
      return ctx.fail(evidence);
    },
  },

  // Tool result: "content" items of the listed types, "isError"; every message is checked
  // against the schema as it arrives: this check makes the calls (each allowed tool once,
  // with generated arguments) and names the tools whose results are invalid.
  {
    id: 'tools.call-results-valid',
    title: 'Calls to the allowed tools with valid arguments return schema-valid results',
    spec: { url: 'server/tools#tool-result', level: 'MUST' },
    side: 'server',
    revisions: RANGE.legacy,
    transports: 'any',
    requires: ['tools'],
    faults: ['tools-call-result-invalid'],
    connection: 'shared',
    async run(ctx) {
      const tools = await listedTools(ctx);
      if (!Array.isArray(tools)) return tools;
      const { ok, left, allowed } = callable(ctx, tools);
      if (allowed === 0) return noSafeTool(ctx);
      if (ok.length === 0) return ctx.skip(`no allowed tool could be given valid arguments: ${left.join('; ')}`);
      const schema = await loadRevisionSchema(ctx.revision);
      const definition = schema.resultDefinition('tools/call') ?? 'CallToolResult';
      const replies = await Promise.all(ok.map((c) => callOnce(ctx, c)));
      const bad: string[] = [];
      const notes = [...left];
      for (const [i, reply] of replies.entries()) {
        const name = (ok[i] as Callable).name;
        if (reply.kind !== 'result') {
          notes.push(`${name}: ${describeReply(reply)}`);
          continue;
        }
        const verdict = schema.validate(definition, reply.result);
        if (!verdict.ok) bad.push(`${name}: ${verdict.error}`);
      }
      if (bad.length > 0) return ctx.fail({ expected: `schema-valid ${definition}s`, actual: bad.slice(0, 3).join('; ') });
      return ctx.pass(`called ${ok.map((c) => c.name).join(', ')}${notes.length ? `; not judged: ${notes.join('; ')}` : ''}`);
    },
  },

  // Output schema: "If an output schema is provided: Servers MUST provide structured results
  // that conform to this schema." Judged on successful (non-isError) calls only.
  {
    id: 'tools.call-structured-content',
    title: 'A tool with an outputSchema returns structuredContent that validates against it',
    spec: { url: 'server/tools#output-schema', level: 'MUST' },
    side: 'server',
    revisions: '2025-06-18..2025-11-25',
    transports: 'any',
    requires: ['tools'],
    faults: ['tools-structured-content-invalid'],
    connection: 'shared',
    async run(ctx) {
      const got = await structuredResults(ctx);
      if (!('judged' in got)) return got;
      const bad: string[] = [];
      for (const { c, result } of got.judged) {
        const schema = c.tool.outputSchema as Obj;
        const dialect = dialectOf(schema, defaultDialect(ctx.revision));
        const validate = dialect ? compile(schema, dialect) : null;
        if (!validate) got.notes.push(`${c.name}: outputSchema not usable (see tools.schemas-valid)`);
        else if (!isObj(result.structuredContent)) bad.push(`${c.name}: no structuredContent object (${ctx.brief(result.structuredContent, 80)})`);
        else if (!validate(result.structuredContent)) {
          const e = validate.errors?.[0];
          bad.push(`${c.name}: ${e?.instancePath || '(root)'} ${e?.message ?? 'invalid'} in ${ctx.brief(result.structuredContent, 120)}`);
        }
      }
      if (bad.length > 0) return ctx.fail({ expected: 'structuredContent valid against the outputSchema', actual: bad.slice(0, 3).join('; ') });
      return ctx.pass(`${got.judged.length} result(s) judged${got.notes.length ? `; not judged: ${got.notes.join('; ')}` : ''}`);
    },
  },

  // Structured content: "For backwards compatibility, a tool that returns structured content
  // SHOULD also return the serialized JSON in a TextContent block."
  {
    id: 'tools.call-structured-content-as-text',
    title: 'A tool returning structuredContent also returns it serialized in a text block',
    spec: { url: 'server/tools#structured-content', level: 'SHOULD' },
    side: 'server',
    revisions: '2025-06-18..2025-11-25',
    transports: 'any',
    requires: ['tools'],
    faults: ['tools-structured-without-text'],
    connection: 'shared',
    async run(ctx) {
      const got = await structuredResults(ctx);
      if (!('judged' in got)) return got;
      const judged = got.judged.filter((j) => isObj(j.result.structuredContent));
      if (judged.length === 0) return ctx.skip('no result carried structuredContent');
      const bad = judged.filter(({ result }) => !(Array.isArray(result.content) ? result.content : []).some((item) => sameJson(item, result.structuredContent)));
      if (bad.length === 0) return ctx.pass();
      return ctx.fail({
        expected: 'a text block whose JSON equals structuredContent',
        actual: bad.slice(0, 3).map(({ c, result }) => `${c.name}: ${ctx.brief(result.content, 120)}`).join('; '),
      });
    },
  },

  // Error handling. Up to 2025-06-18 "Invalid arguments" are listed among protocol errors
  // (and "Invalid input data" among tool execution errors: either is accepted); from
  // 2025-11-25 "Input validation errors" are tool execution errors (isError: true). The text
  // gives no keyword, so a mismatch is a warning. Sends one call without a required argument.
  {
    id: 'tools.call-invalid-arguments',
    title: 'Arguments that violate the inputSchema get the error the revision prescribes',
    spec: { url: 'server/tools#error-handling', level: 'SHOULD' },
    side: 'server',
    revisions: RANGE.legacy,
    transports: 'any',
    requires: ['tools'],
    faults: ['tools-invalid-args-protocol-error'],
    connection: 'shared',
    async run(ctx) {
      const tools = await listedTools(ctx);
      if (!Array.isArray(tools)) return tools;
      const { ok, allowed } = callable(ctx, tools);
      if (allowed === 0) return noSafeTool(ctx);
      const probe = invalidProbe(ctx, ok);
      if (!probe) return ctx.skip('no allowed tool has a required argument to leave out (with arguments this tool could build)');
      const reply = await ctx.request('tools/call', { name: probe.name, arguments: probe.args });
      const what = `${probe.name} without its required "${probe.missing}"`;
      // 2025-11-25 moved input validation errors from protocol errors to tool execution errors.
      const modern = ctx.in(since('2025-11-25'));
      if (reply.kind === 'error') {
        if (!modern) return ctx.pass(`${what}: error ${reply.error.code}`);
        return ctx.warn({ expected: `${what}: a result with isError: true (input validation errors are tool execution errors)`, actual: `JSON-RPC error ${ctx.brief(reply.error.code)}` });
      }
      if (reply.kind !== 'result') return ctx.warn({ expected: `${what}: an error`, actual: describeReply(reply) });
      if (isObj(reply.result) && reply.result.isError === true) return ctx.pass(`${what}: isError result`);
      return ctx.warn({
        expected: `${what}: ${modern ? 'a result with isError: true' : 'a JSON-RPC error (or an isError result)'}`,
        actual: `a successful result: ${ctx.brief(reply.result, 160)}`,
        reason: 'servers MUST validate tool inputs; how strictly is not observable, so this is a warning',
      });
    },
  },
];
