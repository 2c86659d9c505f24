// Baselines: a YAML file of known failures, so a project can adopt the suite today and still
// fail CI on anything new. Listed failures are marked `expected-fail` (they keep their status
// and do not fail the run); a listed check that now passes is `stale` and fails the run, so
// the file only shrinks. Two shapes are read:
//
//   - ping.empty-result                 # ours: a list of check ids, id@revision for one revision
//   - base                              # a whole area
//
//   server:                             # the official conformance suite's expected-failures
//     - base                            #   file: `<scenario>` or `<scenario>:<check-id>`, where
//     - ping:ping.empty-result          #   a scenario is one of our areas (`ping:empty-result`
//   client: []                          #   works too)
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import type { CheckResult, RunReport } from '../harness/checks/result.js';
import { failsRun, targetOf, type FailOn } from './model.js';
import { safe } from './terminal.js';

export interface BaselineEntry {
  /** The entry as written (stale entries are reported this way). */
  text: string;
  /** A check id, or absent for a whole area. */
  id?: string;
  area: string;
  revision?: string;
}

export interface KnownChecks {
  ids: readonly string[];
  revisions: readonly string[];
}

/** A baseline that cannot be used; the message is one sentence naming the fix. */
export class BaselineError extends Error {}

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

const matches = (e: BaselineEntry, r: CheckResult): boolean =>
  (e.id ? r.id === e.id : r.area === e.area) && (!e.revision || r.revision === e.revision);

/**
 * Mark the report's results against the baseline. An entry whose checks fail (or warn) marks
 * them `expected-fail`; an entry whose checks all pass marks them `stale` and is listed in
 * `report.baseline.stale`; one whose checks were skipped, errored or not run says nothing.
 */
export function applyBaseline(report: RunReport, entries: readonly BaselineEntry[], file: string): RunReport {
  const results = report.results.map((r) => ({ ...r }));
  const stale: string[] = [];
  for (const entry of entries) {
    const mine = results.filter((r) => matches(entry, r));
    const failing = mine.filter((r) => r.status === 'fail' || r.status === 'warn');
    for (const r of failing) r.baseline = 'expected-fail';
    if (failing.length > 0) continue;
    const passing = mine.filter((r) => r.status === 'pass');
    if (passing.length === 0) continue;
    stale.push(entry.text);
    for (const r of passing) if (r.baseline !== 'expected-fail') r.baseline = 'stale';
  }
  // A result another entry still expects to fail is not stale.
  const expectedFail = results.filter((r) => r.baseline === 'expected-fail').length;
  return { ...report, results, baseline: { file, stale, expectedFail } };
}

/**
 * The baseline of this run's failures (those that fail it under `failOn`; `none` counts as
 * `must`): a plain id when the check failed at every revision it reached a verdict, else
 * id@revision per failing revision.
 */
export function baselineText(report: RunReport, failOn: FailOn): string {
  const policy: FailOn = failOn === 'none' ? 'must' : failOn;
  const failing = report.results.filter((r) => failsRun({ ...r, baseline: undefined }, policy));
  const lines: string[] = [];
  for (const id of [...new Set(failing.map((r) => r.id))]) {
    const decided = report.results.filter((r) => r.id === id && (r.status === 'pass' || r.status === 'fail' || r.status === 'warn'));
    const bad = failing.filter((r) => r.id === id);
    const title = safe(bad[0]?.title ?? '');
    const revisions = [...new Set(bad.map((r) => r.revision))];
    if (bad.length === decided.length) lines.push(`- ${id}  # ${title}`);
    else for (const rev of revisions) lines.push(`- ${id}@${rev}  # ${title}`);
  }
  const header = [
    '# mcp-conformance baseline: known failures by check id (id@revision: that revision only).',
    `# Written by --write-baseline on ${report.startedAt} for ${safe(targetOf(report))}.`,
    '# A listed failure is reported as expected-fail and does not fail the run; a listed check',
    '# that passes again is stale and fails the run: delete its line.',
  ];
  return `${[...header, ...(lines.length ? lines : ['[]'])].join('\n')}\n`;
}
