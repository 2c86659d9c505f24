import { defineConfig } from 'vitest/config';

// The exact self-proof alone (`npm run test:proof`, on demand): under each fault every check
// runs, and exactly the claimants may change. `npm test` runs the same proofs with the
// claimants only, and CI runs them exact within its one full run (vitest.config.ts).
export default defineConfig({
  test: {
    include: ['test/self-proof-*.test.ts', 'test/client-self-proof.test.ts'],
    // A probe the tool means to be well-formed that is not is fatal here (harness/sessions/well-formed.ts).
    env: { MCP_CONFORMANCE_PROOF: 'exact', MCP_CONFORMANCE_STRICT_PROBES: '1' },
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One file at a time: the proofs of one file already fill both cores.
    fileParallelism: false,
    maxConcurrency: 8,
  },
});
