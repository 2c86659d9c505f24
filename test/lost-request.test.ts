// One lost request does not decide every check that read its answer (harness/checks/
// look-timeouts.ts). The Skills checks all judge one look (skills/list, then skills/get and
// resources/read of what it lists); on a busy target, CI saw skills/list go unanswered and every
// Skills check skip as "nothing observed". Here the reference loses the first skills/list it
// receives (--lose-first): the checks that read that look are tried again alone, where the look
// is recorded once more (once for all of them), and the verdicts are the prompt reference's.
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../harness/checks/result.js';
import { lookHoldsTimeout } from '../harness/checks/look-timeouts.js';
import { runChecks } from '../harness/checks/runner.js';
import { defaultSettings } from '../harness/settings.js';
import { allChecks } from '../suites/index.js';
import { startReferenceHttp } from './helpers/reference.js';

const SKILLS = allChecks.filter((c) => c.id.startsWith('skills.'));
const d = defaultSettings();

async function run(flags: string[]): Promise<RunReport> {
  const server = await startReferenceHttp(undefined, { flags });
  try {
    return await runChecks({ target: { kind: 'http', url: server.url }, checks: SKILLS, revisions: ['2026-07-28'], timeoutMs: 1500, concurrency: 4, toolVersion: 'test', settings: { ...d, fuzz: { ...d.fuzz, enabled: false } } });
  } finally {
    await server.stop();
  }
}

const statuses = (r: RunReport) => Object.fromEntries(r.results.map((x) => [x.id, x.status]));

describe('a request lost once, in a look several checks read', () => {
  it('gets the prompt verdicts: the checks that read it are tried again alone', { timeout: 60_000 }, async () => {
    const [prompt, lost] = await Promise.all([run([]), run(['--lose-first', 'skills/list'])]);
    expect(SKILLS.length).toBeGreaterThan(10);
    expect(Object.values(statuses(prompt)).filter((s) => s === 'pass').length).toBeGreaterThan(10);
    expect(statuses(lost)).toEqual(statuses(prompt));
    expect(lost.summary.error).toBe(0);
    // Every check that read the look with the lost answer was tried again, not only its recorder.
    const again = lost.results.filter((r) => r.firstAttempt);
    expect(again.length).toBeGreaterThan(10);
  });
});

describe('whether a look holds an unanswered request', () => {
  it('finds a timeout reply wherever the look keeps it, and stops at replies', () => {
    const timeout = { kind: 'timeout', afterMs: 10 };
    // The MRTR survey keeps the requests that went unanswered beside the ones that asked.
    expect(lookHoldsTimeout({ targets: [], asked: [], tried: '3 tools', unanswered: [{ label: 'tool a', reply: timeout }] })).toBe(true);
    expect(lookHoldsTimeout({ pages: [{ kind: 'result', result: {} }], gets: [{ uri: 'x', reply: timeout }] })).toBe(true);
    // A result that happens to carry a field `kind: "timeout"` is the target's, not a reply of ours.
    expect(lookHoldsTimeout({ pages: [{ kind: 'result', result: { items: [{ kind: 'timeout' }] } }] })).toBe(false);
    expect(lookHoldsTimeout({ targets: [], unanswered: [] })).toBe(false);
  });
});
