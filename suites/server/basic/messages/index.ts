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

export const group: PageGroup<Check> = {
  checks: [...envelopeChecks, ...responseChecks, ...resultChecks, ...errorCodeChecks, ...serverInitiatedMessageChecks, ...batchingChecks, ...schemaChecks, ...fuzzChecks],
  excluded: {},
};
