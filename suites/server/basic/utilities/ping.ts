// basic/utilities/ping: "The receiver MUST respond promptly with an empty response." The
// 2026-07-28 revision has no ping (server/discover is its fence).
import { defineChecks } from '../../../../harness/checks/define.js';
import type { Exclusions } from '../../../../harness/checks/exclusion.js';
import { exchange, expectResult } from '../../../../harness/verify/index.js';
import { RANGE } from '../../../../harness/revisions.js';
import { isObject } from '../../../../harness/rules/json.js';
import { seqs } from '../../../../harness/target/as-built.js';
import { preInitialized } from '../lifecycle/pre-initialized.js';

/** `{}`, or `{ _meta: {...} }`: the only members an empty result may carry. */
function emptyResultProblem(result: unknown): string | undefined {
  if (!isObject(result)) return `result ${JSON.stringify(result)}`;
  const extra = Object.keys(result).filter((k) => k !== '_meta');
  return extra.length === 0 ? undefined : `result ${JSON.stringify(result)}`;
}

export const pingChecks = defineChecks({ page: 'basic/utilities/ping', revisions: RANGE.legacy }, [
  {
    id: 'ping.empty-result',
    title: 'ping is answered promptly with an empty result',
    spec: { url: '#behavior-requirements', level: 'MUST' },
    requirement: 'The receiver MUST respond promptly with an empty response',
    digest: ['PING-001'],
    needs: ['shared-session'],
    faults: ['ping-nonempty-result'],
    async run(ctx) {
      const reply = await ctx.request('ping');
      // Answering at all is this rule: silence fails, and says the timeout decided it.
      return expectResult(ctx, exchange('ping', reply), { expected: 'result {}', answerIsTheRule: true, problem: emptyResultProblem });
    },
  },

  // Ping is the one request allowed while initialization is in flight ("The client SHOULD NOT
  // send requests other than pings before the server has responded to the initialize
  // request"), and "The receiver MUST respond promptly". No answer at all (the server dies, or
  // says nothing) breaks that MUST; an error answer is in doubt, since the lifecycle leaves open
  // what a server does before notifications/initialized.
  {
    id: 'ping.before-initialized',
    title: 'ping sent before notifications/initialized is answered',
    spec: { url: '#behavior-requirements', level: 'MUST' },
    requirement: 'The receiver MUST respond promptly with an empty response. (basic/utilities/ping; the lifecycle allows pings before initialization completes)',
    digest: ['PING-001', 'PING-002'],
    // Its own connection, initialized but never told notifications/initialized.
    needs: ['fresh-session'],
    faults: ['ping-ignored-before-initialized'],
    async run(ctx) {
      const { ping } = await preInitialized(ctx);
      ctx.cite(...seqs(ping));
      const doubt = ping.kind === 'error' ? 'ping must be answered, but the lifecycle does not say so of the time before notifications/initialized' : undefined;
      return expectResult(ctx, exchange('ping before notifications/initialized', ping), { expected: 'a result (ping is allowed before initialized)', answerIsTheRule: true, ...(doubt ? { doubt } : {}) });
    },
  },
]);

export const pingExcluded: Exclusions = {
  'PING-003': { reason: 'informative', detail: 'when to give up on a silent peer, and how often to ping, are the sender\'s choices (MAY, SHOULD of configuration)' },
};
