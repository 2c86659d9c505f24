// Matrices of verdict counts: revision x area for one target, and target x revision x area
// for a combined run. A cell is "passed/total" with the other outcomes in small print,
// coloured by its worst news, linking to where its checks are listed.
import type { CheckResult } from '../../harness/checks/result.js';
import { areasOf, cellOf, countOf, toneOf, type Column } from '../model.js';
import { text } from './escape.js';

/** One cell; `href` is finished (escaped) attribute text. */
export function cell(list: readonly CheckResult[], href?: string, extraClass = ''): string {
  if (list.length === 0) return `<td class="t-empty${extraClass}">–</td>`;
  const c = countOf(list);
  const marks = (['fail', 'warn', 'skip', 'error'] as const).filter((s) => c[s]).map((s) => `${c[s]} ${s}`);
  const label = `${c.pass}/${list.length}${marks.length ? ` <small>(${marks.join(', ')})</small>` : ''}`;
  return `<td class="t-${toneOf(list)}${extraClass}">${href ? `<a href="${href}">${label}</a>` : label}</td>`;
}

/** Revision x area of one target; `link(area, column)` gives a cell's href. */
export function renderMatrix(results: readonly CheckResult[], columns: readonly Column[], link: (area: number, column: number) => string): string {
  const areas = areasOf(results);
  const head = `<tr><th>area</th>${columns.map((c) => `<th>${text(c.revision)}<br><small>${text(c.transport)}</small></th>`).join('')}</tr>`;
  const body = areas.map(
    (area, a) => `<tr><td><a href="#a${a}">${text(area)}</a></td>${columns.map((c, i) => cell(cellOf(results, area, c), link(a, i))).join('')}</tr>`,
  );
  const total = `<tr><th>total</th>${columns.map((c) => cell(cellOf(results, undefined, c))).join('')}</tr>`;
  return `<div class="scroll"><table class="matrix">${head}${body.join('')}${total}</table></div>`;
}
