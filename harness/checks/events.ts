// What the runner tells its listener while it works (the console renders these live).
import type { PaceCut } from '../pacing/pace.js';
import type { CheckResult, RevisionProbe, RunReport } from './result.js';

export interface RunListener {
  /** The probe of one revision finished. */
  revisionProbed?(probe: RevisionProbe): void;
  /** The checks of one revision (and transport) start; `total` is how many will run. */
  revisionStart?(revision: string, transport: string, total: number): void;
  /** The target fell behind: fewer checks run at once from now on, and why. */
  paceCut?(cut: PaceCut): void;
  /**
   * Checks whose verdict may have rested on a timeout are tried again alone, one by one, with
   * nothing else in flight (their results follow).
   */
  retrying?(count: number): void;
  /** One check finished. */
  checkDone?(result: CheckResult): void;
  /** The run finished (also after an abort); the report is complete. */
  runDone?(report: RunReport): void;
}
