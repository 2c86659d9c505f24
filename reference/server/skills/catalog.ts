// The skills the reference serves through the Skills extension (io.modelcontextprotocol/skills,
// SEP-2640): small fixed files, one skill at a nested path and one with supporting files (one
// in a subdirectory).
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
  frontmatter: Record<string, string>;
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
};

/** The skills served: the catalog, and any a fault adds. */
export function servedSkills(): readonly SkillDef[] {
  return [...SKILLS, ...Object.entries(FAULT_SKILLS).flatMap(([fault, s]) => (isOn(fault as 'skills-name-invalid' | 'skills-foreign-scheme') ? [s] : []))];
}

/** A skill's frontmatter, as the file and its entry both carry it. */
export function frontmatterOf(s: SkillDef): Record<string, string> {
  if (isOn('skills-name-differs-from-uri') && s.frontmatter.name === 'refunds') return { ...s.frontmatter, name: 'refund' };
  return { ...s.frontmatter };
}

/** SKILL.md: a YAML frontmatter block (name, description) and the body. */
export function skillMarkdown(s: SkillDef): string {
  if (isOn('skills-md-without-frontmatter')) return s.body;
  const lines = Object.entries(frontmatterOf(s)).map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
  return `---\n${lines.join('\n')}\n---\n\n${s.body}`;
}

/** Every file of a skill, SKILL.md first. */
export function skillFiles(s: SkillDef): SkillFile[] {
  return [{ uri: s.uri, mimeType: 'text/markdown', text: skillMarkdown(s) }, ...s.extra];
}

export function findSkillFile(uri: string): SkillFile | undefined {
  for (const s of servedSkills()) {
    const file = skillFiles(s).find((f) => f.uri === uri);
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
