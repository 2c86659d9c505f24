// Launching an HTTP server for a `start` target: run the command in its own process group
// (tracked, so Ctrl-C and exit kill it), wait for its ready line on stdout or stderr, take the
// URL from it when the target has none, and stop the whole group afterwards. A server that
// exits or stays silent is stopped and reported in one sentence; nothing is left behind.
import { spawn } from 'node:child_process';
import { signalGroup, trackProcessGroup, untrackProcessGroup } from '../processes.js';
import { readyMatcher } from './ready.js';

export interface LaunchSpec {
  command: string;
  /** A substring or /regex/ (see ready.ts). */
  ready: string;
  /** The URL to test; when absent, the ready line's capture gives it. */
  url?: string;
  env?: Record<string, string>;
  cwd?: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface LaunchedServer {
  url: string;
  /** The last lines it printed (capped). */
  output(): string;
  /** SIGTERM the group, then SIGKILL what is left; never hangs. */
  stop(): Promise<void>;
}

export class LaunchError extends Error {}

/** Output kept for messages, and the longest line we wait for (a server may print no newline). */
const TAIL_CHARS = 8 * 1024;
const LINE_CHARS = 64 * 1024;
const GRACE_MS = 2000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

function lastLine(output: string): string {
  const line = output.trim().split('\n').at(-1)?.trim() ?? '';
  // Printable ASCII only: the message ends up in a console and a report.
  const clean = line.replace(/[^\x20-\x7e]/g, '?').slice(0, 200);
  return clean ? ` (last output: "${clean}")` : ' (it printed nothing)';
}

export function launchServer(spec: LaunchSpec): Promise<LaunchedServer> {
  const matcher = readyMatcher(spec.ready);
  const child = spawn(spec.command, {
    shell: true,
    detached: true, // its own group: `npx x` and `sh -c` wrap the real server
    ...(spec.cwd ? { cwd: spec.cwd } : {}),
    env: { ...process.env, ...spec.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  if (pid !== undefined) trackProcessGroup(pid);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  let tail = '';
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      if (pid === undefined) return;
      if (child.exitCode === null && child.signalCode === null) {
        signalGroup(pid, 'SIGTERM');
        await Promise.race([exited, delay(GRACE_MS)]);
      }
      signalGroup(pid, 'SIGKILL'); // the group may outlive its leader
      untrackProcessGroup(pid);
    })());
  const what = `the start command "${spec.command}"`;
  const readyText = matcher.capturesUrl || spec.ready.startsWith('/') ? `a line matching ${spec.ready}` : `a line containing "${spec.ready}"`;

  return new Promise<LaunchedServer>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => void fail(`did not print ${readyText} within ${spec.timeoutMs} ms`), spec.timeoutMs);
    const onAbort = () => void fail('was stopped: the run was interrupted');
    spec.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => {
      settled = true;
      clearTimeout(timer);
      spec.signal?.removeEventListener('abort', onAbort);
    };
    async function fail(why: string): Promise<void> {
      if (settled) return;
      settle();
      await stop();
      reject(new LaunchError(`${what} ${why}${lastLine(tail)}`));
    }
    const onLine = (line: string) => {
      tail = `${tail}${line}\n`.slice(-TAIL_CHARS);
      if (settled) return;
      const hit = matcher.match(line);
      if (!hit) return;
      const url = spec.url ?? hit.url ?? '';
      let ok = false;
      try {
        ok = /^https?:$/.test(new URL(url).protocol);
      } catch {
        ok = false;
      }
      if (!ok) return void fail(`printed its ready line, but "${url.slice(0, 200)}" is not an http(s) URL`);
      settle();
      resolve({ url, output: () => tail, stop });
    };
    for (const stream of [child.stdout, child.stderr]) {
      let partial = '';
      // Keep reading after ready too: a full pipe would block the server.
      stream.on('data', (chunk: Buffer) => {
        const lines = (partial + chunk.toString('utf8')).split('\n');
        partial = (lines.pop() ?? '').slice(-LINE_CHARS);
        for (const line of lines) onLine(line.replace(/\r$/, ''));
      });
    }
    child.once('error', (error) => void fail(`could not be started: ${error.message}`));
    const drained = Promise.all([child.stdout, child.stderr].map((s) => new Promise<void>((done) => (s.readableEnded ? done() : s.once('close', () => done())))));
    child.once('exit', (code, signal) => {
      // Its last words explain the exit: wait for the pipes to drain (bounded, a grandchild may hold them).
      void Promise.race([drained, delay(GRACE_MS / 4)]).then(() =>
        fail(`${signal ? `was killed by ${signal}` : `exited with code ${code ?? '?'}`} before printing ${readyText}`),
      );
    });
  });
}
