// --oauth end to end, built (dist/): the reference server protected by the reference AS
// (--protected-by, JWT tokens from its JWKS), logged in through the loopback listener by a
// headless --oauth-open script. The run judges the server as a hand-given token does; a token
// that expires mid-run is refreshed; client credentials work; no token or secret reaches the
// report or the console; a login that never completes and an AS without registration each end
// the run with one sentence.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '../api/index.js';
import { startAuthorizationServer, type RunningAuthorizationServer } from '../reference/authorization-server/server.js';
import { startReferenceHttp, type RunningServer } from './helpers/reference.js';

const OPEN = `"${process.execPath}" "${resolve('test/fixtures/oauth-open.mjs')}" {url}`;
const CLIENT = { id: 'conformance-ci', secret: 'ci-secret-7f3a9c', redirectUris: ['http://127.0.0.1/callback'] };

interface Report {
  revisions: { revision: string; status: string }[];
  results: { id: string; revision: string; transport?: string; status: string }[];
  summary: Record<string, number>;
  aborted?: string;
  oauth?: { grant: string; client: string; issuer: string; resource: string; authorizations: number; refreshes: number; retried: number };
}

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string; report?: Report; text: string }> {
  const out = await mkdtemp(join(tmpdir(), 'oauth-e2e-'));
  let r: { code: number; stdout: string; stderr: string };
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['bin/mcp-conformance.js', ...args, '--report', 'console,json', '--out', out, '--quiet'], { timeout: 120_000 });
    r = { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    r = { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
  const text = await readFile(join(out, 'report.json'), 'utf8').catch(() => '');
  return { ...r, text, ...(text ? { report: JSON.parse(text) as Report } : {}) };
}

const verdicts = (r: Report): Record<string, string> => Object.fromEntries(r.results.map((x) => [`${x.id}@${x.revision}/${x.transport ?? ''}`, x.status]));

/** A token for `resource` by client credentials of the pre-registered client: the hand-given token. */
async function handToken(issuer: string, resource: string): Promise<string> {
  const r = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}` },
    body: new URLSearchParams({ grant_type: 'client_credentials', resource, scope: 'mcp mcp:listen' }),
  });
  return ((await r.json()) as { access_token: string }).access_token;
}

describe('--oauth against the reference server protected by the reference AS', () => {
  let as: RunningAuthorizationServer;
  let server: RunningServer;
  beforeAll(async () => {
    as = await startAuthorizationServer({ jwks: true, clients: [CLIENT] });
    server = await startReferenceHttp(undefined, { flags: ['--protected-by', as.issuer] });
  });
  afterAll(async () => {
    await server?.stop();
    await as?.close();
  });

  it('logs in (DCR, PKCE, loopback) and gets the verdicts a hand-given token gets', async () => {
    const [viaOAuth, byHand] = await Promise.all([
      cli(['--url', server.url, '--oauth', '--oauth-open', OPEN, '--oauth-login-timeout', '20000']),
      handToken(as.issuer, server.url).then((token) => cli(['--url', server.url, '--auth-token', token])),
    ]);
    expect(viaOAuth.code, viaOAuth.stderr).toBe(0);
    const report = viaOAuth.report as Report;
    expect(report.revisions.every((r) => r.status === 'accepted'), JSON.stringify(report.revisions)).toBe(true);
    expect(report.summary.fail + report.summary.error).toBe(0);
    expect(report.oauth).toMatchObject({ grant: 'authorization_code', client: 'dynamic-registration', issuer: as.issuer, resource: server.url, authorizations: 1 });
    expect(verdicts(report)).toEqual(verdicts(byHand.report as Report));
    // The auth checks had a token to judge with: the valid-token checks passed, none skipped for want of one.
    expect(report.results.filter((r) => r.id.startsWith('auth.') && r.status === 'pass').length).toBeGreaterThan(10);
  }, 120_000);

  it('no token, code or secret reaches the report or the console; the cache file is 0600', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'oauth-cache-'));
    const cache = join(dir, 'tokens.json');
    const r = await cli(['--url', server.url, '--oauth', '--oauth-open', OPEN, '--oauth-cache', cache, '--check', 'auth.*']);
    expect(r.code, r.stderr).toBe(0);
    expect((await stat(cache)).mode & 0o777).toBe(0o600);
    const entry = Object.values((JSON.parse(await readFile(cache, 'utf8')) as { entries: Record<string, { accessToken: string; refreshToken: string }> }).entries)[0];
    expect(entry?.accessToken).toMatch(/^ey/);
    for (const secret of [entry?.accessToken, entry?.refreshToken]) {
      expect(secret).toBeTruthy();
      for (const where of [r.text, r.stdout, r.stderr]) expect(where.includes(secret as string)).toBe(false);
    }
    expect(r.text).not.toMatch(/eyJ[\w-]+\.eyJ/);
    // A second run takes the cached token: no login.
    const again = await cli(['--url', server.url, '--oauth', '--oauth-cache', cache, '--check', 'base.*', '--oauth-login-timeout', '1000']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.report?.oauth).toMatchObject({ client: 'cached', authorizations: 0 });
  }, 120_000);

  it('client credentials with a pre-registered confidential client; the secret is nowhere in the output', async () => {
    const r = await cli(['--url', server.url, '--oauth', '--oauth-grant', 'client_credentials', '--oauth-client-id', CLIENT.id, '--oauth-client-secret', CLIENT.secret, '--check', 'auth.*,base.*']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.report?.oauth).toMatchObject({ grant: 'client_credentials', client: 'pre-registered', authorizations: 1 });
    expect(r.report?.summary.pass).toBeGreaterThan(10);
    for (const where of [r.text, r.stdout, r.stderr]) expect(where).not.toContain(CLIENT.secret);
  }, 120_000);

  it('testServer({ url, oauth }) logs in the same way from a test runner', async () => {
    const report = await testServer({ url: server.url, oauth: { open: OPEN, loginTimeout: 20_000 }, check: 'auth.*' });
    expect(report.aborted).toBeUndefined();
    expect(report.oauth).toMatchObject({ grant: 'authorization_code', client: 'dynamic-registration', authorizations: 1 });
    expect(report.summary.fail + report.summary.error).toBe(0);
    expect(report.summary.pass).toBeGreaterThan(10);
  }, 120_000);

  it('says in one sentence that the login never completed, within the bounded time', async () => {
    const started = Date.now();
    const r = await cli(['--url', server.url, '--oauth', '--oauth-login-timeout', '1000']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/--oauth: the login was not completed within 1 s \(no redirect reached http:\/\/127\.0\.0\.1:\d+\/callback\)/);
    expect(r.report?.aborted).toMatch(/login was not completed/);
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);
});

describe('--oauth renewal and refusals', () => {
  it('a token that expires mid-run is refreshed, and the run is judged as usual', async () => {
    const as = await startAuthorizationServer({ jwks: true, accessTokenTtl: 2 });
    const server = await startReferenceHttp(undefined, { flags: ['--protected-by', as.issuer] });
    try {
      const r = await cli(['--url', server.url, '--oauth', '--oauth-open', OPEN]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.report?.summary.fail).toBe(0);
      expect(r.report?.oauth?.authorizations).toBe(1);
      expect(r.report?.oauth?.refreshes).toBeGreaterThan(0);
    } finally {
      await server.stop();
      await as.close();
    }
  }, 120_000);

  it('an AS without registration and no client id: one sentence, exit 3', async () => {
    const as = await startAuthorizationServer({ jwks: true, registration: false });
    const server = await startReferenceHttp(undefined, { flags: ['--protected-by', as.issuer] });
    try {
      const r = await cli(['--url', server.url, '--oauth', '--oauth-open', OPEN]);
      expect(r.code).toBe(3);
      expect(r.stderr).toContain(`--oauth: the authorization server ${as.issuer} offers no dynamic client registration (no registration_endpoint): give --oauth-client-id (and --oauth-client-secret) or --oauth-client-metadata-url`);
    } finally {
      await server.stop();
      await as.close();
    }
  }, 60_000);
});
