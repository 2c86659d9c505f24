// One look at a server's skills (the Skills extension, io.modelcontextprotocol/skills, SEP-2640)
// per revision, shared by every Skills check: skills/list followed to its end, skills/get of
// each listed skill and of one the server cannot serve, and resources/read of a capped sample
// of the listed files. Every request declares the extension in its clientCapabilities (the
// extension defines no client declaration; declaring it is what a host would do). Nothing is
// sent to a server that does not declare the extension (the client rule of SKILL-007). With
// directoryRead declared, the look also walks resources/directory/read over each skill's
// directories (and probes it with a file and a missing uri); without it, never (SKILL-006).
import { randomUUID } from 'node:crypto';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { CheckContext } from '../../../../harness/checks/check.js';
import type { Reply } from '../../../../harness/jsonrpc/types.js';
import { isObject, type Json } from '../../../../harness/rules/json.js';
import { describeReply } from '../../../../harness/jsonrpc/types.js';
import type { Unjudged } from '../../../../harness/verify/utilities.js';

export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

/** The normative page (the ext-skills README calls it the source of truth); anchors are its sections. */
export const SKILLS_PAGE = 'https://github.com/modelcontextprotocol/ext-skills/blob/main/specification/stable/skills.mdx';

/** Every Skills check talks on a session of its own that declares the extension. */
export const SKILLS_NEEDS = ['own-session'] as const;

// The digest's caps: reading is safe, but a catalog may be large.
const MAX_PAGES = 50;
const MAX_SKILLS = 20;
const MAX_FILES = 64;

/** A Skill entry as it came, with the frame it came in. */
export interface Seen {
  entry: unknown;
  seq?: number;
  /** Where it came from, in words ("skills/list page 1", "skills/get"). */
  from: string;
}

/** One file read back: the uri read, the skill it belongs to, and its listed manifest item (absent for a SKILL.md no array lists). */
export interface FileRead {
  uri: string;
  skill: string;
  listed?: Json;
  reply: Reply;
}

/** One directory walked with resources/directory/read: each page's answer, in order. */
export interface DirWalk {
  uri: string;
  /** The entry (SKILL.md uri) whose manifest named the directory. */
  skill: string;
  /** The manifest items of that entry (empty for "dynamic"). */
  manifest: string[];
  pages: Reply[];
}

export interface SkillsLook {
  /** Every skills/list answer in order; the last one ends the listing (no nextCursor, an error, or the cap). */
  pages: Reply[];
  /** The entries of every page that was a result. */
  listed: Seen[];
  /** skills/get of each listed uri (capped). */
  gets: { uri: string; reply: Reply }[];
  /** skills/get of a uri no server serves. */
  unknownGet: { uri: string; reply: Reply };
  reads: FileRead[];
  /** resources/read of a file under a listed skill's root that no manifest names (absent without a listed SKILL.md uri). */
  unservedRead?: { uri: string; reply: Reply };
  /** skills/get of the .../SKILL.md uris the instructions name that the listing does not, each served by resources/read. */
  instructed: { uri: string; reply: Reply }[];
  /** With directoryRead declared: the skills' directories walked, and the uris that are no directory probed. */
  directories?: { walks: DirWalk[]; probes: { uri: string; what: string; reply: Reply }[] };
}

/** The extension's settings as declared in server/discover, or undefined when it is not declared as an object. */
export function skillsSettings(ctx: CheckContext): Json | undefined {
  const ext = ctx.facts.serverCapabilities.extensions;
  return isObject(ext) && isObject(ext[SKILLS_EXTENSION]) ? ext[SKILLS_EXTENSION] : undefined;
}

/** Whether the settings declare directoryRead: true (inline, or in a config envelope, SKILL-A05). */
export function directoryReadDeclared(ctx: CheckContext): boolean {
  const settings = skillsSettings(ctx);
  return settings?.directoryRead === true || (isObject(settings?.config) && settings.config.directoryRead === true);
}

export const noDirectoryRead: Unjudged = { code: 'not-declared', detail: `the ${SKILLS_EXTENSION} extension is declared without directoryRead: true, so resources/directory/read is never called` };

export const notDeclared: Unjudged = { code: 'not-declared', detail: `server/discover does not declare the ${SKILLS_EXTENSION} extension` };

/** The look of this revision, or why there is none (the checks skip with it). */
export function skillsLook(ctx: CheckContext): Promise<SkillsLook | Unjudged> {
  return ctx.once('skills-look', () => record(ctx));
}

/**
 * Whether a uri the server gave can go into a request: the schema holds every uri param to
 * RFC 3986 (format "uri"), and a request that breaks it tests nothing. A uri that cannot is
 * never asked for; the uri rules (uri-parts.ts) judge it as listed.
 */
export function sendable(uri: string): boolean {
  const format = fullFormats.uri;
  return typeof format === 'function' ? format(uri) : format instanceof RegExp ? format.test(uri) : true;
}

export const isLook = (look: SkillsLook | Unjudged): look is SkillsLook => !('code' in look);

export const resultOf = (reply: Reply): Json | undefined => (reply.kind === 'result' && isObject(reply.result) ? reply.result : undefined);

/** The frame of a reply, as a violation cites it. */
export const seqOf = (reply: Reply): { seq?: number } => ('seq' in reply && reply.seq !== undefined ? { seq: reply.seq } : {});

/** The uri of an entry, when it has one. */
export const uriOf = (entry: unknown): string | undefined => (isObject(entry) && typeof entry.uri === 'string' ? entry.uri : undefined);

async function record(ctx: CheckContext): Promise<SkillsLook | Unjudged> {
  if (!skillsSettings(ctx)) return notDeclared;
  const session = await ctx.session({ clientCapabilities: { extensions: { [SKILLS_EXTENSION]: {} } } });
  const pages: Reply[] = [];
  const listed: Seen[] = [];
  const cursors = new Set<string>();
  let cursor: string | undefined;
  while (pages.length < MAX_PAGES) {
    const reply = await session.request('skills/list', cursor === undefined ? {} : { cursor });
    pages.push(reply);
    const result = resultOf(reply);
    if (!result) break;
    const skills = Array.isArray(result.skills) ? result.skills : [];
    for (const entry of skills) listed.push({ entry, from: `skills/list page ${pages.length}`, ...seqOf(reply) });
    const next = result.nextCursor;
    // A loop or a repeated cursor ends the walk; pagination's own rules are not judged here.
    if (typeof next !== 'string' || cursors.has(next)) break;
    cursors.add(next);
    cursor = next;
  }
  const uris = [...new Set(listed.map((s) => uriOf(s.entry)).filter((u): u is string => u !== undefined && sendable(u)))].slice(0, MAX_SKILLS);
  const gets: SkillsLook['gets'] = [];
  for (const uri of uris) gets.push({ uri, reply: await session.request('skills/get', { uri }) });
  const missing = `skill://mcp-conformance-missing-${randomUUID()}/SKILL.md`;
  const unknownGet = { uri: missing, reply: await session.request('skills/get', { uri: missing }) };
  const reads: FileRead[] = [];
  for (const file of sample(listed)) reads.push({ ...file, reply: await session.request('resources/read', { uri: file.uri }) });
  const root = uris.map(skillRoot).find((r) => r !== undefined);
  const unserved = root !== undefined ? `${root}/mcp-conformance-missing-${randomUUID()}.md` : undefined;
  const unservedRead = unserved !== undefined ? { unservedRead: { uri: unserved, reply: await session.request('resources/read', { uri: unserved }) } } : {};
  const instructed: SkillsLook['instructed'] = [];
  for (const uri of instructedUris(session.server.instructions ?? '').filter((u) => !uris.includes(u) && sendable(u))) {
    // Only a SKILL.md the server serves as a resource is a skill it serves.
    if ((await session.request('resources/read', { uri })).kind !== 'result') continue;
    instructed.push({ uri, reply: await session.request('skills/get', { uri }) });
  }
  const look: SkillsLook = { pages, listed, gets, unknownGet, reads, ...unservedRead, instructed };
  if (!directoryReadDeclared(ctx)) return look;
  const walks: DirWalk[] = [];
  for (const dir of directoriesOf(look)) walks.push({ ...dir, pages: await walk(session, dir.uri) });
  const probes: { uri: string; what: string; reply: Reply }[] = [];
  const file = uris[0];
  if (file !== undefined) probes.push({ uri: file, what: 'a SKILL.md (a file)', reply: await session.request('resources/directory/read', { uri: file }) });
  const nowhere = `skill://mcp-conformance-missing-${randomUUID()}`;
  probes.push({ uri: nowhere, what: 'a uri that does not exist', reply: await session.request('resources/directory/read', { uri: nowhere }) });
  return { ...look, directories: { walks, probes } };
}

const MAX_DIRS = 32;
const MAX_DIR_PAGES = 20;
const MAX_INSTRUCTED = 5;

/** The root of a SKILL.md uri (the uri minus "/SKILL.md"). */
const skillRoot = (uri: string): string | undefined => (uri.endsWith('/SKILL.md') ? uri.slice(0, -'/SKILL.md'.length) : undefined);

/** The .../SKILL.md uris named in a server's instructions (SKILL-066), each once. */
export function instructedUris(text: string): string[] {
  const found = text.match(/[a-z][a-z0-9+.-]*:\/\/[^\s"'`<>()[\]]+\/SKILL\.md/gi) ?? [];
  return [...new Set(found)].slice(0, MAX_INSTRUCTED);
}

/**
 * The directories to walk: of each skill's freshest entry (skills/get, else the listing), its
 * root and every directory between the root and a file its array manifest lists.
 */
function directoriesOf(look: SkillsLook): Omit<DirWalk, 'pages'>[] {
  const byUri = new Map<string, unknown>();
  for (const s of entriesOf(look)) {
    const uri = uriOf(s.entry);
    if (uri !== undefined && (!byUri.has(uri) || s.from.startsWith('skills/get'))) byUri.set(uri, s.entry);
  }
  const out: Omit<DirWalk, 'pages'>[] = [];
  const taken = new Set<string>();
  for (const [skill, entry] of byUri) {
    const root = sendable(skill) ? skillRoot(skill) : undefined;
    if (root === undefined) continue;
    const manifest = isObject(entry) && Array.isArray(entry.resources) ? entry.resources.flatMap((r) => (isObject(r) && typeof r.uri === 'string' ? [r.uri] : [])) : [];
    const dirs = [root];
    for (const file of manifest) {
      if (!file.startsWith(`${root}/`) || !sendable(file)) continue;
      const parts = file.slice(root.length + 1).split('/').slice(0, -1);
      parts.forEach((_, i) => dirs.push(`${root}/${parts.slice(0, i + 1).join('/')}`));
    }
    for (const uri of dirs) {
      if (taken.has(uri) || out.length >= MAX_DIRS) continue;
      taken.add(uri);
      out.push({ uri, skill, manifest });
    }
  }
  return out;
}

/** resources/directory/read of one directory, its cursors followed; a repeated cursor ends the walk (and is judged). */
async function walk(session: { request(method: string, params: Json): Promise<Reply> }, uri: string): Promise<Reply[]> {
  const pages: Reply[] = [];
  const cursors = new Set<string>();
  let cursor: string | undefined;
  while (pages.length < MAX_DIR_PAGES) {
    const reply = await session.request('resources/directory/read', cursor === undefined ? { uri } : { uri, cursor });
    pages.push(reply);
    const next = resultOf(reply)?.nextCursor;
    if (typeof next !== 'string' || cursors.has(next)) break;
    cursors.add(next);
    cursor = next;
  }
  return pages;
}

/**
 * The files to read back: of the first skills, each one's SKILL.md (its entry uri) and the
 * files its array manifest lists, each uri once, up to the cap. `listed`: the manifest item.
 */
function sample(listed: readonly Seen[]): Omit<FileRead, 'reply'>[] {
  const out: Omit<FileRead, 'reply'>[] = [];
  const taken = new Set<string>();
  for (const { entry } of listed.slice(0, MAX_SKILLS)) {
    const skill = uriOf(entry);
    if (skill === undefined || !isObject(entry)) continue;
    const items = Array.isArray(entry.resources) ? entry.resources.filter((r): r is Json => isObject(r) && typeof r.uri === 'string') : [];
    const own = items.find((r) => r.uri === skill);
    const files = [own ? { uri: skill, skill, listed: own } : { uri: skill, skill }, ...items.filter((r) => r.uri !== skill).map((r) => ({ uri: String(r.uri), skill, listed: r }))];
    for (const f of files) {
      if (taken.has(f.uri) || out.length >= MAX_FILES || !sendable(f.uri)) continue;
      taken.add(f.uri);
      out.push(f);
    }
  }
  return out;
}

/** Every entry seen: each listed one, then each skills/get result's skill. */
export function entriesOf(look: SkillsLook): Seen[] {
  const got = look.gets.flatMap((g) => {
    const r = resultOf(g.reply);
    return r && 'skill' in r ? [{ entry: r.skill, from: `skills/get of ${g.uri}`, ...seqOf(g.reply) }] : [];
  });
  return [...look.listed, ...got];
}

/** Why the listing gave no entries to judge: the listing's own answer, or an empty catalog. */
export function noEntries(look: SkillsLook): Unjudged {
  const first = look.pages[0];
  if (first && first.kind !== 'result') return { code: first.kind === 'error' ? 'cannot-set-up' : 'no-answer', detail: `skills/list: ${describeReply(first)}` };
  return { code: 'not-offered', detail: 'skills/list lists no skill (an empty listing is allowed)' };
}

/** The look and its listed skills, or why there is none to judge (the look's reason, or noEntries). */
export async function listedLook(ctx: CheckContext): Promise<{ look: SkillsLook; skills: ListedSkill[] } | Unjudged> {
  const look = await skillsLook(ctx);
  if (!isLook(look)) return look;
  const skills = listedSkills(look);
  return skills.length > 0 ? { look, skills } : noEntries(look);
}

/** One listed skill: its entry as listed and, when the listing gave it more than once, the union of their manifests. */
export interface ListedSkill {
  uri: string;
  entry: Json;
  /** The manifest items by uri (the union over the entries listed for this uri); undefined unless every one is an array. */
  items?: Map<string, Json>;
  seen: Seen;
}

/**
 * The listed skills, each uri once. An entry listed twice (split across pages, which
 * skills.list-entry-atomic judges) is taken with the union of its manifests, so that the split
 * is not judged again as a missing file.
 */
export function listedSkills(look: SkillsLook): ListedSkill[] {
  const out = new Map<string, ListedSkill>();
  for (const seen of look.listed) {
    const uri = uriOf(seen.entry);
    if (uri === undefined || !isObject(seen.entry)) continue;
    const items = Array.isArray(seen.entry.resources) ? seen.entry.resources.filter((r): r is Json => isObject(r) && typeof r.uri === 'string') : undefined;
    const known = out.get(uri);
    if (!known) {
      out.set(uri, { uri, entry: seen.entry, seen, ...(items ? { items: new Map(items.map((r) => [String(r.uri), r])) } : {}) });
      continue;
    }
    if (!items || !known.items) delete known.items;
    else for (const r of items) if (!known.items.has(String(r.uri))) known.items.set(String(r.uri), r);
  }
  return [...out.values()];
}
