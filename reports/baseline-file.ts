// Reading a baseline file (the shapes are in baseline.ts). Its own module because of the
// YAML parser: the CLI loads it only when a run has a baseline.
import { currentId } from '../harness/checks/renamed.js';
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { BaselineError, type BaselineEntry, type KnownChecks } from './baseline.js';

const areaOfId = (id: string): string => id.split('.')[0] ?? id;

function parseEntry(raw: unknown, where: string, known: KnownChecks, areas: Set<string>): BaselineEntry {
  const reject = (why: string): never => {
    throw new BaselineError(`${where}: ${why}`);
  };
  if (raw === null || raw === undefined) return reject('an entry is empty');
  if (typeof raw === 'object') {
    const pairs = Array.isArray(raw) ? [] : Object.entries(raw as Record<string, unknown>);
    const [key, value] = pairs[0] ?? [];
    const typo = pairs.length === 1 && value !== null && typeof value !== 'object';
    return reject(
      typo
        ? `entry "${key}: ${String(value)}" is a mapping; remove the space after the colon ("${key}:${String(value)}")`
        : `entry ${JSON.stringify(raw)} is not a check id, id@revision, area or area:check-id`,
    );
  }
  const text = String(raw).trim();
  let rest = text;
  let revision: string | undefined;
  const at = rest.lastIndexOf('@');
  if (at >= 0) {
    revision = rest.slice(at + 1);
    rest = rest.slice(0, at);
    if (!known.revisions.includes(revision)) reject(`"${text}" names unknown revision "${revision}" (known: ${known.revisions.join(', ')})`);
  }
  const colon = rest.indexOf(':');
  if (colon >= 0) {
    // The official shape: <scenario>:<check-id>; our scenarios are areas.
    const area = rest.slice(0, colon);
    const check = rest.slice(colon + 1);
    if (!area || !check) reject(`"${text}" needs both sides of the colon`);
    const id = check.includes('.') ? check : `${area}.${check}`;
    if (areaOfId(id) !== area) reject(`"${text}": check "${id}" is not in area "${area}"`);
    rest = id;
  }
  // An id or area that was renamed still names the same check (harness/checks/renamed.ts).
  if (!known.ids.includes(rest) && !areas.has(rest)) rest = currentId(rest);
  if (rest.includes('.')) {
    if (!known.ids.includes(rest)) reject(`unknown check "${rest}" (see --list)`);
    return { text, id: rest, area: areaOfId(rest), ...(revision ? { revision } : {}) };
  }
  if (!areas.has(rest)) reject(`unknown check or area "${rest}" (see --list)`);
  return { text, area: rest, ...(revision ? { revision } : {}) };
}

/** Parse baseline text; `file` only names it in messages. */
export function parseBaseline(text: string, file: string, known: KnownChecks): BaselineEntry[] {
  let doc: unknown;
  try {
    doc = parse(text);
  } catch (error) {
    throw new BaselineError(`baseline ${file} is not valid YAML: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`);
  }
  if (doc === null || doc === undefined) return [];
  const areas = new Set(known.ids.map(areaOfId));
  let lists: [string, unknown[]][];
  if (Array.isArray(doc)) lists = [['', doc]];
  else if (typeof doc === 'object') {
    const sections = doc as Record<string, unknown>;
    const unknownKey = Object.keys(sections).find((k) => k !== 'server' && k !== 'client');
    if (unknownKey) throw new BaselineError(`baseline ${file} has key "${unknownKey}"; expected a list of check ids, or "server" and "client" lists`);
    lists = [];
    for (const key of ['server', 'client']) {
      const list = sections[key];
      if (list === undefined || list === null) continue;
      if (!Array.isArray(list)) throw new BaselineError(`baseline ${file}: "${key}" must be a list of check ids`);
      lists.push([key, list]);
    }
  } else throw new BaselineError(`baseline ${file} must be a list of check ids, or "server" and "client" lists`);
  const entries = lists.flatMap(([section, list]) =>
    list.map((raw, i) => parseEntry(raw, `baseline ${file}${section ? ` ${section}` : ''} entry ${i + 1}`, known, areas)),
  );
  // As in the official suite: a whole area and one of its checks is a contradiction to resolve.
  const wholesale = new Set(entries.filter((e) => !e.id && !e.revision).map((e) => e.area));
  const plainIds = new Set(entries.filter((e) => e.id && !e.revision).map((e) => e.id));
  for (const e of entries) {
    const coveredBy = e.id && wholesale.has(e.area) ? e.area : e.id && e.revision && plainIds.has(e.id) ? e.id : undefined;
    if (coveredBy) throw new BaselineError(`baseline ${file}: "${e.text}" is redundant with "${coveredBy}"; remove one or the other`);
  }
  return entries;
}

export async function loadBaseline(path: string, known: KnownChecks): Promise<BaselineEntry[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BaselineError(`cannot read baseline ${path}${code === 'ENOENT' ? ': no such file' : `: ${code ?? String(error)}`}`);
  }
  return parseBaseline(text, path, known);
}
