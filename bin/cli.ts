// The CLI: parse options, wire them to the runner and the reports, set the exit code.
// Nothing else lives here.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Check } from '../harness/checks/check.js';
import { runChecks } from '../harness/checks/runner.js';
import { killAllNow } from '../harness/processes.js';
import { defaultSettings, parseToolPolicy, type RunSettings } from '../harness/settings.js';
import type { Target } from '../harness/transport.js';
import { createConsoleReporter } from '../reports/console.js';
import { writeJsonReport } from '../reports/json.js';
import { allChecks } from '../suites/index.js';
import { helpText, parseCli, UsageError, type CliOptions } from './options.js';
import { selectChecks, selectRevisions } from './select.js';

const REPORT_KINDS = ['console', 'json'];
const DEFAULT_OUT = 'mcp-conformance-report';

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
  let opts: CliOptions;
  let checks: Check[];
  let revisions: string[] | undefined;
  let target: Target | undefined;
  let reports: string[];
  let timeoutMs: number;
  let concurrency: number;
  let settings: RunSettings;
  try {
    opts = parseCli(argv);
    if (opts.help) {
      process.stdout.write(`${helpText()}\n`);
      return 0;
    }
    if (opts.version) {
      process.stdout.write(`${toolVersion()}\n`);
      return 0;
    }
    checks = selectChecks(allChecks, opts.suite, opts.check);
    if (opts.list) {
      process.stdout.write(`${listChecks(checks)}\n`);
      return 0;
    }
    revisions = selectRevisions(opts.spec);
    reports = opts.report.split(',').map((s) => s.trim()).filter(Boolean);
    const unknown = reports.find((r) => !REPORT_KINDS.includes(r));
    if (unknown) throw new UsageError(`unknown report "${unknown}"; available: ${REPORT_KINDS.join(', ')}`);
    if (opts.out && !reports.includes('json')) reports.push('json');
    target = targetFrom(opts);
    timeoutMs = positiveInt('timeout', opts.timeout);
    concurrency = positiveInt('concurrency', opts.concurrency);
    settings = settingsFrom(opts);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`mcp-conformance: ${error.message}\n`);
      return 2;
    }
    throw error;
  }

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
  };
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigint);
  try {
    const report = await runChecks({
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
    if (reports.includes('console')) reporter.finish(report);
    if (reports.includes('json')) {
      const path = await writeJsonReport(report, resolve(opts.out ?? DEFAULT_OUT));
      if (!opts.quiet) process.stdout.write(`report written to ${path}\n`);
    }
    if (abort.signal.aborted) return 130;
    if (report.aborted) {
      process.stderr.write(`mcp-conformance: ${report.aborted}\n`);
      return 3;
    }
    return report.results.some((r) => r.status === 'fail') ? 1 : 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`mcp-conformance: ${error.message}\n`);
      return 2;
    }
    throw error;
  } finally {
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigint);
    killAllNow();
  }
}
