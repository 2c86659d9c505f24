// The parts of a skill:// skill path before the skill's name: the first segment is the URI's
// authority and should be an RFC 3986 reg-name; any segment between it and the name should be
// an RFC 3986 path segment. Only the skill:// form is described so (another scheme keeps its
// own syntax). Judged on the listed entries' uris (look.ts).
import { defineChecks } from '../../../../harness/checks/define.js';
import { expectNone, type Violation } from '../../../../harness/verify/index.js';
import { listedLook, SKILLS_NEEDS, SKILLS_PAGE, type ListedSkill } from './look.js';
import { skillPath } from './rules.js';

const PAGE = { page: 'extensions/skills', revisions: '2026-07-28', needs: SKILLS_NEEDS } as const;

// RFC 3986: reg-name = *( unreserved / pct-encoded / sub-delims ); segment = *pchar, with
// pchar = unreserved / pct-encoded / sub-delims / ":" / "@".
const REG_NAME = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;
const SEGMENT = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})+$/;

/** The segments of a skill:// SKILL.md uri's skill path: authority, the prefix segments between, and the name. */
function segmentsOf(uri: string): { authority: string; prefix: string[] } | undefined {
  const path = skillPath(uri);
  if (!path || !uri.startsWith('skill://')) return undefined;
  const parts = path.root.slice('skill://'.length).split('/');
  // A one-segment path is the name alone, in the authority (skill://git-workflow/SKILL.md).
  return { authority: parts[0] ?? '', prefix: parts.slice(1, -1) };
}

function skillUris(skills: readonly ListedSkill[]): { uri: string; seq?: number; parts: NonNullable<ReturnType<typeof segmentsOf>> }[] {
  return skills.flatMap((s) => {
    const parts = segmentsOf(s.uri);
    return parts ? [{ uri: s.uri, parts, ...(s.seen.seq !== undefined ? { seq: s.seen.seq } : {}) }] : [];
  });
}

const NO_SKILL_URI = { code: 'not-offered', detail: 'no listed skill with a skill://.../SKILL.md uri' } as const;

export const uriPartChecks = defineChecks(PAGE, [
  // resource-mapping: "The first segment occupies the URI authority component and SHOULD be a
  // valid reg-name per RFC 3986."
  {
    id: 'skills.uri-authority-reg-name',
    title: 'The first segment of a skill:// skill path (the authority) is an RFC 3986 reg-name',
    spec: { url: `${SKILLS_PAGE}#resource-mapping`, level: 'SHOULD' },
    requirement: 'The first segment occupies the URI authority component and SHOULD be a valid `reg-name` per RFC 3986.',
    digest: ['SKILL-018'],
    faults: ['skills-authority-not-reg-name'],
    judgesDeclared: true,
    async run(ctx) {
      const listing = await listedLook(ctx);
      if ('code' in listing) return ctx.skip(listing.code, listing.detail);
      const { skills } = listing;
      const uris = skillUris(skills);
      const bad: Violation[] = uris.filter((u) => !REG_NAME.test(u.parts.authority)).map((u) => ({ text: `${u.uri}: authority ${JSON.stringify(u.parts.authority)}`, ...(u.seq !== undefined ? { seq: u.seq } : {}) }));
      return expectNone(ctx, bad, { expected: 'authorities of unreserved characters, percent-encodings and sub-delims only', judged: uris.length, nothing: NO_SKILL_URI });
    },
  },

  // resource-mapping: "Any other prefix segments SHOULD be valid URI path segments."
  {
    id: 'skills.uri-prefix-segments',
    title: 'The segments of a skill:// skill path between the authority and the name are non-empty RFC 3986 path segments',
    spec: { url: `${SKILLS_PAGE}#resource-mapping`, level: 'SHOULD' },
    requirement: 'Any other prefix segments SHOULD be valid URI path segments.',
    digest: ['SKILL-019'],
    faults: ['skills-prefix-segment-invalid'],
    judgesDeclared: true,
    async run(ctx) {
      const listing = await listedLook(ctx);
      if ('code' in listing) return ctx.skip(listing.code, listing.detail);
      const { skills } = listing;
      const uris = skillUris(skills).filter((u) => u.parts.prefix.length > 0);
      const bad: Violation[] = uris.flatMap((u) =>
        u.parts.prefix.filter((seg) => !SEGMENT.test(seg)).map((seg) => ({ text: `${u.uri}: prefix segment ${JSON.stringify(seg)}${seg === '' ? ' (empty)' : ''}`, ...(u.seq !== undefined ? { seq: u.seq } : {}) })),
      );
      return expectNone(ctx, bad, { expected: 'prefix segments of RFC 3986 pchar only, none empty', judged: uris.length, nothing: { code: 'not-offered', detail: 'no listed skill:// skill path has a segment between its authority and its name' } });
    },
  },
]);
