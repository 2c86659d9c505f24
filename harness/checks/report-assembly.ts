// The report a run ends with, the same for both roles (the server runner, runner.ts, and the
// client runner, harness/client/runner.ts): results in revision then check order, probes in
// revision order, the settings as the user would type them, the pace, and the summary.
import type { Pace } from '../pacing/pace.js';
import { describePolicy, type RunSettings } from '../settings.js';
import { REPORT_VERSION, type CheckResult, type RevisionProbe, type RunReport } from './result.js';

export interface ReportParts {
  /** Absent for a server run (the report schema's default side). */
  side?: RunReport['side'];
  toolVersion: string;
  target: RunReport['target'];
  /** When the run started (Date.now()). */
  started: number;
  revisions: RevisionProbe[];
  results: CheckResult[];
  /** The checks as run: the order results are reported in within a revision. */
  checks: readonly { id: string }[];
  settings: RunSettings;
  pace: Pace;
  /** What the target told of itself (eras, serverInfo, stderr): after the revisions. */
  about?: Pick<RunReport, 'eras' | 'serverInfo' | 'stderr'>;
  aborted?: string;
}

export function assembleReport(p: ReportParts): RunReport {
  const order = new Map(p.checks.map((c, i) => [c.id, i]));
  const results = [...p.results].sort((a, b) => a.revision.localeCompare(b.revision) || (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return {
    reportVersion: REPORT_VERSION,
    ...(p.side ? { side: p.side } : {}),
    tool: { name: 'mcp-conformance', version: p.toolVersion },
    target: p.target,
    startedAt: new Date(p.started).toISOString(),
    durationMs: Date.now() - p.started,
    revisions: [...p.revisions].sort((a, b) => a.revision.localeCompare(b.revision)),
    ...p.about,
    ...(p.aborted ? { aborted: p.aborted } : {}),
    settings: { callTools: describePolicy(p.settings.callTools).replace('--call-tools ', ''), fuzz: p.settings.fuzz.enabled, seed: p.settings.fuzz.seed, fuzzRuns: p.settings.fuzz.runs },
    pace: p.pace.summary(),
    results,
    summary: summarize(results),
  };
}

export function summarize(results: readonly CheckResult[]): RunReport['summary'] {
  const summary = { pass: 0, fail: 0, warn: 0, skip: 0, error: 0 };
  for (const r of results) summary[r.status]++;
  return summary;
}
