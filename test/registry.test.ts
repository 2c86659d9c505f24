// The registry's parity rules (ESLint's checkRuleFiles, for us): unique ids, the id's area
// names its suite file, every check can fail (it claims at least one fault), every claimed
// fault exists in the reference server, and every fault is claimed by some check.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allChecks } from '../suites/index.js';
import { REVISION_IDS, inRange, revisionsIn } from '../harness/revisions.js';
import { areaOf } from '../harness/checks/spec-ref.js';

const REFERENCE = 'dist/reference/server/main.js';

function referenceFaults(): string[] {
  const out = execFileSync(process.execPath, [REFERENCE, '--list-faults'], { encoding: 'utf8' });
  return out.trim().split('\n').map((line) => line.split('\t')[0] ?? '').filter(Boolean);
}

describe('check registry', () => {
  it('has unique ids of the form area.what-is-checked', () => {
    const ids = allChecks.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*\.[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('gives every check a revision range this tool knows, a spec URL and a level', () => {
    for (const c of allChecks) {
      expect(revisionsIn(c.revisions).length, c.id).toBeGreaterThan(0);
      const specs = Array.isArray(c.spec) ? c.spec : [c.spec];
      for (const s of specs) {
        expect(s.url, c.id).toMatch(/^([a-z][a-z0-9/_-]*|https:\/\/modelcontextprotocol\.io\/extensions\/[a-z0-9/_-]+|https:\/\/github\.com\/modelcontextprotocol\/ext-skills\/blob\/main\/specification\/stable\/skills\.mdx)(#[a-z0-9-]+)?$/);
        expect(['MUST', 'SHOULD', 'MAY'], c.id).toContain(s.level);
        if (s.from) expect(REVISION_IDS, c.id).toContain(s.from);
      }
      expect(c.title.length, c.id).toBeGreaterThan(10);
    }
  });

  it('lets every check fail: each claims at least one fault', () => {
    const without = allChecks.filter((c) => c.faults.length === 0).map((c) => c.id);
    expect(without).toEqual([]);
  });

  it('claims only faults the reference server has, and every fault is claimed', () => {
    const faults = new Set(referenceFaults());
    const claimed = new Set(allChecks.flatMap((c) => c.faults));
    expect([...claimed].filter((f) => !faults.has(f))).toEqual([]);
    expect([...faults].filter((f) => !claimed.has(f))).toEqual([]);
  });

  it('narrows by revision only faults a check claims, to ranges of real revisions', () => {
    for (const c of allChecks) {
      for (const [fault, range] of Object.entries(c.faultRevisions ?? {})) {
        expect(c.faults, `${c.id}: faultRevisions names ${fault}`).toContain(fault);
        expect(revisionsIn(range).filter((r) => inRange(r, c.revisions)).length, `${c.id}: ${fault} at ${range}`).toBeGreaterThan(0);
      }
    }
  });

  it('files each check under the spec page it follows (a file, or a folder for a big page)', () => {
    for (const c of allChecks) {
      // Checks not yet declared with defineChecks are filed by their area.
      const base = c.page ? `suites/${c.side}/${c.page}` : `suites/${c.side}/${areaOf(c.id)}`;
      expect(existsSync(`${base}.ts`) || existsSync(`${base}/index.ts`), `${c.id} -> ${base}.ts or ${base}/index.ts`).toBe(true);
    }
  });
});
