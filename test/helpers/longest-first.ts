// The order test files start in: the longest first, so that no long file runs on alone at the
// end of a run while a core idles (longest processing time first). vitest orders by the
// durations it cached in an earlier run, but a fresh clone (CI) has none, and then it starts the
// largest files first, which are not the longest (a proof or interop file is a few lines). So the
// files known to be long are ranked here, by the seconds they took on the 2-core machine.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Test files (their path under test/, without .test.ts) that take long, with their seconds. */
const KNOWN_SECONDS: Record<string, number> = {
  'client-self-proof': 190,
  'self-proof-stdio': 180,
  'self-proof-http': 170,
  'self-proof-sse': 90,
  'interop/published/supergateway-stateless': 100,
  'interop/published/mongodb': 150,
  'interop/published/mongodb-http': 120,
  'interop/published/azure': 90,
  'interop/published/supergateway-stateful': 80,
  action: 100,
  'reference-client': 60,
  fuzz: 60,
  'no-answer-no-verdict': 60,
  'reference-client-faults': 50,
  cli: 50,
  'false-alarms': 45,
  pack: 40,
};

const secondsOf = (spec: TestSpecification): number => {
  const name = /\/test\/(.+)\.test\.ts$/.exec(spec.moduleId)?.[1] ?? '';
  return KNOWN_SECONDS[name] ?? 0;
};

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Stable: files not known here keep vitest's own order (slowest first once it has timed them).
    return (await super.sort(files)).sort((a, b) => secondsOf(b) - secondsOf(a));
  }
}
