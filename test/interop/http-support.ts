// Real HTTP servers for the interop tests: start one on a free loopback port, wait until it
// says it listens, stop it (its whole process) afterwards; get a token from the SDK example's
// demo authorization server (dynamic registration, PKCE S256, the code from the redirect).
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { RunReport } from '../../harness/checks/result.js';

export interface Finding {
  id: string;
  status: string;
  revisions: string[];
  why: string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * Resolves once something accepts TCP connections on `host`:`port`: for servers that announce
 * themselves before they listen (mcp-proxy prints its port, then binds). Nothing else tells when
 * a foreign process starts listening, so refused connections are retried, within `patienceMs`.
 */
export function listening(port: number, host = '127.0.0.1', patienceMs = 30_000): Promise<void> {
  const deadline = Date.now() + patienceMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = connect(port, host);
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', (error) => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nothing listens on port ${port}: ${error.message}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

export interface Started {
  stop(): Promise<void>;
  output(): string;
}

/** Start `node <args>` with `env`, resolve once its output matches `ready` (10 s at most). */
export function startNode(args: string[], env: Record<string, string>, ready: RegExp): Promise<Started> {
  return startProcess(process.execPath, args, env, ready);
}

/** Start `command <args>` with `env`, resolve once its output matches `ready` (`patienceMs`, 10 s by default). */
export function startProcess(command: string, args: string[], env: Record<string, string>, ready: RegExp, patienceMs = 10_000): Promise<Started> {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        done();
      }
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      // Rejected first, so that the exit this causes does not read as a crash.
      reject(new Error(`did not print ${ready} within ${patienceMs} ms: ${out}`));
      void stop();
    }, patienceMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (ready.test(out)) {
        clearTimeout(timer);
        resolve({ stop, output: () => out });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
  });
}

/** An access token from the SDK example's demo authorization server (it approves at once). */
export async function demoToken(authServer: string, resource: string): Promise<string> {
  const redirect = 'http://127.0.0.1:9/callback';
  const client = (await (
    await fetch(`${authServer}/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ redirect_uris: [redirect], token_endpoint_auth_method: 'none', grant_types: ['authorization_code'], response_types: ['code'], client_name: 'mcp-conformance' }),
    })
  ).json()) as { client_id: string };
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const query = new URLSearchParams({ response_type: 'code', client_id: client.client_id, redirect_uri: redirect, code_challenge: challenge, code_challenge_method: 'S256', resource, scope: 'mcp:tools', state: 's' });
  const authorized = await fetch(`${authServer}/authorize?${query}`, { redirect: 'manual' });
  const code = new URL(authorized.headers.get('location') ?? 'http://x/').searchParams.get('code') ?? '';
  const token = (await (
    await fetch(`${authServer}/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: verifier, client_id: client.client_id, redirect_uri: redirect, resource }),
    })
  ).json()) as { access_token?: string };
  if (!token.access_token) throw new Error('the demo authorization server issued no token');
  return token.access_token;
}

/** The reviewed findings of one target: every JSON file of test/expected/<dir>/. */
export function findingsOf(dir: string): Finding[] {
  const path = join('test/expected', dir);
  return readdirSync(path)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => (JSON.parse(readFileSync(join(path, f), 'utf8')) as { nonPassing: Finding[] }).nonPassing);
}

/**
 * For a review: MCP_CONFORMANCE_INTEROP_REPORTS=<dir> keeps a run's report as <dir>/<name>.json
 * (its wire excerpts, reasons and pace section are the evidence behind each finding).
 */
export function keepReport(name: string, report: RunReport): void {
  const dir = process.env.MCP_CONFORMANCE_INTEROP_REPORTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.json`), JSON.stringify(report, null, 2));
}

/** The non-passing results are exactly the reviewed ones, each with its reason. */
export function expectFindings(report: RunReport, dir: string): void {
  keepReport(dir, report);
  const findings = findingsOf(dir);
  const got = report.results
    .filter((r) => r.status !== 'pass' && r.status !== 'skip')
    .map((r) => `${r.id}@${r.revision}: ${r.status}`)
    .sort();
  const want = findings.flatMap((e) => e.revisions.map((rev) => `${e.id}@${rev}: ${e.status}`)).sort();
  expect(got).toEqual(want);
  for (const e of findings) expect(e.why.length, e.id).toBeGreaterThan(40);
}
