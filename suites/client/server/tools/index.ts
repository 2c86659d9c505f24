// server/tools, client side: nothing a recording can judge yet.
import type { ClientCheck } from '../../../../harness/client/scenario.js';
import type { PageGroup } from '../../../../harness/checks/page.js';

export const group: PageGroup<ClientCheck> = {
  checks: [],
  excluded: {
    'TOOL-018': {
      reason: 'not-observable',
      detail: 'Whether a client trusts an annotation (asks before a tool that claims readOnlyHint, say) is its own decision, made before anything goes over the wire.',
    },
  },
};
