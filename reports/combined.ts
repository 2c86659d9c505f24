// The combined report of a multi-target run (a config file with several targets, or shards
// merged by `merge-reports`): one RunReport per target, plus the matrix target x revision x
// area that the combined HTML, Markdown and JSON render. report.json of each target stays the
// source of truth; this only gathers them.
import type { Status } from '../harness/checks/check.js';
import type { RunReport } from '../harness/checks/result.js';

export const COMBINED_REPORT_VERSION = 1;

export interface CombinedTarget {
  /** The target's name from the config file (unique within a run). */
  name: string;
  report: RunReport;
  /** Where this target's own reports were written, relative to the combined report's folder. */
  dir?: string;
  /** The exit code this target alone would have given. */
  exitCode: number;
}

export interface CombinedReport {
  combinedReportVersion: number;
  tool: { name: string; version: string };
  startedAt: string;
  durationMs: number;
  /** Set when these are the merged shards of a larger run: which shards are in it. */
  shards?: { index: number; count: number }[];
  targets: CombinedTarget[];
  summary: Record<Status, number>;
  /** The run's exit code over all targets (see the README's exit codes). */
  exitCode: number;
}
