// basic/utilities/tasks#task-listing (2025-11-25): tasks/list, every page, lists each task
// tasks/get finds, judged on the recorded run (run.ts).
import { defineChecks } from '../../../../../harness/checks/define.js';
import { only } from '../../../../../harness/revisions.js';
import { seqsOf } from '../../../../../harness/target/task-plan.js';
import { expectNone } from '../../../../../harness/verify/index.js';
import { inTurn } from '../../../../../harness/verify/utilities.js';
import { withRun } from './run.js';

export const taskListingChecks = defineChecks({ page: 'basic/utilities/tasks', revisions: only('2025-11-25'), needs: ['own-session', 'raw-http'] }, [
  // "If a task is retrievable via tasks/get for a requestor, it MUST be retrievable via
  // tasks/list for that requestor."
  {
    id: 'tasks.list-contains-created',
    title: 'tasks/list (every page) lists each task tasks/get finds',
    spec: { url: '#task-listing', level: 'MUST' },
    requirement: 'If a task is retrievable via tasks/get for a requestor, it MUST be retrievable via tasks/list for that requestor.',
    digest: ['TASK-011'],
    faults: ['tasks-list-omits-terminal'],
    long: true,
    run: (ctx) =>
      withRun(ctx, (run) => {
        const list = run.list;
        if (!list) return ctx.skip('not-declared', 'the server does not declare tasks.list');
        ctx.cite(...seqsOf(...list.replies));
        if (list.unanswered) return ctx.skip('no-answer', list.unanswered);
        const missing = list.retrievable.filter((id) => !list.ids.includes(id));
        return inTurn(
          ctx,
          undefined,
          // A page that is no tasks/list result ends the listing before its last page.
          () => expectNone(ctx, list.problem ? [list.problem] : [], { expected: 'tasks/list results up to the last page' }),
          () =>
            expectNone(ctx, missing.map((id) => `${ctx.brief(id)} not listed`), {
              expected: `tasks/list lists ${list.retrievable.map((id) => ctx.brief(id)).join(', ')}`,
              judged: list.retrievable.length,
              note: `${list.retrievable.length} task(s) found by tasks/get, all listed (${list.ids.length} listed)`,
              reason: `the pages listed ${ctx.brief(list.ids, 200)}`,
              nothing: { code: 'nothing-observed', detail: 'tasks/get found none of the created tasks any more' },
            }),
        );
      }),
  },
]);
