// The revisions the reference server speaks: the legacy ones (initialize handshake, version
// negotiation below) and the modern one (per-request _meta, modern/).
import { isOn } from './faults.js';

export const REVISIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'] as const;
export type Revision = (typeof REVISIONS)[number];

/** The stateless era (2026-07-28): served per request, never negotiated by initialize. */
export const MODERN = '2026-07-28';
export const MODERN_VERSIONS: readonly string[] = [MODERN];
/** Any revision a handler may be asked to render for. */
export type AnyRevision = Revision | typeof MODERN;
const ORDER: readonly AnyRevision[] = [...REVISIONS, MODERN];

export const OLDEST: Revision = REVISIONS[0];
export const NEWEST: Revision = REVISIONS[REVISIONS.length - 1] as Revision;

export function isRevision(v: unknown): v is Revision {
  return typeof v === 'string' && (REVISIONS as readonly string[]).includes(v);
}

/** True when `rev` is `since` or newer. */
export function atLeast(rev: AnyRevision, since: AnyRevision): boolean {
  return ORDER.indexOf(rev) >= ORDER.indexOf(since);
}

/** Is a catalog entry with this `since` offered at `rev`? */
export function offeredAt(def: { since?: AnyRevision }, rev: AnyRevision): boolean {
  return def.since === undefined || atLeast(rev, def.since);
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
  if (isRevision(requested)) return isOn('version-always-newest') ? { answer: NEWEST, revision: NEWEST } : { answer: requested, revision: requested };
  if (isOn('version-echo-unknown')) return { answer: requested, revision: NEWEST };
  if (isOn('version-counter-offer-unsupported')) {
    // The counter-offer is unsupported too; asked for it, answer the newest so it does not round-trip.
    return requested === '2024-10-07' ? { answer: NEWEST, revision: NEWEST } : { answer: '2024-10-07', revision: NEWEST };
  }
  if (isOn('version-counter-offer-oldest')) return { answer: OLDEST, revision: OLDEST };
  return { answer: NEWEST, revision: NEWEST };
}
