// The self-proof starts the reference server (stdio) and the reference client thousands of
// times. Here each start is a worker thread in place of a process: the same program
// (process.stdin, stdout, stderr, argv, env and exit work in a worker), the same bytes to and
// from the tool, for about half the CPU of a Node start (40 ms instead of 85 on the 2-core
// machine). Only the reference programs' command lines run so (what they spawn themselves,
// such as the client's stdio server, is a process); the tests of the stdio transport and of
// client runs themselves (reference-server, reference-client, cli, silent-target) spawn real
// processes.
import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import type { execa as Execa } from 'execa';

/** Above Linux's largest pid: a signal to such a group reaches no process. */
let nextPid = 1 << 23;
/** The running workers by their made-up pid: a signal ends one, and its exit names the signal. */
const workers = new Map<number, (signal: string) => void>();

const REFERENCE = /^"[^"]+" "([^"]+\/reference\/(?:server|client)\/main\.js)"((?: [^ "]+)*)$/;

/** execa, except that a reference program's command line starts a worker thread. */
function inWorkers(real: typeof Execa): typeof Execa {
  return ((command: string, options?: { env?: Record<string, string>; cwd?: string; stdin?: string }) => {
    const match = typeof command === 'string' && !options?.cwd ? REFERENCE.exec(command) : null;
    if (!match) return (real as (c: string, o?: unknown) => unknown)(command, options);
    const [, main, args = ''] = match as unknown as [string, string, string];
    const env = { ...process.env, ...options?.env };
    const worker = new Worker(main, { argv: args.split(' ').filter(Boolean), env, stdin: true, stdout: true, stderr: true });
    const pid = nextPid++;
    let signal: string | undefined;
    let dead = false;
    // A worker's stdin calls a write back only once the worker took the bytes, never if it
    // died first: this one calls back at once, and fails as a dead process's pipe does.
    const stdin = new Writable({
      write(chunk: Buffer, _encoding, done) {
        if (dead) return done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
        worker.stdin?.write(chunk);
        done();
      },
      final(done) {
        if (!dead) worker.stdin?.end();
        done();
      },
    });
    if (options?.stdin === 'ignore') worker.stdin?.end();
    workers.set(pid, (s) => {
      signal ??= s;
      void worker.terminate();
    });
    const exit = new Promise<{ exitCode?: number; signal?: string }>((resolve) =>
      worker.once('exit', (code) => {
        workers.delete(pid);
        dead = true;
        resolve(signal ? { signal } : { exitCode: code });
      }),
    );
    // As execa's result, once the output is read to its end too (bounded, as a pipe a
    // grandchild holds open would be).
    const drained = (stream: NodeJS.ReadableStream) => finished(stream).catch(() => undefined);
    const done = exit.then(async (result) => {
      await Promise.race([Promise.all([drained(worker.stdout), drained(worker.stderr)]), new Promise((r) => setTimeout(r, 1000).unref())]);
      return result;
    });
    const child = Object.assign(new EventEmitter(), {
      pid,
      stdin,
      stdout: worker.stdout,
      stderr: worker.stderr,
      then: done.then.bind(done),
    });
    process.nextTick(() => child.emit('spawn'));
    return child;
  }) as unknown as typeof Execa;
}

/** A signal to a worker's "group" ends the worker; false when `pid` is no worker of ours. */
function signalWorker(pid: number, signal: string): boolean {
  const kill = workers.get(pid);
  kill?.(signal);
  return kill !== undefined;
}

type Processes = typeof import('../../harness/processes.js');

/**
 * The mocks a proof file installs (vi.mock must be written in the test file itself):
 *   vi.mock('execa', async (real) => (await import('./helpers/reference-in-worker.js')).mockExeca(await real()));
 *   vi.mock('../harness/processes.js', async (real) => (await import('./helpers/reference-in-worker.js')).mockProcesses(await real()));
 */
export const mockExeca = (real: typeof import('execa')) => ({ ...real, execa: inWorkers(real.execa) });
export const mockProcesses = (real: Processes): Processes => ({ ...real, signalGroup: (pid, signal) => void (signalWorker(pid, signal) || real.signalGroup(pid, signal)) });
