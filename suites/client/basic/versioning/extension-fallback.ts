// basic/versioning#extension-negotiation, client side (2026-07-28, VER-041): a client that
// supports an extension the server does not declare "reverts to core protocol behavior". The
// scripted server of the BASIC scenario declares no extension, so a request of the one
// extension 2026-07-28 defines (tasks: tasks/get, tasks/update, tasks/cancel) is no core
// behaviour towards it.
import { defineClientChecks } from '../../../../harness/checks/define.js';
import { RANGE } from '../../../../harness/revisions.js';
import { BASIC } from '../../scenarios/basic.js';
import { isObject } from '../../../../harness/rules/json.js';
import { ourAnswer } from '../../support/wire.js';
import { expectNone } from '../../../../harness/verify/index.js';

/** The methods of io.modelcontextprotocol/tasks, the extension's own requests. */
const TASKS_METHODS = ['tasks/get', 'tasks/update', 'tasks/cancel'];
const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

export const extensionFallbackClientChecks = defineClientChecks({ page: 'basic/versioning', revisions: RANGE.modern }, [
  {
    id: 'version.no-extension-requests-undeclared',
    title: 'The client sends no tasks/* request to a server that did not declare the tasks extension',
    spec: { url: '#extension-negotiation', level: 'MUST' },
    requirement: 'If one party supports an extension but the other does not, the supporting party MUST either revert to core protocol behavior or reject the request with an appropriate error.',
    fix: `Use tasks/get, tasks/update and tasks/cancel only with a server whose capabilities.extensions declare ${TASKS_EXTENSION}.`,
    digest: ['VER-041'],
    scenario: BASIC,
    faults: ['extension-request-undeclared'],
    async run(ctx) {
      const requests = ctx.recording.requests();
      if (requests.length === 0) return ctx.skip('nothing-observed', 'the client sent no request');
      // What our server/discover answers declared (the scripted server declares no extension; judged, not assumed).
      const declared = requests
        .filter((m) => m.message.method === 'server/discover')
        .map((m) => ourAnswer(ctx.recording, m)?.message.result)
        .some((r) => isObject(r) && isObject(r.capabilities) && isObject(r.capabilities.extensions) && r.capabilities.extensions[TASKS_EXTENSION] !== undefined);
      if (declared) return ctx.skip('not-applicable', `the server declared ${TASKS_EXTENSION}`);
      const used = requests.filter((m) => TASKS_METHODS.includes(String(m.message.method)));
      return expectNone(
        ctx,
        used.map((m) => ({ text: `the client sent ${String(m.message.method)}`, seq: m.seq })),
        { expected: `no ${TASKS_METHODS.join(', ')}: the server declared no ${TASKS_EXTENSION}`, judged: requests.length, note: `${requests.length} request(s), none of the tasks extension` },
      );
    },
  },
]);
