// Ping (PING-001, PING-002). Spec: basic/utilities/ping. Removed in 2026-07-28.
import type { Check } from '../../harness/checks/check.js';
import { describeReply } from '../../harness/jsonrpc/types.js';
import { RANGE } from '../../harness/revisions.js';
import { seqs } from './as-built.js';
import { preInitialized } from './lifecycle/pre-initialized.js';
import { DECIDED_BY_TIMEOUT, unanswered } from './no-answer.js';


/** `{}`, or `{ _meta: {...} }`: the only members an empty result may carry. */
function isEmptyResult(result: unknown): boolean {
  if (typeof result !== 'object' || result === null || Array.isArray(result)) return false;
  return Object.keys(result).every((k) => k === '_meta');
}

export const pingChecks: Check[] = [
  // PING-001: "The receiver MUST respond promptly with an empty response."
  {
    id: 'ping.empty-result',
    title: 'ping is answered promptly with an empty result',
    spec: { url: 'basic/utilities/ping#behavior-requirements', level: 'MUST' },
    requirement: 'The receiver MUST respond promptly with an empty response',
    side: 'server',
    revisions: RANGE.legacy,
    transports: 'any',
    faults: ['ping-nonempty-result'],
    connection: 'shared',
    async run(ctx) {
      const reply = await ctx.request('ping');
      if (reply.kind === 'result' && isEmptyResult(reply.result)) return ctx.pass();
      return ctx.fail({
        expected: 'result {}',
        actual: reply.kind === 'result' ? `result ${ctx.brief(reply.result)}` : describeReply(reply),
        ...(unanswered(reply) ? { reason: DECIDED_BY_TIMEOUT } : {}),
      });
    },
  },

  // PING-002: ping is the one request allowed while initialization is in flight ("The client
  // SHOULD NOT send requests other than pings before the server has responded to the
  // initialize request"), and "The receiver MUST respond promptly". The lifecycle leaves open
  // what a server does before notifications/initialized, hence a warning.
  {
    id: 'ping.before-initialized',
    title: 'ping sent before notifications/initialized is answered',
    spec: { url: 'basic/lifecycle#initialization', level: 'SHOULD' },
    requirement: 'The receiver MUST respond promptly with an empty response. (basic/utilities/ping; the lifecycle allows pings before initialization completes)',
    side: 'server',
    revisions: RANGE.legacy,
    transports: 'any',
    faults: ['ping-rejected-before-initialized'],
    connection: 'own',
    async run(ctx) {
      const { ping } = await preInitialized(ctx);
      ctx.cite(...seqs(ping));
      if (ping.kind === 'result') return ctx.pass();
      return ctx.fail({
        expected: 'result {} (ping is allowed before initialized)',
        actual: describeReply(ping),
        reason: unanswered(ping) ? DECIDED_BY_TIMEOUT : 'ping must be answered, but the lifecycle does not say so of the time before notifications/initialized: a warning',
      });
    },
  },
];
