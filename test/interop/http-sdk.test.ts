// An HTTP server built with the official TypeScript SDK: its simpleStreamableHttp example,
// protected (--oauth: its own demo authorization server beside it). The suite gets a token
// through the demo server's flow (registration, PKCE), runs with it, and the non-passing
// results of the HTTP areas are exactly the reviewed ones in test/expected/sdk-example-http/.
// The example names itself http://localhost:<port>/mcp, so that is the URL (loopback).
import { describe, expect, it } from 'vitest';
import { runChecks } from '../../harness/checks/runner.js';
import { areaOf } from '../../harness/checks/spec-ref.js';
import { allChecks } from '../../suites/index.js';
import { demoToken, expectFindings, freePort, startNode } from './http-support.js';

const EXAMPLE = 'node_modules/@modelcontextprotocol/sdk/dist/esm/examples/server/simpleStreamableHttp.js';
const AREAS = ['http', 'sse', 'auth'];

describe('the SDK example server (Streamable HTTP, OAuth-protected)', () => {
  it('exactly the reviewed findings, with a token from its authorization server', async () => {
    const [port, authPort] = [await freePort(), await freePort()];
    const server = await startNode([EXAMPLE, '--oauth'], { MCP_PORT: String(port), MCP_AUTH_PORT: String(authPort) }, /MCP Streamable HTTP Server listening/);
    try {
      const url = `http://localhost:${port}/mcp`;
      const token = await demoToken(`http://localhost:${authPort}`, url);
      const report = await runChecks({
        target: { kind: 'http', url, headers: { Authorization: `Bearer ${token}` } },
        checks: allChecks.filter((c) => AREAS.includes(areaOf(c.id))),
        timeoutMs: 5000,
        concurrency: 4,
        toolVersion: 'test',
      });
      expect(report.aborted).toBeUndefined();
      expect(report.revisions.filter((r) => r.status === 'accepted').length).toBe(4);
      // Protected: the discovery checks ran (they skip on an unprotected server).
      expect(report.results.filter((r) => r.id.startsWith('auth.') && r.status === 'pass').length).toBeGreaterThan(10);
      expectFindings(report, 'sdk-example-http');
    } finally {
      await server.stop();
    }
  });
});
