// The official conformance suite (@modelcontextprotocol/conformance), for the bench only: it
// and the Node 22 it needs come from the npm registry into .bench-cache/ (git-ignored), once;
// after that everything works offline. Never part of a user's install.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { finish, start, tail } from './processes.mjs';

export const OFFICIAL = { name: '@modelcontextprotocol/conformance', version: '0.1.16' };
/** The binary package the `node` npm package installs, for this platform. */
const NODE22 = { name: `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`, version: '22.23.3' };

const repo = fileURLToPath(new URL('../../', import.meta.url));
export const CACHE = join(repo, '.bench-cache');
const probe = fileURLToPath(new URL('./rss-probe.mjs', import.meta.url));
const suiteDir = join(CACHE, `conformance-${OFFICIAL.version}`);
const nodeDir = join(CACHE, `node-${NODE22.version}`);

/**
 * The Node 22 binary and the suite's entry point, fetched into the cache if missing.
 * Returns { node, entry } or { problem } (one sentence).
 */
export function ensureOfficial() {
  try {
    const node = Number(process.versions.node.split('.')[0]) >= 22 ? process.execPath : ensureNode22();
    ensureSuite(node);
    return { node, entry: join(suiteDir, 'dist', 'index.js') };
  } catch (error) {
    return { problem: `The official suite (${OFFICIAL.name}@${OFFICIAL.version} on Node 22) could not be fetched into .bench-cache/ (${error.message}), so only our own figures follow.` };
  }
}

function ensureNode22() {
  const binary = join(nodeDir, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (existsSync(binary)) return binary;
  unpack(fetchTarball(NODE22), nodeDir);
  if (!existsSync(binary)) throw new Error(`${NODE22.name}@${NODE22.version} holds no bin/node`);
  return binary;
}

function ensureSuite(node) {
  const ready = join(suiteDir, '.bench-ready');
  if (existsSync(ready)) return;
  unpack(fetchTarball(OFFICIAL), suiteDir);
  // Its runtime dependencies only, with npm itself running on Node 22 (engine checks).
  const npm = process.env.npm_execpath?.endsWith('.js') ? [node, process.env.npm_execpath] : ['npm'];
  const env = { ...process.env, PATH: `${join(node, '..')}${delimiter}${process.env.PATH ?? ''}` };
  run([...npm, 'install', '--omit=dev', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund', '--no-save', '--loglevel=error'], { cwd: suiteDir, env, ms: 600_000, what: `npm install of ${OFFICIAL.name}'s dependencies` });
  writeFileSync(ready, `${OFFICIAL.name}@${OFFICIAL.version}\n`);
}

/** `npm pack name@version` into the cache; the tarball's path. */
function fetchTarball({ name, version }) {
  mkdirSync(CACHE, { recursive: true });
  const spec = `${name}@${version}`;
  const out = run(['npm', 'pack', spec, '--json', '--prefer-offline', '--pack-destination', CACHE, '--loglevel=error'], { cwd: CACHE, ms: 600_000, what: `npm pack ${spec}` });
  let file;
  try {
    file = JSON.parse(out)[0]?.filename;
  } catch {
    // Reported below.
  }
  if (!file || !existsSync(join(CACHE, file))) throw new Error(`npm pack ${spec} gave no tarball`);
  return join(CACHE, file);
}

/** Unpack a package tarball's `package/` into `dir` (whole or not at all), and drop the tarball. */
function unpack(tarball, dir) {
  const staging = mkdtempSync(join(CACHE, 'unpack-'));
  try {
    run(['tar', '-xzf', tarball, '-C', staging], { ms: 120_000, what: `unpacking ${tarball}` });
    rmSync(dir, { recursive: true, force: true });
    renameSync(join(staging, 'package'), dir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(tarball, { force: true });
  }
}

function run(argv, { cwd, env, ms, what }) {
  const r = spawnSync(argv[0], argv.slice(1), { cwd, env, encoding: 'utf8', timeout: ms, killSignal: 'SIGKILL', maxBuffer: 16 << 20 });
  if (r.error) throw new Error(`${what}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${what} failed: ${reasonOf(r.stderr || r.stdout)}`);
  return r.stdout;
}

/** The telling line of npm's (or tar's) complaint: the network reason if there is one. */
function reasonOf(output) {
  const lines = output.split('\n').map((l) => l.replace(/^npm (error|ERR!)\s*/, '').trim()).filter(Boolean);
  const line = lines.find((l) => /reason:/.test(l)) ?? lines.find((l) => /^code /.test(l)) ?? lines[0] ?? 'no output';
  return line.length > 160 ? `${line.slice(0, 160)}…` : line;
}

/**
 * One run of the official suite (every server scenario, its one revision) against `url`.
 * Returns { seconds, maxRssKb, checks, statuses, scenarios } or { error }.
 */
export async function runOfficial({ node, entry }, url, ms) {
  const out = mkdtempSync(join(tmpdir(), 'bench-official-'));
  const rssFile = join(out, 'rss.json');
  try {
    const started = performance.now();
    const proc = start([node, '--import', probe, entry, 'server', '--url', url, '--suite', 'all', '--output-dir', join(out, 'results')], { env: { BENCH_RSS_FILE: rssFile } });
    const exit = await finish(proc, ms);
    const seconds = (performance.now() - started) / 1000;
    if (exit.timedOut) return { error: `did not finish within ${ms / 1000} s` };
    // Exit code 1 only says some check failed; the checks it wrote are what counts.
    const scenarios = readChecks(join(out, 'results'));
    const all = scenarios.flatMap((s) => s.checks);
    if (all.length === 0) return { error: `no results (exit ${exit.code ?? exit.signal}): ${tail(proc.stderr || proc.stdout, 200)}` };
    const statuses = {};
    for (const c of all) statuses[c.status] = (statuses[c.status] ?? 0) + 1;
    return { seconds, ...readUsage(rssFile), checks: all.length, statuses, scenarios: scenarios.length };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** Every checks.json the suite wrote (one folder per scenario). */
function readChecks(dir) {
  if (!existsSync(dir)) return [];
  const found = [];
  for (const entry of readdirSync(dir, { recursive: true })) {
    if (!String(entry).endsWith('checks.json')) continue;
    try {
      const checks = JSON.parse(readFileSync(join(dir, String(entry)), 'utf8'));
      if (Array.isArray(checks)) found.push({ file: String(entry), checks });
    } catch {
      // A half-written file: not counted.
    }
  }
  return found;
}

/** What rss-probe.mjs wrote at the tool's exit: { maxRssKb, cpuSeconds }, or nothing. */
export function readUsage(file) {
  try {
    const { maxRssKb, cpuSeconds } = JSON.parse(readFileSync(file, 'utf8'));
    return { maxRssKb, cpuSeconds };
  } catch {
    return {};
  }
}
