// Running one planned target: launch its HTTP server if the tool starts it, run the checks,
// apply the baseline, and always stop what was launched. A server that never becomes ready
// yields a report cut short (exit 3 for that target), like any unreachable target.
import type { RunListener } from '../harness/checks/events.js';
import { REPORT_VERSION, type RunReport } from '../harness/checks/result.js';
import { runChecks } from '../harness/checks/runner.js';
import { LaunchError, launchServer, type LaunchedServer } from '../harness/config/launch.js';
import type { Check } from '../harness/checks/check.js';
import type { ClientCommand } from '../harness/client/client-process.js';
import type { ClientCheck } from '../harness/client/scenario.js';
import { OAuthError } from '../harness/oauth/errors.js';
import type { OAuthTokens } from '../harness/oauth/tokens.js';
import type { Target } from '../harness/transport.js';
import { applyBaseline } from '../reports/baseline.js';
import { EXIT_INTERRUPTED, EXIT_UNREACHABLE } from '../reports/combined-model.js';
import { exitCodeOf } from '../reports/model.js';
import type { TargetPlan } from './plan.js';

export const UNREACHABLE = 'target could not be started or reached';

export interface TargetOutcome {
  report: RunReport;
  exitCode: number;
}

export interface TargetRunContext {
  concurrency: number;
  signal: AbortSignal;
  toolVersion: string;
  listener?: RunListener;
}

/** A report for a target whose checks never ran: the reason is its `aborted`. */
function cutShort(plan: TargetPlan, startedAt: Date, aborted: string, toolVersion: string): RunReport {
  const reach = plan.reach;
  const target: RunReport['target'] =
    reach.kind === 'client'
      ? { kind: reach.command.template.includes('{server}') ? 'stdio' : 'http', command: reach.command.template, transport: reach.command.template.includes('{server}') ? 'stdio' : 'streamable-http' }
      : reach.kind === 'start'
        ? { kind: 'http', command: reach.launch.command, ...(reach.launch.url ? { url: reach.launch.url } : {}), transport: reach.transport ?? 'unknown' }
        : reach.target.kind === 'stdio'
          ? { kind: 'stdio', command: reach.target.command, transport: 'stdio' }
          : { kind: 'http', url: reach.target.url, transport: reach.target.transport ?? 'unknown' };
  return {
    reportVersion: REPORT_VERSION,
    side: reach.kind === 'client' ? 'client' : 'server',
    tool: { name: 'mcp-conformance', version: toolVersion },
    target,
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    revisions: [],
    aborted,
    failOn: plan.failOn,
    results: [],
    summary: { pass: 0, fail: 0, warn: 0, skip: 0, error: 0 },
  };
}

export async function runTarget(plan: TargetPlan, ctx: TargetRunContext): Promise<TargetOutcome> {
  const startedAt = new Date();
  if (ctx.signal.aborted) return { report: cutShort(plan, startedAt, 'interrupted by the user before it started', ctx.toolVersion), exitCode: EXIT_INTERRUPTED };
  let launched: LaunchedServer | undefined;
  let tokens: OAuthTokens | undefined;
  try {
    if (plan.reach.kind === 'client') return await runClientTarget(plan, plan.reach.command, ctx);
    let target: Target;
    if (plan.reach.kind === 'start') {
      try {
        launched = await launchServer({ ...plan.reach.launch, signal: ctx.signal });
      } catch (error) {
        if (!(error instanceof LaunchError)) throw error;
        const report = cutShort(plan, startedAt, `${UNREACHABLE}: ${error.message}`, ctx.toolVersion);
        return { report, exitCode: ctx.signal.aborted ? EXIT_INTERRUPTED : EXIT_UNREACHABLE };
      }
      target = { kind: 'http', url: launched.url, headers: plan.reach.headers, ...(plan.reach.transport ? { transport: plan.reach.transport } : {}) };
    } else {
      target = plan.reach.target;
    }
    if (plan.oauth && target.kind === 'http') {
      // Loaded here: a run without --oauth never needs the OAuth client.
      const { OAuthTokens } = await import('../harness/oauth/tokens.js');
      try {
        tokens = await OAuthTokens.start(target.url, plan.oauth, { timeoutMs: plan.timeoutMs, say: (line) => process.stderr.write(`${line}\n`) });
      } catch (error) {
        if (!(error instanceof OAuthError)) throw error;
        return { report: cutShort(plan, startedAt, error.message, ctx.toolVersion), exitCode: ctx.signal.aborted ? EXIT_INTERRUPTED : EXIT_UNREACHABLE };
      }
      target = { ...target, tokens };
    }
    let report = await runChecks({
      target,
      checks: plan.checks as Check[],
      ...(plan.revisions ? { revisions: plan.revisions } : {}),
      timeoutMs: plan.timeoutMs,
      ...(plan.startupTimeoutMs !== undefined ? { startupTimeoutMs: plan.startupTimeoutMs } : {}),
      ...(plan.maxRate !== undefined ? { maxRate: plan.maxRate } : {}),
      concurrency: ctx.concurrency,
      ...(ctx.listener ? { listener: ctx.listener } : {}),
      settings: plan.settings,
      signal: ctx.signal,
      toolVersion: ctx.toolVersion,
    });
    if (plan.baseline) report = applyBaseline(report, plan.baseline.entries, plan.baseline.file);
    report = { ...report, failOn: plan.failOn, ...(tokens ? { oauth: tokens.summary() } : {}) };
    return { report, exitCode: ctx.signal.aborted ? EXIT_INTERRUPTED : exitCodeOf(report, plan.failOn) };
  } finally {
    await tokens?.close();
    await launched?.stop();
  }
}

/** A client target: the client runner against the scripted servers of the client suites. */
async function runClientTarget(plan: TargetPlan, command: ClientCommand, ctx: TargetRunContext): Promise<TargetOutcome> {
  const { runClientChecks } = await import('../harness/client/runner.js');
  const { clientScenarios } = await import('../suites/client/index.js');
  let report = await runClientChecks({
    command,
    scenarios: clientScenarios,
    checks: plan.checks as ClientCheck[],
    ...(plan.revisions ? { revisions: plan.revisions } : {}),
    timeoutMs: plan.timeoutMs,
    ...(plan.startupTimeoutMs !== undefined ? { startupTimeoutMs: plan.startupTimeoutMs } : {}),
    concurrency: ctx.concurrency,
    ...(ctx.listener ? { listener: ctx.listener } : {}),
    settings: plan.settings,
    signal: ctx.signal,
    toolVersion: ctx.toolVersion,
  });
  if (plan.baseline) report = applyBaseline(report, plan.baseline.entries, plan.baseline.file);
  report = { ...report, failOn: plan.failOn };
  return { report, exitCode: ctx.signal.aborted ? EXIT_INTERRUPTED : exitCodeOf(report, plan.failOn) };
}
