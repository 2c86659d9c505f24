// server/tools: tools/list (paginated) and tools/call, for every era (tools since a revision
// are listed and callable from it on).
import { TOOLS, renderOutput, renderTool, type ToolDef, type ToolOutput } from '../catalog/tools.js';
import { isOn } from '../faults.js';
import { ErrorCode, RpcError, invalidParams, isPlainObject } from '../jsonrpc.js';
import { isInputRequired, type InputRequired } from '../modern/mrtr.js';
import { paginate } from '../pagination.js';
import { atLeast, offeredAt } from '../revisions.js';
import type { RequestContext } from '../session.js';
import { checkArgs } from '../validate.js';
import { ASK_MODEL, offersAskModel } from '../tasks/requestor.js';

/**
 * The tools offered to this request: a sampling tool only to a client that declared sampling
 * (at 2025-11-25, last: discovery on a session declaring nothing lists the same tools as ever);
 * a fault adds one that depends on earlier requests of the connection.
 */
export function toolsFor(ctx: RequestContext): ToolDef[] {
  const tools = TOOLS.filter((t) => offeredAt(t, ctx.revision));
  if (offersAskModel(ctx)) tools.push(ASK_MODEL);
  if (isOn('modern-tools-list-side-effect') && ctx.modern?.conn.sawRead) tools.push(SESSION_PROBE);
  return tools;
}

/** The tool of the fault modern-tools-list-side-effect (TOOL-003). */
const SESSION_PROBE: ToolDef = {
  name: 'session_probe',
  title: 'Session probe',
  description: 'Appears once this connection has read a resource.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  run: () => ({ content: [{ type: 'text', text: 'probe' }] }),
};

let rotation = 0;

export function listTools(ctx: RequestContext): Record<string, unknown> {
  const page = paginate('tools', toolsFor(ctx), ctx.params.cursor);
  const tools = page.items.map((t) => renderTool(t, ctx.revision));
  if (isOn('tools-list-missing-input-schema') && ctx.params.cursor === undefined && tools[0]) delete tools[0].inputSchema;
  if (isOn('tools-duplicate-name') && ctx.params.cursor === undefined && tools[0]) tools.push({ ...tools[0] });
  const echo = tools.find((t) => t.name === 'echo');
  // basic#schema-validation: minLength must be a non-negative integer.
  if (echo && isOn('tools-input-schema-invalid')) echo.inputSchema = { type: 'object', properties: { message: { type: 'string', minLength: -1 } } };
  if (ctx.modern) modernListFaults(ctx, tools);
  return page.nextCursor === undefined ? { tools } : { tools, nextCursor: page.nextCursor };
}

/** TOOL-004 and VER-018 faults: an order that changes per request, a result that depends on clientInfo. */
function modernListFaults(ctx: RequestContext, tools: Record<string, unknown>[]): void {
  if (isOn('modern-tools-order-varies') && tools.length > 1) {
    const shift = rotation++ % tools.length;
    tools.push(...tools.splice(0, shift));
  }
  const client = ctx.modern?.meta.clientInfo?.name;
  if (isOn('modern-client-info-changes-result') && tools[0] && typeof client === 'string') {
    tools[0] = { ...tools[0], description: `${String(tools[0].description)} (for ${client})` };
  }
}

export function callTool(ctx: RequestContext): Record<string, unknown> | InputRequired | Promise<Record<string, unknown> | InputRequired> {
  const { name } = ctx.params;
  const args = ctx.params.arguments ?? {};
  if ((name === undefined || !isPlainObject(args)) && isOn('invalid-params-result')) return { content: [] };
  if (typeof name !== 'string') throw invalidParams('Invalid params: name must be a string');
  // A CallToolRequest whose arguments are not an object fails the request schema: a protocol error.
  if (!isPlainObject(args)) {
    if (isOn('invalid-params-wrong-code')) throw new RpcError(ErrorCode.InternalError, 'Internal error: arguments must be an object');
    throw invalidParams('Invalid params: arguments must be an object');
  }
  const tool = toolsFor(ctx).find((t) => t.name === name);
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
  if (name === 'fail' && ctx.revision === '2025-11-25' && isOn('url-elicitation-required-malformed')) {
    throw new RpcError(-32042, 'This request requires more information.', { elicitations: [{ mode: 'url', message: 'Sign in to continue.', url: 'https://example.com/sign-in' }] });
  }
  ctx.log('info', { tool: name, message: 'tool called' });
  const out = tool.run(args, ctx);
  return out instanceof Promise ? out.then((o) => render(name, o, ctx)) : render(name, out, ctx);
}

function render(name: string, out: ToolOutput | InputRequired, ctx: RequestContext): Record<string, unknown> | InputRequired {
  if (isInputRequired(out)) return out; // basic/patterns/mrtr: sent as it is
  const result = renderOutput(out, ctx.revision);
  if (name === 'get_image' && isOn('tools-call-result-invalid')) for (const item of out.content) delete (item as { mimeType?: string }).mimeType;
  return result;
}
