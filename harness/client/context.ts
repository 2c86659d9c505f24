// The context a client check's run() receives: the recording of its scenario at one revision
// and transport, and the verdict builders. A client check never talks to anything: the
// client did the talking; the check judges what it did.
import { BaseContext } from '../checks/base-context.js';
import type { Evidence, Verdict } from '../checks/check.js';
import type { SkipCode } from '../checks/skip.js';
import type { Era, RevisionInfo } from '../revisions.js';
import type { RunSettings } from '../settings.js';
import type { TransportKind } from '../transport.js';
import type { WireEntry } from '../wire-log.js';
import type { Recording } from './recording.js';
import type { ClientScenario } from './scenario.js';

export interface ClientCheckContext {
  readonly revision: string;
  readonly rev: RevisionInfo;
  readonly era: Era;
  readonly transport: TransportKind;
  readonly scenario: ClientScenario;
  readonly recording: Recording;
  readonly timeoutMs: number;
  readonly settings: RunSettings;
  in(range: string): boolean;
  brief(value: unknown, max?: number): string;
  /** Wire sequence numbers that show the verdict (frames, HTTP requests, events). */
  cite(...seqs: number[]): void;
  pass(note?: string): Verdict;
  fail(evidence: Evidence & { reason?: string }): Verdict;
  warn(evidence: Evidence & { reason?: string }): Verdict;
  skip(code: SkipCode, detail: string): Verdict;
}

const MAX_ENTRIES = 40;

export class ClientRunContext extends BaseContext implements ClientCheckContext {
  constructor(
    readonly scenario: ClientScenario,
    readonly recording: Recording,
    readonly timeoutMs: number,
    settings: RunSettings,
  ) {
    super(recording.revision, recording.transport, settings);
  }

  /** The evidence: what the check cited, then the end of the run (where things go wrong). */
  excerpt(): WireEntry[] {
    const all = this.recording.entries();
    const cited = new Set(this.cited);
    if (all.length <= MAX_ENTRIES) return all;
    const keep = all.filter((e) => cited.has(e.seq)).slice(0, MAX_ENTRIES / 2);
    const rest = all.filter((e) => !cited.has(e.seq)).slice(-(MAX_ENTRIES - keep.length));
    return [...keep, ...rest].sort((a, b) => a.seq - b.seq);
  }
}
