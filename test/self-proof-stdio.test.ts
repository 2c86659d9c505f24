// The self-proof over stdio: see test/helpers/proof-plan.ts. The reference server runs in
// worker threads (test/helpers/reference-in-worker.ts).
import { vi } from 'vitest';
import { defineProofs } from './helpers/proof-suite.js';

vi.mock('execa', async (real) => (await import('./helpers/reference-in-worker.js')).mockExeca(await real()));
vi.mock('../harness/processes.js', async (real) => (await import('./helpers/reference-in-worker.js')).mockProcesses(await real()));

defineProofs(['stdio', 'modern-only-stdio']);
