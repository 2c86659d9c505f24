import { defineConfig } from 'vitest/config';
import { LongestFirst } from './test/helpers/longest-first.js';

// Slow interop runs against real servers from the npm registry (besides server-everything,
// which `npm test` covers): `npm run test:interop`. One file per target, so that they spread
// over both cores, the longest started first. CI runs the same files within its full npm test
// run (MCP_CONFORMANCE_INTEROP=1, see vitest.config.ts).
export default defineConfig({
  test: {
    include: ['test/interop/**/*.test.ts'],
    // A probe the tool means to be well-formed that is not is fatal here (harness/sessions/well-formed.ts).
    env: { MCP_CONFORMANCE_STRICT_PROBES: '1' },
    testTimeout: 180_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
  },
});
