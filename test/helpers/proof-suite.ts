// One self-proof test file per group of modes (vitest runs files in parallel): the clean
// reference in each mode at every revision it serves there, then every proof planned there.
import { describe, it } from 'vitest';
import { REVISIONS } from '../../harness/revisions.js';
import { proofs, type Mode } from './proof-plan.js';
import { PROOF_OPTIONS, cleanRun, expectClean, expectProof } from './proof-run.js';

const SERVES: Record<Mode, (era: string) => boolean> = {
  stdio: () => true,
  http: () => true,
  sse: (era) => era === 'legacy',
  protected: () => true,
  'protected-limited': () => false,
  'modern-only-stdio': (era) => era === 'modern',
  'modern-only-http': (era) => era === 'modern',
};

export function defineProofs(modes: Mode[]): void {
  for (const mode of modes.filter((m) => REVISIONS.some((x) => SERVES[m](x.era)))) {
    describe.concurrent(`the clean reference server (${mode})`, () => {
      for (const r of REVISIONS.filter((x) => SERVES[mode](x.era))) {
        it(`passes every check at ${r.id}`, async () => expectClean(await cleanRun(mode, r.id)));
      }
    });
  }
  // Concurrent: a proof's runs also wait on the target (fences, timeouts), and others fill that time.
  describe.concurrent('each fault is named by exactly the checks that claim it', PROOF_OPTIONS, () => {
    for (const proof of proofs().filter((p) => modes.includes(p.mode))) {
      it(`${proof.fault} (${proof.mode} @ ${proof.revision})`, () => expectProof(proof));
    }
  });
}
