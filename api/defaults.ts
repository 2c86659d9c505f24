// The value of an option nobody set: one table, read by the library, the CLI's --help and the
// config file's layering alike.
import { DEFAULT_STARTUP_TIMEOUT_MS } from '../harness/pacing/pace.js';

export const DEFAULTS = {
  /** The least time a request is given, in ms (a slow target gets more). */
  timeout: 5000,
  /** The most a start or new connection may take to answer its first request, in ms. */
  startupTimeout: DEFAULT_STARTUP_TIMEOUT_MS,
  /** The most checks at once (the ceiling of the pacing window). */
  concurrency: 16,
  callTools: 'readonly',
  failOn: 'must',
  report: 'console',
} as const;

/** How long a config file's `start` server may take to print its ready line, unless it says. */
export const DEFAULT_READY_TIMEOUT_MS = 30_000;

/** The folder of the file reports when none is named. */
export const DEFAULT_OUT = 'mcp-conformance-report';
