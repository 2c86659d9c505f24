// The bench's figures: per target the median and best wall time over its runs, the CPU of
// the tool's process and of the whole run, the tool's peak RSS, what it counted; printed as a table, kept as JSON in bench-results/
// (timestamped, plus latest.json), and compared with the previous latest.json. A comparison of
// two builds (--vs) is kept beside them, as JSON and as the Markdown table it printed.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, round } from './stats.mjs';

export const RESULTS_DIR = fileURLToPath(new URL('../../bench-results/', import.meta.url));
const LATEST = join(RESULTS_DIR, 'latest.json');

/** One row: the runs of one tool against one server over one transport. */
export function summarize({ server, transport, tool }, runs) {
  const ok = runs.filter((r) => r.error === undefined);
  const errors = runs.filter((r) => r.error !== undefined).map((r) => r.error);
  const row = { server, transport, tool, runs: ok.length, errors };
  if (ok.length === 0) return row;
  const seconds = ok.map((r) => r.seconds);
  row.medianSeconds = median(seconds);
  row.bestSeconds = round(Math.min(...seconds));
  const rss = ok.map((r) => r.maxRssKb).filter((kb) => typeof kb === 'number');
  if (rss.length > 0) row.peakRssMb = Math.round(Math.max(...rss) / 1024);
  const cpu = ok.map((r) => r.cpuSeconds).filter((s) => typeof s === 'number');
  if (cpu.length > 0) row.medianCpuSeconds = median(cpu);
  const all = ok.map((r) => r.allCpuSeconds).filter((s) => typeof s === 'number');
  if (all.length > 0) row.medianAllCpuSeconds = median(all);
  row.counts = [...new Set(ok.map((r) => (tool === 'ours' ? r.results : r.checks)))].sort((a, b) => a - b);
  if (tool === 'ours') {
    row.accepted = ok[ok.length - 1].accepted;
    row.resultsByRevision = ok[ok.length - 1].byRevision;
    row.summary = ok[ok.length - 1].summary;
    row.slowestChecks = ok[ok.length - 1].slowest;
    const aborted = ok.map((r) => r.aborted).filter(Boolean);
    if (aborted.length > 0) row.aborted = aborted;
  } else {
    row.scenarios = ok[ok.length - 1].scenarios;
    row.statuses = ok[ok.length - 1].statuses;
  }
  row.allSeconds = ok.map((r) => round(r.seconds));
  return row;
}

const key = (r) => `${r.server} | ${r.transport} | ${r.tool}`;

export function printTable(rows) {
  const header = ['target', 'via', 'tool', 'median', 'best', 'CPU tool', 'CPU all', 'peak RSS', 'results', 'revisions', 'ours/official'];
  const cells = rows.map((r) => {
    if (r.medianSeconds === undefined) return [r.server, r.transport, r.tool, 'failed', ...header.slice(4).map(() => '')];
    const ours = rows.find((o) => o.tool === 'ours' && o.server === r.server && o.transport === r.transport);
    const ratio = r.tool === 'official' && ours?.medianSeconds ? `${(ours.medianSeconds / r.medianSeconds).toFixed(2)}x` : '';
    return [
      r.server,
      r.transport,
      r.tool,
      `${r.medianSeconds.toFixed(2)} s`,
      `${r.bestSeconds.toFixed(2)} s`,
      r.medianCpuSeconds === undefined ? '?' : `${r.medianCpuSeconds.toFixed(2)} s`,
      r.medianAllCpuSeconds === undefined ? '?' : `${r.medianAllCpuSeconds.toFixed(2)} s`,
      r.peakRssMb === undefined ? '?' : `${r.peakRssMb} MB`,
      r.tool === 'ours' ? r.counts.join('-') : `${r.counts.join('-')} checks`,
      r.tool === 'ours' ? revisions(r) : `1 (${r.scenarios} scenarios)`,
      ratio,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c) => c.map((x, i) => x.padEnd(widths[i])).join('  ').trimEnd();
  console.log(line(header));
  rows.forEach((r, i) => {
    console.log(line(cells[i]));
    for (const e of new Set(r.errors)) console.log(`    ${r.medianSeconds === undefined ? 'error' : 'a run failed'}: ${e}`);
  });
}

/** Accepted revisions, and how many of them any check applied to when not all. */
function revisions(row) {
  const tested = row.accepted.filter((rev) => (row.resultsByRevision?.[rev] ?? 0) > 0).length;
  return tested === row.accepted.length ? String(tested) : `${row.accepted.length} (${tested} with results)`;
}

/**
 * Our slowest checks per target (time summed over revisions; checks overlap). A client check
 * judges a recording and takes no time of its own (its scenario's does): such rows print nothing.
 */
export function printSlowest(rows) {
  for (const r of rows.filter((x) => x.tool === 'ours' && x.slowestChecks)) {
    const top = r.slowestChecks.filter((c) => c.seconds > 0).slice(0, 3);
    if (top.length === 0) continue;
    console.log(`  ${`${r.server} (${r.transport})`.padEnd(30)} ${top.map((c) => `${c.id} ${c.seconds.toFixed(1)} s`).join(', ')}`);
  }
}

export function readLatest() {
  if (!existsSync(LATEST)) return undefined;
  try {
    return JSON.parse(readFileSync(LATEST, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Median now against the previous latest.json, per row both have. */
export function printComparison(previous, rows) {
  const before = new Map((previous.rows ?? []).map((r) => [key(r), r]));
  console.log(`\nCompared with the previous run (${previous.date}, ${previous.commit?.slice(0, 8) ?? '?'}):`);
  let any = false;
  for (const r of rows) {
    const old = before.get(key(r));
    if (old?.medianSeconds === undefined || r.medianSeconds === undefined) continue;
    any = true;
    const change = ((r.medianSeconds - old.medianSeconds) / old.medianSeconds) * 100;
    const counts = old.counts?.join('-') === r.counts.join('-') ? '' : `  results ${old.counts?.join('-')} -> ${r.counts.join('-')}`;
    const rss = old.peakRssMb === undefined || r.peakRssMb === undefined ? '' : `  RSS ${old.peakRssMb} -> ${r.peakRssMb} MB`;
    const cpu = old.medianAllCpuSeconds === undefined || r.medianAllCpuSeconds === undefined ? '' : `  CPU all ${old.medianAllCpuSeconds.toFixed(2)} -> ${r.medianAllCpuSeconds.toFixed(2)} s`;
    console.log(`  ${key(r).padEnd(42)} ${old.medianSeconds.toFixed(2)} -> ${r.medianSeconds.toFixed(2)} s (${change >= 0 ? '+' : ''}${change.toFixed(0)}%)${cpu}${rss}${counts}`);
  }
  if (!any) console.log('  no target in common');
}

/** bench-results/<timestamp>.json and latest.json; returns the timestamped path. */
export function writeFigures(figures) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const text = `${JSON.stringify(figures, null, 2)}\n`;
  const file = join(RESULTS_DIR, `${figures.date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, text);
  writeFileSync(LATEST, text);
  return file;
}

/** bench-results/vs-<timestamp>.json and .md (the table as printed); returns both paths. */
export function writeComparison(figures, markdown) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const base = join(RESULTS_DIR, `vs-${figures.date.replace(/[:.]/g, '-')}`);
  writeFileSync(`${base}.json`, `${JSON.stringify(figures, null, 2)}\n`);
  writeFileSync(`${base}.md`, markdown);
  return [`${base}.json`, `${base}.md`];
}
