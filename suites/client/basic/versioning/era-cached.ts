// basic/versioning#backward-compatibility-with-initialization-based-versions, client side
// (VER-035): the era a dual-era client detects is a property of the server, cached for the life
// of the server process. Judged on stdio against a legacy server: once the client has
// initialized a process (its era is known: legacy), probing that process again with
// server/discover shows the result was not kept. A new process may be probed anew.
import { defineClientChecks } from '../../../../harness/checks/define.js';
import { NEWEST_MODERN, RANGE } from '../../../../harness/revisions.js';
import { BASIC } from '../../scenarios/basic.js';
import { isObject } from '../../../../harness/rules/json.js';
import { ourAnswer } from '../../support/wire.js';
import { ownJudgement } from '../../../../harness/verify/index.js';

/** Why no verifier fits: an order across two kinds of request on one connection (an answered initialize, then a probe). */
const WHY = 'the order of an answered initialize and a later probe on one connection';

export const eraCachedClientChecks = defineClientChecks({ page: 'basic/versioning', revisions: RANGE.legacy, transports: ['stdio'] }, [
  {
    id: 'version.era-not-reprobed',
    title: 'A dual-era client does not probe a stdio server process again once it has initialized it',
    spec: { url: '#backward-compatibility-with-initialization-based-versions', level: 'SHOULD' },
    specRevision: NEWEST_MODERN,
    requirement: 'The era determination is a property of the server, not of an individual request. Clients SHOULD cache the result for the lifetime of the server process (stdio) or origin (HTTP).',
    fix: 'Remember the era found by the first server/discover probe for as long as the server process lives.',
    digest: ['VER-035'],
    scenario: BASIC,
    faults: ['era-reprobed'],
    async run(ctx) {
      const probes = ctx.recording.requests('server/discover');
      if (probes.length === 0) return ctx.skip('nothing-observed', 'the client never probed with server/discover (a client that speaks only legacy versions need not)');
      const initialized = ctx.recording.requests('initialize').flatMap((init) => {
        const answer = ourAnswer(ctx.recording, init);
        return answer && isObject(answer.message.result) ? [{ conn: init.conn, seq: answer.seq }] : [];
      });
      if (initialized.length === 0) return ctx.skip('no-answer', 'no initialize of the client was answered with a result: the era was never settled');
      const again = probes.find((p) => initialized.some((i) => i.conn === p.conn && i.seq < p.seq));
      if (!again) return ownJudgement(ctx, { note: `${probes.length} probe(s), none to a process already initialized` }, WHY);
      const settled = initialized.find((i) => i.conn === again.conn && i.seq < again.seq);
      ctx.cite(...(settled ? [settled.seq] : []), again.seq);
      return ownJudgement(ctx, { broken: { expected: 'no server/discover to a server process whose initialize was answered (its era is known: legacy)', actual: 'the client probed the same process again with server/discover' } }, WHY);
    },
  },
]);
