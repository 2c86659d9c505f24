// The Skills extension (io.modelcontextprotocol/skills, SEP-2640), 2026-07-28 only: declared in
// server/discover with directoryRead, skills/list (one entry per page, so that the listing
// paginates) and skills/get, resources/read of every skill file, and resources/directory/read
// (directory.ts). The decorator adds resultType, ttlMs and cacheScope (TTL_MS in modern/decorate.ts).
import { resourcesHidden } from '../catalog/resources.js';
import { isOn } from '../faults.js';
import { ErrorCode, RpcError, isPlainObject, invalidParams } from '../jsonrpc.js';
import type { RequestContext, RequestHandler } from '../session.js';
import { paginate } from '../pagination.js';
import { findSkillFile, frontmatterOf, manifestEntry, servedSkills, skillFiles, type SkillDef } from './catalog.js';

export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

/** One Skill entry per skills/list page: the small catalog still shows the cursors. */
const SKILLS_PAGE_SIZE = 1;

/** Skills overview#capability: `{directoryRead: true}` adds resources/directory/read. */
export function declareSkillsExtension(caps: Record<string, unknown>): void {
  // Skills are served as resources: a server that hides resources (a tools fault) has no skills
  // to offer, so that fault names only its own check.
  if (resourcesHidden()) return;
  const extensions = isPlainObject(caps.extensions) ? caps.extensions : {};
  // The settings wrapped in a config envelope (an early SDK's shape) rather than inline.
  const settings = isOn('skills-settings-in-envelope') ? { config: { directoryRead: true } } : { directoryRead: true };
  caps.extensions = { ...extensions, [SKILLS_EXTENSION]: settings };
  if (isOn('skills-without-resources-capability')) delete caps.resources;
}

/** Whether the decorator leaves the caching hints off this result (the cache-hint faults). */
export function skillsHintsDropped(method: string): boolean {
  return (method === 'skills/list' && isOn('skills-list-no-cache-hints')) || (method === 'skills/get' && isOn('skills-get-no-cache-hints'));
}

/** A Skill entry: its SKILL.md uri, the frontmatter as in the file, and the manifest of its files. */
function entry(s: SkillDef, files = skillFiles(s)): Record<string, unknown> {
  if (isOn('skills-entry-without-resources')) return { uri: s.uri, frontmatter: frontmatterOf(s) };
  // A field the file does not have: an entry assembled from another source than the file.
  const frontmatter = isOn('skills-entry-frontmatter-extra') ? { ...frontmatterOf(s), version: '1.0' } : frontmatterOf(s);
  const listed = isOn('skills-manifest-omits-skill-md') ? files.filter((f) => f.uri !== s.uri) : files;
  return { uri: s.uri, frontmatter, resources: listed.map(manifestEntry) };
}

/** The listing's entries; under the split fault, a skill with two supporting files is listed twice, each entry with half of them. */
function listedEntries(): Record<string, unknown>[] {
  return servedSkills().flatMap((s) => {
    const [md, ...rest] = skillFiles(s);
    if (!isOn('skills-entry-split-across-pages') || !md || rest.length < 2) return [entry(s)];
    const half = Math.ceil(rest.length / 2);
    return [entry(s, [md, ...rest.slice(0, half)]), entry(s, [md, ...rest.slice(half)])];
  });
}

export function listSkills(ctx: RequestContext): Record<string, unknown> {
  if (isOn('skills-list-not-implemented')) throw new RpcError(ErrorCode.MethodNotFound, 'Method not found: skills/list');
  const page = paginate('skills', listedEntries(), ctx.params.cursor, SKILLS_PAGE_SIZE);
  // The last page hands out the very cursor that led to it: the listing loops.
  if (page.nextCursor === undefined && typeof ctx.params.cursor === 'string' && isOn('skills-list-cursor-loop')) page.nextCursor = ctx.params.cursor;
  // Read as "a partial listing" (the extension allows one), which is still resultType "complete".
  const type = isOn('skills-list-result-type-partial') ? { resultType: 'partial' } : {};
  const skills = page.items;
  return page.nextCursor === undefined ? { ...type, skills } : { ...type, skills, nextCursor: page.nextCursor };
}

/** skills/get: the uri names a SKILL.md; any other is invalid params. */
export function getSkill(ctx: RequestContext): Record<string, unknown> {
  const { uri } = ctx.params;
  if (typeof uri !== 'string') throw invalidParams('Invalid params: uri must be a string');
  const skill = servedSkills().find((s) => s.uri === uri);
  if (!skill && isOn('skills-get-unknown-wrong-code')) throw new RpcError(ErrorCode.InternalError, 'Internal error: no skill with that uri');
  // An error that says nothing of its cause.
  if (!skill && isOn('skills-error-message-empty')) throw new RpcError(ErrorCode.InvalidParams, '');
  if (!skill) throw invalidParams('Invalid params: no skill with that uri', { uri });
  // The nested skill answered with the first skill's entry: another skill than the one asked for.
  const answered = isOn('skills-get-answers-other-skill') && skill.uri.includes('/refunds/') ? (servedSkills()[0] as SkillDef) : skill;
  // A cursor on a result that has no pages.
  const got = entry(answered);
  // skills/get answering with an entry of another shape than the listing's: no manifest at all.
  if (isOn('skills-get-entry-without-resources')) delete got.resources;
  return isOn('skills-get-next-cursor') ? { skill: got, nextCursor: 'page-2' } : { skill: got };
}

/** resources/read: skill files first, then the ordinary resources. */
export function withSkillFiles(read: RequestHandler): RequestHandler {
  return (ctx) => {
    const { uri } = ctx.params;
    const file = typeof uri === 'string' ? findSkillFile(uri) : undefined;
    // A file under a skill's root that the server does not serve, read as an empty file list.
    if (!file && typeof uri === 'string' && isOn('skills-read-unserved-file-empty') && servedSkills().some((s) => uri.startsWith(s.uri.slice(0, -'SKILL.md'.length)))) return { contents: [] };
    if (!file) return read(ctx);
    const mimeType = isOn('skills-md-mime-plain') && file.uri.endsWith('/SKILL.md') ? 'text/plain' : file.mimeType;
    // A frontmatter field exposed in _meta under its bare name, not the extension's prefix.
    const meta = isOn('skills-meta-unprefixed') && file.uri.endsWith('/SKILL.md') ? { _meta: { license: 'Apache-2.0' } } : {};
    return { contents: [{ uri: file.uri, mimeType, text: file.text, ...meta }] };
  };
}
