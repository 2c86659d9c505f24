// The combined HTML report of a multi-target run (combined/report.html): what broke over all
// targets, rule by rule, with the targets and revisions where it broke; the matrix target x
// revision x area, each cell linking to that target's own report.html; and the per-target
// summary with exit codes. Same page shell as a single report: self-contained, no request,
// no script, everything from the targets and the config escaped.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CheckResult } from '../../harness/checks/result.js';
import type { CombinedReport, CombinedTarget } from '../combined.js';
import { areasOf, countOf, seconds, serverOf, targetOf } from '../model.js';
import { newestAccepted, ratio } from './compliance.js';
import { safeHref, text } from './escape.js';
import { headline, ruleHref } from './failures.js';
import { cell } from './matrix.js';
import { renderPage } from './page.js';
import { brokenRules, type BrokenRule, type Severity } from './rules.js';
import { countLine, verdictOf } from './summary.js';

const BADGE: Record<Severity, string> = { fail: 'k-fail', error: 'k-error', warn: 'k-warn', expected: 'k-expected' };

/** The href of a target's own report (its folder as given, each segment URL-encoded), if written. */
export function targetHref(target: CombinedTarget, fragment = ''): string | undefined {
  if (target.dir === undefined) return undefined;
  const dir = target.dir.replace(/\\/g, '/').replace(/\/+$/, '');
  const path = dir.split('/').map(encodeURIComponent).join('/');
  return `${path ? `${path}/` : ''}report.html${fragment}`;
}

const targetName = (t: CombinedTarget, fragment = ''): string => {
  const href = targetHref(t, fragment);
  return href ? `<a href="${href}">${text(t.name, 120)}</a>` : text(t.name, 120);
};

function card(rule: BrokenRule, owner: ReadonlyMap<CheckResult, CombinedTarget>, targets: readonly CombinedTarget[]): string {
  const first = rule.results[0] as CheckResult;
  const places = targets
    .map((t) => {
      const mine = rule.results.filter((r) => owner.get(r) === t);
      if (mine.length === 0) return '';
      const note = (r: CheckResult) => (r.baseline === 'expected-fail' ? ' (expected)' : r.status !== first.status ? ` (${text(r.status)})` : '');
      return `<li>${targetName(t, ruleHref(rule.id))}: ${mine.map((r) => `${text(r.revision)}${note(r)}`).join(', ')}</li>`;
    })
    .join('');
  const href = safeHref(first.spec);
  const spec = href ? ` <a href="${href}" rel="noreferrer">spec</a>` : '';
  const quote = first.requirement ? `<blockquote class="req">“${text(first.requirement, 1500)}”${spec}</blockquote>` : '';
  const fix = first.fix ? `<p class="fix"><strong>How to fix:</strong> ${text(first.fix, 600)}</p>` : '';
  return (
    `<article class="rule s-${rule.severity}"><header><span class="b ${BADGE[rule.severity]}">${rule.severity}</span>` +
    `<span class="lv">${text(rule.level)}</span><code class="id">${text(rule.id, 200)}</code><strong class="title">${text(first.title, 400)}</strong>` +
    `${quote ? '' : spec}</header>${quote}${fix}<ul class="where">${places}</ul></article>`
  );
}

function failures(report: CombinedReport): string {
  const owner = new Map<CheckResult, CombinedTarget>();
  for (const t of report.targets) for (const r of t.report.results) owner.set(r, t);
  const rules = brokenRules(report.targets.flatMap((t) => t.report.results));
  const stale = report.targets.filter((t) => t.report.baseline?.stale.length);
  const staleCount = stale.reduce((n, t) => n + (t.report.baseline?.stale.length ?? 0), 0);
  if (rules.length === 0 && staleCount === 0) return '<section id="failures"><h2>What broke</h2><p class="ok">Nothing broke on any target.</p></section>';
  const cards = rules.map((rule) => card(rule, owner, report.targets));
  const staleCard = stale.length
    ? `<article class="rule s-stale"><header><span class="b k-stale">stale</span><strong class="title">Baseline entries passing now: delete them</strong></header><ul class="where">${stale
        .map((t) => `<li>${targetName(t)}: ${(t.report.baseline?.stale ?? []).map((s) => `<code>${text(s, 200)}</code>`).join(', ')}</li>`)
        .join('')}</ul></article>`
    : '';
  // Stale entries fail the run: after failures and errors, before warnings.
  const urgent = rules.filter((r) => r.severity === 'fail' || r.severity === 'error').length;
  cards.splice(urgent, 0, staleCard);
  return `<section id="failures"><h2>What broke <small>${headline(rules, staleCount)}</small></h2>${cards.join('')}</section>`;
}

function matrix(report: CombinedReport): string {
  const revisions = [...new Set(report.targets.flatMap((t) => t.report.results.map((r) => r.revision)))].sort();
  const at = (list: readonly CheckResult[], revision: string) => list.filter((r) => r.revision === revision);
  const rows = report.targets.map((t) => {
    const results = t.report.results;
    const offered = new Map(t.report.revisions.map((p) => [p.revision, p.status]));
    const total = (rev: string) => {
      const list = at(results, rev);
      if (list.length === 0 && offered.get(rev) === 'not-supported') return '<td class="t-empty">not offered</td>';
      return cell(list, list.length ? targetHref(t) : undefined);
    };
    const head = `<tr class="target"><th>${targetName(t)}</th>${revisions.map(total).join('')}</tr>`;
    const areas = areasOf(results).map(
      (area, a) =>
        `<tr><td class="area">${text(area)}</td>${revisions.map((rev) => {
          const list = at(results, rev).filter((r) => r.area === area);
          return cell(list, list.length ? targetHref(t, `#a${a}`) : undefined);
        }).join('')}</tr>`,
    );
    return head + areas.join('');
  });
  return `<div class="scroll"><table class="matrix"><tr><th>target / area</th>${revisions.map((r) => `<th>${text(r)}</th>`).join('')}</tr>${rows.join('')}</table></div>`;
}

function targets(report: CombinedReport): string {
  const rows = report.targets.map((t) => {
    const newest = newestAccepted(t.report);
    const c = countOf(t.report.results);
    const must = newest ? `${ratio(newest.must)} at ${text(newest.revision)}` : '–';
    const mustTone = newest && newest.must.applicable ? (newest.must.passed === newest.must.applicable ? 't-good' : 't-bad') : 't-empty';
    const server = serverOf(t.report);
    return (
      `<tr><td>${targetName(t)}</td><td><code>${text(targetOf(t.report), 160)}</code>${server ? `<br><span class="why">${text(server, 120)}</span>` : ''}</td>` +
      `<td class="${mustTone}">${must}</td><td>${countLine(c)}</td><td class="${t.exitCode === 0 ? 't-good' : 't-bad'}">${Number(t.exitCode)}</td></tr>`
    );
  });
  return (
    '<div class="scroll"><table class="targets"><tr><th>target</th><th>where</th><th title="MUST checks passed / applicable at the newest revision the target accepted">MUST</th><th>results</th><th>exit code</th></tr>' +
    `${rows.join('')}</table></div>`
  );
}

export function renderCombinedHtml(report: CombinedReport): string {
  const [tone, words] = verdictOf(report.exitCode);
  const shards = report.shards?.length ? `<span>shards ${report.shards.map((s) => `${Number(s.index)}/${Number(s.count)}`).join(', ')}</span>` : '';
  const title = `MCP conformance: ${report.targets.length} targets`;
  const top =
    `<header id="top"><h1>${text(title)}</h1><p class="top"><span class="verdict ${tone}">${words}</span><span>exit code ${Number(report.exitCode)}</span>` +
    `<span>${countLine(report.summary)}</span><span>${text(report.tool.name)} ${text(report.tool.version)}</span>` +
    `<span>${text(report.startedAt)}, ${seconds(report.durationMs)}</span>${shards}</p></header>`;
  const body = [
    top,
    failures(report),
    `<section id="summary"><h2>Targets</h2>${targets(report)}<h3>Target × revision × area</h3>${matrix(report)}</section>`,
  ].join('\n');
  return renderPage({ title, body });
}

/** Write `<dir>/report.html` (creating the folder) and return its path. */
export async function writeCombinedHtml(report: CombinedReport, dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, 'report.html');
  await writeFile(path, renderCombinedHtml(report), 'utf8');
  return path;
}

