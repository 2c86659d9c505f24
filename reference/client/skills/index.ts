// The host side of the Skills extension (io.modelcontextprotocol/skills, SEP-2640), 2026-07-28:
// used only with a server that declares it in server/discover (SKILL-007). The client lists the
// skills (following every cursor) and loads what the contract asks for, nothing ahead of need
// (SKILL-138). The contract is `skills` in MCP_CONFORMANCE_CONTEXT: a list of
// {uri: "<…>/SKILL.md", read: ["<path relative to the skill root>", …]}; without one, the client
// lists the skills and stops.
//
// Loading a skill: take its entry from the listing, else from skills/get (SKILL-110/111);
// refuse an entry whose resources is neither an array nor "dynamic" (SKILL-112); read its
// SKILL.md and verify the bytes against the manifest's size and digest (SKILL-130/131) and its
// frontmatter against the entry's (SKILL-136); only then read the files asked for, each only if
// the manifest lists it (SKILL-134) and each verified in turn. A failed verification ends that
// skill: nothing of it is used (SKILL-132, SKILL-137).
import { createHash } from 'node:crypto';
import { parse } from 'yaml';
import { isOn } from '../faults.js';
import { isObject, type Json } from '../jsonrpc.js';
import { Fatal, describe, verbose } from '../log.js';
import type { Session } from '../session.js';
import { AuthRequiredError, ChannelClosedError } from '../transports/channel.js';

export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';
const MAX_PAGES = 100;
const SKILL_MD = '/SKILL.md';

interface Task {
  uri: string;
  read: string[];
  /** Directories (relative to the skill root) whose files to use as the host finds them. */
  browse: string[];
}

/** The extension's settings, when the server declared it. */
export function skillsDeclared(session: Session): Json | undefined {
  const ext = session.serverCapabilities.extensions;
  return session.era === 'modern' && isObject(ext) && isObject(ext[SKILLS_EXTENSION]) ? ext[SKILLS_EXTENSION] : undefined;
}

/** The contract: the skills to load, from MCP_CONFORMANCE_CONTEXT. */
function contract(): Task[] {
  try {
    const ctx: unknown = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}');
    const skills = isObject(ctx) ? ctx.skills : undefined;
    if (!Array.isArray(skills)) return [];
    const strings = (v: unknown) => (Array.isArray(v) ? v.filter((p): p is string => typeof p === 'string') : []);
    return skills.filter(isObject).flatMap((t) => (typeof t.uri === 'string' ? [{ uri: t.uri, read: strings(t.read), browse: strings(t.browse) }] : []));
  } catch {
    return [];
  }
}

async function ask(session: Session, method: string, params: Json): Promise<Json | undefined> {
  try {
    return await session.request(method, params);
  } catch (e) {
    if (e instanceof Fatal || e instanceof ChannelClosedError || e instanceof AuthRequiredError) throw e;
    verbose(`${method} failed: ${describe(e)}`);
    return undefined;
  }
}

async function listSkills(session: Session): Promise<Json[]> {
  const skills: Json[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await ask(session, 'skills/list', cursor === undefined ? {} : { cursor });
    if (!result) break;
    if (Array.isArray(result.skills)) skills.push(...result.skills.filter(isObject));
    const next = result.nextCursor;
    if (typeof next !== 'string' || seen.has(next)) break;
    seen.add(next);
    cursor = next;
  }
  return skills;
}

/** The raw bytes of a read: UTF-8 of its one text item, or its decoded blob. */
function bytesOf(result: Json): Buffer | undefined {
  const contents = Array.isArray(result.contents) ? result.contents : [];
  const item: unknown = contents.length === 1 ? contents[0] : undefined;
  if (!isObject(item)) return undefined;
  if (typeof item.text === 'string') return Buffer.from(item.text, 'utf8');
  if (typeof item.blob === 'string') return Buffer.from(item.blob, 'base64');
  return undefined;
}

/** Values with sorted keys, so that two mappings compare regardless of key order. */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (isObject(v)) return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical(v[k])]));
  return v;
}

function frontmatterOf(text: string): unknown {
  const m = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(\r?\n|$)/.exec(text);
  if (!m) return undefined;
  try {
    return parse(m[1] ?? '') as unknown;
  } catch {
    return undefined;
  }
}

/** Reads one listed file and verifies it against its manifest entry; its bytes, or undefined when it fails. */
async function readVerified(session: Session, uri: string, listed: Json | undefined): Promise<Buffer | undefined> {
  const result = await ask(session, 'resources/read', { uri });
  const bytes = result ? bytesOf(result) : undefined;
  if (!bytes) return undefined;
  if (listed) {
    // SKILL-131: a length other than the entry's size is a verification failure by itself.
    if (typeof listed.size === 'number' && bytes.length !== listed.size && !isOn('skills-size-unverified')) return refuse(uri, `${bytes.length} bytes, the entry says ${listed.size}`);
    const digest = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
    if (listed.digest !== digest && !isOn('skills-digest-unverified')) return refuse(uri, `digest ${digest}, the entry says ${String(listed.digest)}`);
  }
  return bytes;
}

function refuse(uri: string, why: string): undefined {
  verbose(`skill file ${uri} refused: ${why}`);
  return undefined;
}

async function load(session: Session, task: Task, listing: Json[], loadedNames: Set<string>, settings: Json): Promise<void> {
  if (!task.uri.endsWith(SKILL_MD)) return verbose(`not a SKILL.md uri: ${task.uri}`);
  const root = task.uri.slice(0, -SKILL_MD.length);
  let entry = listing.find((s) => s.uri === task.uri);
  // SKILL-110/111: a listing is no proof that a skill does not exist; load it by its uri.
  if (!entry && !isOn('skills-listing-trusted')) {
    if (isOn('skills-get-root-uri')) await ask(session, 'skills/get', { uri: root });
    const got = await ask(session, 'skills/get', { uri: task.uri });
    entry = got && isObject(got.skill) ? got.skill : undefined;
  }
  if (!entry) return verbose(`no skill ${task.uri}`);
  const resources = entry.resources;
  // SKILL-112: an entry with no resources, or with anything but an array or "dynamic", is invalid.
  if (!Array.isArray(resources) && resources !== 'dynamic' && !isOn('skills-invalid-entry-loaded')) return verbose(`invalid entry for ${task.uri}: resources ${JSON.stringify(resources)}`);
  const name = isObject(entry.frontmatter) ? entry.frontmatter.name : undefined;
  if (typeof name === 'string' && loadedNames.has(name) && isOn('skills-keyed-on-name')) return verbose(`skill ${name} already loaded`);
  if (typeof name === 'string') loadedNames.add(name);
  const manifest = Array.isArray(resources) ? resources.filter(isObject) : undefined;
  // SKILL-114: every skill up to 512 entries and 16 MiB is supported; the fault declines over 8 MiB.
  const total = (manifest ?? []).reduce((n, r) => n + (typeof r.size === 'number' ? r.size : 0), 0);
  if (total > 8 * 1024 * 1024 && isOn('skills-limits-too-low')) return verbose(`skill ${task.uri} declined: ${total} bytes`);
  // SKILL-033: unknown io.modelcontextprotocol/ metadata keys are ignored; the fault refuses the skill.
  const metadata = isObject(entry.frontmatter) ? entry.frontmatter.metadata : undefined;
  if (isObject(metadata) && Object.keys(metadata).some((k) => k.startsWith('io.modelcontextprotocol/')) && isOn('skills-reserved-metadata-refused')) return verbose(`skill ${task.uri} refused: reserved metadata`);
  const listedAs = (uri: string) => manifest?.find((r) => r.uri === uri);
  const md = await readVerified(session, task.uri, listedAs(task.uri));
  if (!md) return;
  // SKILL-136/137: the fetched frontmatter must match the entry's, field by field.
  const frontmatter = frontmatterOf(md.toString('utf8'));
  if (JSON.stringify(canonical(frontmatter)) !== JSON.stringify(canonical(entry.frontmatter)) && !isOn('skills-frontmatter-unverified')) return void refuse(task.uri, 'its frontmatter differs from the entry');
  // SKILL-006: resources/directory/read only where the server declared directoryRead: true.
  if (settings.directoryRead !== true && isOn('skills-directory-read-undeclared')) await ask(session, 'resources/directory/read', { uri: root });
  for (const path of task.read) {
    // SKILL-119: a relative path resolves against the skill root; the fault resolves it against
    // the authority and, finding nothing listed there, reads it unverified.
    const wrong = root.split('/').length > 3 && isOn('skills-relative-from-authority');
    const uri = wrong ? `${root.split('/').slice(0, 3).join('/')}/${path}` : `${root}/${path}`;
    const listed = listedAs(uri);
    // SKILL-134/135: only files the held entry lists; an unlisted one is a verification failure.
    if (manifest && !listed && !isOn('skills-unlisted-read') && !wrong) {
      refuse(uri, 'the entry does not list it');
      continue;
    }
    await readVerified(session, uri, listed);
  }
  for (const dir of task.browse) await browse(session, `${root}/${dir}`, manifest, settings, task.read.map((p) => `${root}/${p}`));
}

/**
 * The files of a skill directory, used as the host finds them: with directoryRead: true from
 * resources/directory/read, otherwise from the entry alone (SKILL-141). A child the held entry
 * does not list is not read (SKILL-142, SKILL-144: the directory does not extend the manifest).
 */
async function browse(session: Session, dir: string, manifest: Json[] | undefined, settings: Json, done: string[]): Promise<void> {
  const listedAs = (uri: string) => manifest?.find((r) => r.uri === uri);
  let files = (manifest ?? []).map((r) => r.uri).filter((u): u is string => typeof u === 'string' && u.startsWith(`${dir}/`) && !u.slice(dir.length + 1).includes('/'));
  if (settings.directoryRead === true) {
    const result = await ask(session, 'resources/directory/read', { uri: dir });
    const children = Array.isArray(result?.resources) ? result.resources.filter(isObject) : [];
    files = children.filter((c) => c.mimeType !== 'inode/directory' && typeof c.uri === 'string').map((c) => c.uri as string);
  }
  for (const uri of files.filter((u) => !done.includes(u))) {
    const listed = listedAs(uri);
    if (manifest && !listed && !isOn('skills-directory-extends-manifest')) {
      refuse(uri, 'a directory read lists it, but the held entry does not');
      continue;
    }
    await readVerified(session, uri, listed);
  }
}

/** Whether MCP_CONFORMANCE_CONTEXT asks for any skill to be loaded. */
export const skillsAskedFor = (): boolean => contract().length > 0;

/** Lists the server's skills and loads what the contract asks for. */
export async function useSkills(session: Session, settings: Json): Promise<void> {
  const listing = await listSkills(session);
  if (isOn('skills-prefetched')) for (const s of listing.filter((x) => typeof x.uri === 'string' && Array.isArray(x.resources))) await ask(session, 'resources/read', { uri: s.uri });
  const loadedNames = new Set<string>();
  for (const task of contract()) await load(session, task, listing, loadedNames, settings);
}
