// A real server nobody here wrote: @modelcontextprotocol/server-everything over stdio, every
// legacy revision. The set of non-passing results must be exactly the reviewed set in
// test/expected/server-everything/*.json, where each entry says why it is a true finding.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { runChecks } from '../harness/checks/runner.js';
import { defaultSettings } from '../harness/settings.js';
import { allChecks } from '../suites/index.js';
import { expectFindings } from './interop/http-support.js';

const TARGET = `"${process.execPath}" node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio`;
/** test/expected/server-everything/: one file per group of areas, so suites can be reviewed (and grow) independently. */
const NAME = 'server-everything';

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
    expect(report.aborted).toBeUndefined();
    expect(report.revisions.filter((r) => r.status === 'accepted').length).toBeGreaterThan(0);
    expectFindings(report, NAME);
    // The real report, serialized as report.json is, matches the published schema.
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    (addFormatsModule as unknown as (a: Ajv2020) => void)(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync('reports/report.schema.json', 'utf8')) as object);
    const valid = validate(JSON.parse(JSON.stringify(report)));
    expect(validate.errors ?? [], 'report.json schema errors').toEqual([]);
    expect(valid).toBe(true);
  });
});
