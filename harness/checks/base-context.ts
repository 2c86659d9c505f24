// What every check's context has, on either side: the revision and transport under test, the
// user's settings, and the verdict builders (with the evidence it cites). The server side adds
// the doors to the target (checks/context.ts); the client side, the recording of the client's
// run (client/context.ts).
import { inRange, revisionInfo, type Era, type RevisionInfo } from '../revisions.js';
import type { RunSettings } from '../settings.js';
import type { TransportKind } from '../transport.js';
import type { Evidence, Verdict } from './check.js';
import { parseSkip, type SkipCode } from './skip.js';

export abstract class BaseContext {
  readonly revision: string;
  readonly rev: RevisionInfo;
  readonly era: Era;
  /** Wire sequence numbers the check cited as evidence. */
  readonly cited: number[] = [];

  constructor(
    revision: string,
    readonly transport: TransportKind,
    readonly settings: RunSettings,
    rev: RevisionInfo = revisionInfo(revision),
  ) {
    this.revision = revision;
    this.rev = rev;
    this.era = rev.era;
  }

  /** Is the revision under test in this range (a RANGE name, since(), between()...)? */
  in(range: string): boolean {
    return inRange(this.revision, range);
  }

  brief(value: unknown, max?: number): string {
    return brief(value, max);
  }

  cite(...seqs: number[]): void {
    this.cited.push(...seqs.filter((s) => s > 0));
  }

  pass(note?: string): Verdict {
    return note ? { status: 'pass', note } : { status: 'pass' };
  }

  fail(evidence: Evidence & { reason?: string }): Verdict {
    return { status: 'fail', ...evidence };
  }

  /** A SHOULD-level break, or a doubtful one: never fails the run. */
  warn(evidence: Evidence & { reason?: string }): Verdict {
    return { status: 'warn', ...evidence };
  }

  /**
   * Not judged: why, as a code of skip.ts and a detail. The checks' context types require both;
   * one sentence ("code: detail", or a free sentence filed as not-applicable) is still read here
   * for the harness's own skips.
   */
  skip(code: SkipCode | string, detail?: string): Verdict {
    const { code: c, detail: d } = detail === undefined ? parseSkip(code) : { code: code as SkipCode, detail };
    return { status: 'skip', code: c, reason: d };
  }
}

/** One line, capped: for expected/actual evidence. */
export function brief(value: unknown, max = 300): string {
  let text: string;
  if (value === undefined) text = 'nothing';
  else if (typeof value === 'string') text = JSON.stringify(value);
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
