// The pure parts of `npm run bench -- --vs <ref>` (scripts/bench/): its command line, the rows it
// picks, the order in which the two builds take turns, the medians and ratio of a row, the
// sentence for a flag an older build does not know, and the Markdown table. Nothing here builds
// another commit or times anything: that is the bench's own run, far too slow for `npm test`.
import { describe, expect, it } from 'vitest';
import { alternation, compareRow, ratio, renderComparison, summarizeBuild } from '../scripts/bench/compare.mjs';
import { parseBenchArgs } from '../scripts/bench/options.mjs';
import { buildFailure, refusal } from '../scripts/bench/complaints.mjs';
import { ROWS, selectRows } from '../scripts/bench/rows.mjs';
import { median } from '../scripts/bench/stats.mjs';

describe('bench command line', () => {
  it('runs everything three times by default, the official suite and fuzzing included', () => {
    expect(parseBenchArgs([])).toEqual({ runs: 3, rows: undefined, vs: undefined, official: true, fuzz: true, fuzzRuns: 1000, help: false });
  });

  it('turns the official suite and fuzzing off with --vs: they compare neither build', () => {
    const opts = parseBenchArgs(['--vs', 'HEAD~3', '--runs', '5']);
    expect(opts).toMatchObject({ vs: 'HEAD~3', runs: 5, official: false, fuzz: false });
  });

  it('takes rows from --rows and from its older spelling --server', () => {
    expect(parseBenchArgs(['--rows', 'reference-stdio, client-http']).rows).toEqual(['reference-stdio', 'client-http']);
    expect(parseBenchArgs(['--server', 'reference', '--rows', 'client']).rows).toEqual(['client', 'reference']);
  });

  it('refuses a run count that is not a whole number, an empty ref and an unknown flag', () => {
    for (const bad of ['0', '-1', '2.5', 'three']) expect(() => parseBenchArgs([`--runs=${bad}`])).toThrow(/--runs wants a whole number/);
    expect(() => parseBenchArgs(['--vs', ' '])).toThrow(/--vs wants a git ref/);
    expect(() => parseBenchArgs(['--official'])).toThrow(/Unknown option/);
  });
});

describe('bench rows', () => {
  it('has a stdio and an HTTP row for every server and for the reference client, with unique names', () => {
    const names = ROWS.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['reference-stdio', 'reference-http', 'client-stdio', 'client-http']));
    expect(ROWS.filter((r) => r.role === 'client').map((r) => r.transport)).toEqual(['stdio', 'http']);
  });

  it('tests the reference client with {server} over stdio and {url} over HTTP', () => {
    const client = ROWS.find((r) => r.name === 'client-stdio')?.client;
    expect(client?.stdio).toMatch(/dist\/reference\/client\/main\.js --server \{server\}$/);
    expect(client?.http).toMatch(/dist\/reference\/client\/main\.js \{url\}$/);
  });

  it('picks rows by name or by group, in the bench order, and names the ones it knows on a typo', () => {
    expect(selectRows(['client-http', 'reference-stdio']).map((r) => r.name)).toEqual(['reference-stdio', 'client-http']);
    expect(selectRows(['reference', 'client']).map((r) => r.name)).toEqual(['reference-stdio', 'reference-http', 'client-stdio', 'client-http']);
    expect(selectRows(undefined)).toEqual(ROWS);
    expect(() => selectRows(['refrence-stdio'])).toThrow(/unknown refrence-stdio \(rows: reference-stdio, .*groups: reference,/);
  });
});

describe('bench --vs: turns, medians, ratio', () => {
  it('alternates the two builds run by run, the other first', () => {
    expect(alternation(3)).toEqual(['other', 'this', 'other', 'this', 'other', 'this']);
    expect(alternation(1)).toEqual(['other', 'this']);
  });

  it('takes the median of odd and even counts, and none of nothing', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([1.234])).toBe(1.23);
    expect(median([])).toBeUndefined();
  });

  it('gives the ratio of this build over the other, only when both have a median', () => {
    expect(ratio(1.5, 2)).toBe(0.75);
    expect(ratio(2, 1.5)).toBe(1.33);
    expect(ratio(undefined, 2)).toBeUndefined();
    expect(ratio(2, undefined)).toBeUndefined();
  });

  it('sums up a build over the runs that gave a report, and keeps the failures apart', () => {
    const summary = summarizeBuild([{ seconds: 2, results: 380 }, { error: 'exit 1: boom' }, { seconds: 4, results: 381 }, { seconds: 3, results: 380 }]);
    expect(summary).toEqual({ runs: 3, medianSeconds: 3, allSeconds: [2, 4, 3], counts: [380, 381], errors: ['exit 1: boom'] });
  });

  it('keeps the CPU medians of the runs that measured them', () => {
    const summary = summarizeBuild([{ seconds: 2, results: 1, cpuSeconds: 1, allCpuSeconds: 3 }, { seconds: 3, results: 1, cpuSeconds: 2, allCpuSeconds: 5 }, { seconds: 4, results: 1 }]);
    expect(summary).toMatchObject({ medianSeconds: 3, medianCpuSeconds: 1.5, medianAllCpuSeconds: 4 });
  });

  it('says why a build was refused, and has no median for it', () => {
    const summary = summarizeBuild([{ error: "the other build's CLI does not know `client`", refused: true }]);
    expect(summary).toMatchObject({ runs: 0, medianSeconds: undefined, counts: [], errors: [], refused: "the other build's CLI does not know `client`" });
  });
});

describe('bench --vs: a flag the other build does not know', () => {
  const args = ['client', '--client', 'node c.js {url}', '--seed', '42', '--quiet', '--report', 'json', '--fail-on', 'none'];

  it('names the flag or the command its complaint calls unknown', () => {
    expect(refusal('other', args, 'mcp-conformance: unknown option --seed (see --help)\n')).toBe("the other build's CLI does not know `--seed` (it said: mcp-conformance: unknown option --seed (see --help))");
    expect(refusal('other', args, 'mcp-conformance: unexpected argument "client" (options start with --; see --help)')).toMatch(/does not know `client`/);
    expect(refusal('other', args, "Unknown option '--fail-on'")).toMatch(/does not know `--fail-on`/);
  });

  it('quotes any other complaint as it is, and says when there was none', () => {
    expect(refusal('other', args, 'mcp-conformance: --report: no such kind "json"')).toBe("the other build's CLI refused the command line (exit 2): mcp-conformance: --report: no such kind \"json\"");
    expect(refusal('this', args, '')).toBe("the this build's CLI refused the command line (exit 2): no message");
  });
});

describe('bench --vs: why the other build could not be built', () => {
  it("names the build's own first error, past npm's banner and summary", () => {
    const tsc = ['', '> mcp-conformance@0.1.0 build', '> tsc -p tsconfig.json && node scripts/bundle.mjs', '', "harness/x.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.", 'npm error code 2', 'npm error path /tmp/wt'].join('\n');
    expect(buildFailure(tsc)).toBe("harness/x.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'");
  });

  it("takes the script's last word when it names no error, and npm's when the script said nothing", () => {
    expect(buildFailure('> x schema\nmcp-conformance: 2025-11-25/schema.json differs from its pinned sha256\nnpm error code 1')).toBe('mcp-conformance: 2025-11-25/schema.json differs from its pinned sha256');
    expect(buildFailure('npm error Missing script: "schema"\nnpm error\nnpm error To see a list of scripts, run:\nnpm error   npm run\nnpm error A complete log of this run can be found in: /root/.npm/_logs/x.log')).toBe('Missing script: "schema"');
    expect(buildFailure('')).toBe('no output');
  });
});

describe('bench --vs: the table', () => {
  const row = (name: string, role: 'server' | 'client', transport: 'stdio' | 'http') => ({ name, target: name, role, transport });

  it('is Markdown: a header, a rule aligned right for figures, a line per row', () => {
    const table = renderComparison([
      compareRow(row('reference-stdio', 'server', 'stdio'), { other: [{ seconds: 2.2, results: 380 }, { seconds: 2.0, results: 380 }], this: [{ seconds: 1.8, results: 384 }, { seconds: 2.0, results: 384 }] }),
    ]);
    const lines = table.split('\n').map((l) => l.split('|').slice(1, -1).map((c) => c.trim()));
    expect(lines[0]).toEqual(['row', 'via', 'median other', 'median this', 'ratio this/other', 'results other', 'results this']);
    expect(lines[1]?.every((c, i) => (i < 2 ? /^-+$/.test(c) : /^-+:$/.test(c)))).toBe(true);
    expect(lines[2]).toEqual(['reference-stdio', 'stdio', '2.10 s', '1.90 s', '0.90x', '380', '384']);
    expect(lines).toHaveLength(3);
  });

  it('shows a refused or failed build in its cells and says why below the table', () => {
    const table = renderComparison([
      compareRow(row('client-http', 'client', 'http'), { other: [{ error: "the other build's CLI does not know `client`", refused: true }], this: [{ seconds: 17.5, results: 316 }] }),
      compareRow(row('reference-http', 'server', 'http'), { other: [{ error: 'exit 1: crash' }], this: [{ seconds: 1.3, results: 480 }] }),
    ]);
    const lines = table.split('\n');
    expect(lines[2]?.split('|').map((c) => c.trim())).toEqual(['', 'client-http', 'HTTP', 'refused', '17.50 s', '', '', '316', '']);
    expect(lines[3]?.split('|').map((c) => c.trim())).toEqual(['', 'reference-http', 'HTTP', 'failed', '1.30 s', '', '', '480', '']);
    expect(lines.slice(4)).toEqual(['', "- client-http, other build: the other build's CLI does not know `client`", '- reference-http, other build: a run failed: exit 1: crash']);
  });
});
