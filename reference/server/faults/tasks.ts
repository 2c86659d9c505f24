// Faults of tasks: the core tasks of 2025-11-25 (basic/utilities/tasks, TASK-001..015) and the
// tasks extension of 2026-07-28 (io.modelcontextprotocol/tasks, TASK-101..104). Each entry
// names the digest rule it breaks; each is guarded once with isOn('<id>') under
// reference/server/tasks/. Core faults show on every transport; extension faults carry
// `transports` (HTTP+SSE has no 2026-07-28 era).
const BOTH = ['stdio', 'http'] as const;

export const TASKS_FAULTS = [
  // 2025-11-25 core tasks (tasks/core.ts, tasks/call.ts, tasks/store.ts)
  {
    id: 'tasks-undeclared-task-created',
    description: 'TASK-004: capabilities.tasks is left out of the initialize result, yet a tools/call with params.task still creates a task.',
  },
  {
    id: 'tasks-undeclared-task-refused',
    description: 'TASK-004: capabilities.tasks is left out of the initialize result, and a tools/call with params.task is refused with -32602 instead of being processed normally.',
  },
  { id: 'tasks-required-tool-runs-plain', description: 'TASK-003: a tool with execution.taskSupport "required" runs a plain (non-task) call instead of answering -32601.' },
  {
    id: 'tasks-forbidden-tool-runs',
    description: 'TASK-003: a task-augmented call of a tool without execution.taskSupport runs as a plain call instead of -32601.',
  },
  { id: 'tasks-create-result-flat', description: 'TASK-005: the CreateTaskResult carries the task fields at the top level instead of in a `task` object.' },
  { id: 'tasks-get-missing-ttl', description: 'TASK-008: tasks/get results leave out the task\'s actual ttl.' },
  { id: 'tasks-terminal-status-changes', description: 'TASK-007: from the third tasks/get after a task ended, it reads "working" again.' },
  { id: 'tasks-result-not-blocking', description: 'TASK-009: tasks/result on a working task answers at once with a placeholder CallToolResult instead of blocking.' },
  { id: 'tasks-result-wrong-type', description: 'TASK-009: tasks/result returns the Task object instead of the CallToolResult of the tools/call.' },
  { id: 'tasks-result-no-related-meta', description: 'TASK-010: tasks/result results carry no _meta["io.modelcontextprotocol/related-task"].' },
  { id: 'tasks-cancel-terminal-accepted', description: 'TASK-012: tasks/cancel of a task that already ended answers the task instead of -32602.' },
  { id: 'tasks-cancel-not-final', description: 'TASK-012: a cancelled task takes the outcome of its stopped work (failed) instead of staying cancelled.' },
  { id: 'tasks-id-reused', description: 'TASK-006: every task after the first of a session gets the first task\'s id.' },
  { id: 'tasks-list-omits-terminal', description: 'TASK-011: tasks/list leaves out tasks that ended (completed, failed, cancelled), though tasks/get still finds them.' },
  {
    id: 'tasks-unknown-id-wrong-code',
    description: 'TASK-013/TASK-103: an unknown taskId in tasks/get, tasks/result or tasks/cancel (both eras) gets -32603 instead of -32602.',
  },
  // 2025-11-25 core tasks, the server as requestor: ask_model's task-augmented sampling (tasks/requestor.ts)
  {
    id: 'task-status-awaited',
    description: 'TASK-014: ask_model never polls the task its task-augmented sampling/createMessage created (no tasks/get, no tasks/result); it waits for a notifications/tasks/status saying the task ended.',
  },
  {
    id: 'task-cancelled-by-notification',
    description: 'CANC-006: when its tools/call is cancelled, ask_model gives up the task of its task-augmented sampling/createMessage with notifications/cancelled naming that request instead of tasks/cancel.',
  },
  // 2026-07-28 tasks extension (tasks/call.ts, tasks/extension.ts)
  {
    id: 'tasks-ext-legacy-opt-in',
    transports: BOTH,
    description: 'TASK-101: at 2026-07-28 a tools/call with the 2025-11-25 params.task opt-in gets a task although the request did not declare the extension.',
  },
  { id: 'tasks-ext-get-not-ready', transports: BOTH, description: 'TASK-102: the first tasks/get of a just-created task gets -32602 (the task is not yet durable).' },
  { id: 'tasks-ext-completed-without-result', transports: BOTH, description: 'TASK-103: tasks/get of a completed task carries no `result`.' },
  {
    id: 'tasks-ext-served-without-extension',
    transports: BOTH,
    description: 'TASK-103: tasks/get is served to a request that did not declare the io.modelcontextprotocol/tasks extension instead of -32021.',
  },
] as const satisfies readonly { id: string; description: string; transports?: readonly string[] }[];
