// JUnit XML for CI test reporters (GitHub, GitLab, Jenkins): one <testsuite> per revision x
// area, one <testcase> per check (name = check id, classname = area). It agrees with the exit
// code: a failure that fails the run is a <failure>; skips and failures the baseline expects
// are <skipped> with the reason; a warning passes and says so in <system-out> (a <failure>
// with --fail-on should); a stale baseline entry is a <failure>; a harness error is an <error>.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CheckResult, RunReport } from '../harness/checks/result.js';
import type { WireEntry } from '../harness/wire-log.js';
import { areasOf, cellOf, columnsOf, failsRun, targetOf, type FailOn, skipLabel } from './model.js';
import { clip, unsafe } from './terminal.js';

const LIMITS = { message: 500, body: 4000, frame: 1000, frames: 20 };
const ARROW: Record<WireEntry['dir'], string> = { out: '->', in: '<-', event: '..' };

/**
 * XML 1.0 text: the five markup characters as entities, and every character XML forbids
 * (controls other than tab and newline, lone surrogates, U+FFFE/U+FFFF) as a visible escape,
 * so no frame from the target can make the file unparsable. `\r` is escaped too (parsers
 * would turn it into a newline), and so are bidi overrides (they reorder what is read).
 */
export function xml(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    const legal = code === 0x09 || code === 0x0a || (code >= 0x20 && code < 0xd800) || (code >= 0xe000 && code < 0xfffe) || code > 0xffff;
    // Also what could hide or reorder text in a CI page: C1 controls, bidi overrides.
    const allowed = legal && (code === 0x09 || code === 0x0a || !unsafe(code));
    if (!allowed) out += code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
    else if (ch === '&') out += '&amp;';
    else if (ch === '<') out += '&lt;';
    else if (ch === '>') out += '&gt;';
    else if (ch === '"') out += '&quot;';
    else if (ch === "'") out += '&apos;';
    else out += ch;
  }
  return out;
}

/** An attribute value: one line (newlines and tabs would be normalised away by parsers). */
const attr = (value: string, max = LIMITS.message): string => xml(clip(value, max).replace(/[\n\t]/g, ' '));
const time = (ms: number): string => (ms / 1000).toFixed(3);

function wireText(entries: WireEntry[]): string {
  const half = LIMITS.frames / 2;
  const cut = entries.length > LIMITS.frames;
  const shown = cut ? [...entries.slice(0, half), undefined, ...entries.slice(-half)] : entries;
  return shown
    .map((e) => (e ? `  #${e.seq} +${e.t}ms ${ARROW[e.dir] ?? '?'} ${e.conn}  ${clip(e.text, LIMITS.frame)}` : `  ... ${entries.length - LIMITS.frames} entries not shown (see report.json)`))
    .join('\n');
}

/** The readable body of a non-pass: requirement, evidence and wire excerpt. */
function details(r: CheckResult): string {
  const lines = [`${r.title}`, `Requirement: ${r.level} ${r.spec}`, `Revision: ${r.revision} (${r.transport})`];
  if (r.expected !== undefined) lines.push(`Expected: ${clip(r.expected, LIMITS.body)}`);
  if (r.actual !== undefined) lines.push(`Actual: ${clip(r.actual, LIMITS.body)}`);
  if (r.reason !== undefined) lines.push(`${r.status === 'error' ? 'Harness error' : 'Reason'}: ${clip(r.reason, LIMITS.body)}`);
  if (r.wire?.length) lines.push('Wire:', wireText(r.wire));
  return xml(lines.join('\n'));
}

const oneLine = (r: CheckResult): string =>
  r.expected !== undefined ? `expected ${r.expected}; actual ${r.actual ?? ''}` : (r.reason ?? r.title);

function testcase(r: CheckResult, failOn: FailOn): string {
  const open = `<testcase name="${attr(r.id, 200)}" classname="${attr(r.area, 200)}" time="${time(r.durationMs)}">`;
  let inner = '';
  if (r.baseline === 'stale') {
    inner = `<failure message="${attr(`stale baseline entry: ${r.id} now passes; delete it from the baseline`)}" type="stale-baseline">${details(r)}</failure>`;
  } else if (r.baseline === 'expected-fail') {
    inner = `<skipped message="${attr(`expected ${r.status} (listed in the baseline): ${oneLine(r)}`)}"/><system-out>${details(r)}</system-out>`;
  } else if (r.status === 'error') {
    inner = `<error message="${attr(`the harness could not decide: ${r.reason ?? ''}`)}" type="harness-error">${details(r)}</error>`;
  } else if (failsRun(r, failOn)) {
    inner = `<failure message="${attr(oneLine(r))}" type="${attr(r.level)}">${details(r)}</failure>`;
  } else if (r.status === 'warn') {
    inner = `<system-out>${xml(`WARNING (${r.level}; does not fail the run): `)}${details(r)}</system-out>`;
  } else if (r.status === 'fail') {
    inner = `<system-out>${xml('FAILED (not failing the run: --fail-on none): ')}${details(r)}</system-out>`;
  } else if (r.status === 'skip') {
    inner = `<skipped message="${attr(skipLabel(r))}"/>`;
  }
  return inner ? `    ${open}\n      ${inner}\n    </testcase>` : `    ${open}</testcase>`;
}

interface Tally {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
  ms: number;
}

function tally(results: CheckResult[], failOn: FailOn): Tally {
  return {
    tests: results.length,
    failures: results.filter((r) => r.baseline === 'stale' || (r.status !== 'error' && failsRun(r, failOn))).length,
    errors: results.filter((r) => r.status === 'error' && !r.baseline).length,
    skipped: results.filter((r) => r.baseline === 'expected-fail' || (r.status === 'skip' && !r.baseline)).length,
    ms: results.reduce((sum, r) => sum + r.durationMs, 0),
  };
}

const counts = (t: Tally): string => `tests="${t.tests}" failures="${t.failures}" errors="${t.errors}" skipped="${t.skipped}" time="${time(t.ms)}"`;

export function renderJunit(report: RunReport, failOn: FailOn = report.failOn ?? 'must'): string {
  const results = report.results;
  const suites: string[] = [];
  let id = 0;
  for (const column of columnsOf(results)) {
    for (const area of areasOf(results)) {
      const mine = cellOf(results, area, column);
      if (mine.length === 0) continue;
      const props = [
        ['revision', column.revision],
        ['transport', column.transport],
        ['target', targetOf(report)],
      ]
        .map(([name, value]) => `      <property name="${attr(name ?? '')}" value="${attr(value ?? '', 300)}"/>`)
        .join('\n');
      suites.push(
        `  <testsuite name="${attr(`${area} @ ${column.key}`)}" id="${id++}" package="${attr(area)}" ${counts(tally(mine, failOn))} timestamp="${attr(report.startedAt.replace(/\.\d+Z$/, ''))}" hostname="localhost">\n` +
          `    <properties>\n${props}\n    </properties>\n${mine.map((r) => testcase(r, failOn)).join('\n')}\n  </testsuite>`,
      );
    }
  }
  const total = tally(results, failOn);
  if (report.aborted) {
    // A cut-short run says why as a test of its own, so CI shows it instead of "0 tests".
    const message = attr(`the run was cut short: ${report.aborted}`);
    suites.push(
      `  <testsuite name="run" id="${id}" package="mcp-conformance" tests="1" failures="0" errors="1" skipped="0" time="${time(report.durationMs)}">\n` +
        `    <testcase name="run" classname="mcp-conformance" time="${time(report.durationMs)}">\n      <error message="${message}" type="aborted">${xml(report.aborted)}</error>\n    </testcase>\n  </testsuite>`,
    );
    total.tests++;
    total.errors++;
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="mcp-conformance" ${counts(total)}>\n${suites.join('\n')}\n</testsuites>\n`;
}

/** Write `<outDir>/junit.xml` (creating the folder) and return its path. */
export async function writeJunitReport(report: RunReport, outDir: string, failOn?: FailOn): Promise<string> {
  await mkdir(outDir, { recursive: true });
  const path = join(outDir, 'junit.xml');
  await writeFile(path, renderJunit(report, failOn), 'utf8');
  return path;
}
