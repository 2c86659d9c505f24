// Lifecycle of a client (LIFE-*, legacy era): initialize first, nothing but ping before its
// answer, notifications/initialized after it. Spec: basic/lifecycle.
import type { ClientCheck } from '../../harness/client/scenario.js';
import { RANGE } from '../../harness/revisions.js';
import { BASIC } from './scenarios/basic.js';

const spec = (anchor: string) => ({ url: `basic/lifecycle#${anchor}`, level: 'MUST' as const });

export const lifecycleClientChecks: ClientCheck[] = [
  // LIFE-001: "The initialization phase MUST be the first interaction between client and server."
  // A dual-era client may probe with server/discover first (2026-07-28 stdio#backward-compatibility).
  {
    id: 'lifecycle.initialize-first',
    title: 'initialize is the first request the client sends (after an optional server/discover probe)',
    spec: spec('initialization'),
    side: 'client',
    scenario: BASIC,
    revisions: RANGE.legacy,
    transports: 'any',
    faults: ['initialize-not-first'],
    async run(ctx) {
      const first = ctx.recording.requests().find((m) => m.message.method !== 'server/discover');
      if (!first) return ctx.skip('the client sent no request besides a server/discover probe');
      ctx.cite(first.seq);
      if (first.message.method === 'initialize') return ctx.pass();
      return ctx.fail({ expected: 'initialize as the first request', actual: `${String(first.message.method)} first` });
    },
  },

  // LIFE-004: "After successful initialization, the client MUST send an initialized notification".
  {
    id: 'lifecycle.initialized-sent',
    title: 'The client sends notifications/initialized after the initialize result',
    spec: spec('initialization'),
    side: 'client',
    scenario: BASIC,
    revisions: RANGE.legacy,
    transports: 'any',
    faults: ['initialized-missing'],
    async run(ctx) {
      const init = ctx.recording.requests('initialize')[0];
      if (!init) return ctx.skip('the client sent no initialize');
      const answer = ctx.recording.toClient().find((m) => m.message.id === init.message.id && 'result' in m.message);
      const sent = ctx.recording.notifications('notifications/initialized').find((m) => m.seq > (answer?.seq ?? init.seq));
      if (sent) return ctx.pass();
      const early = ctx.recording.notifications('notifications/initialized')[0];
      if (early) {
        ctx.cite(early.seq, answer?.seq ?? 0);
        return ctx.fail({ expected: 'notifications/initialized after the initialize result', actual: 'sent before the result arrived' });
      }
      return ctx.fail({ expected: 'notifications/initialized after the initialize result', actual: 'none was sent' });
    },
  },
];
