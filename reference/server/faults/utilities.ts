// Faults for cancellation, progress, logging, completion, capabilities, batching. Each entry: { id, description }; guard it once with isOn('<id>').
// `revision`: the one revision the self-proof shows the fault at, for a fault of logging/setLevel
// (gone at 2026-07-28) whose claimants also run at 2026-07-28.
const LEGACY_ONLY = '2025-11-25';
export const UTILITIES_FAULTS = [
  // cancellation (session.ts, handlers/lifecycle.ts)
  { id: 'cancel-still-responds', description: 'notifications/cancelled for an in-flight request is ignored: the request runs to its end and is answered.' },
  // A crash shows only where each connection is its own process (an HTTP crash ends every session at once).
  { id: 'crash-on-unknown-cancel', transports: ['stdio'], description: 'A notifications/cancelled naming a request id the server never saw makes the process exit.' },
  { id: 'crash-on-late-cancel', transports: ['stdio'], description: 'A notifications/cancelled naming a request the server already answered makes the process exit.' },
  // progress (the slow tool, catalog/tools.ts)
  { id: 'progress-not-increasing', description: 'The slow tool reports its first progress value twice.' },
  { id: 'progress-over-total', description: 'The slow tool reports a total one less than its number of steps, so the last progress exceeds it.' },
  { id: 'progress-after-response', description: 'The slow tool sends one more progress notification for its token after its response.' },
  { id: 'progress-empty-message', description: 'The slow tool\'s progress notifications carry an empty message ("") instead of "Step i of n".' },
  { id: 'progress-unknown-token', description: 'Every slow tool call also reports progress for the token "reference-unknown-token", which no request carried.' },
  // logging (handlers/logging.ts)
  { id: 'setlevel-level-rejected', description: 'logging/setLevel rejects the valid level "notice" with -32602.' },
  { id: 'setlevel-invalid-accepted', revision: LEGACY_ONLY, description: 'logging/setLevel answers {} to a level that does not exist.' },
  { id: 'setlevel-ignored', revision: LEGACY_ONLY, description: 'logging/setLevel answers {} but the session then logs at every level (debug and up).' },
  {
    id: 'message-without-logging',
    revision: LEGACY_ONLY,
    description: 'Omits logging from the capabilities, yet sends a notifications/message after the initialize response (and still serves logging/setLevel).',
  },
  // completion (handlers/completion.ts, handlers/lifecycle.ts)
  { id: 'completion-over-100', description: 'completion/complete returns every match, more than 100 values when there are.' },
  { id: 'completion-hasmore-inconsistent', description: 'completion/complete says hasMore: false even when it cut the values at 100 (total says more).' },
  { id: 'completion-unknown-prompt-accepted', description: 'completion/complete for an unknown prompt returns empty values instead of -32602.' },
  { id: 'completions-undeclared-served', description: 'Omits completions from the capabilities (2025-03-26 on) but still answers completion/complete.' },
  // capabilities (handlers/lifecycle.ts)
  { id: 'list-changed-undeclared', description: 'Declares tools without listChanged, yet sends notifications/tools/list_changed after the initialize response.' },
  {
    id: 'updated-without-subscribe',
    description: 'Declares resources without subscribe, yet sends notifications/resources/updated after the initialize response.',
  },
  // batching (session.ts)
  { id: 'batch-rejected', description: 'At 2025-03-26 a batch is refused with one -32600 error instead of being processed.' },
  { id: 'batch-not-array', description: 'The responses to a batch go out as separate messages instead of one array.' },
  { id: 'empty-batch-ignored', description: 'An empty array ([]) gets no answer instead of a -32600 error.' },
] as const satisfies readonly { id: string; description: string; transports?: readonly ('stdio' | 'http' | 'sse')[]; revision?: string }[];
