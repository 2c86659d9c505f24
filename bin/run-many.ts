// Every target of a config file (or this shard's share), several at once: one summary line
// per target as it finishes, each target's reports in <out>/<name>/, the combined report in
// <out>/, and the exit code over all targets (reports/combined-model.ts).
import { join } from 'node:path';
import { buildCombinedReport } from '../reports/combined-model.js';
import type { CombinedTarget } from '../reports/combined.js';
import { targetLine, verdictLine } from '../reports/combined-console.js';
import { failsRun } from '../reports/model.js';
import { show } from '../reports/terminal.js';
import type { Interrupts } from './interrupt.js';
import type { CliOptions } from './options.js';
import { writeBaseline, writeCombinedReports, writeReports, writtenLines } from './outputs.js';
import type { RunPlan } from './plan.js';
import { runTarget } from './run-target.js';
import { DEFAULT_OUT } from './run-single.js';

const FAILURES_PER_TARGET = 5;

/**
 * The --concurrency budget as targets at once x checks at once per target: as many targets as
 * the budget allows (separate servers do not slow each other down the way checks against one
 * server can), and what is left over goes to each target's checks. The product never exceeds
 * the budget, except that each running target gets at least one check at a time.
 */
export function splitBudget(budget: number, targets: number): { targetsAtOnce: number; checksPerTarget: number } {
  const targetsAtOnce = Math.max(1, Math.min(targets, budget));
  return { targetsAtOnce, checksPerTarget: Math.max(1, Math.floor(budget / targetsAtOnce)) };
}

function failureLines(t: CombinedTarget): string[] {
  const failOn = t.report.failOn ?? 'must';
  const failing = t.report.results.filter((r) => failsRun(r, failOn) || r.status === 'error');
  const lines = failing.slice(0, FAILURES_PER_TARGET).map((r) => `    ${r.status === 'error' ? '!' : '✗'} ${show(r.id, 120)} [${show(r.revision, 20)} ${show(r.transport, 20)}]`);
  if (failing.length > FAILURES_PER_TARGET) lines.push(`    … and ${failing.length - FAILURES_PER_TARGET} more (see ${t.name}/report.md)`);
  return lines;
}

export async function runMany(plan: RunPlan, opts: CliOptions, interrupts: Interrupts, toolVersion: string): Promise<number> {
  const startedAt = new Date();
  const out = plan.out ?? DEFAULT_OUT;
  const files = plan.reports.some((k) => k !== 'console');
  const console = plan.reports.includes('console');
  const color = opts.color && !process.env.NO_COLOR && process.stdout.isTTY === true;
  const width = Math.max(0, ...plan.targets.map((t) => (t.name ?? '').length));
  const { targetsAtOnce, checksPerTarget } = splitBudget(plan.concurrency, plan.targets.length);
  const print = (line: string) => process.stdout.write(`${line}\n`);
  if (console && !opts.quiet) {
    const shard = plan.shard ? `, shard ${plan.shard.index}/${plan.shard.count}` : '';
    const n = plan.targets.length;
    print(`mcp-conformance: ${n} target${n === 1 ? '' : 's'} from ${plan.config?.display ?? 'the config file'}${shard} (${targetsAtOnce} at once, ${checksPerTarget} check${checksPerTarget === 1 ? '' : 's'} at once each)`);
  }

  const done: CombinedTarget[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < plan.targets.length) {
      const index = next++;
      const target = plan.targets[index];
      if (!target) continue;
      const name = target.name ?? `target-${index + 1}`;
      const { report, exitCode } = await runTarget(target, { concurrency: checksPerTarget, signal: interrupts.signal, toolVersion });
      if (files) await writeReports(report, plan.reports, join(out, name), target.failOn);
      const result: CombinedTarget = { name, report, ...(files ? { dir: name } : {}), exitCode };
      done[index] = result;
      if (console && !(opts.quiet && exitCode === 0)) {
        print(targetLine(result, color, width));
        for (const line of failureLines(result)) print(line);
      }
    }
  };
  await Promise.all(Array.from({ length: targetsAtOnce }, worker));

  const combined = buildCombinedReport({
    tool: { name: 'mcp-conformance', version: toolVersion },
    startedAt,
    durationMs: Date.now() - startedAt.getTime(),
    targets: done.filter(Boolean),
    ...(plan.shard ? { shards: [plan.shard] } : {}),
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
