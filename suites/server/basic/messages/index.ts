// basic (messages): the JSON-RPC envelope, error codes, results, batching, schema validity, fuzzing.
// (Pages not yet moved here are re-exported from where they were: their owners move them.)
import type { Check } from '../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { baseChecks } from '../../base/index.js';
import { batchingChecks } from '../../batching.js';
import { schemaChecks } from '../../schema.js';
import { fuzzChecks } from '../../fuzz.js';
import { serverInitiatedMessageChecks } from './server-initiated.js';

export const group: PageGroup<Check> = {
  checks: [...baseChecks, ...serverInitiatedMessageChecks, ...batchingChecks, ...schemaChecks, ...fuzzChecks],
  excluded: {  },
};
