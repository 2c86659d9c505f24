// The console report: live progress while the run works, then a recap in h2spec's manner
// (each failure with its requirement, expected and actual) under an Autobahn-style legend.
// Every string that may come from the target goes through show()/safe(): a hostile server
// must not be able to move the cursor, clear the screen or hide lines.
import type { Status } from '../harness/checks/check.js';
import type { RunListener } from '../harness/checks/events.js';
import type { CheckResult, RevisionProbe, RunReport } from '../harness/checks/result.js';
import type { WireEntry } from '../harness/wire-log.js';
import { skipLabel } from './model.js';
import { runNotes } from './notes.js';
import { CLEAR_LINE, paint, safe, show, type Paint } from './terminal.js';

export interface ConsoleOptions {
  stream: NodeJS.WritableStream;
  /** The caller decides (TTY, NO_COLOR, --no-color); this module never guesses. */
  color: boolean;
  /** Add wire excerpts to each non-pass block and list every skip reason. */
  verbose?: boolean;
  /** Only failures, harness errors and the closing line. */
  quiet?: boolean;
  /** Live progress rewritten in place; otherwise one plain line per finished revision. */
  isTTY: boolean;
}

export type ConsoleReporter = RunListener & { finish(report: RunReport): void };

const MARK: Record<Status, string> = { pass: '✓', fail: '✗', warn: '⚠', skip: '∅', error: '!' };
const ARROW: Record<WireEntry['dir'], string> = { out: '→', in: '←', event: '·' };
/** Caps keep one noisy target from burying the rest of the recap. */
const EVIDENCE_CHARS = 500;
const WIRE_LINES = 16;
const WIRE_CHARS = 240;
const SKIP_REASONS = 6;
const INDENT = '    ';
/** Without a terminal to redraw, how often a line says how far the run has got. */
const HEARTBEAT_MS = 10_000;
const PLAIN = paint(false);

interface Progress {
  total: number;
  done: number;
  counts: Record<Status, number>;
  startedAt: number;
  finished: boolean;
}

function zero(): Record<Status, number> {
  return { pass: 0, fail: 0, warn: 0, skip: 0, error: 0 };
}

function countOf(results: CheckResult[]): Record<Status, number> {
  const counts = zero();
  for (const r of results) counts[r.status]++;
  return counts;
}

const keyOf = (revision: string, transport: string): string => safe(`${revision} ${transport}`);
const unique = (items: string[]): string[] => [...new Set(items)];

export function createConsoleReporter(opts: ConsoleOptions): ConsoleReporter {
  const p = paint(opts.color);
  const live = opts.isTTY && !opts.quiet;
  const progress = new Map<string, Progress>();
  /** The key whose uncommitted line is on screen (TTY only). */
  let liveKey: string | undefined;
  /** Whether an unterminated live line is on screen and must be cleared before printing. */
  let onScreen = false;

  const write = (text: string): void => {
    opts.stream.write(text);
  };
  const line = (text = ''): void => write(`${text}\n`);

  const tally = (c: Record<Status, number>, q = p): string => {
    const parts = [q.green(`✓${c.pass}`), q.red(`✗${c.fail}`), q.yellow(`⚠${c.warn}`), q.dim(`∅${c.skip}`)];
    if (c.error) parts.push(q.red(`!${c.error}`));
    return parts.join(' ');
  };

  const drawLive = (key: string): void => {
    const s = progress.get(key);
    if (!s) return;
    const text = (q: Paint): string => `${key}  ▸ ${s.done}/${s.total || '?'}  ${tally(s.counts, q)}`;
    // A wrapped line cannot be rewritten with \r; fall back to plain clipped text.
    const columns = (opts.stream as { columns?: number }).columns ?? 0;
    const plain = text(PLAIN);
    write(CLEAR_LINE + (columns > 1 && plain.length >= columns ? plain.slice(0, columns - 1) : text(p)));
    onScreen = true;
  };

  /** Print a whole line, keeping the live line (if any) below it. */
  const above = (text: string): void => {
    if (onScreen) write(CLEAR_LINE);
    onScreen = false;
    line(text);
    if (live && liveKey) drawLive(liveKey);
  };

  const commit = (key: string): void => {
    const s = progress.get(key);
    if (!s || s.finished) return;
    s.finished = true;
    const seconds = ((Date.now() - s.startedAt) / 1000).toFixed(1);
    const incomplete = s.total > 0 && s.done < s.total ? p.yellow('  (incomplete)') : '';
    const text = `${key}  ${s.done}/${s.total || s.done}  ${tally(s.counts)}  in ${seconds}s${incomplete}`;
    if (key === liveKey) liveKey = undefined;
    above(text);
    // Revisions may run in parallel: keep showing one that is still going.
    if (live && !liveKey) {
      liveKey = [...progress].find(([, other]) => !other.finished)?.[0];
      if (liveKey) drawLive(liveKey);
    }
  };

  const flush = (): void => {
    clearInterval(heartbeat);
    for (const key of progress.keys()) commit(key);
  };

  // Logs (CI) get no live line: on a long run, say every so often what is still running.
  const startedAt = Date.now();
  const heartbeat = setInterval(() => {
    const running = [...progress].filter(([, s]) => !s.finished);
    if (running.length === 0) return;
    const parts = running.map(([key, s]) => `${key} ${s.done}/${s.total || '?'}`);
    above(p.dim(`… ${parts.join(', ')} (${((Date.now() - startedAt) / 1000).toFixed(0)} s)`));
  }, HEARTBEAT_MS);
  heartbeat.unref();
  if (live || opts.quiet) clearInterval(heartbeat);

  const probeLine = (probe: RevisionProbe): string => {
    const rev = safe(probe.revision);
    const detail = probe.detail ? `: ${show(probe.detail, 200)}` : '';
    switch (probe.status) {
      case 'accepted':
        return `${rev} ${p.green('accepted')}`;
      case 'not-supported':
        return `${rev} ${p.yellow('not supported')}${detail}`;
      case 'not-tested':
        return `${rev} ${p.dim('not tested')}${detail}`;
      case 'unreachable':
        return `${rev} ${p.red('unreachable')}${detail}`;
    }
  };

  // --- the recap -------------------------------------------------------------------

  const header = (report: RunReport): void => {
    const where = report.target.command ?? report.target.url ?? '';
    line(p.bold(`${safe(report.tool.name)} ${safe(report.tool.version)}`) + `  ${show(where, 200)} (${safe(report.target.transport)})`);
    const info = report.serverInfo;
    if (info) {
      const named = typeof info.name === 'string';
      const text = named ? `${info.name}${typeof info.version === 'string' ? ` ${info.version}` : ''}` : JSON.stringify(info);
      line(`Server: ${show(text, 200)}`);
    }
    const o = report.oauth;
    if (o) {
      const renewed = `${o.authorizations} login(s), ${o.refreshes} refresh(es)${o.retried ? `, ${o.retried} request(s) sent again after 401 invalid_token` : ''}`;
      line(`OAuth: ${show(`${o.grant} from ${o.issuer} (client: ${o.client}); ${renewed}`, 300)}`);
      if (o.problem) line(p.yellow(`OAuth: ${show(o.problem, 300)}`));
    }
  };

  /** One matrix cell: passed/total plus the non-pass marks, toned by its worst status. */
  const cell = (results: CheckResult[]): { text: string; tone: (text: string) => string } => {
    if (results.length === 0) return { text: '-', tone: p.dim };
    const c = countOf(results);
    let text = `${c.pass}/${results.length}`;
    for (const status of ['fail', 'warn', 'skip', 'error'] as const) if (c[status]) text += ` ${MARK[status]}${c[status]}`;
    const tone = c.fail || c.error ? p.red : c.warn ? p.yellow : c.pass === results.length ? p.green : p.dim;
    return { text, tone };
  };

  /** The revision x area matrix, one column per revision and transport. */
  const table = (results: CheckResult[]): void => {
    if (results.length === 0) return;
    const cols = unique(results.map((r) => keyOf(r.revision, r.transport))).sort();
    const areas = unique(results.map((r) => safe(r.area)));
    // Each result's column and area worked out once (the cells of the matrix are many).
    const keyed = results.map((r) => ({ r, col: keyOf(r.revision, r.transport), area: safe(r.area) }));
    const pick = (area: string | undefined, col: string): CheckResult[] =>
      keyed.filter((k) => k.col === col && (area === undefined || k.area === area)).map((k) => k.r);
    const label = (text: string, tone = (t: string) => t) => ({ text, tone });
    const rows = [
      [label('area', p.bold), ...cols.map((col) => label(col, p.bold))],
      ...areas.map((area) => [label(area), ...cols.map((col) => cell(pick(area, col)))]),
      [label('total', p.bold), ...cols.map((col) => cell(pick(undefined, col)))],
    ];
    const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].text.length)));
    line();
    for (const row of rows) {
      // Pad outside the colour codes so columns line up with colour on.
      line(row.map(({ text, tone }, i) => tone(text) + ' '.repeat(widths[i] - text.length)).join('  ').trimEnd());
    }
    line(
      p.dim(
        `passed/total  ${MARK.fail} fail: a MUST broken  ${MARK.warn} warn: a SHOULD broken  ` +
          `${MARK.skip} skip: not applicable, not a pass  ${MARK.error} error: the harness could not decide`,
      ),
    );
  };

  const wire = (entries: WireEntry[]): void => {
    line(`${INDENT}Wire:`);
    const half = WIRE_LINES / 2;
    const cut = entries.length > WIRE_LINES;
    const shown = cut ? [...entries.slice(0, half), undefined, ...entries.slice(-half)] : entries;
    for (const e of shown) {
      if (!e) {
        line(p.dim(`${INDENT}  … ${entries.length - WIRE_LINES} entries not shown`));
        continue;
      }
      const arrow = e.dir === 'out' ? p.cyan(ARROW.out) : e.dir === 'event' ? p.dim(ARROW.event) : ARROW.in;
      line(`${INDENT}  ${p.dim(`#${e.seq} +${e.t}ms`)} ${arrow} ${safe(e.conn)}  ${show(e.text, WIRE_CHARS)}`);
    }
  };

  const block = (r: CheckResult): void => {
    const cap = opts.verbose ? 4 * EVIDENCE_CHARS : EVIDENCE_CHARS;
    const mark = r.status === 'warn' ? p.yellow(MARK.warn) : p.red(MARK[r.status]);
    line(`${mark} ${p.bold(safe(r.id))} [${safe(r.revision)} ${safe(r.transport)}] ${safe(r.title)}`);
    line(`${INDENT}Requirement: ${safe(r.level)} ${safe(r.spec)}`);
    if (r.expected !== undefined) line(`${INDENT}Expected: ${show(r.expected, cap)}`);
    if (r.actual !== undefined) line(`${INDENT}Actual: ${show(r.actual, cap)}`);
    if (r.reason) line(`${INDENT}${r.status === 'error' ? 'Harness error' : 'Reason'}: ${show(r.reason, cap)}`);
    if (opts.verbose && r.wire?.length) wire(r.wire);
  };

  const section = (title: string, results: CheckResult[]): void => {
    if (results.length === 0) return;
    line();
    line(p.bold(title));
    for (const r of results) block(r);
  };

  /** A skip is not a pass: say how many and why, grouped by reason. */
  const skips = (results: CheckResult[]): void => {
    const skipped = results.filter((r) => r.status === 'skip');
    if (skipped.length === 0) return;
    const byReason = new Map<string, number>();
    for (const r of skipped) byReason.set(skipLabel(r), (byReason.get(skipLabel(r)) ?? 0) + 1);
    const sorted = [...byReason].sort((a, b) => b[1] - a[1]);
    const listed = opts.verbose ? sorted : sorted.slice(0, SKIP_REASONS);
    const parts = listed.map(([reason, n]) => `${show(reason, 160)} ×${n}`);
    if (listed.length < sorted.length) parts.push(`${sorted.length - listed.length} more reasons (--verbose)`);
    line();
    line(p.dim(`skipped ${skipped.length} (reasons: ${parts.join('; ')})`));
  };

  /** Failures the baseline expects, one line each; its stale entries, which fail the run. */
  const baseline = (report: RunReport): void => {
    const expected = report.results.filter((r) => r.baseline === 'expected-fail' && r.status === 'fail');
    if (expected.length && !opts.quiet) {
      line();
      line(p.bold('Expected failures (listed in the baseline; they do not fail the run):'));
      for (const r of expected) line(`${p.dim(MARK.fail)} ${safe(r.id)} [${safe(r.revision)} ${safe(r.transport)}]`);
    }
    const stale = report.baseline?.stale ?? [];
    if (stale.length) {
      line();
      line(p.bold(p.red('Stale baseline entries (these pass now: delete them from the baseline):')));
      for (const entry of stale) line(`${p.green(MARK.pass)} ${safe(entry)}`);
    }
  };

  /** CI tooling parses the start of this line: keep `N passed, N failed` first and uncoloured. */
  const closing = (report: RunReport): string => {
    const s = { ...zero(), ...report.summary };
    const seconds = (report.durationMs / 1000).toFixed(1);
    const tail = report.aborted ? ' (aborted)' : '';
    const base = report.baseline ? `; baseline: ${report.baseline.expectedFail} expected failures, ${report.baseline.stale.length} stale` : '';
    return `${s.pass} passed, ${s.fail} failed, ${s.warn} warnings, ${s.skip} skipped, ${s.error} errors in ${seconds}s${tail}${base}`;
  };

  return {
    paceCut(cut) {
      if (!opts.quiet) above(p.yellow(`pace: ${cut.from} → ${cut.to} checks at once (${show(cut.why, 200)})`));
    },
    retrying(count) {
      if (!opts.quiet) above(p.dim(`trying ${count} check${count === 1 ? '' : 's'} again alone: ${count === 1 ? 'its' : 'their'} first verdict may have rested on a timeout`));
    },
    revisionProbed(probe) {
      if (!opts.quiet) above(probeLine(probe));
    },
    revisionStart(revision, transport, total) {
      if (opts.quiet) return;
      const key = keyOf(revision, transport);
      // Checks may finish before the total is known (the runner starts a revision early).
      const s = progress.get(key) ?? { total, done: 0, counts: zero(), startedAt: Date.now(), finished: false };
      s.total = total;
      progress.set(key, s);
      if (total === 0 || s.done >= total) return commit(key);
      if (live) {
        liveKey = key;
        drawLive(key);
      }
    },
    checkDone(result) {
      if (opts.quiet) return;
      const key = keyOf(result.revision, result.transport);
      let s = progress.get(key);
      if (!s) progress.set(key, (s = { total: 0, done: 0, counts: zero(), startedAt: Date.now(), finished: false }));
      s.done++;
      s.counts[result.status]++;
      // A late result (a target-scope check) after the line was committed is counted in the recap only.
      if (s.finished) return;
      if (s.total > 0 && s.done >= s.total) commit(key);
      else if (live) {
        liveKey = key;
        drawLive(key);
      }
    },
    runDone() {
      flush();
    },
    finish(report) {
      flush();
      const results = report.results;
      if (!opts.quiet) {
        line();
        header(report);
        table(results);
      }
      section('Failures:', results.filter((r) => r.status === 'fail' && r.baseline !== 'expected-fail'));
      baseline(report);
      section('Harness errors (the tool could not decide; not a verdict on the target):', results.filter((r) => r.status === 'error'));
      if (!opts.quiet) {
        section('Warnings:', results.filter((r) => r.status === 'warn'));
        skips(results);
      }
      if (!opts.quiet) for (const note of runNotes(report)) line(p.dim(`note: ${note}`));
      line();
      if (report.aborted) line(p.bold(p.red(`ABORTED: ${show(report.aborted, EVIDENCE_CHARS)}`)));
      line(closing(report));
    },
  };
}
