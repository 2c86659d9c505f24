// The console of a multi-target run: one line per target as it finishes, then the verdict
// over all of them. Target strings go through show(): a hostile server must not rewrite the
// terminal.
import type { CombinedReport, CombinedTarget } from './combined.js';
import { verdictOf, type TargetVerdict } from './combined-model.js';
import { seconds } from './model.js';
import { paint, show } from './terminal.js';

const MARK: Record<TargetVerdict, string> = { passed: '✓', failed: '✗', unreachable: '✗', interrupted: '⏹', untested: '∅' };

export function targetLine(t: CombinedTarget, color: boolean, nameWidth = 0): string {
  const p = paint(color);
  const verdict = verdictOf(t.exitCode);
  const mark = verdict === 'passed' ? p.green(MARK[verdict]) : p.red(MARK[verdict]);
  const name = p.bold(show(t.name, 64).padEnd(nameWidth));
  const r = t.report;
  if (verdict === 'unreachable' || verdict === 'interrupted') {
    return `${mark} ${name}  ${verdict}: ${show(r.aborted ?? 'cut short', 300)}`;
  }
  const s = r.summary;
  const revisions = r.revisions.filter((x) => x.status === 'accepted').map((x) => x.revision);
  const counts = `${s.pass} passed, ${s.fail} failed, ${s.warn} warnings, ${s.skip} skipped, ${s.error} errors`;
  return `${mark} ${name}  ${verdict}  ${counts}  [${show(revisions.join(', ') || 'no revision', 120)}] ${p.dim(seconds(r.durationMs))}`;
}

export function verdictLine(report: CombinedReport, color: boolean): string {
  const p = paint(color);
  const by = (v: TargetVerdict) => report.targets.filter((t) => verdictOf(t.exitCode) === v).length;
  const parts = [`${by('passed')} passed`, `${by('failed')} failed`, `${by('unreachable')} unreachable`];
  if (by('interrupted')) parts.push(`${by('interrupted')} interrupted`);
  const n = report.targets.length;
  const text = `${n} target${n === 1 ? '' : 's'}: ${parts.join(', ')} in ${seconds(report.durationMs)} (exit ${report.exitCode})`;
  return report.exitCode === 0 ? p.green(text) : p.red(text);
}
