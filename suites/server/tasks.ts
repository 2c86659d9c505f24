// Tasks (TASK-*). Core tasks of 2025-11-25 (basic/utilities/tasks, experimental there): most
// checks judge one recorded run (task-run.ts) on a task-capable tool the user allows; the
// 2026-07-28 extension io.modelcontextprotocol/tasks is in tasks-extension.ts. Creating a
// task calls a tool: only tools --call-tools allows are used, else the checks skip.
import { randomUUID } from 'node:crypto';
import type { Check, CheckContext, Verdict } from '../../harness/checks/check.js';
import { describeReply } from '../../harness/jsonrpc/types.js';
import { loadRevisionSchema } from '../../harness/schema.js';
import { callOnce, callable, isObj, listedTools, noSafeTool, type Obj } from '../../harness/target/tool-calls.js';
import { replyLine } from '../../harness/target/tool-plan.js';
import { noShapeToJudge, unanswered } from '../../harness/rules/no-answer.js';
import { isIsoDateTime, resultOf, seqsOf, taskSupportOf, taskTools, type TaskToolPlan } from '../../harness/target/task-plan.js';
import { coreCheck, coreTaskRun, coreTasksCapability, withRun } from './task-run.js';
import { taskCoreLifecycleChecks } from './tasks-lifecycle.js';
import { tasksExtensionChecks } from './tasks-extension.js';

/** An allowed tool to call, task-capable ones first (a server that makes tasks wrongly makes them of those). */
async function anyTool(ctx: CheckContext): Promise<{ name: string; args: Obj } | Verdict> {
  const capable = await taskTools(ctx);
  if (typeof capable !== 'string') return { name: (capable[0] as TaskToolPlan).name, args: (capable[0] as TaskToolPlan).args(100) };
  const tools = await listedTools(ctx);
  if (!Array.isArray(tools)) return tools;
  const first = callable(ctx, tools).ok[0];
  return first ? { name: first.name, args: first.args } : noSafeTool(ctx);
}

const TASK_FIELDS: Record<string, string> = { 'tasks/get': 'GetTaskResult', 'tasks/cancel': 'CancelTaskResult' };

export const tasksChecks: Check[] = [
  // "Receivers that do not declare the task capability for a request type MUST process
  // requests of that type normally, ignoring any task-augmentation metadata if present."
  coreCheck(
    'tasks.ignored-without-capability',
    'A server without task-augmented tools/call answers a call with params.task normally',
    'task-support-and-handling',
    'Receivers that do not declare the task capability for a request type MUST process requests of that type normally, ignoring any task-augmentation metadata if present.',
    ['tasks-undeclared-task-created'],
    async (ctx) => {
      if (coreTasksCapability(ctx)) return ctx.skip('the server declares tasks.requests.tools.call (the other tasks checks apply)');
      const target = await anyTool(ctx);
      if (!('name' in target)) return target;
      const { name, args } = target;
      const session = await ctx.session({ privateObservations: ['schema-invalid'] });
      const reply = await session.request('tools/call', { name, arguments: args, task: { ttl: 60_000 } });
      const r = resultOf(reply);
      if (r && Array.isArray(r.content) && !isObj(r.task)) return ctx.pass(`${name} with params.task: a CallToolResult`);
      if (r) return ctx.fail({ expected: `${name} with params.task: a normal CallToolResult (no tasks capability, so params.task is ignored)`, actual: `a result that is no CallToolResult: ${ctx.brief(r, 200)}` });
      if (reply.kind !== 'error') return ctx.skip(`inconclusive: ${name} with params.task got ${describeReply(reply)}`);
      const plain = await session.request('tools/call', { name, arguments: args });
      if (plain.kind === 'error') return ctx.pass(`${name} fails with and without params.task (error ${reply.error.code})`);
      if (unanswered(plain)) return ctx.skip(noShapeToJudge(`${name} without params.task`, plain));
      return ctx.fail({ expected: `${name} with params.task answered as without it (a result)`, actual: `error ${reply.error.code} with params.task; ${replyLine(ctx, plain)} without` });
    },
  ),

  // "If execution.taskSupport is "required", clients MUST invoke the tool as a task. Servers
  // MUST return a -32601 (Method not found) error if a client does not attempt to do so." The
  // error section also allows -32600 for "task augmentation required".
  coreCheck(
    'tasks.required-tool-refuses-plain-call',
    'A tool with execution.taskSupport "required" refuses a call without params.task',
    'tool-level-negotiation',
    'If execution.taskSupport is "required", clients MUST invoke the tool as a task. Servers MUST return a -32601 (Method not found) error if a client does not attempt to do so.',
    ['tasks-required-tool-runs-plain'],
    async (ctx) => {
      if (!coreTasksCapability(ctx)) return ctx.skip('not-declared: the server does not declare tasks.requests.tools.call');
      const plans = await taskTools(ctx, ['required']);
      if (typeof plans === 'string') return ctx.skip(plans);
      const plan = plans[0] as TaskToolPlan;
      const reply = await callOnce(ctx, { tool: plan.tool, name: plan.name, args: plan.args(100) });
      const what = `${plan.name} (taskSupport "required") without params.task`;
      if (reply.kind === 'error') {
        const code = reply.error.code;
        if (code === -32601 || code === -32600) return ctx.pass(`${what}: error ${code}`);
        return ctx.warn({ expected: `${what}: error -32601 (or -32600)`, actual: `error ${code}`, reason: 'refused, but with another code than the spec names' });
      }
      if (unanswered(reply)) return ctx.skip(noShapeToJudge(what, reply));
      return ctx.fail({ expected: `${what}: error -32601 (Method not found)`, actual: replyLine(ctx, reply) });
    },
    { connection: 'shared' },
  ),

  // "If execution.taskSupport is not present or "forbidden", clients MUST NOT attempt to invoke
  // the tool as a task. Servers SHOULD return a -32601 (Method not found) error if a client
  // attempts to do so." The call goes to a tool the user allows, so running it is harmless.
  coreCheck(
    'tasks.forbidden-tool-refuses-task',
    'A task-augmented call of a tool without execution.taskSupport gets -32601',
    'tool-level-negotiation',
    'If execution.taskSupport is not present or "forbidden", clients MUST NOT attempt to invoke the tool as a task. Servers SHOULD return a -32601 (Method not found) error if a client attempts to do so.',
    ['tasks-forbidden-tool-runs'],
    async (ctx) => {
      if (!coreTasksCapability(ctx)) return ctx.skip('not-declared: the server does not declare tasks.requests.tools.call');
      const tools = await listedTools(ctx);
      if (!Array.isArray(tools)) return tools;
      const forbidden = tools.filter((t) => taskSupportOf(t) === 'forbidden');
      if (forbidden.length === 0) return ctx.skip('every listed tool declares task support');
      const c = callable(ctx, forbidden).ok[0];
      if (!c) return noSafeTool(ctx, 'no tool without task support');
      const session = await ctx.session({ privateObservations: ['schema-invalid'] });
      const reply = await session.request('tools/call', { name: c.name, arguments: c.args, task: { ttl: 60_000 } });
      const what = `${c.name} (no taskSupport) with params.task`;
      if (reply.kind === 'error' && reply.error.code === -32601) return ctx.pass(`${what}: error -32601`);
      if (reply.kind === 'error') return ctx.warn({ expected: `${what}: error -32601`, actual: `error ${reply.error.code}`, reason: 'refused, but with another code than the spec names' });
      if (unanswered(reply)) return ctx.skip(noShapeToJudge(what, reply));
      return ctx.fail({ expected: `${what}: error -32601 (Method not found)`, actual: replyLine(ctx, reply) });
    },
    { level: 'SHOULD' },
  ),

  // "Receivers that accept a task-augmented request MUST return a CreateTaskResult as the response."
  coreCheck(
    'tasks.create-result-shape',
    'A task-augmented tools/call is answered with a CreateTaskResult { task }',
    'result-retrieval',
    'Receivers that accept a task-augmented request MUST return a CreateTaskResult as the response.',
    ['tasks-create-result-flat'],
    async (ctx) => {
      const run = await coreTaskRun(ctx);
      if (typeof run === 'string') return ctx.skip(run);
      const what = `a task-augmented tools/call of ${run.plan.describe(run.workMs)}`;
      if (run.id === undefined) {
        ctx.cite(...seqsOf(run.create));
        const r = resultOf(run.create);
        if (!r) return ctx.skip(`${what} got ${replyLine(ctx, run.create)}: the server did not accept the task`);
        const evidence = { expected: `${what}: a CreateTaskResult { task }`, actual: `a result without a task: ${ctx.brief(r, 200)}` };
        // A plain CallToolResult: the server ran the call but made no task of it.
        if (Array.isArray(r.content)) return ctx.warn({ ...evidence, reason: 'the tool declares task support, yet the call ran without a task' });
        return ctx.fail(evidence);
      }
      const schema = await loadRevisionSchema(ctx.revision);
      const bad: string[] = [];
      for (const [which, reply] of [['task A', run.create], ['task B', run.second?.create]] as const) {
        const r = resultOf(reply);
        if (!r) continue;
        const verdict = schema.validate('CreateTaskResult', r);
        if (!verdict.ok) bad.push(`${which}: ${verdict.error}`);
        else if (isObj(r.task) && !(isIsoDateTime(r.task.createdAt) && isIsoDateTime(r.task.lastUpdatedAt))) bad.push(`${which}: createdAt/lastUpdatedAt not ISO 8601`);
      }
      ctx.cite(...seqsOf(run.create, run.second?.create));
      if (bad.length === 0) return ctx.pass(`${run.plan.describe(run.workMs)}: CreateTaskResult`);
      return ctx.fail({ expected: 'CreateTaskResult: { task: { taskId, status, createdAt, lastUpdatedAt, ttl, ... } }', actual: bad.join('; ') });
    },
  ),

  // "Receivers MUST include a createdAt ISO 8601-formatted timestamp in all task responses ...
  // MUST include a lastUpdatedAt ... MUST include the actual ttl duration (or null for
  // unlimited) in tasks/get responses."
  coreCheck(
    'tasks.task-fields',
    'tasks/get, tasks/cancel and tasks/list show each task with createdAt, lastUpdatedAt (ISO 8601) and its ttl',
    'ttl-and-resource-management',
    'Receivers MUST include a createdAt ISO 8601-formatted timestamp in all task responses to indicate when the task was created. ... Receivers MUST include the actual ttl duration (or null for unlimited) in tasks/get responses.',
    ['tasks-get-missing-ttl'],
    (ctx) =>
      withRun(ctx, async (run) => {
        const schema = await loadRevisionSchema(ctx.revision);
        const judged: { method: string; value: Obj; seq: number[] }[] = [];
        const gets = [...run.polls, ...(run.afterResult && !run.polls.includes(run.afterResult) ? [run.afterResult] : []), ...run.afterEnd, run.second?.get, run.second?.later];
        for (const s of gets) {
          const r = resultOf(s?.reply);
          if (r) judged.push({ method: 'tasks/get', value: r, seq: seqsOf(s?.reply) });
        }
        const cancelled = resultOf(run.second?.cancel?.reply);
        if (cancelled) judged.push({ method: 'tasks/cancel', value: cancelled, seq: seqsOf(run.second?.cancel?.reply) });
        for (const reply of run.list?.replies ?? []) {
          const tasks = resultOf(reply)?.tasks;
          for (const t of Array.isArray(tasks) ? tasks : []) if (isObj(t)) judged.push({ method: 'tasks/list', value: t, seq: seqsOf(reply) });
        }
        if (judged.length === 0) return ctx.skip('no tasks/get, tasks/cancel or tasks/list result to judge');
        const bad: { text: string; seq: number[] }[] = [];
        for (const j of judged) {
          const verdict = schema.validate(TASK_FIELDS[j.method] ?? 'Task', j.value);
          if (!verdict.ok) bad.push({ text: `${j.method}: ${verdict.error}`, seq: j.seq });
          else if (!isIsoDateTime(j.value.createdAt) || !isIsoDateTime(j.value.lastUpdatedAt)) bad.push({ text: `${j.method}: createdAt ${ctx.brief(j.value.createdAt)}, lastUpdatedAt ${ctx.brief(j.value.lastUpdatedAt)}`, seq: j.seq });
        }
        if (bad.length === 0) return ctx.pass(`${judged.length} task object(s)`);
        ctx.cite(...bad.slice(0, 3).flatMap((b) => b.seq));
        return ctx.fail({ expected: 'every task: taskId, status, createdAt and lastUpdatedAt (ISO 8601), ttl (integer or null)', actual: `${bad.length} of ${judged.length}: ${bad.slice(0, 2).map((b) => b.text).join('; ')}` });
      }),
  ),

  ...taskCoreLifecycleChecks,

  // "Task IDs MUST be unique among all tasks controlled by the receiver."
  coreCheck(
    'tasks.unique-ids',
    'Two tasks get two different ids',
    'task-id-requirements',
    'Task IDs MUST be unique among all tasks controlled by the receiver.',
    ['tasks-id-reused'],
    (ctx) =>
      withRun(ctx, (run) => {
        const second = run.second?.id;
        if (second === undefined) return ctx.skip(`the second task-augmented call got ${run.second ? replyLine(ctx, run.second.create) : 'nothing'}`);
        ctx.cite(...seqsOf(run.create, run.second?.create));
        if (second !== run.id) return ctx.pass();
        return ctx.fail({ expected: 'a new taskId for the second task', actual: `both tasks have the id ${ctx.brief(second)}` });
      }),
  ),

  // "If a task is retrievable via tasks/get for a requestor, it MUST be retrievable via
  // tasks/list for that requestor."
  coreCheck(
    'tasks.list-contains-created',
    'tasks/list (every page) lists each task tasks/get finds',
    'task-listing',
    'If a task is retrievable via tasks/get for a requestor, it MUST be retrievable via tasks/list for that requestor.',
    ['tasks-list-omits-terminal'],
    (ctx) =>
      withRun(ctx, (run) => {
        const list = run.list;
        if (!list) return ctx.skip('not-declared: the server does not declare tasks.list');
        ctx.cite(...seqsOf(...list.replies));
        if (list.unanswered) return ctx.skip(list.unanswered);
        if (list.problem) return ctx.fail({ expected: 'tasks/list results up to the last page', actual: list.problem });
        const missing = list.retrievable.filter((id) => !list.ids.includes(id));
        if (list.retrievable.length === 0) return ctx.skip('tasks/get found none of the created tasks any more');
        if (missing.length === 0) return ctx.pass(`${list.retrievable.length} task(s) found by tasks/get, all listed (${list.ids.length} listed)`);
        return ctx.fail({ expected: `tasks/list lists ${list.retrievable.map((id) => ctx.brief(id)).join(', ')}`, actual: `missing ${missing.map((id) => ctx.brief(id)).join(', ')} (listed: ${ctx.brief(list.ids, 200)})` });
      }),
  ),

  // "Invalid or nonexistent taskId in tasks/get, tasks/result, or tasks/cancel: -32602 (Invalid params)"
  coreCheck(
    'tasks.unknown-id',
    'tasks/get, tasks/result and tasks/cancel of a task id that does not exist get -32602',
    'protocol-errors',
    'Receivers MUST return standard JSON-RPC errors for the following protocol error cases: Invalid or nonexistent taskId in tasks/get, tasks/result, or tasks/cancel: -32602 (Invalid params)',
    ['tasks-unknown-id-wrong-code'],
    async (ctx) => {
      const tasks = ctx.facts.serverCapabilities.tasks;
      if (!isObj(tasks)) return ctx.skip('not-declared: the server declares no tasks capability');
      const methods = ['tasks/get', 'tasks/result', ...(isObj(tasks.cancel) ? ['tasks/cancel'] : [])];
      const session = await ctx.shared();
      const bad: string[] = [];
      const silent: string[] = [];
      for (const method of methods) {
        const reply = await session.request(method, { taskId: `mcp-conformance-no-such-task-${randomUUID()}` });
        if (unanswered(reply)) silent.push(noShapeToJudge(method, reply));
        else if (reply.kind !== 'error' || reply.error.code !== -32602) bad.push(`${method}: ${replyLine(ctx, reply)}`);
      }
      if (bad.length === 0 && silent.length === methods.length) return ctx.skip(silent.join('; '));
      if (bad.length === 0) return ctx.pass(`${methods.join(', ')}: -32602${silent.length ? `; ${silent.join('; ')}` : ''}`);
      return ctx.fail({ expected: 'error -32602 for a taskId that does not exist', actual: bad.join('; ') });
    },
    { connection: 'shared' },
  ),

  ...tasksExtensionChecks,
];
