// The CLI: parse argv, hand it to the library (api/), print, set the exit code. Nothing else
// lives here. Everything past option parsing is imported when needed, so --help and --version
// load next to nothing and --list loads only the checks.
import type { CheckMeta } from '../harness/checks/check.js';
import type { LoadedConfig } from '../harness/config/types.js';
import type { AnyCheck, CheckSets } from '../api/plan.js';
import { toolVersion } from '../api/version.js';
import { helpText, parseCli, UsageError, type CliOptions } from './options.js';
import { versionText } from './version.js';

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

function listChecks(checks: readonly CheckMeta[]): string {
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

export async function main(argv: string[]): Promise<number> {
  guardStdout();
  try {
    if (argv[0] === 'diff') return await (await import('./diff.js')).runDiff(argv.slice(1));
    if (argv[0] === 'merge-reports') return await (await import('./merge.js')).runMerge(argv.slice(1));
    if (argv[0] === 'client') return await runCli(argv.slice(1), 'client');
    if (argv[0] === 'authorization') return await (await import('./authorization.js')).runAuthorizationCli(argv.slice(1));
    return await runCli(argv, 'server');
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`mcp-conformance: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

/** --config, else a config file in the working directory, else none. */
async function configFrom(opts: CliOptions): Promise<LoadedConfig | undefined> {
  const { ConfigError } = await import('../harness/config/types.js');
  const { findConfigFile, loadConfig } = await import('../harness/config/load.js');
  try {
    const file = opts.config ?? findConfigFile(process.cwd());
    return file === undefined ? undefined : await loadConfig(file);
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
}

/** The checks of one side: the server suites, or the client suites (`client`). */
async function checksOf(side: 'server' | 'client'): Promise<readonly AnyCheck[]> {
  return side === 'client' ? (await import('../suites/client/index.js')).clientChecks : (await import('../suites/index.js')).allChecks;
}

async function runCli(argv: string[], side: 'server' | 'client'): Promise<number> {
  const opts = parseCli(argv);
  if (opts.client !== undefined) side = 'client';
  if (opts.help) {
    process.stdout.write(`${helpText()}\n`);
    return 0;
  }
  if (opts.version) {
    process.stdout.write(versionText());
    return 0;
  }
  const allChecks = await checksOf(side);
  if (opts.list) {
    const { selectChecks } = await import('../api/select.js');
    process.stdout.write(`${listChecks(selectChecks(allChecks, opts.suite, opts.check))}\n`);
    return 0;
  }
  const config = await configFrom(opts);
  const { planRun } = await import('../api/plan.js');
  const { requestOf } = await import('./flag-source.js');
  // A config file may mix server and client targets: each gets its side's checks.
  const plan = await planRun(requestOf(opts), config, {
    server: side === 'server' ? (allChecks as CheckSets['server']) : (await import('../suites/index.js')).allChecks,
    client: (await import('../suites/client/index.js')).clientChecks,
  });
  const { catchInterrupts } = await import('./interrupt.js');
  const { killAllNow } = await import('../harness/processes.js');
  const interrupts = catchInterrupts();
  try {
    if (plan.many) return await (await import('./run-many.js')).runMany(plan, opts, interrupts, toolVersion());
    return await (await import('./run-single.js')).runSingle(plan, opts, interrupts, toolVersion());
  } finally {
    interrupts.dispose();
    killAllNow();
  }
}
