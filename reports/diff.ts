// `mcp-conformance diff old.json new.json`: what changed between two runs, by check id and
// revision. A regression is a check that now fails or warns where it passed before (or fails
// where it warned), or a check that fails now and was not run, skipped or undecided before;
// a fix is the reverse. Exit 1 when anything regressed.
import { readFile } from 'node:fs/promises';
import type { Status } from '../harness/checks/check.js';
import type { CheckResult, RunReport } from '../harness/checks/result.js';
import { safe, show } from './terminal.js';

export interface Change {
  key: string;
  id: string;
  revision: string;
  before: Status | 'absent';
  after: Status | 'absent';
  title: string;
  actual?: string;
}

export interface Diff {
  regressions: Change[];
  fixes: Change[];
  /** Other movements (pass -> skip, a check that is gone): worth a look, not a verdict. */
  other: Change[];
  unchanged: number;
}

/** A report file that cannot be compared; the message is one sentence. */
export class DiffError extends Error {}

const RANK: Record<Status, number> = { pass: 0, warn: 1, fail: 2, skip: -1, error: -1 };
const WORST: Record<Status, number> = { fail: 4, error: 3, warn: 2, pass: 1, skip: 0 };

export async function readReport(path: string): Promise<RunReport> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new DiffError(`cannot read ${path}${code === 'ENOENT' ? ': no such file' : `: ${code ?? String(error)}`}`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new DiffError(`${path} is not JSON; give two report.json files written by --report json`);
  }
  const report = doc as Partial<RunReport> | null;
  if (!report || typeof report !== 'object' || report.reportVersion !== 1 || !Array.isArray(report.results)) {
    throw new DiffError(`${path} is not a report.json of reportVersion 1`);
  }
  for (const r of report.results as unknown[]) {
    const x = r as Partial<CheckResult> | null;
    if (!x || typeof x.id !== 'string' || typeof x.revision !== 'string' || !(typeof x.status === 'string' && x.status in RANK)) {
      throw new DiffError(`${path} has a result without id, revision or a known status`);
    }
  }
  return report as RunReport;
}

/** One result per id@revision (the worst, when several transports ran). */
function index(report: RunReport): Map<string, CheckResult> {
  const map = new Map<string, CheckResult>();
  for (const r of report.results) {
    const key = `${r.id}@${r.revision}`;
    const seen = map.get(key);
    if (!seen || WORST[r.status] > WORST[seen.status]) map.set(key, r);
  }
  return map;
}

export function diffReports(before: RunReport, after: RunReport): Diff {
  const old = index(before);
  const now = index(after);
  const diff: Diff = { regressions: [], fixes: [], other: [], unchanged: 0 };
  for (const key of new Set([...old.keys(), ...now.keys()])) {
    const a = old.get(key);
    const b = now.get(key);
    const was = a?.status ?? 'absent';
    const is = b?.status ?? 'absent';
    if (was === is) {
      diff.unchanged++;
      continue;
    }
    const r = (b ?? a) as CheckResult;
    const change: Change = { key, id: r.id, revision: r.revision, before: was, after: is, title: r.title, ...(b?.actual !== undefined ? { actual: b.actual } : {}) };
    const rankWas = was === 'absent' ? -1 : RANK[was];
    const rankIs = is === 'absent' ? -1 : RANK[is];
    if (rankIs > 0 && (rankWas >= 0 ? rankIs > rankWas : is === 'fail')) diff.regressions.push(change);
    else if (rankWas > 0 && rankIs >= 0 && rankIs < rankWas) diff.fixes.push(change);
    else diff.other.push(change);
  }
  const order = (x: Change, y: Change) => x.id.localeCompare(y.id) || x.revision.localeCompare(y.revision);
  diff.regressions.sort(order);
  diff.fixes.sort(order);
  diff.other.sort(order);
  return diff;
}

export function renderDiff(diff: Diff, oldName: string, newName: string): string {
  const line = (c: Change, mark: string) => {
    const evidence = c.actual !== undefined && (c.after === 'fail' || c.after === 'warn') ? `\n      actual: ${show(c.actual, 200)}` : '';
    return `  ${mark} ${safe(c.id)} @ ${safe(c.revision)}: ${c.before} -> ${c.after}  ${show(c.title, 120)}${evidence}`;
  };
  const out = [`Comparing ${safe(oldName)} -> ${safe(newName)}`];
  const section = (title: string, list: Change[], mark: string) => {
    if (list.length) out.push('', `${title} (${list.length}):`, ...list.map((c) => line(c, mark)));
  };
  section('Regressions', diff.regressions, '✗');
  section('Fixes', diff.fixes, '✓');
  section('Other changes', diff.other, '·');
  out.push('', `${diff.regressions.length} regressions, ${diff.fixes.length} fixes, ${diff.other.length} other changes, ${diff.unchanged} unchanged`);
  return `${out.join('\n')}\n`;
}
