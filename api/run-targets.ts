// Every target of a config file (or this shard's share), several at once: each target's file
// reports in <out>/<name>/ as it finishes, the combined report over all of them, and the exit
// code over all targets (reports/combined-model.ts). The caller hears of each target as it ends.
import { join } from 'node:path';
import { buildCombinedReport } from '../reports/combined-model.js';
import type { CombinedReport, CombinedTarget } from '../reports/combined.js';
import type { RunPlan } from './plan.js';
import { writeReports } from './reports.js';
import { runTarget } from './run-target.js';

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

export interface TargetsRunContext {
  signal: AbortSignal;
  toolVersion: string;
  /** Where the file reports go (each target in its own folder); none when undefined. */
  out?: string;
  /** One target finished (its reports written). */
  targetDone?(target: CombinedTarget): void;
}

export async function runTargets(plan: RunPlan, ctx: TargetsRunContext): Promise<CombinedReport> {
  const startedAt = new Date();
  const { targetsAtOnce, checksPerTarget } = splitBudget(plan.concurrency, plan.targets.length);
  const done: CombinedTarget[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < plan.targets.length) {
      const index = next++;
      const target = plan.targets[index];
      if (!target) continue;
      const name = target.name ?? `target-${index + 1}`;
      const { report, exitCode } = await runTarget(target, { concurrency: checksPerTarget, signal: ctx.signal, toolVersion: ctx.toolVersion });
      if (ctx.out !== undefined) await writeReports(report, plan.reports, join(ctx.out, name), target.failOn);
      const result: CombinedTarget = { name, report, ...(ctx.out !== undefined ? { dir: name } : {}), exitCode };
      done[index] = result;
      ctx.targetDone?.(result);
    }
  };
  await Promise.all(Array.from({ length: targetsAtOnce }, worker));
  return buildCombinedReport({
    tool: { name: 'mcp-conformance', version: ctx.toolVersion },
    startedAt,
    durationMs: Date.now() - startedAt.getTime(),
    targets: done.filter(Boolean),
    ...(plan.shard ? { shards: [plan.shard] } : {}),
  });
}
