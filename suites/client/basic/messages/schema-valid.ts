// Schema validity of what the client sends in ordinary traffic (BASE-001 and every message
// type): each message was validated against the revision's official schema as it arrived;
// this check reports what failed. Answers to server requests are judged by the feature suites.
import { defineClientChecks } from '../../../../harness/checks/define.js';
import { expectNone } from '../../../../harness/verify/index.js';
import { RANGE } from '../../../../harness/revisions.js';
import { BASIC } from '../../scenarios/basic.js';

export const schemaClientChecks = defineClientChecks({ page: 'basic/messages', revisions: RANGE.all }, [
  {
    id: 'schema.client-messages-valid',
    title: "Every message the client sends validates against the revision's official schema",
    spec: [
      { url: 'basic/messages', level: 'MUST' },
      { from: '2025-03-26', url: 'basic#schema', level: 'MUST' },
    ],
    requirement: 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification; the schema is the source of truth for all protocol messages and structures.',
    digest: ['BASE-001', 'BASE-002', 'LIFE-002'],
    scenario: BASIC,
    faults: ['request-id-null', 'request-id-fractional', 'jsonrpc-version-wrong', 'initialize-client-info-missing', 'initialize-capabilities-missing', 'meta-protocol-version-missing', 'meta-client-capabilities-missing', 'meta-client-info-invalid', 'progress-token-invalid', 'completion-argument-invalid'],
    async run(ctx) {
      const bad = ctx.recording.observations.of('schema-invalid');
      if (ctx.recording.fromClient.length === 0) return ctx.skip('nothing-observed', 'the client sent nothing');
      return expectNone(ctx, bad.map((o) => ({ text: o.detail, seq: o.seq })), { expected: 'schema-valid messages', judged: ctx.recording.fromClient.length });
    },
  },
]);
