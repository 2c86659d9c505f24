// Diagnostics. Quiet by default: a clean run prints nothing but spec-required warnings;
// --verbose (or MCP_REF_CLIENT_VERBOSE=1) narrates the run on stderr.

let verboseOn = process.env.MCP_REF_CLIENT_VERBOSE === '1';

export function setVerbose(on: boolean): void {
  verboseOn = verboseOn || on;
}

const started = Date.now();

export function verbose(message: string): void {
  if (verboseOn) process.stderr.write(`reference client: +${Date.now() - started}ms ${message}\n`);
}

export function warn(message: string): void {
  process.stderr.write(`reference client: warning: ${message}\n`);
}

/** An error that ends the run: main prints its message as the one stderr line and exits 1. */
export class Fatal extends Error {}

/** A short, single-line rendering of an unknown error. */
export function describe(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return text.replace(/\s+/g, ' ').slice(0, 300);
}
