// The order test files start in. The self-proof files are by far the longest (minutes, against
// seconds for the others): started first, they never run on alone at the end of a run while a
// core idles. The rest keep vitest's own order (slowest first once it has timed them).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The self-proof files, longest first. */
const PROOFS = ['client-self-proof', 'self-proof-stdio', 'self-proof-http', 'self-proof-sse'];

const rank = (spec: TestSpecification): number => {
  const i = PROOFS.findIndex((name) => spec.moduleId.endsWith(`/${name}.test.ts`));
  return i === -1 ? PROOFS.length : i;
};

export class ProofsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
