// Faults of issue 32's coverage of cancellation, progress, logging and completion (server side). Each entry: { id, description };
// the behaviour is guarded once with isOn('<id>') where the rule is implemented.

export const COV_UTILITIES_FAULTS = [
  // progress (the slow tool, catalog/tools.ts). Over stdio only: over HTTP the request's stream has ended by then.
  {
    id: 'progress-after-response-later',
    transports: ['stdio'],
    description: 'The slow tool sends one more progress notification for its token from a timer, a step after its response.',
  },
  // progress of core tasks (tasks/progress.ts, guarded in tasks/core.ts). Every transport.
  {
    id: 'task-progress-after-terminal',
    description: 'PROG-006: once a tasks/get has answered that a task ended, the task sends one more progress notification with its progressToken.',
  },
] as const;
