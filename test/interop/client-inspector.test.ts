// A real client nobody here wrote: the MCP Inspector's CLI (@modelcontextprotocol/inspector-cli
// 1.0.3, pinned), `--method tools/list` over Streamable HTTP, through every client scenario.
// Its exact findings are pinned here, each a real deviation from quoted spec text.
// The published build reads its version from ../../package.json (it expects the Inspector's
// monorepo): the test runs a copy of build/ under a folder that has one.
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runClientChecks } from '../../harness/client/runner.js';
import { LEGACY_REVISIONS } from '../../harness/revisions.js';
import { defaultSettings } from '../../harness/settings.js';
import { clientChecks, clientScenarios } from '../../suites/client/index.js';

const work = mkdtempSync(join(tmpdir(), 'mcp-conformance-inspector-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function inspectorEntry(): string {
  cpSync(resolve('node_modules/@modelcontextprotocol/inspector-cli/build'), join(work, 'cli/build'), { recursive: true });
  cpSync(resolve('node_modules/@modelcontextprotocol/inspector-cli/package.json'), join(work, 'cli/package.json'));
  writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'inspector', version: '1.0.3', type: 'module' }));
  symlinkSync(resolve('node_modules'), join(work, 'node_modules'), 'dir');
  return join(work, 'cli/build/index.js');
}

const SESSIONFUL = LEGACY_REVISIONS.filter((r) => r !== '2024-11-05');

/**
 * Its findings, each a real deviation from a SHOULD:
 * - http.session-deleted: it exits without DELETE ("Clients that no longer need a particular
 *   session ... SHOULD send an HTTP DELETE to the MCP endpoint with the Mcp-Session-Id header").
 * - http.sse-fallback: with --transport http it never tries HTTP+SSE after a 404 to initialize
 *   ("Clients wanting to support older servers should: ... Issue a GET request").
 * - pagination.follows-next-cursor: tools/list prints the first page only, though it carried a
 *   nextCursor ("Clients SHOULD: ... Support both paginated and non-paginated flows").
 */
const FINDINGS = [
  ...SESSIONFUL.flatMap((r) => [`${r} warn http.session-deleted`, `${r} warn http.sse-fallback`]),
  ...LEGACY_REVISIONS.map((r) => `${r} warn pagination.follows-next-cursor`),
  // It sends tools/list (its --method) to the scripted server that declares no tools, without
  // looking at the capabilities: "Only use capabilities that were successfully negotiated",
  // a SHOULD until 2025-03-26 and a MUST from 2025-06-18 (basic/lifecycle#operation).
  '2024-11-05 warn lifecycle.no-tools-requests-undeclared',
  '2025-03-26 warn lifecycle.no-tools-requests-undeclared',
  '2025-06-18 fail lifecycle.no-tools-requests-undeclared',
  '2025-11-25 fail lifecycle.no-tools-requests-undeclared',
];

describe('the MCP Inspector CLI through the client checks', () => {
  it('is tested at every legacy revision and breaks exactly the rules it is known to break', async () => {
    const template = `"${process.execPath}" "${inspectorEntry()}" {url} --transport http --method tools/list`;
    const report = await runClientChecks({
      command: { template },
      scenarios: clientScenarios,
      checks: clientChecks,
      timeoutMs: 5000,
      concurrency: 4,
      toolVersion: 'test',
      settings: { ...defaultSettings(), fuzz: { enabled: false, seed: 42, runs: 0 } },
    });
    expect(report.revisions.filter((p) => p.status === 'accepted').map((p) => p.revision).sort()).toEqual([...LEGACY_REVISIONS]);
    const findings = report.results.filter((r) => r.status !== 'pass' && r.status !== 'skip').map((r) => `${r.revision} ${r.status} ${r.id}`);
    expect(findings.sort()).toEqual([...FINDINGS].sort());
    for (const r of report.results.filter((x) => x.status === 'skip')) expect(r.reason, r.id).toBeTruthy();
    expect(report.results.filter((r) => r.status === 'pass').length).toBeGreaterThan(40);
  });
});
