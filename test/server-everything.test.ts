// A real server nobody here wrote: @modelcontextprotocol/server-everything over stdio, every
// legacy revision. The set of non-passing results must be exactly the reviewed set in
// test/expected/server-everything/*.json, where each entry says why it is a true finding.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { runChecks } from '../harness/checks/runner.js';
import { defaultSettings } from '../harness/settings.js';
import { allChecks } from '../suites/index.js';
import { keepReport } from './interop/http-support.js';

interface Finding {
  id: string;
  status: string;
  revisions: string[];
  why: string;
}

const TARGET = `"${process.execPath}" node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio`;
const DIR = 'test/expected/server-everything';
/** One file per group of areas, so suites can be reviewed (and grow) independently. */
const findings: Finding[] = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .flatMap((f) => (JSON.parse(readFileSync(join(DIR, f), 'utf8')) as { nonPassing: Finding[] }).nonPassing);

describe('server-everything over stdio', () => {
  it('gets exactly the reviewed findings, each with its reason', async () => {
    const report = await runChecks({
      target: { kind: 'stdio', command: TARGET },
      checks: allChecks,
      timeoutMs: 5000,
      concurrency: 4,
      toolVersion: 'test',
      // A fixed seed: the same fuzz inputs in every run, so the findings are the same.
      settings: { ...defaultSettings(), fuzz: { enabled: true, seed: 42, runs: 25 } },
    });
    keepReport('server-everything', report);
    expect(report.aborted).toBeUndefined();
    expect(report.revisions.filter((r) => r.status === 'accepted').length).toBeGreaterThan(0);
    const got = report.results
      .filter((r) => r.status !== 'pass' && r.status !== 'skip')
      .map((r) => `${r.id}@${r.revision}: ${r.status}`)
      .sort();
    const want = findings.flatMap((e) => e.revisions.map((rev) => `${e.id}@${rev}: ${e.status}`)).sort();
    expect(got).toEqual(want);
    for (const e of findings) expect(e.why.length).toBeGreaterThan(40);
    // The real report, serialized as report.json is, matches the published schema.
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    (addFormatsModule as unknown as (a: Ajv2020) => void)(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync('reports/report.schema.json', 'utf8')) as object);
    const valid = validate(JSON.parse(JSON.stringify(report)));
    expect(validate.errors ?? [], 'report.json schema errors').toEqual([]);
    expect(valid).toBe(true);
  });
});
