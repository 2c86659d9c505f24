// The client self-proof: the clean reference client passes every client check at every
// revision on both transports; under each of its faults exactly the claiming checks fail.
// The reference client runs in worker threads (test/helpers/reference-in-worker.ts).
import { describe, expect, it, vi } from 'vitest';
import { REVISIONS } from '../harness/revisions.js';
import { cleanClientRun, clientProofs, expectClientProof, type ClientMode } from './helpers/client-proof.js';
import { PROOF_OPTIONS, show } from './helpers/proof-run.js';

vi.mock('execa', async (real) => (await import('./helpers/reference-in-worker.js')).mockExeca(await real()));
vi.mock('../harness/processes.js', async (real) => (await import('./helpers/reference-in-worker.js')).mockProcesses(await real()));

for (const mode of ['stdio', 'http'] as ClientMode[]) {
  describe.concurrent(`the clean reference client (${mode})`, () => {
    for (const r of REVISIONS) {
      it(`is accepted and passes every client check at ${r.id}`, async () => {
        const { report } = await cleanClientRun(mode, r.id);
        expect(report.revisions.find((p) => p.revision === r.id)?.status).toBe('accepted');
        expect(show(report.results.filter((x) => x.status !== 'pass' && x.status !== 'skip'))).toEqual([]);
        for (const x of report.results.filter((y) => y.status === 'skip')) expect(x.reason, x.id).toBeTruthy();
      });
    }
  });
}

describe.concurrent('each reference-client fault is named by exactly the client checks that claim it', PROOF_OPTIONS, () => {
  for (const proof of clientProofs()) it(`${proof.fault} (${proof.mode} @ ${proof.revision})`, () => expectClientProof(proof));
});
