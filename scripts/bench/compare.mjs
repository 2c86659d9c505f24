// The pure parts of `--vs`: the order in which the two builds take turns on a row, what a row's
// runs sum up to (each build's median and result counts, the ratio), and the Markdown table.
import { median, round } from './stats.mjs';

/** The two builds, in the order they take turns (fixed: it is the alternation that spreads the noise over both). */
export const BUILDS = ['other', 'this'];

/** The runs of one row, A B A B ...: each build `runs` times, alternated, so machine noise hits both alike. */
export function alternation(runs, builds = BUILDS) {
  return Array.from({ length: runs }, () => builds).flat();
}

/**
 * One build's runs on one row: the median wall time of those that ended with a report, the
 * distinct result counts, the errors, and why it was not run further when its CLI refused. The
 * CPU medians (of the tool, of every process of the run), when measured, go to the JSON: a busy
 * machine distorts them less than wall time.
 */
export function summarizeBuild(results) {
  const ok = results.filter((r) => r.error === undefined);
  const refused = results.find((r) => r.refused)?.error;
  const cpu = ok.map((r) => r.cpuSeconds).filter((s) => typeof s === 'number');
  const allCpu = ok.map((r) => r.allCpuSeconds).filter((s) => typeof s === 'number');
  return {
    runs: ok.length,
    medianSeconds: median(ok.map((r) => r.seconds)),
    allSeconds: ok.map((r) => round(r.seconds)),
    counts: [...new Set(ok.map((r) => r.results))].sort((a, b) => a - b),
    errors: [...new Set(results.filter((r) => r.error !== undefined && !r.refused).map((r) => r.error))],
    ...(cpu.length > 0 ? { medianCpuSeconds: median(cpu) } : {}),
    ...(allCpu.length > 0 ? { medianAllCpuSeconds: median(allCpu) } : {}),
    ...(refused === undefined ? {} : { refused }),
  };
}

/** This build's median over the other's, when both have one. */
export function ratio(thisSeconds, otherSeconds) {
  return thisSeconds === undefined || otherSeconds === undefined || otherSeconds === 0 ? undefined : round(thisSeconds / otherSeconds);
}

/** A row of the comparison from each build's runs ({ other: [...], this: [...] }). */
export function compareRow(row, runsByBuild, load = {}) {
  const other = summarizeBuild(runsByBuild.other ?? []);
  const mine = summarizeBuild(runsByBuild.this ?? []);
  return { row: row.name, target: row.target, role: row.role, transport: row.transport, other, this: mine, ratio: ratio(mine.medianSeconds, other.medianSeconds), ...load };
}

const HEADER = ['row', 'via', 'median other', 'median this', 'ratio this/other', 'results other', 'results this'];
const RIGHT = new Set([2, 3, 4, 5, 6]);

/**
 * The comparison as a Markdown table (padded, so that it reads in a terminal too), then one line
 * per problem: a build that failed or refused on a row.
 */
export function renderComparison(rows) {
  const cells = rows.map((r) => [
    r.row,
    r.transport === 'http' ? 'HTTP' : r.transport,
    seconds(r.other),
    seconds(r.this),
    r.ratio === undefined ? '' : `${r.ratio.toFixed(2)}x`,
    counts(r.other),
    counts(r.this),
  ]);
  const widths = HEADER.map((h, i) => Math.max(h.length, 3, ...cells.map((c) => c[i].length)));
  const line = (c) => `| ${c.map((x, i) => (RIGHT.has(i) ? x.padStart(widths[i]) : x.padEnd(widths[i]))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (RIGHT.has(i) ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`;
  const problems = rows.flatMap((r) => BUILDS.flatMap((b) => notes(r[b]).map((n) => `- ${r.row}, ${b} build: ${n}`)));
  return [line(HEADER), rule, ...cells.map(line), ...(problems.length > 0 ? ['', ...problems] : [])].join('\n');
}

function seconds(build) {
  if (build.medianSeconds !== undefined) return `${build.medianSeconds.toFixed(2)} s`;
  return build.refused === undefined ? 'failed' : 'refused';
}

const counts = (build) => (build.counts.length === 0 ? '' : build.counts.join('-'));

function notes(build) {
  return [...(build.refused === undefined ? [] : [build.refused]), ...build.errors.map((e) => `a run failed: ${e}`)];
}
