// basic/utilities/ping, client side: a server's ping gets an empty result, promptly ("The
// receiver MUST respond promptly with an empty response"). Legacy era: 2026-07-28 has no ping.
import { defineClientChecks } from '../../../../harness/checks/define.js';
import type { Exclusions } from '../../../../harness/checks/exclusion.js';
import { RANGE } from '../../../../harness/revisions.js';
import { isObject } from '../../../../harness/rules/json.js';
import { ASKS } from '../../scenarios/asks.js';
import { asksOf } from '../../support/asks.js';
import { endedByTool } from '../../support/wire.js';

export const pingClientChecks = defineClientChecks({ page: 'basic/utilities/ping', revisions: RANGE.legacy }, [
  {
    id: 'ping.answered-with-empty-result',
    title: 'A ping from the server gets an empty result',
    spec: { url: '#behavior-requirements', level: 'MUST' },
    requirement: 'The receiver MUST respond promptly with an empty response',
    digest: ['PING-001'],
    scenario: ASKS,
    faults: ['ping-nonempty-result', 'ping-unanswered', 'response-id-type-changed'],
    async run(ctx) {
      const ping = asksOf(ctx.recording, false, 'ping')[0];
      if (!ping) return ctx.skip('nothing-observed', 'the client never called the tool during which the server pings');
      ctx.cite(ping.sent.seq);
      if (ping.outcome.kind === 'none') {
        if (endedByTool(ctx.recording)) return ctx.skip('inconclusive', 'the tool ended the client before it answered the ping');
        return ctx.fail({ expected: 'an empty result', actual: 'no response to the ping' });
      }
      ctx.cite(ping.outcome.seq);
      const extra = isObject(ping.outcome.value) ? Object.keys(ping.outcome.value).filter((k) => k !== '_meta') : [];
      if (ping.outcome.kind === 'result' && isObject(ping.outcome.value) && extra.length === 0) return ctx.pass();
      return ctx.fail({ expected: 'result {}', actual: ping.outcome.kind === 'error' ? `error ${ctx.brief(ping.outcome.value)}` : `result ${ctx.brief(ping.outcome.value)}` });
    },
  },
]);

export const pingClientExcluded: Exclusions = {
  'PING-002': { reason: 'missing', detail: 'a ping from the scripted server before notifications/initialized, answered by the client (a warning): no scenario sends one yet' },
  'PING-003': { reason: 'informative', detail: 'when to give up on a silent peer, and how often to ping, are the sender\'s choices (MAY, SHOULD of configuration)' },
};
