// The evidence of one result as text: expected against actual, the reason, what the baseline
// made of it, and the raw wire frames. Big frames are cut with a note and a page-wide budget
// bounds the frames shown, so the file stays small however noisy the target.
import type { CheckResult } from '../../harness/checks/result.js';
import type { WireEntry } from '../../harness/wire-log.js';
import { block, text } from './escape.js';

const LIMITS = { frame: 1200, frames: 24, evidence: 2000 };
const ARROW: Record<WireEntry['dir'], string> = { out: '→', in: '←', event: '·' };

/** What is left of the page's allowance for wire excerpts (charts and raw frames), in characters. */
export interface Budget {
  wire: number;
}

export const newBudget = (): Budget => ({ wire: 320_000 });

function frame(e: WireEntry): string {
  const raw = String(e.text);
  const cut = raw.length > LIMITS.frame;
  const shown = cut ? raw.slice(0, LIMITS.frame) : raw;
  const note = cut ? ` <span class="note">… ${raw.length - LIMITS.frame} more characters not shown (full frame in report.json)</span>` : '';
  return `#${Number(e.seq)} +${Number(e.t)}ms ${ARROW[e.dir] ?? '?'} ${text(String(e.conn), 80)}  ${text(shown, LIMITS.frame)}${note}`;
}

/** The frames as lines of text (the first and last dozen of a long excerpt). */
export function rawFrames(entries: readonly WireEntry[], budget: Budget): string {
  if (budget.wire <= 0) return '<p class="note">Wire excerpt left out to keep this file small; it is in report.json.</p>';
  const half = LIMITS.frames / 2;
  const cut = entries.length > LIMITS.frames;
  const shown = cut ? [...entries.slice(0, half), undefined, ...entries.slice(-half)] : entries;
  const lines = shown.map((e) => (e ? frame(e) : `<span class="note">… ${entries.length - LIMITS.frames} entries not shown (all in report.json)</span>`));
  const html = lines.join('\n');
  budget.wire -= html.length;
  return `<pre>${html}</pre>`;
}

/** Expected, actual, reason and the baseline's verdict as a definition list ('' when none). */
export function facts(r: CheckResult): string {
  const items: string[] = [];
  const item = (label: string, value: string) => items.push(`<dt>${label}</dt><dd><pre>${block(value, LIMITS.evidence)}</pre></dd>`);
  if (r.expected !== undefined) item('Expected', r.expected);
  if (r.actual !== undefined) item('Actual', r.actual);
  if (r.reason !== undefined) item(r.status === 'error' ? 'Harness error' : r.status === 'pass' ? 'Note' : 'Reason', r.reason);
  if (r.baseline === 'expected-fail') items.push('<dt>Baseline</dt><dd>listed as a known failure: does not fail the run</dd>');
  if (r.baseline === 'stale') items.push('<dt>Baseline</dt><dd>listed as a known failure but now passes: delete it from the baseline</dd>');
  return items.length ? `<dl>${items.join('')}</dl>` : '';
}
