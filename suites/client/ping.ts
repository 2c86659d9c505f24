// Ping, client side (PING-001; legacy era): a server's ping gets an empty result, promptly.
// Spec: basic/utilities/ping.
import type { ClientCheck } from '../../harness/client/scenario.js';
import { RANGE } from '../../harness/revisions.js';
import { ASKS } from './scenarios/asks.js';
import { asksOf } from './support/asks.js';
import { endedByTool, isObject } from './support/wire.js';

export const pingClientChecks: ClientCheck[] = [
  // PING-001: "The receiver MUST respond promptly with an empty response".
  {
    id: 'ping.answered-with-empty-result',
    title: 'A ping from the server gets an empty result',
    spec: { url: 'basic/utilities/ping#behavior-requirements', level: 'MUST' },
    requirement: 'The receiver MUST respond promptly with an empty response',
    side: 'client',
    scenario: ASKS,
    revisions: RANGE.legacy,
    transports: 'any',
    faults: ['ping-nonempty-result', 'ping-unanswered', 'response-id-type-changed'],
    async run(ctx) {
      const ping = asksOf(ctx.recording, false, 'ping')[0];
      if (!ping) return ctx.skip('the client never called the tool during which the server pings');
      ctx.cite(ping.sent.seq);
      if (ping.outcome.kind === 'none') {
        if (endedByTool(ctx.recording)) return ctx.skip('the tool ended the client before it answered the ping');
        return ctx.fail({ expected: 'an empty result', actual: 'no response to the ping' });
      }
      ctx.cite(ping.outcome.seq);
      const extra = isObject(ping.outcome.value) ? Object.keys(ping.outcome.value).filter((k) => k !== '_meta') : [];
      if (ping.outcome.kind === 'result' && isObject(ping.outcome.value) && extra.length === 0) return ctx.pass();
      return ctx.fail({ expected: 'result {}', actual: ping.outcome.kind === 'error' ? `error ${ctx.brief(ping.outcome.value)}` : `result ${ctx.brief(ping.outcome.value)}` });
    },
  },
];
