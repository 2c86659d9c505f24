// A skill's manifest (an entry's resources array): it lists the skill's own SKILL.md, each
// file once, only files within the skill's directory, and each with a size and a digest in
// the stated format. Judged on the recorded look (look.ts); "dynamic" entries have none.
import { defineChecks } from '../../../../harness/checks/define.js';
import { isObject, type Json } from '../../../../harness/rules/json.js';
import { expectNone, type Violation } from '../../../../harness/verify/index.js';
import { entriesOf, isLook, skillsLook, SKILLS_NEEDS, SKILLS_PAGE, type Seen, type SkillsLook } from './look.js';
import { DIGEST, isSize, skillPath } from './rules.js';

const PAGE = { page: 'extensions/skills', revisions: '2026-07-28', needs: SKILLS_NEEDS } as const;

/** The entries with an array manifest and a SKILL.md uri. */
function manifests(look: SkillsLook): { s: Seen; uri: string; root: string; items: unknown[] }[] {
  return entriesOf(look).flatMap((s) => {
    if (!isObject(s.entry) || typeof s.entry.uri !== 'string' || !Array.isArray(s.entry.resources)) return [];
    const path = skillPath(s.entry.uri);
    return path ? [{ s, uri: s.entry.uri, root: path.root, items: s.entry.resources }] : [];
  });
}

const at = (s: Seen): { seq?: number } => (s.seq !== undefined ? { seq: s.seq } : {});
const NO_MANIFEST = { code: 'not-offered', detail: 'no entry with an array manifest (resources "dynamic", or no entries)' } as const;

/** What breaks completeness and containment in one manifest. */
function containmentProblems(m: ReturnType<typeof manifests>[number]): string[] {
  const uris = m.items.map((r) => (isObject(r) && typeof r.uri === 'string' ? r.uri : undefined));
  const bad: string[] = [];
  if (!uris.includes(m.uri)) bad.push('no item for the skill\'s own uri');
  const twice = uris.filter((u, i) => u !== undefined && uris.indexOf(u) !== i);
  for (const u of new Set(twice)) bad.push(`${u} listed more than once`);
  for (const u of uris) {
    if (u === undefined) continue;
    const rest = u.startsWith(`${m.root}/`) ? u.slice(m.root.length + 1) : undefined;
    if (rest === undefined || rest.split('/').some((seg) => seg === '.' || seg === '..' || seg === '') || /[?#]/.test(rest)) bad.push(`${u} is not a file within ${m.root}/`);
  }
  return bad;
}

/** What breaks the SkillResource format in one item. */
function formatProblems(item: unknown): string[] {
  if (!isObject(item)) return [`an item ${JSON.stringify(item)}`];
  const r: Json = item;
  const bad: string[] = [];
  if (typeof r.uri !== 'string') bad.push(`uri ${JSON.stringify(r.uri) ?? 'absent'}`);
  if (!isSize(r.size)) bad.push(`${String(r.uri)}: size ${JSON.stringify(r.size) ?? 'absent'}`);
  if (typeof r.digest !== 'string' || !DIGEST.test(r.digest)) bad.push(`${String(r.uri)}: digest ${JSON.stringify(r.digest) ?? 'absent'}`);
  return bad;
}

export const manifestChecks = defineChecks(PAGE, [
  // resources: "When resources is an array, it MUST be complete. It lists every file of the
  // skill, each exactly once, including an entry whose uri equals the skill's top-level uri."
  // and "Each uri MUST be the skill's SKILL.md or a file within the skill's directory."
  {
    id: 'skills.manifest-complete',
    title: "An array manifest lists the skill's own SKILL.md, each file once, and only files within the skill's directory",
    spec: { url: `${SKILLS_PAGE}#resources`, level: 'MUST' },
    requirement: "When `resources` is an array, it MUST be complete. It lists every file of the skill, each exactly once, including an entry whose `uri` equals the skill's top-level `uri`.",
    digest: ['SKILL-036', 'SKILL-037'],
    faults: ['skills-manifest-omits-skill-md'],
    judgesDeclared: true,
    async run(ctx) {
      const look = await skillsLook(ctx);
      if (!isLook(look)) return ctx.skip(look.code, look.detail);
      const all = manifests(look);
      const bad: Violation[] = all.flatMap((m) => containmentProblems(m).map((p) => ({ text: `${m.s.from}: ${m.uri}: ${p}`, ...at(m.s) })));
      return expectNone(ctx, bad, { expected: "each manifest: the skill's uri, every file once, all under the skill root", judged: all.length, nothing: NO_MANIFEST });
    },
  },

  // resources: "Each entry MUST carry size, the length in bytes of the file's raw content";
  // integrity-and-verification: digests are "formatted as sha256:{hex} where {hex} is 64
  // lowercase hexadecimal characters."
  {
    id: 'skills.manifest-size-digest-format',
    title: 'Every manifest item carries a byte size and a digest of the form sha256:<64 lowercase hex>',
    spec: { url: `${SKILLS_PAGE}#integrity-and-verification`, level: 'MUST' },
    requirement: "Digests are SHA-256 hashes of a file's raw bytes, formatted as `sha256:{hex}` where `{hex}` is 64 lowercase hexadecimal characters.",
    digest: ['SKILL-038', 'SKILL-039'],
    faults: ['skills-digest-uppercase'],
    judgesDeclared: true,
    async run(ctx) {
      const look = await skillsLook(ctx);
      if (!isLook(look)) return ctx.skip(look.code, look.detail);
      const all = manifests(look);
      const bad: Violation[] = all.flatMap((m) => m.items.flatMap(formatProblems).map((p) => ({ text: `${m.s.from}: ${p}`, ...at(m.s) })));
      return expectNone(ctx, bad, { expected: 'items {uri, size: a non-negative integer, digest: "sha256:" + 64 lowercase hex}', judged: all.reduce((n, m) => n + m.items.length, 0), nothing: NO_MANIFEST });
    },
  },
]);
