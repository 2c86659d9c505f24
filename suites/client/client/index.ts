// client features: roots, sampling, elicitation.
import type { ClientCheck } from '../../../harness/client/scenario.js';
import type { PageGroup } from '../../../harness/checks/page.js';
import { codeText } from '../../../harness/rules/error-codes.js';
import { rootsClientChecks } from './roots.js';
import { samplingClientChecks } from './sampling.js';
import { elicitationClientChecks } from './elicitation.js';

export const group: PageGroup<ClientCheck> = {
  checks: [...rootsClientChecks, ...samplingClientChecks, ...elicitationClientChecks],
  excluded: {
    'ROOTS-003': {
      side: 'client',
      reason: 'not-observable',
      detail:
        "Whether a client that declared roots.listChanged notifies when its roots change needs its roots to change, which only its user or host does; a notification sent without listChanged declared is LIFE-010's (roots.list-changed-only-when-declared).",
    },
    'ROOTS-004': {
      reason: 'judged-elsewhere',
      detail: `base.unknown-method-not-found (BASE-020, SHOULD) already warns when a client that did not declare roots refuses the asking server's roots/list with a code other than ${codeText('MethodNotFound')}; a second check here would move under the same fault.`,
    },
    'SAMP-008': {
      reason: 'not-observable',
      detail: 'Whether a client keeps to maxTokens, and what it does with systemPrompt, temperature or stopSequences, happens inside its model call; the tool as a scripted server sees only the text that comes back, not the tokens a model was allowed.',
    },
    'SAMP-009': {
      reason: 'not-observable',
      detail: 'A human able to deny sampling, rate limits and the handling of sensitive data are the client\'s user interface and policy; a scripted server sees an answer or a refusal, never why.',
    },
  },
};
