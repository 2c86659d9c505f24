// Turning a verdict into a result, the same on both sides: the check's metadata, the spec
// reference of the revision under test, the level's say (a broken SHOULD or MAY never fails
// the run), the evidence, and the skip's code.
import type { Check, Level, Side, Verdict } from './check.js';
import type { CheckResult } from './result.js';
import { parseSkip } from './skip.js';
import { areaOf } from './spec-ref.js';
import type { WireEntry } from '../wire-log.js';

export interface ResultPlace {
  revision: string;
  transport: string;
  side: Side;
  /** The spec section of the revision under test, and the level its sentence states. */
  url: string;
  level: Level;
  durationMs: number;
}

export function buildResult(check: Pick<Check, 'id' | 'title' | 'requirement' | 'fix'>, place: ResultPlace, given: Verdict, wire: () => WireEntry[]): CheckResult {
  const verdict: Verdict = given.status === 'fail' && place.level !== 'MUST' ? { ...given, status: 'warn' } : given;
  const result: CheckResult = {
    id: check.id,
    title: check.title,
    area: areaOf(check.id),
    side: place.side,
    level: place.level,
    spec: place.url,
    ...(check.requirement ? { requirement: check.requirement } : {}),
    ...(check.fix ? { fix: check.fix } : {}),
    revision: place.revision,
    transport: place.transport,
    status: verdict.status,
    durationMs: Math.round(place.durationMs),
  };
  switch (verdict.status) {
    case 'fail':
    case 'warn':
      result.expected = verdict.expected;
      result.actual = verdict.actual;
      if (verdict.reason) result.reason = verdict.reason;
      break;
    case 'skip': {
      const { code, detail } = verdict.code ? { code: verdict.code, detail: verdict.reason } : parseSkip(verdict.reason);
      result.skipCode = code;
      result.reason = detail;
      break;
    }
    case 'error':
      result.reason = verdict.reason;
      break;
    case 'pass':
      // A pass can say what it used (e.g. which tool was cancelled); report.json keeps it.
      if (verdict.note) result.reason = verdict.note;
  }
  if (verdict.status !== 'pass' && verdict.status !== 'skip') result.wire = wire();
  return result;
}
