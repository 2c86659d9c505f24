// Directory reads and the held entry (SEP-2640), host side: against a server with directoryRead:
// true whose templates/ directory lists a file the skill's entry does not
// (suites/client/scenarios/skills-directory.ts), the directory read does not extend the
// manifest: the newer child is never read while the host acts under the entry it holds.
import { defineClientChecks } from '../../../../harness/checks/define.js';
import { expectNone } from '../../../../harness/verify/index.js';
import { BROWSED, NEWER_CHILD, SKILLS_DIRECTORY } from '../../scenarios/skills-directory.js';
import { fileUri, rootOf } from '../../scenarios/skills.js';
import { readsOf, SKILLS_PAGE, skillsRun, unused } from './run.js';
import { paramsOf } from '../../support/wire.js';

export const directoryClientChecks = defineClientChecks({ page: 'extensions/skills', revisions: '2026-07-28' }, [
  // "While acting on the skill under the held entry, the host MUST NOT read the newly listed
  // child (an unlisted file is a verification failure) and MUST NOT surface it to the model as a
  // file of the skill." "Hosts MUST NOT treat the directory result as extending the manifest."
  {
    id: 'skills.directory-child-not-read',
    title: 'A file only a directory read lists (the held entry does not) is never read as a file of the skill',
    spec: { url: `${SKILLS_PAGE}#directory-reads-and-the-held-entry`, level: 'MUST' },
    requirement: 'While acting on the skill under the held entry, the host MUST NOT read the newly listed child (an unlisted file is a verification failure) … Hosts MUST NOT treat the directory result as extending the manifest.',
    fix: "Resolve a skill's files against the held entry's resources only; a child that resources/directory/read lists beyond it needs a skills/get refresh (and any re-approval) before it is read.",
    digest: ['SKILL-142', 'SKILL-144'],
    scenario: SKILLS_DIRECTORY,
    faults: ['skills-directory-extends-manifest'],
    async run(ctx) {
      const run = skillsRun(ctx);
      const gone = unused(run);
      if (gone) return ctx.skip(gone.code, gone.detail);
      const newer = fileUri(BROWSED, NEWER_CHILD);
      const templates = `${rootOf(BROWSED.uri)}/templates`;
      const browsed = run.directoryReads.filter((m) => paramsOf(m).uri === templates);
      const bad = readsOf(run, newer);
      // Never having read the directory, the client never learned of the child (answering from the entry alone is a MAY, SKILL-141).
      if (bad.length === 0 && browsed.length === 0) return ctx.skip('nothing-observed', `the client sent no resources/directory/read of ${templates}, so it never saw the child the entry lacks (answering from the entry alone is allowed)`);
      ctx.cite(...browsed.slice(0, 1).map((m) => m.seq));
      return expectNone(
        ctx,
        bad.slice(0, 2).map((m) => ({ text: `the client read ${newer}, which only the directory read lists`, seq: m.seq })),
        { expected: `no resources/read of ${newer}: the held entry of ${BROWSED.uri} does not list it, and no skills/get lists it`, judged: 1, note: `the client read ${templates} and did not read ${newer}, which the entry lacks` },
      );
    },
  },
]);
