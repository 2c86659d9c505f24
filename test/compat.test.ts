// The public compatibility table (docs/compatibility.md and .html, `npm run compat`) stays in
// sync with the reviewed findings it is made from: it is generated again into a temp dir and must
// equal the committed files; every target of test/expected/ has its row; and the client findings
// copied into scripts/compat/clients.mjs still name checks of the tests that pin them.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLIENTS } from '../scripts/compat/clients.mjs';

const ROOT = resolve('.');
const out = mkdtempSync(join(tmpdir(), 'mcp-conformance-compat-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));
const FILES = ['docs/compatibility.md', 'docs/compatibility.html'];
const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');

describe('the compatibility table', () => {
  it('equals what `npm run compat` makes of test/expected/ now (run it after changing the findings)', () => {
    execFileSync(process.execPath, ['scripts/compat.mjs', '--out', out], { cwd: ROOT });
    for (const file of FILES) expect(read(ROOT, file), `${file} is out of date: run npm run compat`).toBe(read(out, file));
  });

  it('has a row, with a cell per revision, for every target folder of test/expected/ and every client', () => {
    const doc = read(ROOT, 'docs/compatibility.md');
    const rows = doc.split('\n').filter((l) => l.startsWith('| ['));
    const names = rows.map((l) => /^\| \[([^\]]+)\]/.exec(l)?.[1]);
    const expected = readdirSync(join(ROOT, 'test/expected')).sort();
    for (const name of [...expected, ...CLIENTS.map((c) => c.name)]) expect(names, name).toContain(name);
    for (const row of rows) expect(row.split(' | ').length, row).toBe(3 + 5);
    // The HTML page has the same rows, asks for nothing outside itself, and its links land.
    const html = read(ROOT, 'docs/compatibility.html');
    for (const name of expected) expect(html).toContain(`<a href="#t-${name}">${name}</a>`);
    expect(html).not.toMatch(/\b(src|href)="(https?:)?\/\//);
    const ids = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
    expect([...html.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('copies client findings that the client tests still pin', () => {
    for (const client of CLIENTS) {
      for (const f of client.findings) expect(read(ROOT, f.source), `${f.id} in ${f.source}`).toContain(f.id);
    }
  });
});
