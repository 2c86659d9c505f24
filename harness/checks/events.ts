// What the runner tells its listener while it works (the console renders these live).
import type { CheckResult, RevisionProbe, RunReport } from './result.js';

export interface RunListener {
  /** The probe of one revision finished. */
  revisionProbed?(probe: RevisionProbe): void;
  /** The checks of one revision (and transport) start; `total` is how many will run. */
  revisionStart?(revision: string, transport: string, total: number): void;
  /** One check finished. */
  checkDone?(result: CheckResult): void;
  /** The run finished (also after an abort); the report is complete. */
  runDone?(report: RunReport): void;
}
