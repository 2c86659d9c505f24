// The frontmatter's metadata map: keys under io.modelcontextprotocol/ are reserved to the
// extension, which defines none yet, so a server that puts one there uses a key no host knows.
// Judged on the entries of skills/list and skills/get (look.ts).
import { defineChecks } from '../../../../harness/checks/define.js';
import { isObject } from '../../../../harness/rules/json.js';
import { expectNone, type Violation } from '../../../../harness/verify/index.js';
import { entriesOf, isLook, skillsLook, SKILLS_NEEDS, SKILLS_PAGE, uriOf } from './look.js';

const PAGE = { page: 'extensions/skills', revisions: '2026-07-28', needs: SKILLS_NEEDS } as const;
const RESERVED = 'io.modelcontextprotocol/';

export const frontmatterMetadataChecks = defineChecks(PAGE, [
  // frontmatter: keys prefixed io.modelcontextprotocol/ in metadata are reserved; "This
  // extension currently defines no such keys." and "Implementations SHOULD ignore keys under
  // this prefix that they do not recognize." A server that sends one sends what every host
  // should ignore (the digest's server reading of SKILL-033).
  {
    id: 'skills.metadata-reserved-prefix',
    title: 'No frontmatter.metadata key uses the reserved io.modelcontextprotocol/ prefix (the extension defines none)',
    spec: { url: `${SKILLS_PAGE}#frontmatter`, level: 'SHOULD' },
    requirement: 'Implementations SHOULD ignore keys under this prefix that they do not recognize.',
    digest: ['SKILL-033'],
    faults: ['skills-metadata-reserved-key'],
    judgesDeclared: true,
    async run(ctx) {
      const look = await skillsLook(ctx);
      if (!isLook(look)) return ctx.skip(look.code, look.detail);
      const withMetadata = entriesOf(look).flatMap((s) => (isObject(s.entry) && isObject(s.entry.frontmatter) && isObject(s.entry.frontmatter.metadata) ? [{ s, metadata: s.entry.frontmatter.metadata }] : []));
      const bad: Violation[] = withMetadata.flatMap(({ s, metadata }) =>
        Object.keys(metadata)
          .filter((k) => k.startsWith(RESERVED))
          .map((k) => ({ text: `${s.from}: ${uriOf(s.entry) ?? 'an entry'} metadata key ${JSON.stringify(k)}`, ...(s.seq !== undefined ? { seq: s.seq } : {}) })),
      );
      return expectNone(ctx, bad, {
        expected: `no metadata key under ${RESERVED} (the extension defines none)`,
        judged: withMetadata.length,
        nothing: { code: 'not-offered', detail: 'no Skill entry carries a frontmatter.metadata map' },
      });
    },
  },
]);
