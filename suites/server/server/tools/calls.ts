// Tool calls and their results (TOOL-010..016). Spec: server/tools. Tools are called only as
// the user allows (--call-tools), each at most once per revision with generated arguments
// (shared between checks, see tool-calls.ts), plus one call with invalid arguments and one of
// a tool that cannot exist (nothing runs).
import { compile, dialectOf } from '../../../../harness/arguments.js';
import { defineChecks } from '../../../../harness/checks/define.js';
import { describeReply } from '../../../../harness/jsonrpc/types.js';
import { RANGE, since } from '../../../../harness/revisions.js';
import { isObject } from '../../../../harness/rules/json.js';
import { loadRevisionSchema } from '../../../../harness/schema.js';
import { callOnce, callable, defaultDialect, invalidProbe, listedTools, noSafeTool, sameJson, structuredResults, type Callable } from '../../../../harness/target/tool-calls.js';
import { exchange, expectAnyError, expectNone, expectResult } from '../../../../harness/verify/index.js';

/** 2026-07-28: structuredContent may be any JSON value (tools#structured-content); before, a JSON object. */
const STRUCTURED_ANY_JSON = RANGE.modern;
/** 2025-11-25 on: input validation errors are tool execution errors (isError), no longer protocol errors. */
const INPUT_ERRORS_IN_RESULT = since('2025-11-25');

// On the shared session: each allowed tool is called once per revision there (tool-calls.ts).
export const toolCallChecks = defineChecks({ page: 'server/tools', revisions: RANGE.all, needs: ['shared-session'], requires: ['tools'] }, [
  // Error handling: "Protocol Errors ... Unknown tools" are "standard JSON-RPC errors" (the
  // example is InvalidParams); no keyword. CallToolResult (schema): "any errors in _finding_ the
  // tool ... should be reported as an MCP error response". A SHOULD: a result is a warning;
  // the code is the example's, so any error code passes. Re-read at every revision, 2024-11-05
  // to 2026-07-28 (issue 32): the page lists unknown tools under protocol errors without a
  // keyword and the schema's sentence is a lower-case "should"; the digest's MUST is its own.
  {
    id: 'tools.call-unknown-tool-is-error',
    title: 'Calling a tool that does not exist returns a JSON-RPC error',
    spec: { url: '#error-handling', level: 'SHOULD' },
    requirement: 'However, any errors in _finding_ the tool, an error indicating that the server does not support tool calls, or any other exceptional conditions, should be reported as an MCP error response.',
    digest: ['TOOL-011'],
    fix: 'Answer tools/call of an unknown name with a JSON-RPC error such as {code:InvalidParams} "Unknown tool"',
    faults: ['tools-unknown-returns-result'],
    async run(ctx) {
      const names = new Set(((await ctx.discovery()).tools?.items ?? []).map((t) => t.name));
      let name = `mcp_conformance_no_such_tool_${Math.random().toString(36).slice(2, 10)}`;
      while (names.has(name)) name += '_';
      const reply = await ctx.request('tools/call', { name, arguments: {} });
      // An HTTP refusal without a JSON-RPC body is no answer to judge, as silence is.
      if (reply.kind === 'refused') return ctx.skip('no-answer', `no answer to judge: ${describeReply(reply)}`);
      // Any code: the spec's InvalidParams is an example (an isError result shows in the actual).
      return expectAnyError(ctx, exchange(`tools/call of the unknown tool "${name}" (a protocol error)`, reply));
    },
  },

  // Tool result: every result must be a CallToolResult of the revision's schema (the schema
  // is "the source of truth for all protocol messages"). This check makes the calls (each
  // allowed tool once, with generated arguments) and names the tools whose results are invalid.
  {
    id: 'tools.call-results-valid',
    title: 'Calls to the allowed tools with valid arguments return schema-valid results',
    spec: { url: '#tool-result', level: 'MUST' },
    requirement: 'The full specification of the protocol is defined as a TypeScript schema. This is the source of truth for all protocol messages and structures. (CallToolResult of the revision.)',
    digest: ['TOOL-010'],
    faults: ['tools-call-result-invalid'],
    // A slow tool is waited for up to its patience: started early, that wait overlaps the rest.
    long: true,
    async run(ctx) {
      const tools = await listedTools(ctx);
      if (!Array.isArray(tools)) return tools;
      const { ok, left, allowed } = callable(ctx, tools);
      if (allowed === 0) return noSafeTool(ctx);
      if (ok.length === 0) return ctx.skip('cannot-set-up', `no allowed tool could be given valid arguments: ${left.join('; ')}`);
      const schema = await loadRevisionSchema(ctx.revision);
      const definition = schema.resultDefinition('tools/call') ?? 'CallToolResult';
      const replies = await Promise.all(ok.map((c) => callOnce(ctx, c)));
      const bad: string[] = [];
      const notes = [...left];
      let judged = 0;
      for (const [i, reply] of replies.entries()) {
        const name = (ok[i] as Callable).name;
        if (reply.kind !== 'result') {
          notes.push(`${name}: ${describeReply(reply)}`);
          continue;
        }
        // At 2026-07-28 a call may ask for input first: not a CallToolResult (input-required.* judge it).
        if ((reply.result as { resultType?: unknown } | undefined)?.resultType === 'input_required') {
          notes.push(`${name}: asked for input (InputRequiredResult)`);
          continue;
        }
        judged++;
        const verdict = schema.validate(definition, reply.result);
        if (!verdict.ok) bad.push(`${name}: ${verdict.error}`);
      }
      return expectNone(ctx, bad, {
        expected: `schema-valid ${definition}s`,
        judged,
        note: `${judged} result(s) judged${notes.length ? `; not judged: ${notes.join('; ')}` : ''}`,
        nothing: { code: 'nothing-observed', detail: `no call returned a result to judge: ${notes.join('; ')}` },
      });
    },
  },

  // Output schema: "If an output schema is provided: Servers MUST provide structured results
  // that conform to this schema." Judged on successful (non-isError) calls only. Up to
  // 2025-11-25 structuredContent is a JSON object; from 2026-07-28 "any JSON value".
  {
    id: 'tools.call-structured-content',
    title: 'A tool with an outputSchema returns structuredContent that validates against it',
    spec: { url: '#output-schema', level: 'MUST' },
    requirement: 'Servers MUST provide structured results that conform to this schema.',
    digest: ['TOOL-013', 'TOOL-014'],
    revisions: since('2025-06-18'),
    faults: ['tools-structured-content-invalid'],
    async run(ctx) {
      const got = await structuredResults(ctx);
      if (!('judged' in got)) return got;
      const anyJson = ctx.in(STRUCTURED_ANY_JSON);
      const bad: string[] = [];
      let judged = 0;
      for (const { c, result } of got.judged) {
        const schema = c.tool.outputSchema as Record<string, unknown>;
        const dialect = dialectOf(schema, defaultDialect(ctx.revision));
        const validate = dialect ? compile(schema, dialect) : null;
        if (!validate) {
          got.notes.push(`${c.name}: outputSchema not usable (see tools.schemas-valid)`);
          continue;
        }
        judged++;
        const value = result.structuredContent;
        if (!('structuredContent' in result)) bad.push(`${c.name}: no structuredContent`);
        else if (!anyJson && !isObject(value)) bad.push(`${c.name}: structuredContent is not a JSON object (${ctx.brief(value, 80)})`);
        else if (!validate(value)) {
          const e = validate.errors?.[0];
          bad.push(`${c.name}: ${e?.instancePath || '(root)'} ${e?.message ?? 'invalid'} in ${ctx.brief(value, 120)}`);
        }
      }
      return expectNone(ctx, bad, {
        expected: `structuredContent${anyJson ? '' : ' (a JSON object)'} valid against the outputSchema`,
        judged,
        note: `${judged} result(s) judged${got.notes.length ? `; not judged: ${got.notes.join('; ')}` : ''}`,
        // A schema that does not compile is tools.schemas-valid's finding: nothing to judge with here.
        nothing: { code: 'cannot-set-up', detail: `no outputSchema could be compiled to judge with: ${got.notes.join('; ')}` },
      });
    },
  },

  // Structured content: "For backwards compatibility, a tool that returns structured content
  // SHOULD also return the serialized JSON in a TextContent block."
  {
    id: 'tools.call-structured-content-as-text',
    title: 'A tool returning structuredContent also returns it serialized in a text block',
    spec: { url: '#structured-content', level: 'SHOULD' },
    requirement: 'For backwards compatibility, a tool that returns structured content SHOULD also return the serialized JSON in a TextContent block.',
    digest: ['TOOL-015'],
    revisions: since('2025-06-18'),
    faults: ['tools-structured-without-text'],
    async run(ctx) {
      const got = await structuredResults(ctx);
      if (!('judged' in got)) return got;
      const judged = got.judged.filter((j) => 'structuredContent' in j.result && (ctx.in(STRUCTURED_ANY_JSON) || isObject(j.result.structuredContent)));
      if (judged.length === 0) return ctx.skip('not-offered', 'no result carried structuredContent');
      const bad = judged.filter(({ result }) => !(Array.isArray(result.content) ? result.content : []).some((item) => sameJson(item, result.structuredContent)));
      return expectNone(
        ctx,
        bad.map(({ c, result }) => `${c.name}: ${ctx.brief(result.content, 120)}`),
        { expected: 'a text block whose JSON equals structuredContent', judged: judged.length, note: `${judged.length} result(s) judged` },
      );
    },
  },

  // Embedded resources: "Servers that use embedded resources SHOULD implement the resources
  // capability." Judged on the results of the calls the other checks made.
  {
    id: 'tools.embedded-resources-declared',
    title: 'A server whose tools embed resources declares the resources capability',
    spec: { url: '#embedded-resources', level: 'SHOULD' },
    requirement: 'Servers that use embedded resources SHOULD implement the resources capability',
    digest: ['TOOL-016'],
    fix: 'Declare (and serve) the resources capability, or return resource_link items instead',
    revisions: since('2025-06-18'),
    faults: ['tools-embedded-resource-undeclared'],
    judgesDeclared: true,
    async run(ctx) {
      if (ctx.facts.serverCapabilities.resources !== undefined) return ctx.skip('not-applicable', 'the server declares resources: embedded resources need nothing more');
      const tools = await listedTools(ctx);
      if (!Array.isArray(tools)) return tools;
      const { ok, allowed } = callable(ctx, tools);
      if (allowed === 0) return noSafeTool(ctx);
      const replies = await Promise.all(ok.map((c) => callOnce(ctx, c)));
      const results = replies.flatMap((r, i) => (r.kind === 'result' && isObject(r.result) ? [{ name: (ok[i] as Callable).name, result: r.result }] : []));
      if (results.length === 0) return ctx.skip('nothing-observed', 'no call returned a result to look into');
      const embedding = results.filter(({ result }) => Array.isArray(result.content) && result.content.some((item) => isObject(item) && item.type === 'resource'));
      return expectNone(
        ctx,
        embedding.map((e) => `${e.name} embedded a resource`),
        { expected: 'embedded resources only from a server that declares the resources capability', judged: results.length, note: `${results.length} result(s), none embeds a resource`, reason: 'capabilities.resources is absent' },
      );
    },
  },

  // Error handling. Up to 2025-06-18 "Invalid arguments" are listed among protocol errors
  // (and "Invalid input data" among tool execution errors: either is accepted); from
  // 2025-11-25 "Input validation errors" are tool execution errors (isError: true). The text
  // gives no keyword, so a mismatch is a warning. Sends one call with arguments the inputSchema
  // really forbids: without a required argument that has no default, or else one of the wrong
  // type (a required argument with a default may be left out: the server applies the default).
  {
    id: 'tools.call-invalid-arguments',
    title: 'Arguments that violate the inputSchema get the error the revision prescribes',
    spec: { url: '#error-handling', level: 'SHOULD' },
    requirement: 'Tools use two error reporting mechanisms: Protocol Errors (up to 2025-06-18: Invalid arguments) and Tool Execution Errors, reported in tool results with isError: true (2025-11-25 on: Input validation errors).',
    digest: ['TOOL-012'],
    faults: ['tools-invalid-args-protocol-error'],
    async run(ctx) {
      const tools = await listedTools(ctx);
      if (!Array.isArray(tools)) return tools;
      const { ok, allowed } = callable(ctx, tools);
      if (allowed === 0) return noSafeTool(ctx);
      const probe = invalidProbe(ctx, ok);
      if (!probe) return ctx.skip('not-offered', 'no allowed tool has a required argument without a default to leave out, nor a typed argument to give another type (with arguments this tool could build)');
      const reply = await ctx.request('tools/call', { name: probe.name, arguments: probe.args });
      const ex = exchange(`${probe.name} ${probe.what}`, reply);
      // An HTTP refusal without a JSON-RPC body is no answer to judge, as silence is.
      if (reply.kind === 'refused') return ctx.skip('no-answer', `no answer to judge: ${describeReply(reply)}`);
      // A tool execution error: a CallToolResult with isError: true.
      const notIsError = (result: unknown): string | undefined => (isObject(result) && result.isError === true ? undefined : `a successful result: ${ctx.brief(result, 160)}`);
      if (!ctx.in(INPUT_ERRORS_IN_RESULT)) {
        // Up to 2025-06-18 either mechanism: a protocol error, or a tool execution error.
        if (reply.kind === 'error') return expectAnyError(ctx, ex);
        return expectResult(ctx, ex, { expected: 'a JSON-RPC error (or a result with isError: true)', problem: notIsError, note: `${ex.what}: isError result`, doubt: 'servers MUST validate tool inputs; how strictly is not observable, so this is a warning' });
      }
      const doubt = reply.kind === 'error' ? 'the page sorts errors into the two mechanisms without a keyword, hence a warning' : 'servers MUST validate tool inputs; how strictly is not observable, so this is a warning';
      return expectResult(ctx, ex, { expected: 'a result with isError: true (input validation errors are tool execution errors)', problem: notIsError, note: `${ex.what}: isError result`, doubt });
    },
  },
]);
