import { defineConfig } from 'vitest/config';
import { LongestFirst } from './test/helpers/longest-first.js';

// The fast suite: unit tests, the self-proof against the reference server and client, and one
// run against server-everything. Two switches make it CI's full run (.ci/run), one vitest run
// that shares both cores and one build:
// - MCP_CONFORMANCE_PROOF=exact: the self-proof at its exact strength (see the README);
// - MCP_CONFORMANCE_INTEROP=1: the slow interop runs of test/interop join in.
const exact = process.env.MCP_CONFORMANCE_PROOF === 'exact';
const interop = process.env.MCP_CONFORMANCE_INTEROP === '1';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A probe the tool means to be well-formed that is not is fatal here (harness/sessions/well-formed.ts).
    env: { MCP_CONFORMANCE_STRICT_PROBES: '1' },
    exclude: interop ? [] : ['test/interop/**'],
    testTimeout: exact || interop ? 180_000 : 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The slow tests wait on targets, not on the CPU: more files and tests at once than cores.
    maxWorkers: 2,
    // An exact proof runs every check: fewer at once, so that two proof files side by side do
    // not starve each other's timeouts.
    maxConcurrency: exact ? 4 : 6,
    sequence: { sequencer: LongestFirst },
  },
});
