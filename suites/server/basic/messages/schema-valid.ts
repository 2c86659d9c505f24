// Schema validity of everything the server sent (BASE-001, BASE-006, BASE-007 and every
// message type): each inbound message was validated against the negotiated revision's
// official schema as it arrived; this check reports what failed.
import { defineChecks } from '../../../../harness/checks/define.js';
import type { Observation } from '../../../../harness/observations.js';
import { RANGE } from '../../../../harness/revisions.js';
import { loadRevisionSchema } from '../../../../harness/schema.js';
import { expectNone } from '../../../../harness/verify/index.js';

export const schemaChecks = defineChecks({ page: 'basic/messages', revisions: RANGE.all, needs: ['passive'] }, [
  {
    id: 'schema.server-messages-valid',
    title: "Every message the server sends validates against the revision's official schema",
    spec: [
      { url: 'basic/messages', level: 'MUST' },
      { from: '2025-03-26', url: 'basic#messages', level: 'MUST' },
    ],
    requirement:
      'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification. The full specification of the protocol is defined as a TypeScript schema. This is the source of truth for all protocol messages and structures.',
    // PROMPT-002 and RES-005 are shapes only the schema states at every revision: a prompts/list
    // result (prompts[] with name, description a string, ...), and a read's contents (each item
    // with uri and text or blob, the blob base64: format "byte", which the validators check;
    // resources#security-considerations: "Binary data MUST be properly encoded"). The other half of
    // RES-005, not both text and blob, has no keyword: resources.read-contents-one-kind warns on it.
    digest: ['BASE-001', 'BASE-006', 'BASE-007', 'PROMPT-002', 'RES-005'],
    // server-request-id-null: a request with id null is no JSONRPCRequest (base.server-request-ids-valid says so in words).
    faults: ['tools-list-missing-input-schema', 'capability-not-object', 'init-missing-server-info', 'tools-call-result-invalid', 'pagination-next-cursor-null', 'modern-result-type-missing', 'modern-cache-fields-missing', 'modern-input-request-bad-method', 'completion-over-100', 'server-request-id-null', 'prompts-argument-role-system', 'prompts-list-description-not-string', 'resources-read-blob-not-base64'],
    // completion values: maxItems 100 entered the schema at 2026-07-28.
    faultRevisions: { 'completion-over-100': '2026-07-28..' },
    async run(ctx) {
      const bad = await stillInvalid(ctx.revision, ctx.observations().filter((o) => o.kind === 'schema-invalid'));
      // One violation per kind of invalidity, citing its first message and counting the rest.
      const kinds = new Map<string, { seq: number; count: number }>();
      for (const o of bad) {
        const kind = kinds.get(o.detail);
        if (kind) kind.count++;
        else kinds.set(o.detail, { seq: o.seq, count: 1 });
      }
      const violations = [...kinds].map(([detail, k]) => ({ text: `${k.count} message(s): ${detail}`, seq: k.seq }));
      return expectNone(ctx, violations, { expected: 'schema-valid messages' });
    },
  },
]);

/**
 * 2026-07-28: prompts/get, resources/read and tools/call may answer with an InputRequiredResult
 * (basic/patterns/mrtr); the inbound validation judges their results by the complete type
 * only, so such a result is judged here again as what it says it is.
 */
async function stillInvalid(revision: string, found: Observation[]): Promise<Observation[]> {
  const interim = (o: Observation) => ((o.message as { result?: { resultType?: unknown } } | undefined)?.result?.resultType === 'input_required');
  if (!found.some(interim)) return found;
  const schema = await loadRevisionSchema(revision);
  return found.filter((o) => !interim(o) || !schema.validate('InputRequiredResult', (o.message as { result: unknown }).result).ok);
}
