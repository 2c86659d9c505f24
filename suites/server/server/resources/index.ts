// server/resources.
import type { Check } from '../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { listStabilityChecks } from '../list-stability.js';
import { resourceContentChecks } from './contents.js';
import { resourceNotFoundChecks } from './not-found.js';
import { resourceSubscriptionChecks } from './subscriptions.js';
import { unsolicitedUpdateChecks } from './unsolicited-updates.js';
import { resourceTraversalChecks } from './traversal.js';
import { resourceUriChecks } from './uris.js';

export const group: PageGroup<Check> = {
  checks: [...resourceNotFoundChecks, ...resourceSubscriptionChecks, ...unsolicitedUpdateChecks, ...listStabilityChecks.resources, ...resourceUriChecks, ...resourceContentChecks, ...resourceTraversalChecks],
  excluded: {
    'RES-002': {
      reason: 'judged-elsewhere',
      detail: 'The shape of resources/list is the schema\'s (BASE-006): discovery walks every page at every revision and schema.server-messages-valid fails an item without uri or name, or an annotation out of range.',
    },
    'RES-006': {
      reason: 'judged-elsewhere',
      detail: 'The shape of resources/templates/list is the schema\'s (BASE-006): discovery walks every page at every revision and schema.server-messages-valid fails a template without uriTemplate or name.',
    },
    'RES-014': {
      reason: 'not-observable',
      detail: 'Whether the client can fetch an https:// resource itself is known to the server and the client, not to a black box reading the URI.',
    },
  },
};
