// Running the client under test once: the user's command with `{url}` (HTTP) or `{server}`
// (stdio, through the relay) filled in, or the URL appended as the official suite does. The
// client gets its own process group, killed at the end whatever happens; its exit, stdout and
// stderr are kept as evidence.
import { mkdtemp, rm, writeFile, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { signalGroup, trackProcessGroup, untrackProcessGroup } from '../processes.js';

const OUTPUT_CAP = 64 * 1024;

export interface ClientCommand {
  /** The command line, with `{url}` or `{server}` where the target goes. */
  template: string;
  env?: Record<string, string>;
  cwd?: string;
}

export interface ClientExit {
  exitCode?: number;
  signal?: string;
  /** The command could not be started at all. */
  spawnError?: string;
  stdout: string;
  stderr: string;
  /** The tool ended it (deadline, or the scenario was over and it did not exit). */
  killed: boolean;
  /** Milliseconds it ran. */
  ms: number;
}

/** Which transport a command template tests: `{server}` is stdio, anything else HTTP. */
export function transportOfTemplate(template: string): 'stdio' | 'http' {
  return template.includes('{server}') ? 'stdio' : 'http';
}

/** `{server}` becomes one word: a tiny script that runs the relay (safe quoted or not, split or not). */
export async function serverWord(relayCommand: string): Promise<{ word: string; dispose: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'mcpc-relay-'));
  const file = join(dir, 'mcp-server');
  await writeFile(file, `#!/bin/sh\nexec ${relayCommand}\n`);
  await chmod(file, 0o755);
  return { word: file, dispose: () => rm(dir, { recursive: true, force: true }) };
}

export function fillTemplate(template: string, place: { url?: string; server?: string }): string {
  if (template.includes('{server}')) return template.split('{server}').join(place.server ?? '');
  if (template.includes('{url}')) return template.split('{url}').join(place.url ?? '');
  return `${template} ${place.url ?? ''}`;
}

export interface RunningClient {
  /** Its process id, also its process group's (undefined when it could not be spawned). */
  pid: number | undefined;
  /** Resolves when the process has exited (or could not start). */
  exited: Promise<ClientExit>;
  /** End it now: SIGTERM to its group, then SIGKILL. */
  kill(): Promise<ClientExit>;
}

export function startClient(command: string, opts: { env?: Record<string, string>; cwd?: string }): RunningClient {
  const started = performance.now();
  let stdout = '';
  let stderr = '';
  let killed = false;
  const child = execa(command, {
    shell: true,
    detached: true,
    env: opts.env,
    extendEnv: true,
    ...(opts.cwd ? { cwd: opts.cwd } : {}),
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
    buffer: false,
    reject: false,
  });
  const pid = child.pid;
  if (pid !== undefined) trackProcessGroup(pid);
  child.stdout?.on('data', (c: Buffer) => (stdout = (stdout + c.toString('utf8')).slice(0, OUTPUT_CAP)));
  child.stderr?.on('data', (c: Buffer) => (stderr = (stderr + c.toString('utf8')).slice(0, OUTPUT_CAP)));
  const exited: Promise<ClientExit> = child.then(
    (r) => ({
      ...(typeof r.exitCode === 'number' ? { exitCode: r.exitCode } : {}),
      ...(r.signal ? { signal: r.signal } : {}),
      ...(r.failed && r.exitCode === undefined && !r.signal ? { spawnError: r.shortMessage } : {}),
      stdout,
      stderr,
      killed,
      ms: Math.round(performance.now() - started),
    }),
    (e: unknown) => ({ spawnError: e instanceof Error ? e.message : String(e), stdout, stderr, killed, ms: Math.round(performance.now() - started) }),
  );
  void exited.finally(() => {
    // The group may outlive its leader (a client that spawned a server): end it all.
    if (pid !== undefined) {
      signalGroup(pid, 'SIGKILL');
      untrackProcessGroup(pid);
    }
  });
  const wait = (ms: number) => Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms).unref())]);
  return {
    pid,
    exited,
    async kill() {
      if (pid !== undefined) {
        killed = true;
        signalGroup(pid, 'SIGTERM');
        if (!(await wait(500))) signalGroup(pid, 'SIGKILL');
      }
      return exited;
    },
  };
}
