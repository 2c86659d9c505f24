// @modelcontextprotocol/server-everything over HTTP, in its Streamable HTTP and its HTTP+SSE
// modes, every legacy revision: the transport is detected from the URL alone, and the
// non-passing results of the HTTP areas are exactly the reviewed ones in
// test/expected/server-everything-http/ and test/expected/server-everything-sse/.
import { describe, expect, it } from 'vitest';
import { runChecks } from '../../harness/checks/runner.js';
import { areaOf } from '../../harness/checks/spec-ref.js';
import { allChecks } from '../../suites/index.js';
import { expectFindings, freePort, startNode } from './http-support.js';

const EVERYTHING = 'node_modules/@modelcontextprotocol/server-everything/dist/index.js';
/** The areas this file reviews; the other suites run over these transports in their own tests. */
const AREAS = ['http', 'sse', 'auth'];
const checks = allChecks.filter((c) => AREAS.includes(areaOf(c.id)));

async function runEverything(mode: 'streamableHttp' | 'sse', path: string) {
  const port = await freePort();
  const server = await startNode([EVERYTHING, mode], { PORT: String(port) }, /listening on port|running on port/i);
  try {
    return await runChecks({ target: { kind: 'http', url: `http://127.0.0.1:${port}${path}` }, checks, timeoutMs: 5000, concurrency: 4, toolVersion: 'test' });
  } finally {
    await server.stop();
  }
}

describe('server-everything over HTTP', () => {
  it('Streamable HTTP: detected, and exactly the reviewed findings', async () => {
    const report = await runEverything('streamableHttp', '/mcp');
    expect(report.aborted).toBeUndefined();
    expect(report.target.transport).toBe('streamable-http');
    expect(report.revisions.filter((r) => r.status === 'accepted').length).toBe(4);
    expect(report.results.filter((r) => r.id.startsWith('http.') && r.status === 'pass').length).toBeGreaterThan(30);
    expectFindings(report, 'server-everything-http');
  });

  it('HTTP+SSE: detected (POST refused, GET gave the endpoint event), and exactly the reviewed findings', async () => {
    const report = await runEverything('sse', '/sse');
    expect(report.aborted).toBeUndefined();
    expect(report.target.transport).toBe('sse');
    expect(report.revisions.filter((r) => r.status === 'accepted').length).toBe(4);
    expect(report.results.filter((r) => r.id.startsWith('sse.') && r.status === 'pass').length).toBeGreaterThan(10);
    expectFindings(report, 'server-everything-sse');
  });
});
