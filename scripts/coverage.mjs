// The traceability of the checks to the spec digest (../shared/spec-digest/, or
// MCP_SPEC_DIGEST_DIR): every requirement is claimed by a check of each side it binds (the
// check's `digest`), or excluded with a reason (suites/<side>/**, `excluded`). coverage()
// computes it from dist/; renderCoverage() writes docs/coverage.md.
//
// A requirement counts as covered at a revision only where a check that runs at that revision
// can judge it at its word: a MUST where the check's level there is MUST (a broken one fails), a
// SHOULD where it is MUST or SHOULD (it can warn). A MUST whose checks there can only warn is
// counted apart, never as covered.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const DIGEST_DIR = process.env.MCP_SPEC_DIGEST_DIR ?? resolve(ROOT, '..', 'shared', 'spec-digest');
const REVISIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'];

/** Every requirement of the digest: id, level (MUST, SHOULD or MAY), sides, revisions, rule, file. */
export function readDigest(dir = DIGEST_DIR) {
  const out = [];
  for (const file of readdirSync(dir).filter((f) => /^\d\d-.*\.md$/.test(f)).sort()) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      const m = /^- \*\*([A-Z]+-\d+)\*\* · ([A-Z ]+?) · (server|client|both) · ([0-9.-]+) — (.*)$/.exec(line);
      if (!m) continue;
      const [, id, word, side, range, rule] = m;
      const level = word.startsWith('MUST') ? 'MUST' : word.startsWith('SHOULD') ? 'SHOULD' : 'MAY';
      out.push({ id, level, sides: side === 'both' ? ['server', 'client'] : [side], revisions: revisionsIn(range), rule, file });
    }
  }
  return out;
}

function revisionsIn(range) {
  if (!range.includes('..')) return REVISIONS.filter((r) => r === range);
  const [from, to] = range.split('..');
  return REVISIONS.filter((r) => (!from || r >= from) && (!to || r <= to));
}

/** The claims and exclusions of the registry as built in dist/, with each check's level at every revision it runs at. */
export async function registry() {
  const load = (file) => import(pathToFileURL(join(ROOT, 'dist', file)).href);
  const server = await load('suites/index.js');
  const client = await load('suites/client/index.js');
  const { specFor } = await load('harness/checks/spec-ref.js');
  const { inRange } = await load('harness/revisions.js');
  // A client check whose rule is stated by another revision's text (specRevision: 2026-07-28 tells
  // dual-era clients how to meet a legacy server) judges it there, in runs at the revisions it runs at.
  const levels = (c) => {
    const at = Object.fromEntries(REVISIONS.filter((rev) => inRange(rev, c.revisions)).map((rev) => [rev, specFor(c, c.specRevision ?? rev).level]));
    if (c.specRevision) at[c.specRevision] = specFor(c, c.specRevision).level;
    return at;
  };
  return {
    checks: [...server.allChecks, ...client.clientChecks].map((c) => ({ id: c.id, side: c.side, digest: c.digest ?? [], levels: levels(c) })),
    excluded: { server: server.serverExclusions ?? {}, client: client.clientExclusions ?? {} },
  };
}

/** The levels at which a check judges a requirement of this level at its word (see the header). */
const JUDGES_AT_ITS_WORD = { MUST: ['MUST'], SHOULD: ['MUST', 'SHOULD'], MAY: ['MUST', 'SHOULD', 'MAY'] };

/**
 * Per requirement and side: claimed (by which checks), excluded (why), or missing; and per
 * revision of the requirement, how it is judged there: 'word' (a check there can fail a MUST,
 * warn a SHOULD), 'warn-only' (a MUST whose checks there can only warn), 'unjudged' (no claimant
 * runs there).
 */
export function coverage(digest, reg) {
  const rows = [];
  for (const r of digest) {
    for (const side of r.sides) {
      const mine = reg.checks.filter((c) => c.side === side && c.digest.includes(r.id));
      const claimants = mine.map((c) => c.id);
      const exclusion = reg.excluded[side][r.id];
      const at = {};
      for (const rev of r.revisions) {
        const here = mine.map((c) => c.levels?.[rev]).filter(Boolean);
        at[rev] = here.some((level) => JUDGES_AT_ITS_WORD[r.level].includes(level)) ? 'word' : here.length > 0 ? 'warn-only' : 'unjudged';
      }
      // An exclusion at some revisions only (`at`) stands beside the claims of the others.
      rows.push({ ...r, side, claimants, at, ...(exclusion && (claimants.length === 0 || exclusion.at) ? { exclusion } : {}) });
    }
  }
  return rows;
}

/**
 * Claims that do not hold (a test fails on them): a check claiming a requirement of a side it is
 * not on, or a MUST it can only warn on at a revision both share.
 */
export function looseClaims(digest, reg) {
  const byId = new Map(digest.map((r) => [r.id, r]));
  const out = [];
  for (const c of reg.checks) {
    for (const id of c.digest) {
      const r = byId.get(id);
      if (!r) continue;
      if (!r.sides.includes(c.side)) out.push(`${c.id}: ${id} binds the ${r.sides.join(' and ')} side, not the ${c.side}`);
      else if (r.level === 'MUST') {
        const soft = r.revisions.filter((rev) => c.levels?.[rev] && c.levels[rev] !== 'MUST');
        if (soft.length > 0) out.push(`${c.id}: ${id} is a MUST, but the check can only warn at ${soft.join(', ')}`);
      }
    }
  }
  return out;
}

/** The exclusion of a row that holds at this revision (one with `at` holds only in its range). */
export function excludedAt(row, rev) {
  const x = row.exclusion;
  if (!x) return undefined;
  if (!x.at) return x;
  const [from, to] = x.at.includes('..') ? x.at.split('..') : [x.at, x.at];
  return (!from || rev >= from) && (!to || rev <= to) ? x : undefined;
}

const pct = (n, d) => (d === 0 ? '–' : `${Math.round((100 * n) / d)} %`);

export function renderCoverage(rows) {
  const out = [
    '# Coverage of the spec',
    '',
    'Generated by `npm run docs` from the checks (their `digest` ids) and the requirements of the spec digest',
    '(`../shared/spec-digest/`). A requirement is **covered** on a side at a revision when a check of that side',
    'that runs at that revision judges it at its word: a MUST only by a check whose level there is MUST (a',
    'broken one fails), a SHOULD by one that can at least warn. A MUST whose checks there can only warn is',
    '**warn-only**, counted apart and not as covered. Otherwise a requirement is **excluded** with a reason,',
    'or it is **missing**. Observable means not excluded as unobservable, UI-only, informative or binding no',
    'peer; a rule excluded as judged elsewhere (restated by another requirement, whose check judges it)',
    'counts as covered.',
    '',
  ];
  for (const side of ['server', 'client']) {
    const mine = rows.filter((r) => r.side === side);
    out.push(`## ${side === 'server' ? 'Server' : 'Client'} requirements`, '', '| revision | MUST covered | MUST warn-only | of observable | SHOULD covered | of observable |', '| --- | --- | --- | --- | --- | --- |');
    for (const rev of REVISIONS) {
      const at = mine.filter((r) => r.revisions.includes(rev));
      const observable = (level) => at.filter((r) => r.level === level && !['not-observable', 'ui-only', 'informative', 'no-peer-behaviour'].includes(excludedAt(r, rev)?.reason));
      // A rule another requirement restates is judged by that one's check: covered too.
      const covered = (level) => observable(level).filter((r) => r.at[rev] === 'word' || excludedAt(r, rev)?.reason === 'judged-elsewhere').length;
      const warnOnly = observable('MUST').filter((r) => r.at[rev] === 'warn-only').length;
      out.push(`| ${rev} | ${covered('MUST')} (${pct(covered('MUST'), observable('MUST').length)}) | ${warnOnly} | ${observable('MUST').length} | ${covered('SHOULD')} (${pct(covered('SHOULD'), observable('SHOULD').length)}) | ${observable('SHOULD').length} |`);
    }
    out.push('');
    const excluded = mine.filter((r) => r.exclusion);
    if (excluded.length) {
      out.push(`### Excluded on the ${side} side (${excluded.length})`, '', '| requirement | level | reason | detail |', '| --- | --- | --- | --- |');
      for (const r of excluded) out.push(`| ${r.id} | ${r.level} | ${r.exclusion.reason}${r.exclusion.at ? ` (at ${r.exclusion.at})` : ''} | ${r.exclusion.detail.replace(/\|/g, '\\|')} |`);
      out.push('');
    }
    const missing = mine.filter((r) => r.claimants.length === 0 && !r.exclusion);
    if (missing.length) {
      out.push(`### Not yet traced on the ${side} side (${missing.length})`, '', ...missing.map((r) => `- ${r.id} (${r.level}): ${r.rule.replace(/\|/g, '\\|')}`), '');
    }
  }
  return `${out.join('\n')}\n`;
}
