// Faults of tasks, the client side: what the client does with a task it is asked to run
// (reference/client/tasks.ts), of the tasks extension (2026-07-28) and of the base protocol (2025-11-25).
import { ALL, LEGACY, MODERN, MODERN_TRANSPORTS, SHTTP, type FaultSpec } from './types.js';

export const TASKS_FAULTS = [
  { id: 'tasks-mcp-name-missing', digest: 'TASK-104', transports: SHTTP, eras: MODERN, description: 'TASK-104: tasks/get, tasks/update and tasks/cancel POSTs carry no Mcp-Name header naming the task.' },
  { id: 'task-status-awaited', digest: 'TASK-014', transports: ALL, eras: LEGACY, description: 'TASK-014: at 2025-11-25 a tool called as a task is never polled: the client waits 3 s for notifications/tasks/status, then drops the task.' },
  { id: 'task-result-unnegotiated-followed', digest: 'EXT-002', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'EXT-002: a tools/call answered with resultType "task" is followed with tasks/get although no tasks extension was negotiated.' },
] as const satisfies readonly FaultSpec[];
