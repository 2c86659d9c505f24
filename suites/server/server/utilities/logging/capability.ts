// server/utilities/logging#capabilities: "Servers that emit log message notifications MUST
// declare the logging capability." Passive: every message of the revision (at 2026-07-28
// logging.none-without-log-level asks for log messages whatever the server declares).
//
// A server without the logging capability that still answers logging/setLevel breaks no
// sentence: the rule is about emitting, and a method's MethodNotFound is not required.
import { defineChecks } from '../../../../../harness/checks/define.js';
import { RANGE } from '../../../../../harness/revisions.js';
import { isNotification } from '../../../../../harness/target/tool-plan.js';
import { expectNone } from '../../../../../harness/verify/index.js';

export const loggingCapabilityChecks = defineChecks({ page: 'server/utilities/logging', revisions: RANGE.all, needs: ['passive'] }, [
  {
    id: 'logging.messages-declared',
    title: 'notifications/message is only sent by a server that declares the logging capability',
    spec: { url: '#capabilities', level: 'MUST' },
    requirement: 'Servers that emit log message notifications MUST declare the logging capability',
    digest: ['LOG-001'],
    faults: ['message-without-logging', 'modern-log-undeclared'],
    judgesDeclared: true,
    async run(ctx) {
      if (ctx.facts.serverCapabilities.logging !== undefined) return ctx.pass('the server declares logging');
      const sent = ctx.observations().filter((o) => o.kind === 'server-notification' && isNotification(o.message, 'notifications/message'));
      return expectNone(
        ctx,
        // The first few, cited: a chatty server may send hundreds.
        sent.map((o, i) => ({ text: `notifications/message ${ctx.brief(o.message, 160)}`, ...(i < 5 ? { seq: o.seq } : {}) })),
        { expected: 'no notifications/message without the logging capability', note: 'no logging capability and no notifications/message in any exchange of the revision', show: 1 },
      );
    },
  },
]);
