// The example of docs/library.md, which embeds this file (scripts/docs.mjs): an SDK's own test
// runner asserting on a conformance run. The server here is the reference server this package
// carries; yours goes in its place.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exitCodeOf, testServer } from '../api/index.js';

const SERVER = `"${process.execPath}" "${resolve('dist/reference/server/main.js')}"`;

describe('conformance', () => {
  it('answers ping as the spec says, at 2025-06-18', async () => {
    const report = await testServer({ server: SERVER, spec: '2025-06-18', check: 'ping.*', fuzz: false });

    expect(report.revisions).toEqual([expect.objectContaining({ revision: '2025-06-18', status: 'accepted' })]);
    const failures = report.results.filter((r) => r.status === 'fail' || r.status === 'error');
    // On a failure, vitest prints the check, the expected and the actual value.
    expect(failures.map((r) => ({ id: r.id, expected: r.expected, actual: r.actual }))).toEqual([]);
    expect(report.summary.pass).toBeGreaterThan(0);
    expect(exitCodeOf(report)).toBe(0);
  });
});
