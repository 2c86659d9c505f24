import { defineConfig } from 'vitest/config';

// The exact self-proof (`npm run test:proof`, on demand): under each fault every check runs,
// and exactly the claimants may change. `npm test` runs the same proofs with the claimants only.
export default defineConfig({
  test: {
    include: ['test/self-proof-*.test.ts', 'test/client-self-proof.test.ts'],
    env: { MCP_CONFORMANCE_PROOF: 'exact' },
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One file at a time: the proofs of one file already fill both cores (a proof mostly
    // waits on the target), and two files at once starve each other's timeouts.
    fileParallelism: false,
    maxConcurrency: 8,
    // In CI a proof that fails runs once more (a loaded runner can starve a timeout); a fault
    // that moves the wrong check fails both times.
    retry: process.env.CI ? 1 : 0,
  },
});
