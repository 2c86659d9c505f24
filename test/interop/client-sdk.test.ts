// A real client nobody here wrote (the official TypeScript SDK's Client, through a small
// driver) through the client checks on stdio and Streamable HTTP (the HTTP and authorization
// checks are pinned in client-http-sdk and client-auth-sdk): no failure and no
// error, and only the warnings that are real deviations from a SHOULD (or, for
// sampling.tools, a case the text leaves open), each listed here with its reason.
import { describe, expect, it } from 'vitest';
import { runClientChecks } from '../../harness/client/runner.js';
import { defaultSettings } from '../../harness/settings.js';
import { authClientChecks } from '../../suites/client/basic/authorization/index.js';
import { httpClientChecks } from '../../suites/client/basic/transports/index.js';
import { clientChecks, clientScenarios } from '../../suites/client/index.js';
import { show } from '../helpers/proof-run.js';

const DRIVER = 'test/fixtures/sdk-client-driver.mjs';
const SETTINGS = { ...defaultSettings(), fuzz: { enabled: false, seed: 42, runs: 0 } };

/** The HTTP and authorization checks have their own pinned findings (client-http-sdk, client-auth-sdk). */
const pinnedElsewhere = new Set([...httpClientChecks, ...authClientChecks]);
const CHECKS = clientChecks.filter((c) => !pinnedElsewhere.has(c));
const SCENARIOS = clientScenarios.filter((s, i) => i === 0 || CHECKS.some((c) => c.scenario === s.id));

/** Known findings against the SDK 1.32.2 client (2025-11-25). */
const KNOWN_WARNINGS = new Set([
  // It answers a tool-enabled sampling request although it did not declare sampling.tools
  // ("Clients MUST declare support for tool use via the sampling.tools capability to receive
  // tool-enabled sampling requests"); its answer uses no tool, hence a warning.
  'sampling.tools-only-when-declared@2025-11-25',
  // "Clients SHOULD return errors for common failure cases: ... Tool results mixed with other
  // content: -32602": the SDK hands such a request to the handler, which answers it.
  'sampling.malformed-refused@2025-11-25',
]);

describe('the official TypeScript SDK client through the client suites', () => {
  for (const transport of ['stdio', 'http'] as const) {
    it.concurrent(`has no failure and only known warnings (${transport})`, { timeout: 240_000 }, async () => {
      const template = `"${process.execPath}" ${DRIVER} ${transport === 'stdio' ? '--server {server}' : '{url}'}`;
      const report = await runClientChecks({ command: { template }, scenarios: SCENARIOS, checks: CHECKS, timeoutMs: 5000, concurrency: 4, toolVersion: 'test', settings: SETTINGS });
      expect(report.revisions.filter((p) => p.status === 'accepted').map((p) => p.revision)).toEqual(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25']);
      expect(show(report.results.filter((r) => r.status === 'fail' || r.status === 'error'))).toEqual([]);
      expect(show(report.results.filter((r) => r.status === 'warn' && !KNOWN_WARNINGS.has(`${r.id}@${r.revision}`)))).toEqual([]);
      for (const r of report.results.filter((x) => x.status === 'skip')) expect(r.reason, r.id).toBeTruthy();
    });
  }
});
