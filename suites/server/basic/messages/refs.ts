// Where the base-protocol rules are written: basic/messages (2024-11-05), basic (2025-03-26 on).
import type { SpecRef } from '../../../../harness/checks/check.js';

/** The message rules moved from basic/messages to basic in 2025-03-26. */
export const messages = (anchor: string, level: SpecRef['level']): SpecRef[] => [
  { url: `basic/messages#${anchor}`, level },
  { from: '2025-03-26', url: `basic#${anchor}`, level },
];

export const MESSAGES_MUST = 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.';
