// Starting the reference server (built into dist/ by `npm test`) for tests.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

export const REFERENCE_MAIN = resolve('dist/reference/server/main.js');

export function referenceCommand(fault?: string): string {
  return `"${process.execPath}" "${REFERENCE_MAIN}"${fault ? ` --fault ${fault}` : ''}`;
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** How the reference serves HTTP: `sse` prints the HTTP+SSE URL (/sse), `protected` wants a token. */
export interface HttpMode {
  sse?: boolean;
  protected?: boolean;
  /** More flags for the reference (e.g. --modern-only). */
  flags?: string[];
}

/** Start the reference server on Streamable HTTP (random loopback port); `mode` for HTTP+SSE or protected. */
export function startReferenceHttp(fault?: string, mode: HttpMode = {}): Promise<RunningServer> {
  const flags = [mode.sse ? '--sse' : '--http', ...(mode.protected ? ['--protected'] : []), ...(mode.flags ?? [])];
  const child = spawn(process.execPath, [REFERENCE_MAIN, ...flags, '--port', '0', ...(fault ? ['--fault', fault] : [])], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 2000).unref();
    });
  return new Promise((resolvePromise, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`reference server did not start: ${out}`)), 10_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening (http:\/\/\S+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolvePromise({ url: m[1], stop });
      }
    });
    child.once('exit', (code) => reject(new Error(`reference server exited with ${code}: ${out}`)));
  });
}
