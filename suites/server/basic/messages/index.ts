// basic (messages): the JSON-RPC envelope, responses and notifications, what results carry, the
// error codes, the server's own messages, batching (2025-03-26), schema validity, fuzzing.
import type { Check } from '../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { envelopeChecks } from './envelope.js';
import { responseChecks } from './responses.js';
import { resultChecks } from './results.js';
import { errorCodeChecks } from './error-codes.js';
import { serverInitiatedMessageChecks } from './server-initiated.js';
import { batchingChecks } from './batching.js';
import { schemaChecks } from './schema-valid.js';
import { fuzzChecks } from './fuzz.js';
import { unreadableIdChecks } from './unreadable-id.js';

export const group: PageGroup<Check> = {
  checks: [...envelopeChecks, ...responseChecks, ...resultChecks, ...errorCodeChecks, ...unreadableIdChecks, ...serverInitiatedMessageChecks, ...batchingChecks, ...schemaChecks, ...fuzzChecks],
  excluded: {
    'BASE-004': { side: 'server', reason: 'judged-elsewhere', detail: 'A 2026-07-28 server sends no request at all, so it has no id to reuse while open: input-required.no-server-requests judges that it sends none.' },
    'BASE-011': { side: 'server', reason: 'informative', detail: 'A permission: any JSON object is a fine result; that a result is an object at all is schema.server-messages-valid\'s.' },
    'BASE-030': { side: 'server', reason: 'informative', detail: 'Reserves _meta for protocol metadata; that _meta is an object is schema.server-messages-valid\'s, its key names base.meta-key-names\'.' },
    'BASE-032': { side: 'server', reason: 'informative', detail: 'The reserved prefixes are reserved without a keyword, and reverse-DNS names only recommended as a practice: no sentence a server breaks by its own keys.' },
    'BASE-033': { side: 'server', reason: 'not-observable', detail: 'Whether a server assumes meanings for values at reserved _meta keys is inside it.' },
    'BASE-040': { side: 'server', reason: 'not-observable', detail: 'Whether a server supports 2020-12 shows only in how it validates inside; the schemas it declares are judged under the default dialect by tools.schemas-valid (BASE-041).' },
    'BASE-042': { side: 'server', reason: 'not-observable', detail: 'A server receives no JSON Schema from the client, so its handling of an unsupported dialect is never exercised.' },
    'BASE-043': { side: 'server', reason: 'not-observable', detail: 'A server receives no JSON Schema from the client to dereference; a $ref fetch from its own schemas would happen inside it.' },
    'BASE-044': { side: 'server', reason: 'not-observable', detail: 'A server validates no schema that the client wrote, so no hostile composition can be handed to it.' },
    'BATCH-002': { side: 'server', reason: 'informative', detail: 'A MAY: a server may send batches; what a mixed batch gets back is judged by batching.requests-answered (BATCH-001).' },
    'BATCH-003': { side: 'server', reason: 'judged-elsewhere', detail: 'A MAY on what a stdio line may hold: batching.requests-answered sends such a line over stdio (BATCH-001).' },
    'BATCH-006': { side: 'server', reason: 'informative', detail: 'A MAY: a server may batch what it sends on an SSE stream; reading such a batch is the client\'s side (BATCH-001, client).' },
  },
};
