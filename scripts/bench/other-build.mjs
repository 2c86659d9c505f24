// The other build of `--vs`: the commit checked out in a temporary git worktree (detached, in
// the OS tmpdir), with this checkout's node_modules linked in, built by its own
// `npm run schema && npm run build` from the schemas this checkout syncs (MCP_SCHEMA_DIR). The
// result is kept in .bench-cache/builds/<commit>/, so a second --vs of that commit builds
// nothing, and the worktree is removed whatever happens (an error, Ctrl-C: the exit hook).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFailure } from './complaints.mjs';
import { CACHE } from './official.mjs';
import { finish, start, tail } from './processes.mjs';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const BUILDS = join(CACHE, 'builds');
const READY = '.bench-ready';
const STEP_MS = 600_000;
/** The steps of a build, each that commit's own script. */
const STEPS = ['schema', 'build'];
/** What a build takes from the worktree into the cache: everything but git's link and the linked modules. */
const LEFT_OUT = new Set(['.git', 'node_modules']);

/**
 * The other build for `ref`: { name: 'other', cli, commit, short, cached } or { problem }, one
 * sentence saying why it cannot be had. `say` prints what it is doing.
 */
export async function otherBuild(ref, say = console.log) {
  const commit = git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  if (commit === undefined) return { problem: `The other build cannot be made: "${ref}" is not a commit of this repository.` };
  const short = commit.slice(0, 7);
  const dir = join(BUILDS, commit);
  const build = { name: 'other', ref, commit, short, dir, cli: join(dir, 'bin', 'mcp-conformance.js') };
  if (existsSync(join(dir, READY))) {
    say(`the other build: ${short} (${ref}), built before, from ${relative(repo, dir)}/`);
    return { ...build, cached: true };
  }
  const modules = join(repo, 'node_modules');
  if (!existsSync(modules)) return { problem: `The other build (${short}) cannot be made: this checkout has no node_modules to lend it (run npm ci).` };

  const worktree = mkdtempSync(join(tmpdir(), `mcp-conformance-vs-${short}-`));
  const remove = () => removeWorktree(worktree);
  process.once('exit', remove);
  try {
    const started = performance.now();
    say(`building the other build: ${short} (${ref}) in ${worktree}`);
    const added = gitStrict(['worktree', 'add', '--detach', '--quiet', worktree, commit]);
    if (added.problem) return { problem: `The other build (${short}) could not be checked out: ${added.problem}.` };
    symlinkSync(realpathSync(modules), join(worktree, 'node_modules'), 'dir');
    const env = { MCP_SCHEMA_DIR: process.env.MCP_SCHEMA_DIR || resolve(repo, '..', 'shared', 'mcp-schema') };
    for (const step of STEPS) {
      const failed = await npmRun(step, worktree, env);
      if (failed) return { problem: `The other build (${short}) could not be built: \`npm run ${step}\` ${failed}.` };
    }
    if (!existsSync(join(worktree, 'bin', 'mcp-conformance.js'))) return { problem: `The other build (${short}) has no bin/mcp-conformance.js to run.` };
    keep(worktree, dir);
    say(`built in ${Math.round((performance.now() - started) / 1000)} s; kept in ${relative(repo, dir)}/`);
    return { ...build, cached: false };
  } catch (error) {
    return { problem: `The other build (${short}) could not be made: ${error.message}.` };
  } finally {
    process.off('exit', remove);
    remove();
  }
}

/** One `npm run <script>` in the worktree: undefined when it succeeded, else why not (words that follow the command). */
async function npmRun(script, cwd, env) {
  // Under `npm run bench`, npm says where it is; else the one on the PATH.
  const npm = process.env.npm_execpath?.endsWith('.js') ? [process.execPath, process.env.npm_execpath] : ['npm'];
  const proc = start([...npm, 'run', script], { cwd, env });
  const exit = await finish(proc, STEP_MS);
  if (exit.timedOut) return `did not end within ${STEP_MS / 1000} s`;
  if (exit.error) return `could not start (${exit.error})`;
  if (exit.code === 0) return undefined;
  return `failed (exit ${exit.code ?? exit.signal}): ${buildFailure(`${proc.stdout}\n${proc.stderr}`)}`;
}

/** Copy the built worktree into the cache, whole or not at all (a half copy is never taken for a build). */
function keep(worktree, dir) {
  mkdirSync(BUILDS, { recursive: true });
  const staging = mkdtempSync(`${dir}.staging-`);
  try {
    cpSync(worktree, staging, { recursive: true, verbatimSymlinks: true, filter: (src) => !LEFT_OUT.has(relative(worktree, src)) });
    symlinkSync(realpathSync(join(repo, 'node_modules')), join(staging, 'node_modules'), 'dir');
    writeFileSync(join(staging, READY), `${relative(repo, dir)}\n`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(staging, dir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** `git worktree remove`; when git cannot, the folder goes and git forgets it (`git worktree prune`). */
function removeWorktree(worktree) {
  if (!existsSync(worktree)) return;
  if (git(['worktree', 'remove', '--force', worktree]) !== undefined && !existsSync(worktree)) return;
  rmSync(worktree, { recursive: true, force: true });
  git(['worktree', 'prune']);
}

function git(args) {
  return gitStrict(args).out;
}

/** A git command in this checkout: { out } (its trimmed stdout) or { problem } (its complaint). */
function gitStrict(args) {
  try {
    return { out: execFileSync('git', args, { cwd: repo, encoding: 'utf8', timeout: 60_000, stdio: ['ignore', 'pipe', 'pipe'] }).trim() };
  } catch (error) {
    return { problem: `git ${args[0]} ${args[1] ?? ''}`.trim() + ` failed: ${tail(String(error.stderr ?? error.message), 200)}` };
  }
}
