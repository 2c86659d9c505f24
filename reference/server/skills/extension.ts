// The Skills extension (io.modelcontextprotocol/skills, SEP-2640), 2026-07-28 only: declared in
// server/discover (no directoryRead), skills/list and skills/get, and resources/read of every
// skill file. The decorator adds resultType, ttlMs and cacheScope (TTL_MS in modern/decorate.ts).
import { resourcesHidden } from '../catalog/resources.js';
import { isOn } from '../faults.js';
import { ErrorCode, RpcError, isPlainObject, invalidParams } from '../jsonrpc.js';
import type { RequestContext, RequestHandler } from '../session.js';
import { paginate } from '../pagination.js';
import { findSkillFile, frontmatterOf, manifestEntry, servedSkills, skillFiles, type SkillDef } from './catalog.js';

export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

/** Skills overview#capability: `{}` means no optional feature (directoryRead defaults to false). */
export function declareSkillsExtension(caps: Record<string, unknown>): void {
  // Skills are served as resources: a server that hides resources (a tools fault) has no skills
  // to offer, so that fault names only its own check.
  if (resourcesHidden()) return;
  const extensions = isPlainObject(caps.extensions) ? caps.extensions : {};
  caps.extensions = { ...extensions, [SKILLS_EXTENSION]: {} };
  if (isOn('skills-without-resources-capability')) delete caps.resources;
}

/** A Skill entry: its SKILL.md uri, the frontmatter as in the file, and the manifest of its files. */
function entry(s: SkillDef): Record<string, unknown> {
  if (isOn('skills-entry-without-resources')) return { uri: s.uri, frontmatter: frontmatterOf(s) };
  // A field the file does not have: an entry assembled from another source than the file.
  const frontmatter = isOn('skills-entry-frontmatter-extra') ? { ...frontmatterOf(s), version: '1.0' } : frontmatterOf(s);
  const files = isOn('skills-manifest-omits-skill-md') ? skillFiles(s).filter((f) => f.uri !== s.uri) : skillFiles(s);
  return { uri: s.uri, frontmatter, resources: files.map(manifestEntry) };
}

export function listSkills(ctx: RequestContext): Record<string, unknown> {
  if (isOn('skills-list-not-implemented')) throw new RpcError(ErrorCode.MethodNotFound, 'Method not found: skills/list');
  const page = paginate('skills', servedSkills(), ctx.params.cursor);
  const skills = page.items.map(entry);
  // Read as "a partial listing" (the extension allows one), which is still resultType "complete".
  const type = isOn('skills-list-result-type-partial') ? { resultType: 'partial' } : {};
  return page.nextCursor === undefined ? { ...type, skills } : { ...type, skills, nextCursor: page.nextCursor };
}

/** skills/get: the uri names a SKILL.md; any other is invalid params. */
export function getSkill(ctx: RequestContext): Record<string, unknown> {
  const { uri } = ctx.params;
  if (typeof uri !== 'string') throw invalidParams('Invalid params: uri must be a string');
  const skill = servedSkills().find((s) => s.uri === uri);
  if (!skill && isOn('skills-get-unknown-wrong-code')) throw new RpcError(ErrorCode.InternalError, 'Internal error: no skill with that uri');
  if (!skill) throw invalidParams('Invalid params: no skill with that uri', { uri });
  return { skill: entry(skill) };
}

/** resources/read: skill files first, then the ordinary resources. */
export function withSkillFiles(read: RequestHandler): RequestHandler {
  return (ctx) => {
    const { uri } = ctx.params;
    const file = typeof uri === 'string' ? findSkillFile(uri) : undefined;
    if (!file) return read(ctx);
    const mimeType = isOn('skills-md-mime-plain') && file.uri.endsWith('/SKILL.md') ? 'text/plain' : file.mimeType;
    return { contents: [{ uri: file.uri, mimeType, text: file.text }] };
  };
}
