// basic/lifecycle#operation, client side, for a server without tools: the client never sends
// tools/list (or any tools/* request) to a server that did not declare the `tools` capability.
// lifecycle.only-negotiated-capabilities judges the same sentence against a server that
// declares tools only; this one needs a server that declares none (scenarios/no-tools.ts).
// The level is the sentence's: SHOULD in 2024-11-05 and 2025-03-26, MUST from 2025-06-18.
import { defineClientChecks } from '../../../../harness/checks/define.js';
import { expectNone } from '../../../../harness/verify/index.js';
import { RANGE } from '../../../../harness/revisions.js';
import { NO_TOOLS } from '../../scenarios/no-tools.js';
import { afterCapabilitiesKnown } from '../../support/after-capabilities.js';

export const undeclaredToolsClientChecks = defineClientChecks({ page: 'basic/lifecycle', revisions: RANGE.legacy }, [
  {
    id: 'lifecycle.no-tools-requests-undeclared',
    title: 'The client sends no tools/list (nor any tools/* request) to a server that did not declare tools',
    spec: [
      { url: '#operation', level: 'SHOULD' },
      { from: '2025-06-18', url: '#operation', level: 'MUST' },
    ],
    requirement:
      'Both parties MUST: Respect the negotiated protocol version; Only use capabilities that were successfully negotiated (2024-11-05 and 2025-03-26: SHOULD). server/tools: "Servers that support tools MUST declare the tools capability": without it, the server offers no tools.',
    fix: 'Read the capabilities of the initialize result and call tools/list only when they contain `tools`.',
    digest: ['LIFE-010'],
    scenario: NO_TOOLS,
    faults: ['tools-listed-undeclared'],
    async run(ctx) {
      const view = afterCapabilitiesKnown(ctx.recording);
      if (!view) return ctx.skip('no-answer', 'no initialize of the client was answered with a result');
      const tools = view.requests.filter((m) => String(m.message.method).startsWith('tools/'));
      if (tools.length > 0) {
        ctx.cite(view.answer.seq);
        return expectNone(ctx, tools.slice(0, 4).map((m) => ({ text: `the client sent ${String(m.message.method)}`, seq: m.seq })), { expected: 'no tools/* request: the initialize result declared no tools capability' });
      }
      // Only a client that went on into operation had the chance to list tools.
      const after = ctx.recording.fromClient.filter((m) => m.seq > view.answer.seq);
      if (after.length === 0) return ctx.skip('nothing-observed', 'the client sent nothing after the initialize result');
      return ctx.pass(`${after.length} messages after initialize, none about tools`);
    },
  },
]);
