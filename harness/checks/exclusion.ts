// A requirement of the spec digest (../shared/spec-digest/) that no check judges, and why: every
// requirement is either claimed by a check (its `digest`) or excluded here with a reason from a
// closed set, so that the coverage document (docs/coverage.md) can say what is covered, what
// cannot be observed, and what is simply missing.

export const EXCLUSION_REASONS = {
  'not-observable': 'a black box cannot observe it (what a peer does inside, or only with a human or another party present)',
  'ui-only': 'it is about what a client shows a person, not what goes over the wire',
  informative: 'a MAY or a description: nothing can break it',
  'no-peer-behaviour': "it binds a side this tool does not test in that role (the tool's own behaviour, or an authorization server's)",
  'judged-elsewhere': 'a rule that another requirement restates and whose check judges it (named in the detail)',
  missing: 'observable, but no check judges it yet (issue 32 lists these)',
} as const;

export type ExclusionReason = keyof typeof EXCLUSION_REASONS;

export interface Exclusion {
  reason: ExclusionReason;
  /** One sentence on this requirement in particular. */
  detail: string;
  /** The side(s) it is excluded for (default: every side it binds). */
  side?: 'server' | 'client';
  /**
   * Only at these revisions (a range, as a check's `revisions`): a requirement checks judge at
   * its other revisions that binds nothing this side does at these (a 2026-07-28 client sends
   * no responses, for one: no server request exists to answer). No claiming check runs there.
   */
  at?: string;
}

/** Requirements excluded, by digest id. */
export type Exclusions = Readonly<Record<string, Exclusion>>;
