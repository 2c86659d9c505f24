// Faults of issue 32's coverage of basic/messages and JSON-RPC batching (server side). Each entry: { id, description };
// the behaviour is guarded once with isOn('<id>') where the rule is implemented.

export const COV_MESSAGES_FAULTS = [
  {
    id: 'unreadable-id-error-id-null',
    revision: '2026-07-28',
    description: 'At 2026-07-28 the error answering unparsable JSON carries "id": null (JSON-RPC 2.0\'s shape) instead of leaving id out.',
  },
  {
    id: 'server-request-id-null',
    revision: '2025-11-25',
    description: 'After notifications/initialized, sends a ping request whose id is null.',
  },
  {
    id: 'modern-error-code-jsonrpc-reserved',
    revision: '2026-07-28',
    description: 'BASE-024: a tampered requestState is rejected with -32100 (JSON-RPC reserved range, no standard code) instead of -32602.',
  },
  {
    id: 'http-batch-notifications-200',
    mode: 'http',
    revision: '2025-03-26',
    description: 'BATCH-004: a POSTed batch of notifications only is answered 200 (no body) instead of 202.',
  },
] as const;
