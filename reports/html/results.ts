// "All checks": every result, by area and then revision, under the filters. What did not pass
// is listed in the open (its evidence a click away, a link to its card in "What broke"); the
// passing checks of each area are folded into one closed <details>.
import type { Level } from '../../harness/checks/check.js';
import type { CheckResult } from '../../harness/checks/result.js';
import { areasOf, cellOf, countOf, kindOf, labelOf, type Column } from '../model.js';
import { attr, safeHref, text } from './escape.js';
import { facts } from './evidence.js';
import { ruleHref } from './failures.js';
import { severityOf } from './rules.js';

const KINDS = ['pass', 'fail', 'warn', 'skip', 'error', 'expected-fail', 'stale'] as const;
const LEVELS: readonly Level[] = ['MUST', 'SHOULD', 'MAY'];

const folded = (r: CheckResult): boolean => r.status === 'pass' && r.baseline !== 'stale';

/** The id of the open group of an area at a column, or of its folded passing part. */
export const groupId = (area: number, column: number, passing = false): string => `g${area}-${column}${passing ? 'p' : ''}`;

/** Where a matrix cell links: its open group when something in it did not pass, else its fold. */
export function groupLink(results: readonly CheckResult[], columns: readonly Column[]): (area: number, column: number) => string {
  const areas = areasOf(results);
  return (a, i) => {
    const column = columns[i] as Column;
    const list = cellOf(results as CheckResult[], areas[a], column);
    return `#${groupId(a, i, list.every(folded))}`;
  };
}

function row(r: CheckResult, column: Column): string {
  const kind = kindOf(r);
  const href = safeHref(r.spec);
  const spec = href ? `<a href="${href}" rel="noreferrer">spec</a>` : `<span class="why">${text(r.spec, 300)}</span>`;
  const skipWhy = r.status === 'skip' ? ` <span class="why">${r.skipCode ? `<code class="skip-code">${text(r.skipCode)}</code> ` : ''}${text(r.reason ?? '', 300)}</span>` : '';
  const data = `data-kind="${attr(kind)}" data-level="${attr(r.level)}" data-rev="${attr(column.key)}" data-area="${attr(r.area)}"`;
  const head =
    `<div class="h"><span class="b k-${attr(kind)}">${text(labelOf(r))}</span><span class="lv">${text(r.level)}</span>` +
    `<code class="id">${text(r.id)}</code><span>${text(r.title, 400)}</span>${spec}<span class="dur">${Number(r.durationMs)} ms</span>${skipWhy}</div>`;
  if (r.status === 'skip' || (r.status === 'pass' && !r.reason && !r.baseline)) return `<div class="r" ${data}>${head}</div>`;
  const card = severityOf(r) ? `<p><a href="${ruleHref(r.id)}">This rule in What broke: every revision, the exchange as a chart, the raw frames</a></p>` : '';
  const evidence = facts(r) + card;
  return `<div class="r" ${data}>${head}${evidence ? `<details><summary>${r.status === 'pass' ? 'Details' : 'Evidence'}</summary>${evidence}</details>` : ''}</div>`;
}

function filters(areas: readonly string[], columns: readonly Column[]): string {
  const box = (name: string, value: string) => `<label><input type="checkbox" name="${name}" value="${attr(value)}" checked> ${text(value)}</label>`;
  const option = (value: string) => `<option value="${attr(value)}">${text(value)}</option>`;
  return (
    '<form id="filters" hidden>' +
    `<fieldset><legend>status</legend>${KINDS.map((k) => box('kind', k)).join('')}</fieldset>` +
    `<fieldset><legend>level</legend>${LEVELS.map((l) => box('level', l)).join('')}</fieldset>` +
    `<label>revision <select name="rev"><option value="">all</option>${columns.map((c) => option(c.key)).join('')}</select></label>` +
    `<label>area <select name="area"><option value="">all</option>${areas.map(option).join('')}</select></label>` +
    '<label>search <input type="search" name="q" placeholder="id, title, evidence…"></label>' +
    '<output id="shown"></output></form>'
  );
}

function group(id: string, heading: string, list: readonly CheckResult[], column: Column): string {
  return `<div class="g" id="${id}"><h4>${heading}</h4>${list.map((r) => row(r, column)).join('')}</div>`;
}

/** The list of all checks, with its filter form (shown by the script). */
export function renderResults(results: readonly CheckResult[], columns: readonly Column[]): string {
  const areas = areasOf(results);
  const sections = areas.map((area, a) => {
    const open: string[] = [];
    const passing: string[] = [];
    let passed = 0;
    columns.forEach((column, i) => {
      const mine = cellOf(results as CheckResult[], area, column);
      if (mine.length === 0) return;
      const heading = `${text(area)} at ${text(column.key)} <small>${countOf(mine).pass}/${mine.length} passed</small>`;
      const shown = mine.filter((r) => !folded(r));
      const hidden = mine.filter(folded);
      passed += hidden.length;
      if (shown.length) open.push(group(groupId(a, i), heading, shown, column));
      if (hidden.length) passing.push(group(groupId(a, i, true), `${text(column.key)}`, hidden, column));
    });
    const fold = passing.length ? `<details class="fold"><summary>${passed} passed ${passed === 1 ? 'check' : 'checks'}</summary>${passing.join('')}</details>` : '';
    const all = results.filter((r) => r.area === area);
    return `<section class="g" id="a${a}"><h3>${text(area)} <small>${countOf(all).pass}/${all.length} passed</small></h3>${open.join('')}${fold}</section>`;
  });
  const body = results.length ? sections.join('\n') : '<p class="note">No check ran.</p>';
  return `<section id="checks"><h2>All checks</h2>${filters(areas, columns)}${body}</section>`;
}
