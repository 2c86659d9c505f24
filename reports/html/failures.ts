// "What broke", the block the page opens with: one card per rule (check id), failures first,
// then harness errors, stale baseline entries, warnings and the failures a baseline expects.
// A card says where the rule broke, quotes the spec sentence with its link, gives the one-line
// fix, and shows each distinct piece of evidence once: expected against actual, the exchange
// as a sequence chart, the raw frames a click away.
import type { CheckResult, RunReport } from '../../harness/checks/result.js';
import { labelOf, serverOf, type FailOn } from '../model.js';
import { renderChart, type ChartRoles } from './chart.js';
import { attr, safeHref, text } from './escape.js';
import { facts, rawFrames, type Budget } from './evidence.js';
import { brokenRules, variantsOf, whereOf, type BrokenRule, type Severity } from './rules.js';

const SECTIONS: Record<Severity, { title: string; note: (failOn: FailOn) => string; open: boolean }> = {
  fail: { title: 'Failures', note: () => 'MUST rules broken', open: true },
  error: { title: 'Harness errors', note: () => 'the tool could not reach a verdict: not a judgement on the target, but worth a look', open: true },
  warn: {
    title: 'Warnings',
    note: (failOn) => `SHOULD rules broken, or cases the spec leaves open${failOn === 'should' ? '; they fail the run (--fail-on should)' : ''}`,
    open: false,
  },
  expected: { title: 'Known failures', note: () => 'listed in the baseline: they do not fail the run', open: false },
};
const BADGE: Record<Severity, [string, string]> = {
  fail: ['k-fail', 'fail'],
  error: ['k-error', 'error'],
  warn: ['k-warn', 'warn'],
  expected: ['k-expected', 'expected'],
};

/** The anchor of a rule's card; links from the list of checks and the combined report point here. */
export const ruleAnchor = (id: string): string => `rule-${id}`;
export const ruleHref = (id: string): string => `#${encodeURIComponent(ruleAnchor(id))}`;

const places = (results: readonly CheckResult[]): string => results.map((r) => `<code>${text(whereOf(r), 120)}</code>`).join(', ');

/** Where it broke; the spec links too when no requirement is quoted to carry them. */
function where(rule: BrokenRule): string {
  const byLabel = variantsOf(rule.results, labelOf);
  const at = byLabel.length === 1 ? `Broke at ${places(rule.results)}` : byLabel.map((v) => `${text(v.value)} at ${places(v.results)}`).join('; ');
  const quoted = rule.results.some((r) => r.requirement);
  return `<p class="where">${at}${quoted ? '' : ` · ${specLinks(rule.results)}`}</p>`;
}

function specLinks(results: readonly CheckResult[]): string {
  const links = variantsOf(results, (r) => r.spec).map((v) => {
    const href = safeHref(v.value);
    const revisions = [...new Set(v.results.map((r) => r.revision))].join(', ');
    return href ? `<a href="${href}" rel="noreferrer">spec ${text(revisions, 200)}</a>` : `<span class="why">${text(v.value, 300)}</span>`;
  });
  return links.join(' · ');
}

function requirement(rule: BrokenRule): string {
  return variantsOf(rule.results, (r) => r.requirement).map((q) => `<blockquote class="req">“${text(q.value, 1500)}” ${specLinks(q.results)}</blockquote>`).join('');
}

function fix(rule: BrokenRule): string {
  return variantsOf(rule.results, (r) => r.fix)
    .map((f) => `<p class="fix"><strong>How to fix:</strong> ${text(f.value, 600)}</p>`)
    .join('');
}

function exchange(r: CheckResult, roles: ChartRoles, budget: Budget): string {
  if (!r.wire?.length) return '';
  let chart = '<p class="note">Chart left out to keep this file small; the frames are in report.json.</p>';
  if (budget.wire > 0) {
    chart = `<div class="chart">${renderChart(r.wire, roles)}</div>`;
    budget.wire -= chart.length;
  }
  return `${chart}<details class="frames"><summary>Raw frames (${r.wire.length})</summary>${rawFrames(r.wire, budget)}</details>`;
}

function card(rule: BrokenRule, roles: ChartRoles, budget: Budget): string {
  const first = rule.results[0] as CheckResult;
  const [badgeClass, badgeText] = BADGE[rule.severity];
  const header =
    `<header><span class="b ${badgeClass}">${badgeText}</span><span class="lv">${text(rule.level)}</span>` +
    `<code class="id">${text(rule.id, 200)}</code><strong class="title">${text(first.title, 400)}</strong></header>`;
  const many = rule.evidence.length > 1;
  const evidence = rule.evidence
    .map((g) => `<div class="ev">${many ? `<h4>At ${places(g.results)}</h4>` : ''}${facts(g.first)}${exchange(g.first, roles, budget)}</div>`)
    .join('');
  const body = SECTIONS[rule.severity].open ? evidence : `<details><summary>Evidence</summary>${evidence}</details>`;
  return `<article class="rule s-${rule.severity}" id="${attr(ruleAnchor(rule.id))}">${header}${where(rule)}${requirement(rule)}${fix(rule)}${body}</article>`;
}

function stale(report: RunReport): string {
  const entries = report.baseline?.stale ?? [];
  if (entries.length === 0) return '';
  const passing = variantsOf(
    report.results.filter((r) => r.baseline === 'stale'),
    (r) => r.id,
  ).map((v) => `<code>${text(v.value, 200)}</code> at ${places(v.results)}`);
  const file = text(report.baseline?.file ?? 'the baseline', 200);
  return (
    `<h3>Stale baseline entries (${entries.length}) <small>listed as known failures but passing now; they fail the run</small></h3>` +
    `<article class="rule s-stale"><p>Delete from <code>${file}</code>: ${entries.map((e) => `<code>${text(e, 200)}</code>`).join(', ')}</p>` +
    `${passing.length ? `<p class="where">Passing now: ${passing.join('; ')}</p>` : ''}</article>`
  );
}

/** "2 rules failed, 1 warning": the counts behind the heading of a failures block. */
export function headline(rules: readonly BrokenRule[], staleCount: number): string {
  const count = (s: Severity) => rules.filter((r) => r.severity === s).length;
  const parts = [
    [count('fail'), 'rule failed', 'rules failed'],
    [count('error'), 'harness error', 'harness errors'],
    [staleCount, 'stale baseline entry', 'stale baseline entries'],
    [count('warn'), 'warning', 'warnings'],
    [count('expected'), 'known failure', 'known failures'],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, one, many]) => `${n} ${n === 1 ? one : many}`)
    .join(', ');
}

/** The failures block; when nothing broke, one line that says so. */
export function renderFailures(report: RunReport, failOn: FailOn, budget: Budget): string {
  const rules = brokenRules(report.results);
  const staleCount = report.baseline?.stale.length ?? 0;
  const server = serverOf(report);
  const roles: ChartRoles = { side: (report.side ?? report.results[0]?.side) === 'client' ? 'client' : 'server', ...(server ? { targetName: server } : {}) };
  const decided = report.results.filter((r) => r.status !== 'skip').length;
  if (rules.length === 0 && staleCount === 0) {
    const what = report.results.length === 0 ? 'No check ran.' : `Nothing broke: all ${decided} checks that applied passed.`;
    return `<section id="failures"><h2>What broke</h2><p class="ok">${what}</p></section>`;
  }
  const blocks = (['fail', 'error', 'warn', 'expected'] as const).map((severity) => {
    const mine = rules.filter((r) => r.severity === severity);
    if (mine.length === 0) return '';
    const { title, note } = SECTIONS[severity];
    return `<h3>${title} (${mine.length}) <small>${text(note(failOn))}</small></h3>${mine.map((r) => card(r, roles, budget)).join('')}`;
  });
  // Stale entries fail the run: they come right after failures and errors.
  blocks.splice(2, 0, stale(report));
  return `<section id="failures"><h2>What broke <small>${headline(rules, staleCount)}</small></h2>${blocks.join('')}</section>`;
}
