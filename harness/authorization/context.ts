// The context of one AS check at one revision: the Judge (verdict builders), the run's shared
// exchanges (flow.ts), and the frames the check saw, for the evidence of a fail or warn.
import { BaseContext } from '../checks/base-context.js';
import type { RunSettings } from '../settings.js';
import type { WireEntry } from '../wire-log.js';
import type { AsRun, Recorded } from './flow.js';

export class AsContext extends BaseContext {
  readonly wire: WireEntry[] = [];

  constructor(
    revision: string,
    settings: RunSettings,
    readonly as: AsRun,
  ) {
    super(revision, 'streamable-http', settings);
  }

  /** A shared exchange's value; its frames join this check's evidence. */
  async use<T>(p: Promise<Recorded<T>>): Promise<T> {
    const r = await p;
    for (const w of r.wire) if (!this.wire.includes(w)) this.wire.push(w);
    return r.value;
  }
}
