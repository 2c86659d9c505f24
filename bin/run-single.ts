// One target from --server / --url / --client: live console progress, then the file reports,
// the badge and the baseline the flags ask for, and what they were written to.
import { DEFAULT_OUT } from '../api/defaults.js';
import { writeBadge, writeBaseline, writeReports } from '../api/reports.js';
import type { RunPlan } from '../api/plan.js';
import { runTarget } from '../api/run-target.js';
import { createConsoleReporter } from '../reports/console.js';
import { nothingTested } from '../reports/model.js';
import type { Interrupts } from './interrupt.js';
import type { CliOptions } from './options.js';
import { writtenLines } from './written.js';

export async function runSingle(plan: RunPlan, opts: CliOptions, interrupts: Interrupts, toolVersion: string): Promise<number> {
  const [target] = plan.targets;
  if (!target) throw new Error('runSingle needs one target');
  const isTTY = process.stdout.isTTY === true;
  const color = opts.color && !process.env.NO_COLOR && isTTY;
  const reporter = createConsoleReporter({ stream: process.stdout, color, verbose: opts.verbose, quiet: opts.quiet, isTTY });
  const { report, exitCode } = await runTarget(target, { concurrency: plan.concurrency, signal: interrupts.signal, toolVersion, listener: reporter });
  if (plan.reports.includes('console')) reporter.finish(report);
  if (plan.reports.some((k) => k !== 'console')) {
    const paths = await writeReports(report, plan.reports, plan.out ?? DEFAULT_OUT, target.failOn);
    if (!opts.quiet) process.stdout.write(writtenLines(paths));
  }
  if (opts.badge) {
    const path = await writeBadge(report, opts.badge);
    if (!opts.quiet) process.stdout.write(`badge written to ${path}\n`);
  }
  if (opts.writeBaseline) {
    // A cut-short run knows too little: its baseline would drop every check that did not run.
    if (report.aborted) process.stderr.write('mcp-conformance: the run was cut short, so no baseline was written\n');
    else {
      const path = await writeBaseline(report, opts.writeBaseline, target.failOn);
      if (!opts.quiet) process.stdout.write(`baseline written to ${path}\n`);
    }
  }
  if (interrupts.signal.aborted) return 130;
  if (report.aborted) process.stderr.write(`mcp-conformance: ${report.aborted}\n`);
  const nothing = nothingTested(report);
  if (nothing) process.stderr.write(`mcp-conformance: nothing was tested: ${nothing}\n`);
  return exitCode;
}
