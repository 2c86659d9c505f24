// basic/versioning, client side: the per-request version metadata (2026-07-28), then what a
// client does when its version is refused.
import type { ClientCheck } from '../../../../harness/client/scenario.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { requestMetaClientChecks } from './request-meta.js';
import { unsupportedVersionClientChecks } from './unsupported-version.js';

export const group: PageGroup<ClientCheck> = {
  checks: [...requestMetaClientChecks, ...unsupportedVersionClientChecks],
  excluded: {  },
};
