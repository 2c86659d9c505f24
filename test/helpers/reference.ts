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

/** Start the reference server on Streamable HTTP (random loopback port). */
export function startReferenceHttp(fault?: string): Promise<RunningServer> {
  const child = spawn(process.execPath, [REFERENCE_MAIN, '--http', '--port', '0', ...(fault ? ['--fault', fault] : [])], {
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
