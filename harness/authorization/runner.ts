// Running the AS checks against one issuer: a loopback listener of the tool's own, every check at
// every revision of its range (the exchanges shared through flow.ts, made once), and the RunReport
// every report writer renders, with a side of its own.
import { buildResult } from '../checks/result-builder.js';
import { REPORT_VERSION, type CheckResult, type RunReport } from '../checks/result.js';
import { specFor } from '../checks/spec-ref.js';
import { inRange } from '../revisions.js';
import { defaultSettings } from '../settings.js';
import type { AsCheck } from './check.js';
import { AsContext } from './context.js';
import { AsRun, type AsRunOptions } from './flow.js';
import { startLoopbackHost } from './loopback.js';

export const AS_REVISIONS = ['2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const;

export interface AsRunRequest extends Omit<AsRunOptions, 'resource'> {
  checks: readonly AsCheck[];
  revisions?: readonly string[];
  resource?: string;
  toolVersion: string;
}

/** Can the issuer be reached at all? Undefined when it answered anything; else why not, in one sentence. */
export async function unreachable(issuer: string, timeoutMs: number): Promise<string | undefined> {
  try {
    await fetch(issuer, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    return undefined;
  } catch (error) {
    const e = error as Error & { cause?: { code?: string; message?: string } };
    return `the issuer ${issuer} could not be reached (${e.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (e.cause?.code ?? e.cause?.message ?? e.message)})`;
  }
}

export async function runAuthorization(req: AsRunRequest): Promise<RunReport> {
  const startedAt = new Date();
  const revisions = (req.revisions ?? AS_REVISIONS).filter((r) => (AS_REVISIONS as readonly string[]).includes(r));
  const base: Omit<RunReport, 'results' | 'summary' | 'durationMs'> = {
    reportVersion: REPORT_VERSION,
    side: 'authorization-server',
    tool: { name: 'mcp-conformance', version: req.toolVersion },
    target: { kind: 'http', url: req.issuer, transport: 'oauth' },
    startedAt: startedAt.toISOString(),
    revisions: revisions.map((r) => ({ revision: r, status: 'accepted' as const, detail: 'authorization server checks run at every revision with MCP authorization' })),
  };
  const down = await unreachable(req.issuer, req.timeoutMs);
  if (down) return { ...base, revisions: [], aborted: down, results: [], summary: { pass: 0, fail: 0, warn: 0, skip: 0, error: 0 }, durationMs: Date.now() - startedAt.getTime() };
  const loopback = await startLoopbackHost();
  const run = new AsRun({ ...req, resource: req.resource ?? 'https://mcp-conformance.example.com/mcp' }, loopback);
  const settings = defaultSettings();
  const results: CheckResult[] = [];
  try {
    const jobs = revisions.flatMap((revision) => req.checks.filter((c) => inRange(revision, c.revisions)).map((check) => ({ revision, check })));
    // In order: the shared exchanges are made by whichever check asks first, one at a time on the AS.
    for (const { revision, check } of jobs) {
      const ctx = new AsContext(revision, settings, run);
      const started = performance.now();
      let verdict;
      try {
        verdict = await check.run(ctx);
      } catch (error) {
        verdict = { status: 'error' as const, reason: `the check broke: ${(error as Error).message}` };
      }
      const { url, level } = specFor(check, revision);
      const result = buildResult(check, { revision, transport: 'oauth', side: 'server', url, level, durationMs: performance.now() - started }, verdict, () => ctx.wire.slice(-12));
      results.push({ ...result, side: 'authorization-server' });
    }
  } finally {
    await loopback.close();
  }
  const summary = { pass: 0, fail: 0, warn: 0, skip: 0, error: 0 };
  for (const r of results) summary[r.status]++;
  return { ...base, results, summary, durationMs: Date.now() - startedAt.getTime() };
}
