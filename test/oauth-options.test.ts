// The --oauth flags: what they become (OAuthSettings on the HTTP target's plan), and the usage
// errors for combinations that cannot mean anything.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planRun } from '../api/plan.js';
import { loadConfig } from '../harness/config/load.js';
import { requestOf } from '../bin/flag-source.js';
import { parseCli } from '../bin/options.js';

const plan = async (argv: string[]) => planRun(requestOf(parseCli(argv)), undefined, { server: [], client: [] });

describe('--oauth flags', () => {
  it('reach the plan of an HTTP target as settings', async () => {
    const p = await plan(['--url', 'http://127.0.0.1:1/mcp', '--oauth', '--oauth-grant', 'client_credentials', '--oauth-client-id', 'c', '--oauth-client-secret', 's', '--oauth-cache', 't.json', '--oauth-login-timeout', '5000']);
    expect(p.targets[0]?.oauth).toEqual({ grant: 'client_credentials', clientId: 'c', clientSecret: 's', cache: 't.json', loginTimeoutMs: 5000 });
    const plain = await plan(['--url', 'http://127.0.0.1:1/mcp', '--oauth']);
    expect(plain.targets[0]?.oauth).toEqual({ grant: 'authorization_code', loginTimeoutMs: 120_000 });
    expect((await plan(['--url', 'http://127.0.0.1:1/mcp'])).targets[0]?.oauth).toBeUndefined();
  });

  it.each([
    [['--url', 'http://127.0.0.1:1/mcp', '--oauth-client-id', 'c'], '--oauth-client-id needs --oauth'],
    [['--url', 'http://127.0.0.1:1/mcp', '--oauth', '--oauth-grant', 'password'], '--oauth-grant must be authorization_code or client_credentials, got "password"'],
    [['--url', 'http://127.0.0.1:1/mcp', '--oauth', '--oauth-client-secret', 's'], '--oauth-client-secret needs --oauth-client-id'],
    [['--url', 'http://127.0.0.1:1/mcp', '--oauth', '--oauth-client-id', 'c', '--oauth-client-metadata-url', 'https://x/c.json'], 'give one of --oauth-client-id or --oauth-client-metadata-url'],
    [['--url', 'http://127.0.0.1:1/mcp', '--oauth', '--oauth-login-timeout', '0'], '--oauth-login-timeout must be a positive number of ms, got "0"'],
    [['--url', 'http://127.0.0.1:1/mcp', '--oauth', '--auth-token', 't'], 'give one of --auth-token or --oauth, not both'],
    [['--server', 'node x.js', '--oauth'], '--oauth applies to --url targets only'],
  ])('%j is a usage error', async (argv, message) => {
    await expect(plan(argv)).rejects.toThrow(message);
  });
});

describe('the oauth field of a config target', () => {
  const config = async (yaml: string, env: NodeJS.ProcessEnv = {}) => {
    const dir = await mkdtemp(join(tmpdir(), 'oauth-config-'));
    await writeFile(join(dir, 'c.yml'), yaml);
    return { dir, loaded: loadConfig(join(dir, 'c.yml'), { env }) };
  };

  it('becomes the settings of that HTTP target (secret from the environment, cache beside the file); --oauth overrides it', async () => {
    const { dir, loaded } = await config('targets:\n  - name: a\n    url: http://127.0.0.1:1/mcp\n    oauth:\n      grant: client_credentials\n      clientId: c\n      clientSecret: ${CI_SECRET}\n      cache: t.json\n  - name: b\n    url: http://127.0.0.1:2/mcp\n', { CI_SECRET: 's3' });
    const p = await planRun(requestOf(parseCli([])), await loaded, { server: [], client: [] });
    expect(p.targets[0]?.oauth).toEqual({ grant: 'client_credentials', clientId: 'c', clientSecret: 's3', cache: join(dir, 't.json'), loginTimeoutMs: 120_000 });
    expect(p.targets[1]?.oauth).toBeUndefined();
    const flagged = await planRun(requestOf(parseCli(['--oauth'])), await config('targets:\n  - name: a\n    url: http://127.0.0.1:1/mcp\n    oauth: { clientId: c }\n').then((c) => c.loaded), { server: [], client: [] });
    expect(flagged.targets[0]?.oauth).toEqual({ grant: 'authorization_code', loginTimeoutMs: 120_000 });
  });

  it.each([
    ['targets:\n  - name: a\n    server: node x.js\n    oauth: {}\n', 'field "oauth" applies to HTTP targets (url or start), not to a stdio server'],
    ['targets:\n  - name: a\n    url: http://127.0.0.1:1/mcp\n    oauth: { clientSecret: s }\n', 'clientId'],
  ])('%j is refused', async (yaml, message) => {
    await expect((await config(yaml)).loaded).rejects.toThrow(message);
  });
});
