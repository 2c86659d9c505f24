// basic#schema-validation (BASE-041), of the schemas a tool declares: "Schemas MUST be valid
// according to their declared or default dialect" (inputSchema and outputSchema default to
// 2020-12). A $ref to another document is not fetched: not judged.
import { compile, compileProblem, dialectOf, hasUnresolvedRef } from '../../../../harness/arguments.js';
import { defineChecks } from '../../../../harness/checks/define.js';
import { since } from '../../../../harness/revisions.js';
import { isObject } from '../../../../harness/rules/json.js';
import { defaultDialect, listedTools } from '../../../../harness/target/tool-calls.js';
import { expectNone } from '../../../../harness/verify/index.js';
import { citeTools } from './cite-tools.js';

export const toolSchemaChecks = defineChecks({ page: 'server/tools', revisions: since('2025-11-25'), needs: ['shared-session'], requires: ['tools'] }, [
  // BASE-041: "Schemas MUST be valid according to their declared or default dialect" (inputSchema
  // and outputSchema default to 2020-12). A $ref to another document is not fetched: not judged.
  {
    id: 'tools.schemas-valid',
    title: "Every tool's inputSchema and outputSchema is valid JSON Schema in its declared or default dialect",
    spec: { url: 'basic#schema-validation', level: 'MUST' },
    requirement: 'Schemas MUST be valid according to their declared or default dialect',
    digest: ['BASE-041'],
    faults: ['tools-input-schema-invalid'],
    async run(ctx) {
      const tools = await listedTools(ctx);
      if (!Array.isArray(tools)) return tools;
      const bad: string[] = [];
      const notes: string[] = [];
      let judged = 0;
      for (const tool of tools) {
        for (const key of ['inputSchema', 'outputSchema'] as const) {
          const schema = tool[key];
          if (!isObject(schema)) continue; // absence and type are the schema check's business
          const dialect = dialectOf(schema, defaultDialect(ctx.revision));
          if (!dialect) notes.push(`${String(tool.name)}.${key}: dialect ${ctx.brief(schema.$schema)} not judged`);
          else if (hasUnresolvedRef(schema, dialect)) notes.push(`${String(tool.name)}.${key}: external $ref not fetched`);
          else {
            judged++;
            if (!compile(schema, dialect)) bad.push(`${String(tool.name)}.${key} (${dialect}): ${compileProblem(schema, dialect) ?? ''}`);
          }
        }
      }
      if (bad.length > 0) await citeTools(ctx);
      return expectNone(ctx, bad, {
        expected: 'schemas valid under their dialect',
        judged,
        note: `${judged} schema(s) judged${notes.length ? `; not judged: ${notes.join('; ')}` : ''}`,
        // Schemas there were, but none in a dialect this tool judges, or all with an external $ref.
        nothing: notes.length ? { code: 'cannot-set-up', detail: `no schema could be judged: ${notes.join('; ')}` } : { code: 'not-offered', detail: 'no schema could be judged' },
      });
    },
  },
]);
