// Modern-era faults of cancellation, progress, logging and caching (digest 05, 06).
import type { ModernFault } from './modern.js';

const BOTH = ['stdio', 'http'] as const;
const STDIO = ['stdio'] as const;
/** For faults whose claimants also run at legacy revisions: the self-proof shows them at 2026-07-28 only. */
const MODERN_ONLY = '2026-07-28';

export const MODERN_UTILITIES_FAULTS = [
  // cancellation
  {
    id: 'modern-progress-after-cancel',
    transports: STDIO,
    description: 'CANC-011: after notifications/cancelled, the slow tool still sends one more progress notification for its token, a step later.',
  },
  {
    id: 'modern-server-sends-cancelled',
    transports: BOTH,
    description: 'CANC-012: the slow tool sends notifications/cancelled naming its own tools/call before answering it.',
  },
  // logging
  {
    id: 'modern-log-without-level',
    transports: BOTH,
    description: 'LOG-010: tools/call sends notifications/message (info) although the request carried no logLevel.',
  },
  { id: 'modern-log-below-level', transports: BOTH, revision: MODERN_ONLY, description: 'LOG-011: log messages below the request\'s logLevel are sent too.' },
  {
    id: 'modern-log-after-response',
    transports: BOTH,
    description: 'LOG-011: a request\'s log messages are sent after its response instead of before it (HTTP: the answer streams).',
  },
  {
    id: 'modern-log-on-listen',
    transports: BOTH,
    description: 'LOG-011/SUB-004: log messages of a request go to the open subscriptions/listen streams instead of its own stream.',
  },
  {
    id: 'modern-log-level-invalid-accepted',
    transports: BOTH,
    revision: MODERN_ONLY,
    description: 'LOG-003: an unrecognized io.modelcontextprotocol/logLevel is accepted (as debug) instead of -32602.',
  },
  {
    id: 'modern-log-undeclared',
    transports: BOTH,
    revision: MODERN_ONLY,
    description: 'LOG-001: server/discover omits the logging capability, yet requests with a logLevel get notifications/message.',
  },
  // progress
  {
    id: 'modern-progress-on-listen',
    transports: BOTH,
    description: 'PROG-007/SUB-004: progress notifications go to the open subscriptions/listen streams instead of the request\'s own stream.',
  },
  // caching
  {
    id: 'modern-cache-fields-missing',
    transports: BOTH,
    revision: '2026-07-28',
    description: 'CACHE-001: resources/read results carry neither ttlMs nor cacheScope (schema-invalid too).',
  },
  { id: 'modern-cache-scope-varies', transports: BOTH, description: 'CACHE-002: pages of tools/list after the first say cacheScope "private", the first "public".' },
  {
    id: 'modern-input-required-cacheable',
    transports: BOTH,
    description: 'CACHE-003: InputRequiredResults carry ttlMs and cacheScope.',
  },
] as const satisfies readonly ModernFault[];
