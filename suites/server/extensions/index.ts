// Extensions (their own pages, outside the revisions): the tasks and Skills extensions.
import type { Check } from '../../../harness/checks/check.js';
import type { PageGroup } from '../../../harness/checks/page.js';
import { group as tasks } from './tasks/index.js';
import { group as skills } from './skills/index.js';

export const group: PageGroup<Check> = {
  checks: [...tasks.checks, ...skills.checks],
  excluded: {
    ...tasks.excluded,
    ...skills.excluded,
    'EXT-001': {
      reason: 'judged-elsewhere',
      detail:
        'Declaring extensions is a MAY; what binds the maps is judged by VER-040 (identifier grammar, both sides) and by the schema validation of every server/discover result and request _meta.',
    },
    'EXT-002': {
      reason: 'judged-elsewhere',
      detail: 'The restatement of BASE-013 for extension resultType values, whose checks judge it on both sides.',
    },
  },
};
