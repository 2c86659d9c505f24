// The pure parts of `npm run bench` (scripts/bench/): its command line and the rows it picks.
// Nothing here times anything: that is the bench's own run, far too slow for `npm test`.
import { describe, expect, it } from 'vitest';
import { parseBenchArgs } from '../scripts/bench/options.mjs';
import { ROWS, selectRows } from '../scripts/bench/rows.mjs';

describe('bench command line', () => {
  it('runs everything three times by default, the official suite and fuzzing included', () => {
    expect(parseBenchArgs([])).toEqual({ runs: 3, rows: undefined, official: true, fuzz: true, fuzzRuns: 1000, help: false });
  });


  it('takes rows from --rows and from its older spelling --server', () => {
    expect(parseBenchArgs(['--rows', 'reference-stdio, client-http']).rows).toEqual(['reference-stdio', 'client-http']);
    expect(parseBenchArgs(['--server', 'reference', '--rows', 'client']).rows).toEqual(['client', 'reference']);
  });

  it('refuses a run count that is not a whole number and an unknown flag', () => {
    for (const bad of ['0', '-1', '2.5', 'three']) expect(() => parseBenchArgs([`--runs=${bad}`])).toThrow(/--runs wants a whole number/);
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

