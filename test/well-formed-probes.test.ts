// A probe the tool means to be well-formed is checked before it leaves (harness/sessions/
// well-formed.ts): an extra member, or params its revision's schema refuses, err the check as
// the tool's own defect instead of reaching the target; under the test switch the error is
// fatal even when a check catches it. Messages meant to be malformed say so and go unchecked.
import { execFileSync } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import type { Check, CheckContext, Verdict } from '../harness/checks/check.js';
import { runChecks } from '../harness/checks/runner.js';
import type { Peer } from '../harness/jsonrpc/peer.js';
import { loadRevisionSchema } from '../harness/schema.js';
import { ModernSession } from '../harness/sessions/modern.js';
import type { Session } from '../harness/sessions/session.js';
import { MalformedProbe, STRICT_PROBES_ENV, assertWellFormed, outboundProblem } from '../harness/sessions/well-formed.js';
import { defaultSettings } from '../harness/settings.js';
import { namedRequest } from '../suites/server/basic/transports/streamable-http/header-probes.js';
import { referenceCommand } from './helpers/reference.js';

const MODERN = '2026-07-28';

/** A modern session whose peer is never used: build() only reads the session's own state. */
async function modernSession(): Promise<ModernSession> {
  const peer = { clearHandlers: () => undefined, observationContext: {} };
  return new ModernSession(peer as unknown as Peer, MODERN, {}, await loadRevisionSchema(MODERN));
}

describe('the outbound message check', () => {
  it('holds the envelope to the members JSON-RPC defines', async () => {
    const schema = await loadRevisionSchema('2025-06-18');
    expect(outboundProblem({ jsonrpc: '2.0', id: 1, method: 'ping' }, 'request', schema)).toBeUndefined();
    expect(outboundProblem({ jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 't' }, target: 't' }, 'request', schema)).toMatch(/'target'/);
    expect(outboundProblem({ jsonrpc: '2.0', id: 1, method: 'notifications/initialized' }, 'notification', schema)).toMatch(/'id'/);
    expect(outboundProblem({ jsonrpc: '2.0', id: null, method: 'ping' }, 'request')).toMatch(/neither a string nor an integer/);
    expect(outboundProblem({ jsonrpc: '2.0', id: 1, method: 'ping', params: [] }, 'request')).toMatch(/params/);
  });

  it('holds a known method to its definition, and an unknown one to the envelope alone', async () => {
    const schema = await loadRevisionSchema('2025-11-25');
    expect(outboundProblem({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 't', arguments: 'x' } }, 'request', schema)).toMatch(/CallToolRequest.*arguments/);
    expect(outboundProblem({ jsonrpc: '2.0', id: 1, method: 'logging/setLevel', params: { level: 'loud' } }, 'request', schema)).toMatch(/SetLevelRequest/);
    expect(outboundProblem({ jsonrpc: '2.0', id: 1, method: 'x-conformance/unknown', params: { anything: true } }, 'request', schema)).toBeUndefined();
    // Without a schema (a bare connection) only the envelope is known.
    expect(outboundProblem({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 't', arguments: 'x' } }, 'request')).toBeUndefined();
  });

  it('throws MalformedProbe, naming the problem as the tool\'s own', () => {
    vi.stubEnv(STRICT_PROBES_ENV, '0');
    try {
      expect(() => assertWellFormed({ jsonrpc: '2.0', id: 1, method: 'ping', extra: 1 }, 'request')).toThrow(MalformedProbe);
      expect(() => assertWellFormed({ jsonrpc: '2.0', id: 1, method: 'ping', extra: 1 }, 'request')).toThrow(/our own ping message was malformed.*not of the target.*'extra'/);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('under the test switch, is fatal even when the caller catches it', () => {
    const script = `import('./dist/harness/sessions/well-formed.js').then((m) => { try { m.assertWellFormed({ jsonrpc: '2.0', id: 1, method: 'ping', target: 'x' }, 'request'); } catch {} });`;
    let status = 0;
    let stderr = '';
    try {
      execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, [STRICT_PROBES_ENV]: '1' }, stdio: 'pipe', encoding: 'utf8' });
    } catch (e) {
      status = (e as { status: number }).status;
      stderr = (e as { stderr: string }).stderr;
    }
    expect(status).not.toBe(0);
    expect(stderr).toMatch(/MalformedProbe/);
  });
});

describe('sessions check what they build', () => {
  it('refuses a modern request whose params break the schema, unless it says why', async () => {
    vi.stubEnv(STRICT_PROBES_ENV, '0');
    try {
      const session = await modernSession();
      expect(() => session.build('tools/call', { name: 't', arguments: 'x' })).toThrow(MalformedProbe);
      expect(session.build('tools/call', { name: 't', arguments: 'x' }, { malformed: 'to see it refused' }).params).toMatchObject({ arguments: 'x' });
      // A _meta field removed on purpose is held to the envelope alone.
      expect(session.build('server/discover', {}, { meta: { clientCapabilities: null } }).params).not.toHaveProperty(['_meta', 'io.modelcontextprotocol/clientCapabilities']);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('gives the Mcp-Name header probes a body a strict server accepts: the name beside it, not in it', async () => {
    const session = await modernSession();
    const schema = await loadRevisionSchema(MODERN);
    for (const capability of ['tools', 'prompts', 'resources']) {
      const ctx = { facts: { serverCapabilities: { [capability]: {} } } } as unknown as CheckContext;
      const named = namedRequest(ctx, { session: session as Session, t: undefined as never }, `named-${capability}`);
      if (typeof named === 'string') throw new Error(named);
      expect(Object.keys(named.message).sort()).toEqual(['id', 'jsonrpc', 'method', 'params']);
      expect(outboundProblem(named.message, 'request', schema)).toBeUndefined();
      const params = named.message.params as { name?: string; uri?: string };
      expect(named.name).toBe(params.name ?? params.uri);
    }
  });
});

describe('a check whose probe is malformed', () => {
  it('errs, saying the probe was ours and malformed, and never fails the target', async () => {
    vi.stubEnv(STRICT_PROBES_ENV, '0');
    try {
      const check: Check = {
        id: 'test.malformed-probe',
        title: 'a check that sends a malformed probe by mistake',
        spec: { url: 'basic', level: 'MUST' },
        side: 'server',
        revisions: '2025-06-18',
        transports: 'any',
        faults: [],
       
        async run(ctx): Promise<Verdict> {
          const session = await ctx.session();
          const reply = await session.request('tools/call', { name: 'mcp-conformance-none', arguments: 'not-an-object' });
          return reply.kind === 'error' ? ctx.pass() : ctx.fail({ expected: 'an error', actual: reply.kind });
        },
      };
      const report = await runChecks({ target: { kind: 'stdio', command: referenceCommand() }, checks: [check], revisions: ['2025-06-18'], timeoutMs: 5000, concurrency: 1, toolVersion: 'test', settings: defaultSettings() });
      const [result] = report.results;
      expect(result?.status).toBe('error');
      expect(result?.reason).toMatch(/our own tools\/call message was malformed.*not of the target.*arguments/);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
