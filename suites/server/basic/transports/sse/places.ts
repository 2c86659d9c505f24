// Where the spec states the HTTP+SSE rules: its own section in 2024-11-05, the section on
// backwards compatibility from 2025-03-26 on (at the same level).
import type { SpecRef } from '../../../../../harness/checks/check.js';

export const httpWithSse = (level: SpecRef['level']): SpecRef[] => [
  { url: 'basic/transports#http-with-sse', level },
  { from: '2025-03-26', url: 'basic/transports#backwards-compatibility', level },
];
