// basic/utilities/tasks (2025-11-25, experimental there), of which requests become tasks: a
// server without the tasks capability ignores params.task; a tool's execution.taskSupport says
// whether a call must, may or must not be a task. Calling a tool uses only tools --call-tools
// allows, else the checks skip.
import type { CheckContext, Verdict } from '../../../../../harness/checks/check.js';
import { defineChecks } from '../../../../../harness/checks/define.js';
import { describeReply } from '../../../../../harness/jsonrpc/types.js';
import { only } from '../../../../../harness/revisions.js';
import { codeLabel } from '../../../../../harness/rules/error-codes.js';
import { isObject, type Json } from '../../../../../harness/rules/json.js';
import { noShapeToJudge, unanswered } from '../../../../../harness/rules/no-answer.js';
import { taskSupportOf, taskTools, type TaskToolPlan } from '../../../../../harness/target/task-plan.js';
import { callOnce, callable, listedTools, noSafeTool } from '../../../../../harness/target/tool-calls.js';
import { exchange, expectAnyError, expectError, expectResult, expectSame } from '../../../../../harness/verify/index.js';
import { inTurn, planSkip, planVerdict } from '../../../../../harness/verify/utilities.js';
import { coreTasksCapability } from './run.js';

/** An allowed tool to call, task-capable ones first (a server that makes tasks wrongly makes them of those). */
async function anyTool(ctx: CheckContext): Promise<{ name: string; args: Json } | Verdict> {
  const capable = await taskTools(ctx);
  if (typeof capable !== 'string') return { name: (capable[0] as TaskToolPlan).name, args: (capable[0] as TaskToolPlan).args(100) };
  const tools = await listedTools(ctx);
  if (!Array.isArray(tools)) return planVerdict(ctx, tools);
  const first = callable(ctx, tools).ok[0];
  return first ? { name: first.name, args: first.args } : planVerdict(ctx, noSafeTool(ctx));
}

/** Refused, with the code the rule names (or another the spec allows): another code is in doubt. */
const REFUSED_OTHERWISE = 'refused, but with another code than the spec names';

export const taskNegotiationChecks = defineChecks({ page: 'basic/utilities/tasks', revisions: only('2025-11-25'), needs: ['own-session'] }, [
  // "Receivers that do not declare the task capability for a request type MUST process
  // requests of that type normally, ignoring any task-augmentation metadata if present."
  {
    id: 'tasks.ignored-without-capability',
    title: 'A server without task-augmented tools/call answers a call with params.task normally',
    spec: { url: '#task-support-and-handling', level: 'MUST' },
    requirement: 'Receivers that do not declare the task capability for a request type MUST process requests of that type normally, ignoring any task-augmentation metadata if present.',
    // A task created here was accepted by a server that declared no tasks for tools/call:
    // "Servers and clients that support task-augmented requests MUST declare a tasks capability".
    digest: ['TASK-004', 'TASK-001'],
    faults: ['tasks-undeclared-task-created', 'tasks-undeclared-task-refused'],
    long: true,
    run: async (ctx) => {
      if (coreTasksCapability(ctx)) return ctx.skip('not-applicable', 'the server declares tasks.requests.tools.call (the other tasks checks apply)');
      const target = await anyTool(ctx);
      if (!('name' in target)) return target;
      const { name, args } = target;
      const session = await ctx.session({ privateObservations: ['schema-invalid'] });
      const reply = await session.request('tools/call', { name, arguments: args, task: { ttl: 60_000 } });
      const withTask = exchange(`${name} with params.task`, reply);
      if (reply.kind === 'result') {
        return expectResult(ctx, withTask, {
          expected: 'a normal CallToolResult (no tasks capability, so params.task is ignored)',
          problem: (r) => (isObject(r) && Array.isArray(r.content) && !isObject(r.task) ? undefined : `a result that is no CallToolResult: ${ctx.brief(r, 200)}`),
          note: `${name} with params.task: a CallToolResult`,
        });
      }
      if (unanswered(reply)) return ctx.skip('no-answer', noShapeToJudge(withTask.what, reply));
      if (reply.kind !== 'error') return ctx.skip('inconclusive', `${withTask.what} got ${describeReply(reply)}`);
      // An error is normal processing only if the call fails without params.task too, and in
      // the same way: another code says params.task was read, not ignored.
      const plain = await session.request('tools/call', { name, arguments: args });
      if (plain.kind !== 'error') return expectAnyError(ctx, exchange(`${name} without params.task (with it: error ${codeLabel(reply.error.code)})`, plain));
      return expectSame(
        ctx,
        { what: 'with params.task', value: `error ${codeLabel(reply.error.code)}`, reply },
        { what: 'without it', value: `error ${codeLabel(plain.error.code)}`, reply: plain },
        {
          expected: `${name} with params.task answered as without it (params.task ignored)`,
          note: `${name} fails alike with and without params.task (error ${codeLabel(plain.error.code)}): ${ctx.brief(String(reply.error.message ?? ''), 80)}`,
        },
      );
    },
  },

  // "If execution.taskSupport is "required", clients MUST invoke the tool as a task. Servers
  // MUST return a MethodNotFound (Method not found) error if a client does not attempt to do so."
  // The error section also allows InvalidRequest for "task augmentation required".
  {
    id: 'tasks.required-tool-refuses-plain-call',
    title: 'A tool with execution.taskSupport "required" refuses a call without params.task',
    spec: { url: '#tool-level-negotiation', level: 'MUST' },
    requirement: 'If execution.taskSupport is "required", clients MUST invoke the tool as a task. Servers MUST return a {code:MethodNotFound} (Method not found) error if a client does not attempt to do so.',
    digest: ['TASK-003'],
    faults: ['tasks-required-tool-runs-plain'],
    needs: ['shared-session'],
    run: async (ctx) => {
      if (!coreTasksCapability(ctx)) return ctx.skip('not-declared', 'the server does not declare tasks.requests.tools.call');
      const plans = await taskTools(ctx, ['required']);
      if (typeof plans === 'string') return planSkip(ctx, plans);
      const plan = plans[0] as TaskToolPlan;
      const reply = await callOnce(ctx, { tool: plan.tool, name: plan.name, args: plan.args(100) });
      const ex = exchange(`${plan.name} (taskSupport "required") without params.task`, reply);
      // Refused at all is the MUST; a code the spec does not name is in doubt.
      return inTurn(
        ctx,
        undefined,
        () => expectAnyError(ctx, ex),
        () => expectError(ctx, ex, ['MethodNotFound', 'InvalidRequest'], { doubt: REFUSED_OTHERWISE }),
      );
    },
  },

  // "If execution.taskSupport is not present or "forbidden", clients MUST NOT attempt to invoke
  // the tool as a task. Servers SHOULD return a MethodNotFound (Method not found) error if a
  // client attempts to do so." The call goes to a tool the user allows, so running it is harmless.
  {
    id: 'tasks.forbidden-tool-refuses-task',
    title: 'A task-augmented call of a tool without execution.taskSupport gets {code:MethodNotFound}',
    spec: { url: '#tool-level-negotiation', level: 'SHOULD' },
    requirement: 'If execution.taskSupport is not present or "forbidden", clients MUST NOT attempt to invoke the tool as a task. Servers SHOULD return a {code:MethodNotFound} (Method not found) error if a client attempts to do so.',
    digest: ['TASK-003'],
    faults: ['tasks-forbidden-tool-runs'],
    long: true,
    run: async (ctx) => {
      if (!coreTasksCapability(ctx)) return ctx.skip('not-declared', 'the server does not declare tasks.requests.tools.call');
      const tools = await listedTools(ctx);
      if (!Array.isArray(tools)) return planVerdict(ctx, tools);
      const forbidden = tools.filter((t) => taskSupportOf(t) === 'forbidden');
      if (forbidden.length === 0) return ctx.skip('not-offered', 'every listed tool declares task support');
      const c = callable(ctx, forbidden).ok[0];
      if (!c) return planVerdict(ctx, noSafeTool(ctx, 'no tool without task support'));
      const session = await ctx.session({ privateObservations: ['schema-invalid'] });
      const reply = await session.request('tools/call', { name: c.name, arguments: c.args, task: { ttl: 60_000 } });
      const ex = exchange(`${c.name} (no taskSupport) with params.task`, reply);
      return inTurn(
        ctx,
        undefined,
        () => expectAnyError(ctx, ex),
        () => expectError(ctx, ex, ['MethodNotFound'], { doubt: REFUSED_OTHERWISE }),
      );
    },
  },
]);
