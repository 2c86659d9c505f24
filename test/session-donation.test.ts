// A legacy session a check opened on its own with the defaults (a counter-offer, a fresh
// connection) is lent to later checks of the revision instead of closed: on stdio a process
// start saved. One with options of its own (client capabilities, no initialized) never is,
// nor a modern one on which a message may have declared client capabilities (they travel in
// every request there, and a faulty server might remember them).
import { describe, expect, it } from 'vitest';
import type { Check, CheckContext } from '../harness/checks/check.js';
import { runChecks } from '../harness/checks/runner.js';
import type { Session, SessionOptions } from '../harness/sessions/session.js';
import { defaultSettings } from '../harness/settings.js';
import { referenceCommand } from './helpers/reference.js';

/** Two checks run one after the other: the first opens a session of its own, the second borrows one. */
async function connsOf(options: SessionOptions & { fresh?: boolean }, revision = '2025-11-25', use?: (session: Session) => Promise<unknown>): Promise<{ own: string; lent: string }> {
  const seen: Record<string, string> = {};
  const check = (id: string, run: (ctx: CheckContext) => Promise<string>): Check => ({
    id,
    title: id,
    spec: { url: 'basic', level: 'MUST' },
    side: 'server',
    revisions: revision,
    transports: 'any',
    faults: [],
   
    async run(ctx) {
      seen[id] = await run(ctx);
      return ctx.pass();
    },
  });
  const d = defaultSettings();
  await runChecks({
    target: { kind: 'stdio', command: referenceCommand() },
    checks: [
      check('test.own', async (ctx) => {
        const session = await ctx.session(options);
        await use?.(session);
        return session.conn;
      }),
      check('test.lent', async (ctx) => (await ctx.session()).conn),
    ],
    revisions: [revision],
    timeoutMs: 5000,
    concurrency: 1,
    toolVersion: 'test',
    settings: { ...d, fuzz: { ...d.fuzz, enabled: false } },
  });
  return { own: seen['test.own'] as string, lent: seen['test.lent'] as string };
}

describe('sessions checks opened on their own', () => {
  it('a fresh session with the defaults is lent to the next check', async () => {
    const { own, lent } = await connsOf({ fresh: true });
    expect(lent).toBe(own);
  });

  it('a counter-offer that settled on the revision under test is lent too', async () => {
    const { own, lent } = await connsOf({ protocolVersion: '2099-12-31' });
    expect(lent).toBe(own);
  });

  it('a session declaring client capabilities is not', async () => {
    const { own, lent } = await connsOf({ clientCapabilities: { roots: {} } });
    expect(lent).not.toBe(own);
  });

  it('nor one that never sent notifications/initialized', async () => {
    const { own, lent } = await connsOf({ sendInitialized: false });
    expect(lent).not.toBe(own);
  });

  it('a fresh modern session whose requests declared no client capability is lent', async () => {
    const { own, lent } = await connsOf({ fresh: true }, '2026-07-28', (s) => s.request('tools/list', {}));
    expect(lent).toBe(own);
  });

  it('but not one on which a request declared client capabilities', async () => {
    const { own, lent } = await connsOf({ fresh: true }, '2026-07-28', (s) => s.request('tools/list', {}, { meta: { clientCapabilities: { roots: {} } } }));
    expect(lent).not.toBe(own);
  });

  it('nor one opened declaring them', async () => {
    const { own, lent } = await connsOf({ fresh: true, clientCapabilities: { sampling: {} } }, '2026-07-28');
    expect(lent).not.toBe(own);
  });

  it('nor one that carried a raw frame (it may declare anything)', async () => {
    const { own, lent } = await connsOf({ fresh: true }, '2026-07-28', (s) => s.sendRaw('{"jsonrpc":"2.0","method":"notifications/x"}'));
    expect(lent).not.toBe(own);
  });
});
