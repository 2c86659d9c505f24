// The self-proof over stdio: see test/helpers/proof-plan.ts. The reference server runs in
// worker threads (test/helpers/reference-in-worker.ts).
import { vi } from 'vitest';
import { defineProofs } from './helpers/proof-suite.js';

vi.mock('execa', async (importOriginal) => {
  const real = await importOriginal<typeof import('execa')>();
  const { inWorkers } = await import('./helpers/reference-in-worker.js');
  return { ...real, execa: inWorkers(real.execa) };
});
vi.mock('../harness/processes.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../harness/processes.js')>();
  const { signalWorker } = await import('./helpers/reference-in-worker.js');
  return { ...real, signalGroup: (pid: number, signal: NodeJS.Signals) => signalWorker(pid, signal) || real.signalGroup(pid, signal) };
});

defineProofs(['stdio', 'modern-only-stdio']);
