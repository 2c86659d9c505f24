// Traceability: every requirement of the spec digest (../shared/spec-digest/) is judged by a
// check on each side it binds (the check's `digest`), or excluded with a reason; the coverage
// document (docs/coverage.md) is generated from the same data.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { coverage, looseClaims, readDigest, registry } from '../scripts/coverage.mjs';
import { EXCLUSION_REASONS } from '../harness/checks/exclusion.js';
import { inRange, REVISIONS } from '../harness/revisions.js';
import { allChecks, serverExclusions } from '../suites/index.js';
import { clientChecks, clientExclusions } from '../suites/client/index.js';

const digest = readDigest();
const known = new Set(digest.map((r) => r.id));

describe('traceability to the spec digest', () => {
  it('reads the digest', () => {
    expect(digest.length).toBeGreaterThan(300);
  });

  it('names only requirements the digest has', () => {
    const checks = [...allChecks, ...clientChecks];
    const unknown = checks.flatMap((c) => (c.digest ?? []).filter((id) => !known.has(id)).map((id) => `${c.id}: ${id}`));
    expect(unknown).toEqual([]);
    const excluded = [...Object.keys(serverExclusions), ...Object.keys(clientExclusions)].filter((id) => !known.has(id));
    expect(excluded).toEqual([]);
  });

  it('gives every check declared on its spec page the requirements it judges', () => {
    const bare = [...allChecks, ...clientChecks].filter((c) => c.page !== undefined && (c.digest ?? []).length === 0).map((c) => c.id);
    expect(bare).toEqual([]);
  });

  it('excludes only with a reason of the closed set, and only what no check judges', () => {
    for (const [id, x] of Object.entries({ ...serverExclusions, ...clientExclusions })) {
      expect(Object.keys(EXCLUSION_REASONS), id).toContain(x.reason);
      expect(x.detail.length, id).toBeGreaterThan(10);
    }
    // Claimed at all (an exclusion for every revision), or by a check that runs at a revision
    // the exclusion names (`at`): an exclusion only where no check judges.
    const REVS = REVISIONS.map((r) => r.id);
    const claimedOn = (side: string, id: string, at: string | undefined) =>
      [...allChecks, ...clientChecks].some((c) => c.side === side && (c.digest ?? []).includes(id) && (at === undefined || REVS.some((rev) => inRange(rev, at) && inRange(rev, c.revisions))));
    expect(Object.entries(serverExclusions).filter(([id, x]) => claimedOn('server', id, x.at)).map(([id]) => id)).toEqual([]);
    expect(Object.entries(clientExclusions).filter(([id, x]) => claimedOn('client', id, x.at)).map(([id]) => id)).toEqual([]);
    // An exclusion at some revisions is one of a requirement checks judge at the others.
    const partial = Object.entries({ ...serverExclusions, ...clientExclusions }).filter(([, x]) => x.at !== undefined);
    for (const [id, x] of partial) expect(REVS.some((rev) => inRange(rev, x.at as string)), `${id}: at ${x.at}`).toBe(true);
  });

  it('traces every requirement: claimed by a check, or excluded', async () => {
    const rows = coverage(digest, await registry());
    const untraced = rows.filter((r) => r.claimants.length === 0 && !r.exclusion).map((r) => `${r.id} (${r.side})`);
    expect(untraced).toEqual([]);
  });

  // A tag counts in docs/coverage.md only where its check can judge the requirement at its
  // word; a tag that claims more (a MUST its check can only warn on, a side the requirement
  // does not bind) is a loose claim. The known ones are listed to be fixed: the list only shrinks.
  it('claims nothing its checks cannot judge at its word, beyond the known list', async () => {
    const { known } = JSON.parse(readFileSync('test/fixtures/loose-claims.json', 'utf8')) as { known: string[] };
    const loose = looseClaims(digest, await registry());
    expect(loose.filter((l) => !known.includes(l)), 'new loose claims').toEqual([]);
    expect(known.filter((l) => !loose.includes(l)), 'listed but fixed: remove from test/fixtures/loose-claims.json').toEqual([]);
  });
});
