// tools/call with tasks: which calls become tasks, in each era. A tool's `taskSupport`
// (catalog) says whether it may or must run as a task. 2025-11-25: the client asks with
// params.task (tasks#tool-level-negotiation); 2026-07-28: the server decides, for requests
// that declare the extension (extensions/tasks/overview). Everything else runs as before.
import type { ToolDef } from '../catalog/tools.js';
import { isOn } from '../faults.js';
import { ErrorCode, RpcError, isPlainObject, isValidId } from '../jsonrpc.js';
import { toolsFor } from '../handlers/tools.js';
import type { RequestContext, RequestHandler } from '../session.js';
import { boundedTtl, DEFAULT_TTL_MS, type TaskStore, type TaskRecord } from './store.js';
import { coreStore, coreTasksAt, createTaskResult } from './core.js';
import { declaresExtension, extensionRequired, extensionStore, extensionTask } from './extension.js';
import { reportProgress } from './progress.js';

/** Wraps the tools/call handler: task-capable tools run as tasks where their era says so. */
export function withTasks(callTool: RequestHandler): RequestHandler {
  return (ctx) => {
    const name = ctx.params.name;
    const tool = typeof name === 'string' ? toolsFor(ctx).find((t) => t.name === name) : undefined;
    if (!tool) return callTool(ctx); // unknown tools and bad params: the plain path's errors
    return ctx.modern ? extensionCall(ctx, callTool, tool) : coreCall(ctx, callTool, tool);
  };
}

function coreCall(ctx: RequestContext, callTool: RequestHandler, tool: ToolDef): unknown {
  // tasks#task-support-and-handling: without tasks (before 2025-11-25) params.task is ignored.
  if (!coreTasksAt(ctx.revision)) return callTool(ctx);
  const support = tool.taskSupport ?? 'forbidden';
  const task = ctx.params.task;
  // server/tools#error-handling: a call that fails the CallToolRequest schema (task is a TaskMetadata object) is malformed.
  if (task !== undefined && !isPlainObject(task)) throw new RpcError(ErrorCode.InvalidParams, 'params.task must be an object (TaskMetadata)');
  // A server that reads params.task although it declares no tasks, and refuses it.
  if (task !== undefined && isOn('tasks-undeclared-task-refused')) throw new RpcError(ErrorCode.InvalidParams, 'Invalid params: task-augmented requests are not supported');
  if (!isPlainObject(task)) {
    // tasks#tool-level-negotiation: a "required" tool answers a plain call with -32601.
    if (support === 'required' && !isOn('tasks-required-tool-runs-plain')) {
      throw new RpcError(ErrorCode.MethodNotFound, `Tool ${tool.name} must be called as a task (params.task)`);
    }
    return callTool(ctx);
  }
  // Absent or "forbidden": servers SHOULD answer -32601 to a task-augmented call (a fault runs it plainly).
  if (support === 'forbidden') {
    if (isOn('tasks-forbidden-tool-runs')) return callTool(ctx);
    throw new RpcError(ErrorCode.MethodNotFound, `Tool ${tool.name} does not support task-augmented calls`);
  }
  const record = start(coreStore(ctx.session), ctx, callTool, boundedTtl(task.ttl));
  // progress#behavior-requirements: the request's progressToken serves the task's whole life.
  const meta = ctx.params._meta;
  if (isPlainObject(meta) && isValidId(meta.progressToken)) reportProgress(record, meta.progressToken, ctx.session);
  return createTaskResult(record);
}

function extensionCall(ctx: RequestContext, callTool: RequestHandler, tool: ToolDef): unknown {
  if (!tool.taskSupport) return callTool(ctx);
  // TASK-101: a task only for a request that declared the extension (a fault honours the old opt-in).
  const asTask = declaresExtension(ctx) || (isOn('tasks-ext-legacy-opt-in') && isPlainObject(ctx.params.task));
  if (asTask) return { resultType: 'task', ...extensionTask(start(extensionStore, ctx, callTool, DEFAULT_TTL_MS)) };
  if (tool.taskSupport === 'required') throw extensionRequired(`the tool ${tool.name} runs only as a task`);
  return callTool(ctx);
}

/**
 * Starts the call as a task's work. The work runs detached from the request that created it:
 * its own stop signal, and no notifications of its own (they would need related-task
 * metadata; a core task reports its progress itself, progress.ts).
 */
function start(store: TaskStore, ctx: RequestContext, callTool: RequestHandler, ttlMs: number): TaskRecord {
  return store.create(ttlMs, async (signal) => {
    const { task: _augmentation, ...params } = ctx.params;
    const quiet: RequestContext = { ...ctx, params, signal, notify: () => {}, log: () => {}, after: () => {} };
    return await callTool(quiet);
  });
}
