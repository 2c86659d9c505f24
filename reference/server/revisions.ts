// The legacy revisions the reference server speaks, and version negotiation.
import { isOn } from './faults.js';

export const REVISIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'] as const;
export type Revision = (typeof REVISIONS)[number];

export const OLDEST: Revision = REVISIONS[0];
export const NEWEST: Revision = REVISIONS[REVISIONS.length - 1] as Revision;

export function isRevision(v: unknown): v is Revision {
  return typeof v === 'string' && (REVISIONS as readonly string[]).includes(v);
}

/** True when `rev` is `since` or newer. */
export function atLeast(rev: Revision, since: Revision): boolean {
  return REVISIONS.indexOf(rev) >= REVISIONS.indexOf(since);
}

export interface Negotiated {
  /** The protocolVersion the initialize result carries. */
  answer: string;
  /** The revision whose rules the session then follows. */
  revision: Revision;
}

/**
 * basic/lifecycle#version-negotiation: a supported requested version is answered as is;
 * otherwise the server answers another version it supports, its newest.
 */
export function negotiate(requested: string): Negotiated {
  if (isRevision(requested)) return { answer: requested, revision: requested };
  if (isOn('version-echo-unknown')) return { answer: requested, revision: NEWEST };
  if (isOn('version-counter-offer-unsupported')) {
    // The counter-offer is unsupported too; asked for it, answer the newest so it does not round-trip.
    return requested === '2024-10-07' ? { answer: NEWEST, revision: NEWEST } : { answer: '2024-10-07', revision: NEWEST };
  }
  if (isOn('version-counter-offer-oldest')) return { answer: OLDEST, revision: OLDEST };
  return { answer: NEWEST, revision: NEWEST };
}
