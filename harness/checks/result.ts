// The one result model every report renders. report.json is this, serialized; its JSON
// Schema is reports/report.schema.json (bump REPORT_VERSION on any breaking change).
import type { Level, Side, Status } from './check.js';
import type { WireEntry } from '../wire-log.js';
import type { PaceSummary } from '../pacing/pace.js';
import type { SkipCode } from './skip.js';
import type { OAuthSummary } from '../oauth/types.js';

export const REPORT_VERSION = 1;

export interface CheckResult {
  id: string;
  title: string;
  /** The part of the id before the first dot. */
  area: string;
  /** The side of the check; 'authorization-server': an OAuth AS (the `authorization` command). */
  side: Side | 'authorization-server';
  level: Level;
  /** Full spec section URL for the revision tested. */
  spec: string;
  /** The spec sentence the check enforces, verbatim. */
  requirement?: string;
  /** One line on how to fix a failure, where the remedy is well known. */
  fix?: string;
  revision: string;
  transport: string;
  status: Status;
  /** Why it was skipped or errored, a note on a warn/fail, or what a pass used (e.g. which tool). */
  reason?: string;
  /** A skip's kind (checks/skip.ts); `reason` is its detail. */
  skipCode?: SkipCode;
  expected?: string;
  actual?: string;
  /** The wire excerpt that shows it (non-pass results only). */
  wire?: WireEntry[];
  durationMs: number;
  /**
   * Set when the first attempt's verdict may have rested on a timeout and the check was tried
   * again alone: what that first attempt came to (the result is the second attempt's).
   */
  firstAttempt?: { status: Status; detail: string; durationMs: number };
  /**
   * Set by --baseline, never by a check: `expected-fail` for a listed failure (it keeps its
   * status and does not fail the run), `stale` for a listed check that now passes.
   */
  baseline?: 'expected-fail' | 'stale';
}

export interface RevisionProbe {
  revision: string;
  /**
   * accepted: the target speaks this revision (legacy: answered initialize with this exact
   * version; modern: served a request made at it). not-supported: the target does not offer it.
   */
  status: 'accepted' | 'not-supported' | 'not-tested' | 'unreachable';
  /** The era it was tested in: legacy (initialize handshake) or modern (per-request _meta). */
  era?: 'legacy' | 'modern';
  /** What the server answered instead, or why it could not be reached. */
  detail?: string;
}

/** What probing learned about the eras a target speaks (2026-07-28 basic/versioning). */
export interface EraClassification {
  classification: 'legacy-only' | 'modern-only' | 'dual-era' | 'none';
  /** One sentence: what answered how. */
  detail: string;
}

export interface RunReport {
  reportVersion: number;
  /** What was tested: a server (default) or a client against scripted servers. */
  side?: 'server' | 'client' | 'authorization-server';
  eras?: EraClassification;
  tool: { name: string; version: string };
  target: { kind: 'stdio' | 'http'; command?: string; url?: string; transport: string };
  startedAt: string;
  durationMs: number;
  revisions: RevisionProbe[];
  /** Server identity as it introduced itself (serverInfo of the newest accepted revision). */
  serverInfo?: Record<string, unknown>;
  /** Server stderr, capped (stdio only). */
  stderr?: string;
  /** The choices that shaped the run; `seed` replays the fuzzing (--seed). */
  settings?: { callTools: string; fuzz: boolean; seed: number; fuzzRuns: number };
  /** How the target was paced: its measured start and answer times, the window, the cuts. */
  pace?: PaceSummary;
  /** Set when the run ended early: the user pressed Ctrl-C, the target was unreachable. */
  aborted?: string;
  /** --baseline: the file and its entries that now pass (they fail the run). */
  baseline?: { file: string; stale: string[]; expectedFail: number };
  /** --fail-on: which level of broken rule fails the run. */
  failOn?: 'must' | 'should' | 'none';
  /** --oauth: how the tokens were had and renewed (never a token or secret). */
  oauth?: OAuthSummary;
  results: CheckResult[];
  summary: Record<Status, number>;
}
