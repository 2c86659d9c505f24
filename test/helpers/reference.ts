// Starting the reference server (built into dist/ by `npm test`) for tests.
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';

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
  /** How long to wait for the "listening" line (default 10 s); more for a long --slow-start. */
  startWaitMs?: number;
}

/**
 * Start the reference server on Streamable HTTP (random loopback port); `mode` for HTTP+SSE or
 * protected. It runs in a worker thread, as the stdio self-proof's (reference-in-worker.ts):
 * the self-proof starts it once per proof, and a thread costs half a Node start.
 */
export function startReferenceHttp(fault?: string, mode: HttpMode = {}): Promise<RunningServer> {
  const flags = [mode.sse ? '--sse' : '--http', ...(mode.protected ? ['--protected'] : []), ...(mode.flags ?? [])];
  const worker = new Worker(REFERENCE_MAIN, { argv: [...flags, '--port', '0', ...(fault ? ['--fault', fault] : [])], stdout: true, stderr: true });
  worker.stderr.resume();
  let exited = false;
  const gone = new Promise<void>((done) => worker.once('exit', () => ((exited = true), done())));
  const stop = async () => {
    if (!exited) await worker.terminate();
    await gone;
  };
  return new Promise((resolvePromise, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`reference server did not start: ${out}`)), mode.startWaitMs ?? 10_000);
    worker.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening (http:\/\/\S+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolvePromise({ url: m[1], stop });
      }
    });
    worker.once('exit', (code) => reject(new Error(`reference server exited with ${code}: ${out}`)));
  });
}
