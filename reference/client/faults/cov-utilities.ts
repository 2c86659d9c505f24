// Faults of issue 32's coverage of cancellation, progress, logging and completion (client side). Each entry is a FaultSpec;
// the behaviour is guarded once with isOn('<id>') where the rule is implemented.
import { ALL, LEGACY, STDIO, type FaultSpec } from './types.js';

export const COV_UTILITIES_FAULTS = [
  { id: 'client-progress-not-increasing', digest: 'PROG-003', transports: ALL, eras: LEGACY, description: 'PROG-003: the progress the client reports on the server\'s sampling request (it carries a progressToken) stays at 1 instead of increasing (needs sampling declared).' },
  { id: 'client-progress-after-response', digest: 'PROG-004', transports: STDIO, eras: LEGACY, description: 'PROG-004: the client sends its last progress notification for the server\'s sampling request after its response to it (needs sampling declared). Stdio only: over HTTP the check warns, as two POSTs may cross.' },
  { id: 'client-progress-message-empty', digest: 'PROG-005', transports: ALL, eras: LEGACY, description: 'PROG-005 (from 2025-03-26): the progress the client reports on the server\'s sampling request carries an empty message (needs sampling declared).' },
  { id: 'task-answer-undeclared', digest: 'TASK-001', transports: ALL, eras: LEGACY, description: 'TASK-001 (2025-11-25): the client answers a task-augmented sampling/createMessage with a CreateTaskResult although it declared no tasks (needs sampling declared).' },
] as const satisfies readonly FaultSpec[];
