// Tools (TOOL-*). Spec: server/tools.
import type { Check } from '../../harness/checks/check.js';

const LEGACY = '2024-11-05..2025-11-25';

export const toolsChecks: Check[] = [
  // TOOL-00x: tools/list returns tools, each with a name and an inputSchema of type object.
  {
    id: 'tools.list-shape',
    title: 'tools/list returns every tool with a name and an inputSchema of type "object"',
    spec: { url: 'server/tools#listing-tools', level: 'MUST' },
    side: 'server',
    revisions: LEGACY,
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
];
