// Every target of a config file (or this shard's share), run by the library (api/run-targets.ts):
// one summary line per target as it finishes, with its first failures, where the reports went,
// the baseline if asked for, and the verdict over all targets.
import { join } from 'node:path';
import { DEFAULT_OUT } from '../api/defaults.js';
import type { RunPlan } from '../api/plan.js';
import { writeBaseline, writeCombinedReports } from '../api/reports.js';
import { runTargets, splitBudget } from '../api/run-targets.js';
import type { CombinedTarget } from '../reports/combined.js';
import { targetLine, verdictLine } from '../reports/combined-console.js';
import { failsRun } from '../reports/model.js';
import { show } from '../reports/terminal.js';
import type { Interrupts } from './interrupt.js';
import type { CliOptions } from './options.js';
import { writtenLines } from './written.js';

const FAILURES_PER_TARGET = 5;

function failureLines(t: CombinedTarget): string[] {
  const failOn = t.report.failOn ?? 'must';
  const failing = t.report.results.filter((r) => failsRun(r, failOn) || r.status === 'error');
  const lines = failing.slice(0, FAILURES_PER_TARGET).map((r) => `    ${r.status === 'error' ? '!' : '✗'} ${show(r.id, 120)} [${show(r.revision, 20)} ${show(r.transport, 20)}]`);
  if (failing.length > FAILURES_PER_TARGET) lines.push(`    … and ${failing.length - FAILURES_PER_TARGET} more (see ${t.name}/report.md)`);
  return lines;
}

export async function runMany(plan: RunPlan, opts: CliOptions, interrupts: Interrupts, toolVersion: string): Promise<number> {
  const out = plan.out ?? DEFAULT_OUT;
  const files = plan.reports.some((k) => k !== 'console');
  const console = plan.reports.includes('console');
  const color = opts.color && !process.env.NO_COLOR && process.stdout.isTTY === true;
  const width = Math.max(0, ...plan.targets.map((t) => (t.name ?? '').length));
  const print = (line: string) => process.stdout.write(`${line}\n`);
  if (console && !opts.quiet) {
    const { targetsAtOnce, checksPerTarget } = splitBudget(plan.concurrency, plan.targets.length);
    const shard = plan.shard ? `, shard ${plan.shard.index}/${plan.shard.count}` : '';
    const n = plan.targets.length;
    print(`mcp-conformance: ${n} target${n === 1 ? '' : 's'} from ${plan.config?.display ?? 'the config file'}${shard} (${targetsAtOnce} at once, ${checksPerTarget} check${checksPerTarget === 1 ? '' : 's'} at once each)`);
  }

  const combined = await runTargets(plan, {
    signal: interrupts.signal,
    toolVersion,
    ...(files ? { out } : {}),
    targetDone(result) {
      if (!console || (opts.quiet && result.exitCode === 0)) return;
      print(targetLine(result, color, width));
      for (const line of failureLines(result)) print(line);
    },
  });
  if (files) {
    const paths = await writeCombinedReports(combined, plan.reports, out);
    if (!opts.quiet) process.stdout.write(`${writtenLines(paths)}each target's reports are in ${join(paths[0] ? join(paths[0], '..') : out, '<target>')}/\n`);
  }
  if (opts.writeBaseline && combined.targets.length === 1) {
    const only = combined.targets[0] as CombinedTarget;
    if (only.report.aborted) process.stderr.write('mcp-conformance: the run was cut short, so no baseline was written\n');
    else {
      const path = await writeBaseline(only.report, opts.writeBaseline, only.report.failOn ?? plan.failOn);
      if (!opts.quiet) print(`baseline written to ${path}`);
    }
  }
  if (console) print(verdictLine(combined, color));
  return interrupts.signal.aborted ? 130 : combined.exitCode;
}
