// The skills the reference serves through the Skills extension (io.modelcontextprotocol/skills,
// SEP-2640): small fixed files, one skill at a nested path and one with supporting files (one
// in a subdirectory), and a skill nested inside that one (whose files the enclosing skill's
// manifest lists too).
// Digests and sizes are computed from these very bytes, so the manifest cannot drift from them.
import { createHash } from 'node:crypto';
import { isOn } from '../faults.js';

export interface SkillFile {
  uri: string;
  mimeType: string;
  text: string;
}

export interface SkillDef {
  /** The skill's SKILL.md; its directory is the skill root. */
  uri: string;
  frontmatter: Record<string, unknown>;
  /** Supporting files beside SKILL.md. */
  extra: readonly SkillFile[];
  body: string;
}

export const SKILLS: readonly SkillDef[] = [
  {
    uri: 'skill://git-workflow/SKILL.md',
    frontmatter: { name: 'git-workflow', description: 'Branch, commit and open a pull request the way this team does.' },
    extra: [],
    body: '# Git workflow\n\nBranch from main, commit small steps, open a pull request.\n',
  },
  {
    uri: 'skill://acme/billing/refunds/SKILL.md',
    frontmatter: { name: 'refunds', description: 'Issue a refund for an ACME invoice, following the policy.' },
    extra: [
      { uri: 'skill://acme/billing/refunds/policy.md', mimeType: 'text/markdown', text: '# Refund policy\n\nRefunds within 30 days of the invoice.\n' },
      // A file in a subdirectory: the skill root lists templates as a directory resource.
      { uri: 'skill://acme/billing/refunds/templates/credit-note.md', mimeType: 'text/markdown', text: '# Credit note\n\nInvoice {invoice}: {amount} refunded.\n' },
    ],
    body: '# Refunds\n\nRead [the policy](policy.md) first, then issue the refund.\n',
  },
  {
    // Nested in refunds: an ordinary entry of its own, and supporting files of refunds too.
    uri: 'skill://acme/billing/refunds/disputes/SKILL.md',
    frontmatter: { name: 'disputes', description: 'Answer a card dispute on a refunded ACME invoice.' },
    extra: [{ uri: 'skill://acme/billing/refunds/disputes/evidence.md', mimeType: 'text/markdown', text: '# Evidence\n\nAttach the credit note and the refund receipt.\n' }],
    body: '# Disputes\n\nGather [the evidence](evidence.md), then answer the dispute.\n',
  },
];

/** Skills only a fault serves: each breaks a rule of its uri or name, consistently everywhere it appears. */
const FAULT_SKILLS: Record<string, SkillDef> = {
  'skills-name-invalid': {
    uri: 'skill://Release_Notes/SKILL.md',
    frontmatter: { name: 'Release_Notes', description: 'Write the release notes.' },
    extra: [],
    body: '# Release notes\n',
  },
  'skills-foreign-scheme': {
    uri: 'github://acme/tools/skills/lint/SKILL.md',
    frontmatter: { name: 'lint', description: 'Lint the repository.' },
    extra: [],
    body: '# Lint\n',
  },
  // A second skill named refunds, under another prefix: legal, but the names collide.
  'skills-duplicate-name': {
    uri: 'skill://acme/support/refunds/SKILL.md',
    frontmatter: { name: 'refunds', description: 'Answer a customer asking about a refund.' },
    extra: [],
    body: '# Refunds (support)\n',
  },
  // A space in the authority: no RFC 3986 reg-name.
  'skills-authority-not-reg-name': {
    uri: 'skill://acme corp/notes/SKILL.md',
    frontmatter: { name: 'notes', description: 'Take meeting notes.' },
    extra: [],
    body: '# Notes\n',
  },
  // A space in a prefix segment: no RFC 3986 path segment.
  'skills-prefix-segment-invalid': {
    uri: 'skill://acme/ops team/deploy/SKILL.md',
    frontmatter: { name: 'deploy', description: 'Deploy the service.' },
    extra: [],
    body: '# Deploy\n',
  },
  // 512 supporting files besides SKILL.md: 513 manifest items, one over the limit. Sixteen
  // directories of 32 keep each directory read short.
  'skills-over-entry-limit': {
    uri: 'skill://acme/glossary/SKILL.md',
    frontmatter: { name: 'glossary', description: 'Look up an ACME term.' },
    extra: Array.from({ length: 512 }, (_, i) => ({
      uri: `skill://acme/glossary/terms/${String(Math.floor(i / 32)).padStart(2, '0')}/${String(i).padStart(3, '0')}.md`,
      mimeType: 'text/markdown',
      text: `# Term ${i}\n`,
    })),
    body: '# Glossary\n',
  },
};

type FaultSkill = 'skills-name-invalid' | 'skills-foreign-scheme' | 'skills-duplicate-name' | 'skills-authority-not-reg-name' | 'skills-prefix-segment-invalid' | 'skills-over-entry-limit';

/** The skills served: the catalog, and any a fault adds. */
export function servedSkills(): readonly SkillDef[] {
  return [...SKILLS, ...Object.entries(FAULT_SKILLS).flatMap(([fault, s]) => (isOn(fault as FaultSkill) ? [s] : []))];
}

/** A skill's frontmatter, as the file and its entry both carry it. */
export function frontmatterOf(s: SkillDef): Record<string, unknown> {
  if (isOn('skills-name-differs-from-uri') && s.frontmatter.name === 'refunds') return { ...s.frontmatter, name: 'refund' };
  // A key under the prefix the extension reserves in metadata, though it defines none.
  if (isOn('skills-metadata-reserved-key') && s.frontmatter.name === 'refunds') return { ...s.frontmatter, metadata: { 'io.modelcontextprotocol/origin': 'acme-billing' } };
  return { ...s.frontmatter };
}

/** SKILL.md: a YAML frontmatter block (name, description) and the body. */
export function skillMarkdown(s: SkillDef): string {
  if (isOn('skills-md-without-frontmatter')) return s.body;
  const lines = Object.entries(frontmatterOf(s)).map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
  return `---\n${lines.join('\n')}\n---\n\n${s.body}`;
}

/** The files of a skill's own directory level: SKILL.md first, then its supporting files. */
function ownFiles(s: SkillDef): SkillFile[] {
  return [{ uri: s.uri, mimeType: 'text/markdown', text: skillMarkdown(s) }, ...s.extra];
}

const rootOf = (s: SkillDef): string => s.uri.slice(0, -'/SKILL.md'.length);

/** The skills nested below a skill (their roots under its root). */
function nestedIn(s: SkillDef): SkillDef[] {
  return servedSkills().filter((n) => n !== s && n.uri.startsWith(`${rootOf(s)}/`));
}

/**
 * Every file of a skill, SKILL.md first: a nested skill's files are supporting files of the
 * enclosing skill too (skills.mdx#resources), unless the fault leaves them out.
 */
export function skillFiles(s: SkillDef): SkillFile[] {
  const nested = isOn('skills-nested-files-omitted') ? [] : nestedIn(s).flatMap(ownFiles);
  return [...ownFiles(s), ...nested];
}

export function findSkillFile(uri: string): SkillFile | undefined {
  for (const s of servedSkills()) {
    const file = ownFiles(s).find((f) => f.uri === uri);
    if (file) return file;
  }
  return undefined;
}

/** The manifest entry of one file: sha256 of its raw (UTF-8) bytes, and their count. */
export function manifestEntry(f: SkillFile): Record<string, unknown> {
  const bytes = Buffer.from(f.text, 'utf8');
  // A server that hashes its files with CRLF line endings but serves them with LF.
  const hashed = isOn('skills-digest-over-crlf') ? Buffer.from(f.text.replace(/\n/g, '\r\n'), 'utf8') : bytes;
  const hex = createHash('sha256').update(hashed).digest('hex');
  return { uri: f.uri, digest: `sha256:${isOn('skills-digest-uppercase') ? hex.toUpperCase() : hex}`, size: bytes.length };
}
