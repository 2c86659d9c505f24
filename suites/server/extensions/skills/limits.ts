// The limits a skill keeps to: at most 512 manifest items (SKILL.md included) and at most
// 16 MiB summed over their sizes. Judged on the listed array manifests (look.ts); a "dynamic"
// skill has no sizes to add.
import { defineChecks } from '../../../../harness/checks/define.js';
import { expectNone, type Violation } from '../../../../harness/verify/index.js';
import { listedLook, SKILLS_NEEDS, SKILLS_PAGE } from './look.js';
import { isSize } from './rules.js';

const PAGE = { page: 'extensions/skills', revisions: '2026-07-28', needs: SKILLS_NEEDS } as const;
const MAX_ITEMS = 512;
const MAX_BYTES = 16 * 1024 * 1024;

export const limitChecks = defineChecks(PAGE, [
  // limits: "Servers SHOULD NOT serve a skill that exceeds either limit." (512 resources
  // entries, SKILL.md included; 16 MiB summed over size).
  {
    id: 'skills.within-limits',
    title: 'No listed skill has more than 512 manifest items or more than 16 MiB summed over their sizes',
    spec: { url: `${SKILLS_PAGE}#limits`, level: 'SHOULD' },
    requirement: 'Servers SHOULD NOT serve a skill that exceeds either limit.',
    digest: ['SKILL-043'],
    faults: ['skills-over-entry-limit'],
    judgesDeclared: true,
    async run(ctx) {
      const listing = await listedLook(ctx);
      if ('code' in listing) return ctx.skip(listing.code, listing.detail);
      const { skills } = listing;
      const arrays = skills.flatMap((s) => (s.items ? [{ s, items: [...s.items.values()] }] : []));
      const bad: Violation[] = arrays.flatMap(({ s, items }) => {
        const at = s.seen.seq !== undefined ? { seq: s.seen.seq } : {};
        const bytes = items.reduce((n, r) => n + (isSize(r.size) ? r.size : 0), 0);
        const out: Violation[] = [];
        if (items.length > MAX_ITEMS) out.push({ text: `${s.uri}: ${items.length} manifest items (limit ${MAX_ITEMS})`, ...at });
        if (bytes > MAX_BYTES) out.push({ text: `${s.uri}: ${bytes} bytes in all (limit ${MAX_BYTES})`, ...at });
        return out;
      });
      return expectNone(ctx, bad, {
        expected: `at most ${MAX_ITEMS} manifest items and ${MAX_BYTES} bytes per skill`,
        judged: arrays.length,
        nothing: { code: 'not-offered', detail: 'every listed skill\'s resources is "dynamic": no manifest to count' },
      });
    },
  },
]);
