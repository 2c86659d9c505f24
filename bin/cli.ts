// The CLI: parse options, wire them to the runner and the reports, set the exit code.
// Nothing else lives here.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Check } from '../harness/checks/check.js';
import { runChecks } from '../harness/checks/runner.js';
import { killAllNow } from '../harness/processes.js';
import { defaultSettings, parseToolPolicy, type RunSettings } from '../harness/settings.js';
import type { Target } from '../harness/transport.js';
import { REVISION_IDS } from '../harness/revisions.js';
import { applyBaseline, BaselineError, loadBaseline, type BaselineEntry } from '../reports/baseline.js';
import { createConsoleReporter } from '../reports/console.js';
import { exitCodeOf, FAIL_ON, nothingTested, type FailOn } from '../reports/model.js';
import { allChecks } from '../suites/index.js';
import { runDiff } from './diff.js';
import { helpText, parseCli, UsageError, type CliOptions } from './options.js';
import { REPORT_KINDS, writeBaseline, writeReports, writtenLines, type ReportKind } from './outputs.js';
import { selectChecks, selectRevisions } from './select.js';

const DEFAULT_OUT = 'mcp-conformance-report';
const FILE_REPORTS: readonly ReportKind[] = ['json', 'html', 'junit', 'markdown'];

/**
 * A reader that closed stdout (`--list | head -1`) must not crash the tool: EPIPE arrives as
 * an 'error' event on stdout. Nothing more can be printed there, and the run goes on (the
 * file reports and the exit code still matter).
 */
let stdoutGuarded = false;
function guardStdout(): void {
  if (stdoutGuarded) return;
  stdoutGuarded = true;
  process.stdout.on('error', () => {
    // EPIPE, or a write after it (ERR_STREAM_DESTROYED): stdout is gone, keep going.
  });
}

async function baselineFrom(opts: CliOptions): Promise<BaselineEntry[] | undefined> {
  if (!opts.baseline) return undefined;
  try {
    return await loadBaseline(opts.baseline, { ids: allChecks.map((c) => c.id), revisions: REVISION_IDS });
  } catch (error) {
    if (error instanceof BaselineError) throw new UsageError(error.message);
    throw error;
  }
}

function failOnFrom(value: string): FailOn {
  const found = FAIL_ON.find((f) => f === value);
  if (!found) throw new UsageError(`--fail-on must be ${FAIL_ON.join(', ')}, got "${value}"`);
  return found;
}

function toolVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

function positiveInt(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`--${name} must be a positive integer, got "${value}"`);
  return n;
}

function keyValues(flag: string, items: string[], sep: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items) {
    const i = item.indexOf(sep);
    if (i <= 0) throw new UsageError(`--${flag} takes "KEY${sep}VALUE", got "${item}"`);
    out[item.slice(0, i).trim()] = item.slice(i + sep.length).trim();
  }
  return out;
}

function targetFrom(opts: CliOptions): Target {
  if (opts.server && opts.url) throw new UsageError('give either --server or --url, not both');
  if (opts.server) {
    if (opts.header.length || opts.authToken || opts.transport) throw new UsageError('--header, --auth-token and --transport apply to --url targets only');
    return { kind: 'stdio', command: opts.server, env: keyValues('env', opts.env, '='), ...(opts.cwd ? { cwd: resolve(opts.cwd) } : {}) };
  }
  if (opts.url) {
    let url: URL;
    try {
      url = new URL(opts.url);
    } catch {
      throw new UsageError(`--url "${opts.url}" is not a valid URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--url must be http or https, got "${url.protocol}"`);
    const headers = keyValues('header', opts.header, ':');
    if (opts.authToken) headers.Authorization = `Bearer ${opts.authToken}`;
    if (opts.transport && opts.transport !== 'streamable-http' && opts.transport !== 'sse') {
      throw new UsageError(`--transport must be streamable-http or sse, got "${opts.transport}"`);
    }
    const transport = opts.transport as 'streamable-http' | 'sse' | undefined;
    return { kind: 'http', url: url.href, headers, ...(transport ? { transport } : {}) };
  }
  throw new UsageError('nothing to test: give --server "<command>" or --url <url> (see --help)');
}

function listChecks(checks: Check[]): string {
  const rows = checks.map((c) => {
    const specs = Array.isArray(c.spec) ? c.spec : [c.spec];
    const level = [...new Set(specs.map((s) => s.level))].join('/');
    return [c.id, level, c.revisions, c.title];
  });
  const w0 = Math.max(...rows.map((r) => r[0]?.length ?? 0));
  const w1 = Math.max(...rows.map((r) => r[1]?.length ?? 0));
  const w2 = Math.max(...rows.map((r) => r[2]?.length ?? 0));
  return rows.map((r) => `${r[0]?.padEnd(w0)}  ${r[1]?.padEnd(w1)}  ${r[2]?.padEnd(w2)}  ${r[3]}`).join('\n');
}

function settingsFrom(opts: CliOptions): RunSettings {
  const defaults = defaultSettings();
  const seed = opts.seed === undefined ? defaults.fuzz.seed : Number(opts.seed);
  if (!Number.isInteger(seed)) throw new UsageError(`--seed must be an integer, got "${opts.seed}"`);
  const runs = opts.fuzzRuns === undefined ? defaults.fuzz.runs : positiveInt('fuzz-runs', opts.fuzzRuns);
  if (opts.callTools.trim() === '') throw new UsageError('--call-tools needs none, readonly, all or a list of tool names');
  return { callTools: parseToolPolicy(opts.callTools), fuzz: { enabled: opts.fuzz, seed, runs } };
}

export async function main(argv: string[]): Promise<number> {
  guardStdout();
  try {
    if (argv[0] === 'diff') return await runDiff(argv.slice(1));
    return await runCli(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`mcp-conformance: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

interface Plan {
  opts: CliOptions;
  checks: Check[];
  revisions?: string[];
  target: Target;
  reports: ReportKind[];
  timeoutMs: number;
  concurrency: number;
  settings: RunSettings;
  failOn: FailOn;
  baseline?: BaselineEntry[];
}

/** Everything the options decide, checked before anything starts; a number ends it early. */
async function plan(argv: string[]): Promise<Plan | number> {
  const opts = parseCli(argv);
  if (opts.help) {
    process.stdout.write(`${helpText()}\n`);
    return 0;
  }
  if (opts.version) {
    process.stdout.write(`${toolVersion()}\n`);
    return 0;
  }
  const checks = selectChecks(allChecks, opts.suite, opts.check);
  if (opts.list) {
    process.stdout.write(`${listChecks(checks)}\n`);
    return 0;
  }
  const revisions = selectRevisions(opts.spec);
  const asked = opts.report.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = asked.find((r) => !REPORT_KINDS.some((k) => k === r));
  if (unknown) throw new UsageError(`unknown report "${unknown}"; available: ${REPORT_KINDS.join(', ')}`);
  const reports = REPORT_KINDS.filter((k) => asked.includes(k));
  if (opts.out && !reports.includes('json')) reports.push('json');
  const target = targetFrom(opts);
  const timeoutMs = positiveInt('timeout', opts.timeout);
  const concurrency = positiveInt('concurrency', opts.concurrency);
  const settings = settingsFrom(opts);
  const failOn = failOnFrom(opts.failOn);
  const baseline = await baselineFrom(opts);
  return { opts, checks, ...(revisions ? { revisions } : {}), target, reports, timeoutMs, concurrency, settings, failOn, ...(baseline ? { baseline } : {}) };
}

async function runCli(argv: string[]): Promise<number> {
  const planned = await plan(argv);
  if (typeof planned === 'number') return planned;
  const { opts, checks, revisions, target, reports, timeoutMs, concurrency, settings, failOn, baseline } = planned;
  const color = opts.color && !process.env.NO_COLOR && process.stdout.isTTY === true;
  const reporter = createConsoleReporter({ stream: process.stdout, color, verbose: opts.verbose, quiet: opts.quiet, isTTY: process.stdout.isTTY === true });
  const abort = new AbortController();
  let interrupts = 0;
  const onSigint = () => {
    interrupts++;
    if (interrupts > 1) {
      killAllNow();
      process.exit(130);
    }
    process.stderr.write('\nmcp-conformance: interrupted; stopping the run and writing what was gathered (Ctrl-C again to quit at once)\n');
    abort.abort();
    // A signal must end the process even if the run cannot wind down (a wedged target):
    // after a grace period, kill every server and leave.
    setTimeout(() => {
      killAllNow();
      process.exit(130);
    }, 5000).unref();
  };
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigint);
  try {
    let report = await runChecks({
      target,
      checks,
      ...(revisions ? { revisions } : {}),
      timeoutMs,
      concurrency,
      listener: reporter,
      settings,
      signal: abort.signal,
      toolVersion: toolVersion(),
    });
    report = { ...(baseline && opts.baseline ? applyBaseline(report, baseline, opts.baseline) : report), failOn };
    if (reports.includes('console')) reporter.finish(report);
    if (reports.some((k) => FILE_REPORTS.includes(k))) {
      const paths = await writeReports(report, reports, opts.out ?? DEFAULT_OUT, failOn);
      if (!opts.quiet) process.stdout.write(writtenLines(paths));
    }
    if (opts.writeBaseline) {
      // A cut-short run knows too little: its baseline would drop every check that did not run.
      if (report.aborted) process.stderr.write('mcp-conformance: the run was cut short, so no baseline was written\n');
      else {
        const path = await writeBaseline(report, opts.writeBaseline, failOn);
        if (!opts.quiet) process.stdout.write(`baseline written to ${path}\n`);
      }
    }
    if (abort.signal.aborted) return 130;
    if (report.aborted) process.stderr.write(`mcp-conformance: ${report.aborted}\n`);
    const nothing = nothingTested(report);
    if (nothing) process.stderr.write(`mcp-conformance: nothing was tested: ${nothing}\n`);
    return exitCodeOf(report, failOn);
  } finally {
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigint);
    killAllNow();
  }
}
