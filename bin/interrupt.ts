// Ctrl-C and SIGTERM: the first asks the run to wind down and write what it gathered; a
// second one, or a run that cannot wind down within 5 s, kills every server and leaves.
import { killAllNow } from '../harness/processes.js';

const GRACE_MS = 5000;

export interface Interrupts {
  signal: AbortSignal;
  dispose(): void;
}

export function catchInterrupts(): Interrupts {
  const abort = new AbortController();
  let count = 0;
  const onSignal = () => {
    count++;
    if (count > 1) {
      killAllNow();
      process.exit(130);
    }
    process.stderr.write('\nmcp-conformance: interrupted; stopping the run and writing what was gathered (Ctrl-C again to quit at once)\n');
    abort.abort();
    setTimeout(() => {
      killAllNow();
      process.exit(130);
    }, GRACE_MS).unref();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    signal: abort.signal,
    dispose() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}
