// server/tools: tools/list (paginated) and tools/call.
import { TOOLS, renderOutput, renderTool, type ToolOutput } from '../catalog/tools.js';
import { isOn } from '../faults.js';
import { invalidParams, isPlainObject } from '../jsonrpc.js';
import { paginate } from '../pagination.js';
import { atLeast } from '../revisions.js';
import type { RequestContext } from '../session.js';
import { checkArgs } from '../validate.js';

export function listTools(ctx: RequestContext): Record<string, unknown> {
  const page = paginate('tools', TOOLS, ctx.params.cursor);
  const tools = page.items.map((t) => renderTool(t, ctx.revision));
  if (isOn('tools-list-missing-input-schema') && ctx.params.cursor === undefined && tools[0]) delete tools[0].inputSchema;
  if (isOn('tools-duplicate-name') && ctx.params.cursor === undefined && tools[0]) tools.push({ ...tools[0] });
  const echo = tools.find((t) => t.name === 'echo');
  // basic#schema-validation: minLength must be a non-negative integer.
  if (echo && isOn('tools-input-schema-invalid')) echo.inputSchema = { type: 'object', properties: { message: { type: 'string', minLength: -1 } } };
  return page.nextCursor === undefined ? { tools } : { tools, nextCursor: page.nextCursor };
}

export function callTool(ctx: RequestContext): Record<string, unknown> | Promise<Record<string, unknown>> {
  const { name } = ctx.params;
  if (name === undefined && isOn('invalid-params-result')) return { content: [] };
  if (typeof name !== 'string') throw invalidParams('Invalid params: name must be a string');
  const args = ctx.params.arguments ?? {};
  // A CallToolRequest whose arguments are not an object fails the request schema: a protocol error.
  if (!isPlainObject(args)) throw invalidParams('Invalid params: arguments must be an object');
  const tool = TOOLS.find((t) => t.name === name);
  if (!tool) {
    if (isOn('tools-unknown-returns-result')) return { content: [] };
    throw invalidParams(`Unknown tool: ${name}`, { name });
  }

  const problem = checkArgs(tool.inputSchema, args);
  if (problem !== null) {
    // tools#error-handling: up to 2025-06-18 invalid arguments are a protocol error; from
    // 2025-11-25 input validation errors are tool execution errors (isError: true).
    if (atLeast(ctx.revision, '2025-11-25') && !isOn('tools-invalid-args-protocol-error')) {
      return { content: [{ type: 'text', text: `Invalid arguments for ${name}: ${problem}` }], isError: true };
    }
    throw invalidParams(`Invalid arguments for ${name}: ${problem}`);
  }
  ctx.log('info', { tool: name, message: 'tool called' });
  const out = tool.run(args, ctx);
  return out instanceof Promise ? out.then((o) => render(name, o, ctx)) : render(name, out, ctx);
}

function render(name: string, out: ToolOutput, ctx: RequestContext): Record<string, unknown> {
  const result = renderOutput(out, ctx.revision);
  if (name === 'get_image' && isOn('tools-call-result-invalid')) for (const item of out.content) delete (item as { mimeType?: string }).mimeType;
  return result;
}
