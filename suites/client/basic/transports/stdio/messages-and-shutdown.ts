// basic/transports/stdio, client side (STDIO-*): only MCP messages on the server's stdin, one per
// line, UTF-8; no responses in 2026-07-28; shutdown by closing stdin first. The relay reports
// how the client ended its server. Spec: basic/transports#stdio (legacy),
// basic/transports/stdio (2026-07-28), basic/lifecycle#stdio (legacy shutdown).
import { defineClientChecks } from '../../../../../harness/checks/define.js';
import type { SpecRef } from '../../../../../harness/checks/check.js';
import type { ObservationKind } from '../../../../../harness/observations.js';
import type { ClientCheckContext } from '../../../../../harness/client/context.js';
import { RANGE, since } from '../../../../../harness/revisions.js';
import { ASKS } from '../../../scenarios/asks.js';
import { BASIC } from '../../../scenarios/basic.js';
import { endedByTool } from '../../../support/wire.js';
import { judgeNoResponses } from '../../../support/no-responses.js';
import { expectNone, ownJudgement } from '../../../../../harness/verify/index.js';

/** The stdio message rules: a section of basic/transports, then (2026-07-28) a page of their own. */
const transport = (level: SpecRef['level'] = 'MUST'): SpecRef[] => [
  { url: 'basic/transports#stdio', level },
  { from: '2026-07-28', url: 'basic/transports/stdio', level },
];

/** A framing observation of the client's stdin bytes, judged as one rule. */
function framingCheck(kinds: ObservationKind[], ctx: ClientCheckContext, expected: string) {
  const bad = ctx.recording.observations.items.filter((o) => kinds.includes(o.kind));
  return expectNone(ctx, bad.map((o) => ({ text: `line: ${o.detail}`, seq: o.seq })), { expected });
}

/** Why no verifier fits: how a server process ended is the relay's report, not a message. */
const WHY_SHUTDOWN = 'how the client ended each server process (the relay reports it), not a message';

export const stdioClientChecks = defineClientChecks({ page: 'basic/transports/stdio', transports: ['stdio'] }, [
  // STDIO-004: "The client MUST NOT write anything to the server's stdin that is not a valid MCP message."
  {
    id: 'stdio.only-messages-on-stdin',
    title: "The client writes nothing but JSON-RPC messages to the server's stdin",
    spec: transport(),
    requirement: "The client MUST NOT write anything to the server's stdin that is not a valid MCP message.",
    digest: ['STDIO-004'],
    scenario: BASIC,
    revisions: RANGE.all,
    faults: ['stdio-non-json-line'],
    async run(ctx) {
      return framingCheck(['not-json-line', 'not-jsonrpc'], ctx, 'only JSON-RPC messages, one per line');
    },
  },

  // STDIO-002: "Messages are delimited by newlines, and MUST NOT contain embedded newlines."
  {
    id: 'stdio.one-message-per-line',
    title: 'Each message the client writes is one line (no embedded newlines)',
    spec: transport(),
    requirement: 'Messages are delimited by newlines, and MUST NOT contain embedded newlines.',
    digest: ['STDIO-002'],
    scenario: BASIC,
    revisions: RANGE.all,
    faults: ['stdio-embedded-newline'],
    async run(ctx) {
      return framingCheck(['multi-line-message'], ctx, 'every message on a single line');
    },
  },

  // STDIO-001: "MCP uses JSON-RPC to encode messages. JSON-RPC messages MUST be UTF-8 encoded."
  {
    id: 'stdio.utf8',
    title: "The client's messages are valid UTF-8",
    spec: { url: 'basic/transports', level: 'MUST' },
    requirement: 'MCP uses JSON-RPC to encode messages. JSON-RPC messages MUST be UTF-8 encoded.',
    digest: ['STDIO-001'],
    scenario: BASIC,
    revisions: since('2025-03-26'),
    faults: ['stdio-invalid-utf8'],
    async run(ctx) {
      return framingCheck(['invalid-utf8'], ctx, 'UTF-8 encoded messages');
    },
  },

  // STDIO-010 / LIFE-020: "the client SHOULD initiate shutdown by: First, closing the input
  // stream to the child process (the server); Waiting for the server to exit, or sending
  // SIGTERM if the server does not exit within a reasonable time; Sending SIGKILL ..." The
  // relay exits as soon as its stdin closes, so no signal is ever needed.
  {
    id: 'stdio.shutdown-closes-stdin',
    title: "The client shuts its server down by closing stdin first (no signal, since it exits at once)",
    spec: [
      { url: 'basic/lifecycle#stdio', level: 'SHOULD' },
      { from: '2026-07-28', url: '#shutdown', level: 'SHOULD' },
    ],
    requirement: 'The client SHOULD initiate shutdown by: 1. Closing the input stream to the child process (the server). 2. Waiting for the server to exit. 3. If the server does not exit within a reasonable time, forcibly terminating the process (SIGTERM, then SIGKILL).',
    fix: "Close the server's stdin and wait for it to exit; signal it only if it does not.",
    digest: ['STDIO-010', 'LIFE-020'],
    scenario: BASIC,
    revisions: RANGE.all,
    faults: ['stdio-stdin-not-closed', 'stdio-sigkill-immediately'],
    async run(ctx) {
      if (endedByTool(ctx.recording)) return ctx.skip('not-applicable', 'the tool ended the client (it did not shut its server down itself)');
      const ends = ctx.recording.stdioEnds;
      if (ends.length === 0) return ctx.skip('nothing-observed', 'the client started no stdio server');
      const bad = ends.find((e) => e.how !== 'closed-stdin');
      if (!bad) return ownJudgement(ctx, {}, WHY_SHUTDOWN);
      const actual = bad.how === 'connection-lost' ? 'the server went away without its stdin being closed first (killed with SIGKILL, or the client did not wait for it to exit)' : `the client sent ${bad.how.slice('signal:'.length)} before closing stdin`;
      return ownJudgement(ctx, { broken: { expected: 'stdin closed first (the server then exits by itself)', actual } }, WHY_SHUTDOWN);
    },
  },

  // STDIO-020: "The client sends messages by writing JSON-RPC requests and notifications to the
  // server's stdin, one message per line. The client MUST NOT write JSON-RPC responses." This
  // server sends one request during a tool call to see it (servers never do in this era).
  {
    id: 'stdio.no-responses',
    title: 'The client writes no JSON-RPC responses (2026-07-28), even to a request from the server',
    spec: { url: '#sending-messages', level: 'MUST' },
    requirement: 'The client sends messages by writing JSON-RPC requests and notifications to the server\'s stdin, one message per line. The client MUST NOT write JSON-RPC responses.',
    digest: ['STDIO-020'],
    scenario: ASKS,
    revisions: RANGE.modern,
    faults: ['modern-server-request-answered', 'answers-notification'],
    run: async (ctx) => judgeNoResponses(ctx, ''),
  },
]);
