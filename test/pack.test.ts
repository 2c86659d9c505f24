// The package as a user gets it: `npm pack` of the build `npm test` made (prepack's steps, the
// schema sync and generation and the build, are what a fresh clone's `npm ci && npm run build`
// runs; packing runs no second build), the tarball installed into an empty folder far from
// ../shared, and its bin run against the reference server; then the library, as an
// SDK's test runner imports it (`import { testServer } from 'mcp-conformance'`), run and type
// checked from that folder. The tarball carries the compiled CLI and library with the library's
// declarations, the generated validators and types, the official schemas with their notice,
// and the report schema, and no tests, sources or CI files.
import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../harness/checks/result.js';
import { REVISION_IDS } from '../harness/revisions.js';
import { reportSchemaErrors } from './helpers/report-schema.js';

const run = promisify(execFile);
const ROOT = resolve('.');
const REFERENCE = `"${process.execPath}" "${join(ROOT, 'dist/reference/server/main.js')}"`;

/** The environment of a user's machine: no schema source, no CI hints that change npm. */
function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.MCP_SCHEMA_DIR;
  delete env.MCP_SCHEMA_OUT;
  for (const key of Object.keys(env)) if (key.startsWith('npm_')) delete env[key];
  return env;
}

function bin(cli: string, args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd, env: userEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

describe('npm pack', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('yields a package that installs into an empty folder and tests a server', { timeout: 600_000 }, async () => {
    const work = await mkdtemp(join(tmpdir(), 'mcpc-pack-'));
    dirs.push(work);
    const [packed, app, out] = ['packed', 'app', 'out'].map((d) => join(work, d)) as [string, string, string];
    for (const d of [packed, app]) await mkdir(d, { recursive: true });

    // dist/ and schema/generated/ are built already (npm test builds first): packed as they are.
    await run('npm', ['pack', '--ignore-scripts', '--pack-destination', packed], { cwd: ROOT, env: userEnv(), maxBuffer: 16 * 1024 * 1024 });
    const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const tarball = join(packed, `mcp-conformance-${version}.tgz`);
    expect(existsSync(tarball)).toBe(true);

    const { stdout: listing } = await run('tar', ['-tzf', tarball], { maxBuffer: 16 * 1024 * 1024 });
    const files = listing.split('\n').filter(Boolean).map((f) => f.replace(/^package\//, ''));
    for (const needed of [
      'package.json',
      'README.md',
      'bin/mcp-conformance.js',
      'dist/cli/cli.js',
      'dist/cli/relay.js',
      'dist/harness/checks/runner.js',
      'dist/reference/server/main.js',
      'dist/api/index.js',
      'dist/api/index.d.ts',
      'dist/harness/checks/result.d.ts',
      'harness/config/config.schema.json',
      'reports/report.schema.json',
      'schema/revisions.json',
      'schema/NOTICE.md',
      ...REVISION_IDS.flatMap((r) => [`schema/official/${r}/schema.json`, `schema/generated/${r}/validators.js`, `schema/generated/${r}/methods.json`, `schema/generated/${r}/types.ts`]),
    ]) {
      expect(files, needed).toContain(needed);
    }
    const unwanted = files.filter(
      (f) =>
        /^(test|scripts|\.ci|\.github)\//.test(f) ||
        /\.test\.|\.trial\.|(^|\/)tsconfig|vitest|eslint/.test(f) ||
        (f.endsWith('.ts') && !/^schema\/generated\/[^/]+\/types\.ts$/.test(f) && !/^dist\/(api|harness|reports)\/.*\.d\.ts$/.test(f)),
    );
    expect(unwanted).toEqual([]);

    // A user's machine: an empty project, the tarball, nothing else (prepare must not run).
    await writeFile(join(app, 'package.json'), '{ "name": "app", "private": true }\n');
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], { cwd: app, env: userEnv(), maxBuffer: 16 * 1024 * 1024 });
    const cli = join(app, 'node_modules', 'mcp-conformance', 'bin', 'mcp-conformance.js');
    expect(existsSync(join(app, 'node_modules', '.bin', 'mcp-conformance'))).toBe(true);

    // The bundled reference server runs from the package too (the README's first try).
    const faults = await run(process.execPath, [join(app, 'node_modules/mcp-conformance/dist/reference/server/main.js'), '--list-faults'], { cwd: app });
    expect(faults.stdout).toContain('ping-nonempty-result');

    const versionRun = await bin(cli, ['--version'], app);
    expect(versionRun.stdout).toBe(`mcp-conformance ${version}\nMCP schema revisions: ${REVISION_IDS.join(', ')}\n`);

    const started = Date.now();
    const result = await bin(cli, ['--server', REFERENCE, '--spec', '2025-11-25', '--report', 'json', '--out', out], app);
    expect(result.code, result.stderr + result.stdout).toBe(0);
    expect(Date.now() - started).toBeLessThan(60_000);
    const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as RunReport;
    expect(reportSchemaErrors(report)).toBeUndefined();
    expect(report.aborted).toBeUndefined();
    expect(report.revisions).toEqual([expect.objectContaining({ revision: '2025-11-25', status: 'accepted' })]);
    expect(report.results.length).toBeGreaterThan(50);
    expect(report.summary.error).toBe(0);
    expect(report.summary.fail).toBe(0);
    expect(report.tool.version).toBe(version);

    // The library, from the installed package: a test runner's script, then its types.
    await writeFile(join(app, 'lib.mjs'), LIBRARY_SCRIPT);
    const lib = await bin(join(app, 'lib.mjs'), [join(app, 'node_modules/mcp-conformance/dist/reference/server/main.js')], app);
    expect(lib.code, lib.stderr + lib.stdout).toBe(0);
    const seen = JSON.parse(lib.stdout) as { exitCode: number; ids: string[]; statuses: string[]; version: string; checks: number; usage: string };
    expect(seen.exitCode).toBe(0);
    expect(seen.ids).toEqual(['ping.empty-result', 'ping.before-initialized']);
    expect(seen.statuses).toEqual(['pass', 'pass']);
    expect(seen.version).toBe(version);
    expect(seen.checks).toBeGreaterThan(100);
    expect(seen.usage).toBe('UsageError: timeout must be a positive integer, got "0"');

    await writeFile(join(app, 'check.ts'), LIBRARY_TYPES);
    await writeFile(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', strict: true, noEmit: true, skipLibCheck: false, types: ['node'], typeRoots: [join(ROOT, 'node_modules/@types')] }, files: ['check.ts'] }));
    const tsc = await bin(join(ROOT, 'node_modules/typescript/bin/tsc'), ['-p', app], app);
    expect(tsc.code, tsc.stdout + tsc.stderr).toBe(0);
  });
});

/** A test runner's script: the reference server through the library, a narrow selection. */
const LIBRARY_SCRIPT = `
import { exitCodeOf, listChecks, testServer, UsageError } from 'mcp-conformance';
const report = await testServer({ server: \`"\${process.execPath}" "\${process.argv[2]}"\`, spec: '2025-11-25', check: 'ping.*', fuzz: false });
const usage = await testServer({ server: 'x', timeout: 0 }).catch((e) => (e instanceof UsageError ? \`\${e.name}: \${e.message}\` : String(e)));
process.stdout.write(JSON.stringify({
  exitCode: exitCodeOf(report),
  ids: report.results.map((r) => r.id),
  statuses: report.results.map((r) => r.status),
  version: report.tool.version,
  checks: (await listChecks('server')).length,
  usage,
}));
`;

/** The same from TypeScript: the declarations resolve through the package's exports. */
const LIBRARY_TYPES = `
import { exitCodeOf, testServer, type CheckResult, type RunReport, type ServerTestOptions } from 'mcp-conformance';
const options: ServerTestOptions = { server: 'node server.js', spec: ['2025-11-25'], callTools: 'none', listener: { checkDone: (r: CheckResult) => void r.status } };
export async function run(): Promise<number> {
  const report: RunReport = await testServer(options);
  const failed: string[] = report.results.filter((r) => r.status === 'fail').map((r) => r.id);
  return failed.length + exitCodeOf(report, 'should');
}
`;
