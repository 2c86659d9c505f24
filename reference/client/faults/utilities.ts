// Faults of the utilities and the use of server features: progress, pagination, completion.
import { ALL, BOTH, MODERN, MODERN_TRANSPORTS, type FaultSpec } from './types.js';

export const UTILITIES_FAULTS = [
  { id: 'progress-token-duplicate', digest: 'PROG-001', transports: ALL, eras: BOTH, description: 'PROG-001: once a tool call shows progress (the server is at work on it), the next tool call is sent with the same progressToken (needs a tool that reports progress, and one more).' },
  { id: 'progress-token-invalid', digest: 'PROG-001', transports: ALL, eras: BOTH, description: 'PROG-001: tool calls carry progressToken 1.5 (neither a string nor an integer).' },
  { id: 'pagination-stops-early', digest: 'PAGE-001', transports: ALL, eras: BOTH, description: 'PAGE-001: list requests stop after the first page even when it carries nextCursor.' },
  { id: 'pagination-cursor-modified', digest: 'PAGE-002', transports: ALL, eras: BOTH, description: 'PAGE-002: the cursor is sent URL-encoded (visible when it holds characters such as space, / or =).' },
  { id: 'pagination-empty-cursor-ends', digest: 'PAGE-003', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'PAGE-003: nextCursor "" is taken as the end of the list.' },
  { id: 'pagination-continues-without-cursor', digest: 'PAGE-004', transports: ALL, eras: BOTH, description: 'PAGE-004: after the last page (no nextCursor) of tools/list the list is requested once more, without a cursor.' },
  { id: 'completion-argument-invalid', digest: 'COMP-002', transports: ALL, eras: BOTH, description: 'COMP-002: completion/complete sends argument {name} without value.' },
  { id: 'undeclared-capability-used', digest: 'LIFE-010', transports: ALL, eras: BOTH, description: 'LIFE-010: prompts/list is sent even when the server did not declare prompts.' },
] as const satisfies readonly FaultSpec[];
