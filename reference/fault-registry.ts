// The mechanics both reference programs share for their faults: which are known, which are on,
// and which guards ran. Each program lists its own faults (reference/<side>/faults.ts); a fault
// is turned on by its id and honoured in one place behind `isOn('<id>')`.

export interface FaultEntry {
  readonly id: string;
  readonly description: string;
}

export class FaultRegistry<Id extends string> {
  private readonly on = new Set<string>();
  /** Every fault whose guard ran, on or off: a run that never asked for a fault ran as it would under it. */
  private readonly consulted = new Set<string>();

  constructor(readonly faults: readonly (FaultEntry & { readonly id: Id })[]) {}

  isFaultId = (id: string): id is Id => this.faults.some((f) => f.id === id);

  /** Turns faults on; returns the ids that are not known (nothing is enabled then). */
  enableFaults = (ids: readonly string[]): string[] => {
    const unknown = ids.filter((id) => !this.isFaultId(id));
    if (unknown.length === 0) for (const id of ids) this.on.add(id);
    return unknown;
  };

  isOn = (id: Id): boolean => {
    this.consulted.add(id);
    return this.on.has(id);
  };

  activeFaults = (): string[] => [...this.on];

  /** The faults whose guard ran so far. */
  consultedFaults = (): string[] => [...this.consulted].sort();
}
