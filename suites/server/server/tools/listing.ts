// server/tools#listing-tools: what tools/list says of each tool and of the list, beyond its
// shape (the schema check's business): a name for each, an object inputSchema, unique names of
// the allowed characters, and (2026-07-28) a deterministic order.
import { defineChecks } from '../../../../harness/checks/define.js';
import { listAll } from '../../../../harness/discovery.js';
import { RANGE, since } from '../../../../harness/revisions.js';
import { unanswered } from '../../../../harness/rules/no-answer.js';
import { listedTools } from '../../../../harness/target/tool-calls.js';
import { expectNone } from '../../../../harness/verify/index.js';
import { citeTools } from './cite-tools.js';

const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** Is `b` the items of `a` in the same relative order (items only one of them has are ignored)? */
function sameOrder(a: unknown[], b: unknown[]): boolean {
  const common = new Set(a.filter((x) => b.includes(x)));
  const x = a.filter((n) => common.has(n));
  const y = b.filter((n) => common.has(n));
  return x.every((n, i) => n === y[i]);
}

// On the shared session: discovery's walk of tools/list, and (for the order) two more walks.
export const toolListingChecks = defineChecks({ page: 'server/tools', revisions: RANGE.all, needs: ['shared-session'], requires: ['tools'] }, [
  // TOOL-002/005: tools/list returns tools, each with a name and an inputSchema of type object.
  {
    id: 'tools.list-shape',
    title: 'tools/list returns every tool with a name and an inputSchema of type "object"',
    spec: { url: '#listing-tools', level: 'MUST' },
    requirement: 'Tool arguments are always JSON objects, so `type: "object"` is required at the root. (schema: Tool.inputSchema)',
    digest: ['TOOL-002', 'TOOL-005'],
    faults: ['tools-list-missing-input-schema'],
    async run(ctx) {
      const { tools } = await ctx.discovery();
      if (!tools) return ctx.skip('not-declared', 'no tools capability');
      ctx.cite(...tools.pages.map((p) => p.seq ?? 0));
      // No list is no shape to judge (an error is judged by the checks of the error, and no
      // answer at all by the harness's timeout handling).
      if (tools.problem && tools.items.length === 0) return ctx.skip(unanswered(tools.reply) ? 'no-answer' : 'nothing-observed', `no tools to judge: ${tools.problem}`);
      if (tools.items.length === 0) return ctx.skip('not-offered', 'no tools listed');
      const bad: string[] = [];
      for (const tool of tools.items) {
        const name = typeof tool.name === 'string' ? tool.name : undefined;
        if (!name) bad.push(`a tool without a string name: ${ctx.brief(tool, 120)}`);
        const schema = tool.inputSchema as Record<string, unknown> | undefined;
        if (typeof schema !== 'object' || schema === null) bad.push(`${name ?? '?'}: no inputSchema object`);
        else if (schema.type !== 'object') bad.push(`${name ?? '?'}: inputSchema.type is ${ctx.brief(schema.type)}`);
      }
      return expectNone(ctx, bad, { expected: 'each tool: name (string), inputSchema {type: "object"}', judged: tools.items.length, note: `${tools.items.length} tool(s)` });
    },
  },

  // "Each tool is uniquely identified by a name"; 2025-11-25 on: "Tool names SHOULD be unique
  // within a server." Judged over every page.
  {
    id: 'tools.unique-names',
    title: 'No two tools share a name (across all pages of tools/list)',
    spec: [
      { url: '#tool', level: 'SHOULD' },
      { from: '2025-11-25', url: '#tool-names', level: 'SHOULD' },
    ],
    requirement: 'Tool names SHOULD be unique within a server.',
    digest: ['TOOL-006'],
    faults: ['tools-duplicate-name'],
    async run(ctx) {
      const { tools } = await ctx.discovery();
      if (!tools || tools.items.length === 0) return ctx.skip('not-offered', 'no tools listed');
      ctx.cite(...tools.pages.map((p) => p.seq ?? 0));
      const seen = new Set<unknown>();
      const dupes = [...new Set(tools.items.map((t) => t.name).filter((n) => seen.has(n) || !seen.add(n)))];
      return expectNone(
        ctx,
        dupes.map((d) => `${ctx.brief(d)} listed more than once`),
        { expected: 'each tool name listed once', judged: tools.items.length, note: `${seen.size} distinct name(s)` },
      );
    },
  },

  // "Tool names SHOULD be between 1 and 128 characters in length (inclusive)" and "The
  // following SHOULD be the only allowed characters: ... (A-Z, a-z), digits (0-9),
  // underscore (_), hyphen (-), and dot (.)"
  {
    id: 'tools.name-format',
    title: 'Tool names are 1-128 characters of A-Z, a-z, 0-9, "_", "-" and "."',
    spec: { url: '#tool-names', level: 'SHOULD' },
    requirement: 'Tool names SHOULD be between 1 and 128 characters in length (inclusive). The following SHOULD be the only allowed characters: uppercase and lowercase ASCII letters (A-Z, a-z), digits (0-9), underscore (_), hyphen (-), and dot (.)',
    digest: ['TOOL-006'],
    revisions: since('2025-11-25'),
    faults: ['tools-name-invalid'],
    async run(ctx) {
      const tools = await listedTools(ctx);
      if (!Array.isArray(tools)) return tools;
      const bad = tools.map((t) => t.name as string).filter((n) => !TOOL_NAME.test(n));
      if (bad.length > 0) await citeTools(ctx);
      return expectNone(ctx, bad.map((n) => JSON.stringify(n)), { expected: 'names matching [A-Za-z0-9_.-]{1,128}', judged: tools.length, note: `${tools.length} name(s)`, show: 5 });
    },
  },

  // server/tools#capabilities (2026-07-28): "Servers SHOULD return tools in a deterministic
  // order (i.e., the same ordering across requests when the underlying set of tools has not
  // changed)." Two more walks of tools/list beside discovery's, compared on the tools they share.
  {
    id: 'tools.list-order-deterministic',
    title: 'tools/list returns the tools in the same order on every request',
    spec: { url: '#capabilities', level: 'SHOULD' },
    requirement: 'Servers SHOULD return tools in a deterministic order (i.e., the same ordering across requests when the underlying set of tools has not changed).',
    digest: ['TOOL-004'],
    revisions: RANGE.modern,
    faults: ['modern-tools-order-varies'],
    async run(ctx) {
      const { tools } = await ctx.discovery();
      if (!tools) return ctx.skip('not-declared', 'no tools capability');
      if (tools.problem) return ctx.skip('cannot-set-up', `tools/list could not be walked to its end: ${tools.problem}`);
      const session = await ctx.shared();
      const walks = [tools, await listAll(session, 'tools/list', 'tools'), await listAll(session, 'tools/list', 'tools')];
      const orders = walks.map((w) => w.items.map((t) => JSON.stringify(t.name)));
      const first = orders[0];
      if (first === undefined || first.length < 2) return ctx.skip('not-offered', `an order needs two tools; ${first?.length ?? 0} listed`);
      for (const w of walks) for (const p of w.pages) if (p.seq) ctx.cite(p.seq);
      // Each later walk is an item of the rule: the first walk's order, on the tools they share.
      const differing = orders.flatMap((o, i) => (i > 0 && !sameOrder(first, o) ? [`first walk: ${first.slice(0, 6).join(', ')}; walk ${i + 1}: ${o.slice(0, 6).join(', ')}`] : []));
      return expectNone(ctx, differing, { expected: 'the same order on every tools/list while the set is unchanged', judged: orders.length - 1, note: `${first.length} tools in the same order in 3 walks`, show: 1 });
    },
  },
]);
