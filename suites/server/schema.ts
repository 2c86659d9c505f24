// Schema validity of everything the server sent (BASE-001, BASE-006, BASE-007 and every
// message type): each inbound message was validated against the negotiated revision's
// official schema as it arrived; this check reports what failed.
import type { Check } from '../../harness/checks/check.js';

export const schemaChecks: Check[] = [
  {
    id: 'schema.server-messages-valid',
    title: "Every message the server sends validates against the revision's official schema",
    spec: [
      { url: 'basic/messages', level: 'MUST' },
      { from: '2025-03-26', url: 'basic#messages', level: 'MUST' },
    ],
    side: 'server',
    revisions: '2024-11-05..2025-11-25',
    transports: 'any',
    faults: ['tools-list-missing-input-schema', 'capability-not-object', 'init-missing-server-info', 'tools-call-result-invalid', 'pagination-next-cursor-null'],
    connection: 'passive',
    async run(ctx) {
      const bad = ctx.observations().filter((o) => o.kind === 'schema-invalid');
      if (bad.length === 0) return ctx.pass();
      ctx.cite(...bad.slice(0, 5).map((o) => o.seq));
      const kinds = [...new Set(bad.map((o) => o.detail))];
      return ctx.fail({
        expected: 'schema-valid messages',
        actual: `${bad.length} invalid message(s): ${kinds.slice(0, 3).join(' | ')}${kinds.length > 3 ? ` (+${kinds.length - 3} more kinds)` : ''}`,
      });
    },
  },
];
