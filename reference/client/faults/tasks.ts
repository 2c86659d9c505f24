// Faults of the tasks extension (io.modelcontextprotocol/tasks), 2026-07-28, the client side:
// what the client does with a task it is asked to run (reference/client/tasks.ts).
import { MODERN, SHTTP, type FaultSpec } from './types.js';

export const TASKS_FAULTS = [
  { id: 'tasks-mcp-name-missing', digest: 'TASK-104', transports: SHTTP, eras: MODERN, description: 'TASK-104: tasks/get, tasks/update and tasks/cancel POSTs carry no Mcp-Name header naming the task.' },
] as const satisfies readonly FaultSpec[];
