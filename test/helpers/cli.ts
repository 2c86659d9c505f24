// Running the built CLI (bin/mcp-conformance.js) as a user would, with a hard time limit.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

export const CLI = resolve('bin/mcp-conformance.js');
export const EVERYTHING = `"${process.execPath}" node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio`;

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
  pid: number;
}

export function runCli(args: string[], options: { env?: Record<string, string>; timeoutMs?: number; cwd?: string } = {}): Promise<CliRun> {
  const started = Date.now();
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: options.cwd ?? process.cwd(),
    env: { ...process.env, NO_COLOR: '1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
  return new Promise((done) => {
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code, signal, stdout, stderr, ms: Date.now() - started, pid: child.pid ?? 0 });
    });
  });
}
