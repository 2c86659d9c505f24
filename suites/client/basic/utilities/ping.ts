// basic/utilities/ping, client side: a server's ping gets an empty result, promptly ("The
// receiver MUST respond promptly with an empty response"). Legacy era: 2026-07-28 has no ping.
import { defineClientChecks } from '../../../../harness/checks/define.js';
import { expectGiven } from '../../../../harness/verify/index.js';
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
      return expectGiven(ctx, 'the ping', ping.outcome, {
        expected: 'an empty result ({}, _meta aside)',
        ended: endedByTool(ctx.recording),
        problem: (result) => (isObject(result) && Object.keys(result).every((k) => k === '_meta') ? undefined : `result ${ctx.brief(result)}`),
      });
    },
  },
]);

export const pingClientExcluded: Exclusions = {
  'PING-002': { reason: 'missing', detail: 'a ping from the scripted server before notifications/initialized, answered by the client (a warning): no scenario sends one yet' },
  'PING-003': { reason: 'informative', detail: 'when to give up on a silent peer, and how often to ping, are the sender\'s choices (MAY, SHOULD of configuration)' },
};
