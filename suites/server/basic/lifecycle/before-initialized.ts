// basic/lifecycle#initialization: what the server sends between its initialize result and
// notifications/initialized (judged on the look of pre-initialized.ts, shared with
// ping.before-initialized).
import { defineChecks } from '../../../../harness/checks/define.js';
import { RANGE } from '../../../../harness/revisions.js';
import { expectNone } from '../../../../harness/verify/index.js';
import { preInitialized } from './pre-initialized.js';

function isRequest(m: unknown): boolean {
  return typeof m === 'object' && m !== null && 'method' in m && 'id' in m;
}

export const beforeInitializedChecks = defineChecks({ page: 'basic/lifecycle', revisions: RANGE.legacy }, [
  // LIFE-006: "The server SHOULD NOT send requests other than pings and logging before
  // receiving the initialized notification."
  {
    id: 'lifecycle.no-requests-before-initialized',
    title: 'The server sends no request but ping before notifications/initialized',
    spec: { url: '#initialization', level: 'SHOULD' },
    requirement: 'The server SHOULD NOT send requests other than pings and logging before receiving the initialized notification.',
    digest: ['LIFE-006'],
    // Its own connection, initialized but never told notifications/initialized.
    needs: ['fresh-session'],
    faults: ['request-before-initialized'],
    async run(ctx) {
      const { early } = await preInitialized(ctx);
      const asked = early.filter((m) => isRequest(m.message) && (m.message as { method: string }).method !== 'ping');
      // Nothing sent in the stretch keeps the rule: the ping's answer closed it.
      return expectNone(
        ctx,
        asked.map((m) => ({ text: `the server sent ${(m.message as { method: string }).method}`, ...(m.seq !== undefined ? { seq: m.seq } : {}) })),
        { expected: 'no request other than ping before notifications/initialized' },
      );
    },
  },
]);
