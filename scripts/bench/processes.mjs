// Child processes of the bench: each in its own process group (killed whole), every wait
// bounded, readiness read from the process's own output (no sleeps). Every process the bench
// starts carries BENCH_MARK in its environment, and so does everything it spawns in turn, so
// that a process left behind after a run is found (and ended) by that mark.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

const MARK = `mcp-conformance-bench-${randomUUID()}`;
const OUTPUT_CAP = 1 << 20;
/** Processes started and not yet exited (their groups are ended on an interrupt). */
const live = new Set();

/** Start `argv` in its own process group; `output` keeps its stdout/stderr (capped). */
export function start(argv, { env = {}, cwd } = {}) {
  const child = spawn(argv[0], argv.slice(1), {
    cwd,
    env: { ...process.env, ...env, BENCH_MARK: MARK },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc = { child, stdout: '', stderr: '', exited: undefined };
  const keep = (stream) => (chunk) => {
    if (proc[stream].length < OUTPUT_CAP) proc[stream] += chunk.toString('utf8');
  };
  child.stdout.on('data', keep('stdout'));
  child.stderr.on('data', keep('stderr'));
  proc.exited = new Promise((resolve) => {
    child.once('error', (error) => resolve({ code: null, signal: null, error: error.message }));
    child.once('close', (code, signal) => resolve({ code, signal }));
  });
  live.add(proc);
  void proc.exited.then(() => live.delete(proc));
  return proc;
}

/** Resolve with the match of `pattern` in the process's `stream`, or reject when it exits or time is up. */
export function waitFor(proc, stream, pattern, ms) {
  return new Promise((resolve, reject) => {
    const done = (fn, value) => {
      clearTimeout(timer);
      proc.child[stream].off('data', look);
      fn(value);
    };
    const look = () => {
      const m = pattern.exec(proc[stream]);
      if (m) done(resolve, m);
    };
    const timer = setTimeout(() => done(reject, new Error(`no "${pattern.source}" within ${ms / 1000} s`)), ms);
    proc.child[stream].on('data', look);
    proc.exited.then((e) => done(reject, new Error(`exited (${e.error ?? e.signal ?? `code ${e.code}`}) before "${pattern.source}": ${tail(proc.stderr)}`)));
    look();
  });
}

/** Wait for the process to exit, at most `ms`; past that the group is killed and `timedOut` is set. */
export async function finish(proc, ms) {
  let timer;
  const limit = new Promise((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)));
  const outcome = await Promise.race([proc.exited, limit]);
  clearTimeout(timer);
  if (outcome !== 'timeout') return outcome;
  await stop(proc);
  return { ...(await proc.exited), timedOut: true };
}

/** Kill the process group: SIGTERM, then SIGKILL if it is still there after a bounded wait. */
export async function stop(proc, graceMs = 3000) {
  const pid = proc.child.pid;
  if (pid === undefined) return;
  signalGroup(pid, 'SIGTERM');
  let timer;
  const graced = await Promise.race([proc.exited.then(() => true), new Promise((r) => (timer = setTimeout(() => r(false), graceMs)))]);
  clearTimeout(timer);
  // The leader may be gone while members live on: the group is killed either way.
  signalGroup(pid, 'SIGKILL');
  if (!graced) await proc.exited;
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is gone.
  }
}

/** Processes alive that the bench started (directly or not), by their mark (Linux /proc; elsewhere none). */
export function leftovers() {
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const found = [];
  for (const name of entries) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const environ = readFileSync(`/proc/${name}/environ`, 'latin1');
      if (!environ.includes(`BENCH_MARK=${MARK}`)) continue;
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'latin1').split('\0').join(' ').trim();
      // Field 5 of stat is the process group (after the parenthesised name, which may hold spaces).
      const stat = readFileSync(`/proc/${name}/stat`, 'latin1');
      const pgid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      found.push({ pid: Number(name), pgid, cmdline });
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

/** On an interrupt: kill every group the bench started, then whatever else carries its mark. */
export function endAll() {
  for (const proc of live) if (proc.child.pid !== undefined) signalGroup(proc.child.pid, 'SIGKILL');
  kill(leftovers());
}

/** End the given leftover processes by their id. */
export function kill(processes) {
  for (const p of processes) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/**
 * CPU seconds (user + system) of every child process the bench has reaped so far, and of theirs
 * that they reaped (Linux: cutime + cstime of /proc/self/stat, in USER_HZ = 100 ticks per
 * second); undefined elsewhere. The difference over a run is the CPU of the tool and servers.
 */
export function childrenCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'latin1');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 16 and 17 of stat, counted from the state (field 3) at index 0.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

export function tail(text, chars = 300) {
  const t = text.trim();
  return t.length > chars ? `…${t.slice(-chars)}` : t;
}
