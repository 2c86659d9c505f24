// Observations about a run that are no finding but that a reader wants to know: answers that
// took seconds to read (no rule limits a message's size, but every check that needs them waits).
// One sentence each, rendered alike by the console, HTML and Markdown reports.
import type { RunReport } from '../harness/checks/result.js';

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function runNotes(report: RunReport): string[] {
  return (report.pace?.slowReads ?? []).map(
    (r) => `${r.method}: ${r.count === 1 ? 'an answer' : `${r.count} answers`} took a second or more to read, up to ${(r.slowestMs / 1000).toFixed(1)} s, the largest ${mb(r.largestBytes)}. An observation, not a finding: no rule limits a message's size`,
  );
}
