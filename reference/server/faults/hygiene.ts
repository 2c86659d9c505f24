// Faults of what the server itself initiates (basic/messages, cancellation, progress): its own
// request ids, its cancellations, its progress tokens, notifications without ids, and single
// messages instead of batches from 2025-06-18 on. Each entry: { id, description }; the behaviour
// is in handlers/server-initiated.ts, guarded once with isOn('<id>').

/** 2026-07-28 forbids server requests outright (input-required.no-server-requests judges that too): proven where they are allowed. */
const LEGACY_ONLY = '2025-11-25';

export const HYGIENE_FAULTS = [
  {
    id: 'server-request-id-reused',
    description: 'After notifications/initialized, sends two ping requests with the same id "ref-hygiene-ping" (the second after the first was answered).',
  },
  {
    id: 'server-cancels-unsent-request',
    description: 'After notifications/initialized, sends notifications/cancelled for the request id "ref-hygiene-never-sent", which it never sent.',
  },
  {
    id: 'server-progress-token-reused',
    description: 'After notifications/initialized, sends three ping requests at once, each with the progress token "ref-hygiene-token".',
  },
  {
    id: 'server-notification-with-id',
    revision: LEGACY_ONLY,
    description: 'After notifications/initialized, sends notifications/tools/list_changed carrying the id "ref-hygiene-notification".',
  },
  {
    id: 'batch-answer-single-request',
    description: 'Answers each prompts/list request with a JSON array holding its one response (a batch frame, which 2025-06-18 removed).',
  },
] as const;
