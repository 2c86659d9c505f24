// Tools (TOOL-*), listing. Spec: server/tools; schema dialects: basic#json-schema-usage.
// Listing shapes are the schema check's business; these checks judge what a schema cannot say.
// Calls and their results: tool-results.ts; x-mcp-header annotations: tool-headers.ts.
import { compile, compileProblem, dialectOf, hasUnresolvedRef } from '../../harness/arguments.js';
import type { Check, CheckContext } from '../../harness/checks/check.js';
import { listAll } from '../../harness/discovery.js';
import { RANGE, since } from '../../harness/revisions.js';
import { stabilityCheck } from './list-stability.js';
import { defaultDialect, isObj, listedTools } from '../../harness/target/tool-calls.js';
import { toolHeaderChecks } from './tool-headers.js';
import { toolResultChecks } from './tool-results.js';

const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

const citeTools = async (ctx: CheckContext): Promise<void> => ctx.cite(...((await ctx.discovery()).tools?.pages.map((p) => p.seq ?? 0) ?? []));

/** Is `b` the items of `a` in the same relative order (items only one of them has are ignored)? */
function sameOrder(a: unknown[], b: unknown[]): boolean {
  const common = new Set(a.filter((x) => b.includes(x)));
  const x = a.filter((n) => common.has(n));
  const y = b.filter((n) => common.has(n));
  return x.every((n, i) => n === y[i]);
}

export const toolsChecks: Check[] = [
  // TOOL-002/005: tools/list returns tools, each with a name and an inputSchema of type object.
  {
    id: 'tools.list-shape',
    title: 'tools/list returns every tool with a name and an inputSchema of type "object"',
    spec: { url: 'server/tools#listing-tools', level: 'MUST' },
    requirement: 'Tool arguments are always JSON objects, so `type: "object"` is required at the root. (schema: Tool.inputSchema)',
    side: 'server',
    revisions: RANGE.all,
    transports: 'any',
    requires: ['tools'],
    faults: ['tools-list-missing-input-schema'],
    connection: 'shared',
    async run(ctx) {
      const { tools } = await ctx.discovery();
      if (!tools) return ctx.skip('not-declared: no tools capability');
      ctx.cite(...tools.pages.map((p) => p.seq ?? 0));
      // No list is no shape to judge (an error is judged by the checks of the error, and no
      // answer at all by the harness's timeout handling).
      if (tools.problem && tools.items.length === 0) return ctx.skip(`no tools to judge: ${tools.problem}`);
      if (tools.items.length === 0) return ctx.skip('no tools listed');
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

  // "Each tool is uniquely identified by a name"; 2025-11-25 on: "Tool names SHOULD be unique
  // within a server." Judged over every page.
  {
    id: 'tools.unique-names',
    title: 'No two tools share a name (across all pages of tools/list)',
    spec: [
      { url: 'server/tools#tool', level: 'SHOULD' },
      { from: '2025-11-25', url: 'server/tools#tool-names', level: 'SHOULD' },
    ],
    requirement: 'Tool names SHOULD be unique within a server.',
    side: 'server',
    revisions: RANGE.all,
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
    requirement: 'Tool names SHOULD be between 1 and 128 characters in length (inclusive). The following SHOULD be the only allowed characters: uppercase and lowercase ASCII letters (A-Z, a-z), digits (0-9), underscore (_), hyphen (-), and dot (.)',
    side: 'server',
    revisions: since('2025-11-25'),
    transports: 'any',
    requires: ['tools'],
    faults: ['tools-name-invalid'],
    connection: 'shared',
    async run(ctx) {
      const tools = await listedTools(ctx);
      if (!Array.isArray(tools)) return tools;
      const bad = tools.map((t) => t.name as string).filter((n) => !TOOL_NAME.test(n));
      if (bad.length === 0) return ctx.pass(`${tools.length} name(s)`);
      await citeTools(ctx);
      return ctx.fail({ expected: 'names matching [A-Za-z0-9_.-]{1,128}', actual: `${bad.length} other name(s): ${bad.slice(0, 5).map((n) => JSON.stringify(n)).join(', ')}` });
    },
  },

  // BASE-041: "Schemas MUST be valid according to their declared or default dialect" (inputSchema
  // and outputSchema default to 2020-12). A $ref to another document is not fetched: not judged.
  {
    id: 'tools.schemas-valid',
    title: "Every tool's inputSchema and outputSchema is valid JSON Schema in its declared or default dialect",
    spec: { url: 'basic#schema-validation', level: 'MUST' },
    requirement: 'Schemas MUST be valid according to their declared or default dialect',
    side: 'server',
    revisions: since('2025-11-25'),
    transports: 'any',
    requires: ['tools'],
    faults: ['tools-input-schema-invalid'],
    connection: 'shared',
    async run(ctx) {
      const tools = await listedTools(ctx);
      if (!Array.isArray(tools)) return tools;
      const bad: string[] = [];
      const notes: string[] = [];
      let judged = 0;
      for (const tool of tools) {
        for (const key of ['inputSchema', 'outputSchema'] as const) {
          const schema = tool[key];
          if (!isObj(schema)) continue; // absence and type are the schema check's business
          const dialect = dialectOf(schema, defaultDialect(ctx.revision));
          if (!dialect) notes.push(`${String(tool.name)}.${key}: dialect ${ctx.brief(schema.$schema)} not judged`);
          else if (hasUnresolvedRef(schema, dialect)) notes.push(`${String(tool.name)}.${key}: external $ref not fetched`);
          else {
            judged++;
            if (!compile(schema, dialect)) bad.push(`${String(tool.name)}.${key} (${dialect}): ${compileProblem(schema, dialect) ?? ''}`);
          }
        }
      }
      if (bad.length === 0 && judged === 0) return ctx.skip(`no schema could be judged${notes.length ? `: ${notes.join('; ')}` : ''}`);
      if (bad.length === 0) return ctx.pass(`${judged} schema(s) judged${notes.length ? `; not judged: ${notes.join('; ')}` : ''}`);
      await citeTools(ctx);
      return ctx.fail({ expected: 'schemas valid under their dialect', actual: bad.slice(0, 3).join('; ') });
    },
  },

  // server/tools#capabilities (2026-07-28): "... but MUST NOT vary per-connection or as a
  // side effect of other requests on the connection."
  stabilityCheck('tools', ['modern-tools-list-side-effect']),

  // server/tools#capabilities (2026-07-28): "Servers SHOULD return tools in a deterministic
  // order (i.e., the same ordering across requests when the underlying set of tools has not
  // changed)." Two more walks of tools/list beside discovery's, compared on the tools they share.
  {
    id: 'tools.list-order-deterministic',
    title: 'tools/list returns the tools in the same order on every request',
    spec: { url: 'server/tools#capabilities', level: 'SHOULD' },
    requirement: 'Servers SHOULD return tools in a deterministic order (i.e., the same ordering across requests when the underlying set of tools has not changed).',
    side: 'server',
    revisions: RANGE.modern,
    transports: 'any',
    requires: ['tools'],
    faults: ['modern-tools-order-varies'],
    connection: 'shared',
    async run(ctx) {
      const { tools } = await ctx.discovery();
      if (!tools) return ctx.skip('not-declared: no tools capability');
      if (tools.problem) return ctx.skip(`tools/list could not be walked to its end: ${tools.problem}`);
      const session = await ctx.shared();
      const walks = [tools, await listAll(session, 'tools/list', 'tools'), await listAll(session, 'tools/list', 'tools')];
      const orders = walks.map((w) => w.items.map((t) => JSON.stringify(t.name)));
      if (orders[0]?.length === undefined || orders[0].length < 2) return ctx.skip(`an order needs two tools; ${orders[0]?.length ?? 0} listed`);
      for (const w of walks) for (const p of w.pages) if (p.seq) ctx.cite(p.seq);
      const differing = orders.slice(1).findIndex((o) => !sameOrder(orders[0] as string[], o));
      if (differing === -1) return ctx.pass(`${orders[0].length} tools in the same order in 3 walks`);
      return ctx.fail({
        expected: 'the same order on every tools/list while the set is unchanged',
        actual: `first walk: ${orders[0].slice(0, 6).join(', ')}; walk ${differing + 2}: ${(orders[differing + 1] as string[]).slice(0, 6).join(', ')}`,
      });
    },
  },

  ...toolResultChecks,
  ...toolHeaderChecks,
];
