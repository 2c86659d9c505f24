// basic (messages), client side.
import type { ClientCheck } from '../../../../harness/client/scenario.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { codeText } from '../../../../harness/rules/error-codes.js';
import { iconClientChecks } from './icons.js';
import { jsonrpcClientChecks } from './jsonrpc.js';
import { schemaRefClientChecks } from './schema-refs.js';
import { schemaClientChecks } from './schema-valid.js';
import { serverBatchClientChecks } from './server-batches.js';
import { unnegotiatedResultClientChecks } from './unnegotiated-result.js';

export const group: PageGroup<ClientCheck> = {
  checks: [...jsonrpcClientChecks, ...schemaClientChecks, ...serverBatchClientChecks, ...schemaRefClientChecks, ...iconClientChecks, ...unnegotiatedResultClientChecks],
  excluded: {
    'BASE-008': { side: 'client', reason: 'missing', detail: 'A scripted server would write unparsable JSON to the client and judge the error it draws (2025-11-25 on: no id, never null at 2026-07-28); no scenario writes one yet.' },
    // Claimed by checks up to 2025-11-25; at 2026-07-28 a client answers nothing (no ServerRequest exists there).
    'BASE-005': { side: 'client', at: '2026-07-28', reason: 'not-observable', detail: 'At 2026-07-28 the server sends the client no request (the schema has no ServerRequest), so the client sends no response whose id could be judged.' },
    'BASE-006': { side: 'client', at: '2026-07-28', reason: 'not-observable', detail: 'At 2026-07-28 the server sends the client no request, so the client sends no response to carry a result or an error.' },
    'BASE-007': { side: 'client', at: '2026-07-28', reason: 'not-observable', detail: 'At 2026-07-28 the server sends the client no request, so the client sends no error object.' },
    'BASE-020': { side: 'client', at: '2026-07-28', reason: 'not-observable', detail: 'At 2026-07-28 the server sends the client no request, so the client sends no error code whose meaning could be judged.' },
    'BASE-021': { side: 'client', reason: 'not-observable', detail: 'At 2026-07-28 the server sends the client no request, so the client emits no error response whose code could be judged.' },
    'BASE-022': { side: 'client', reason: 'not-observable', detail: 'At 2026-07-28 the server sends the client no request, so the client emits no error response whose code could be judged.' },
    'BASE-023': { side: 'client', reason: 'not-observable', detail: 'At 2026-07-28 the server sends the client no request, so the client emits no error response whose code could be judged.' },
    'BASE-024': { side: 'client', reason: 'not-observable', detail: 'At 2026-07-28 the server sends the client no request, so the client emits no error response whose code could be judged.' },
    'BASE-025': { side: 'client', reason: 'not-observable', detail: `How a client interprets ${codeText('ResourceNotFound')} from an older server is inside it.` },
    'BASE-030': { side: 'client', reason: 'informative', detail: 'Reserves _meta for protocol metadata; the client\'s _meta keys are judged by base.meta-key-names and their shape by the schema checks.' },
    'BASE-032': { side: 'client', reason: 'informative', detail: 'The reserved prefixes are reserved without a keyword, and reverse-DNS names only recommended as a practice: no sentence a client breaks by its own keys.' },
    'BASE-033': { side: 'client', reason: 'not-observable', detail: 'Whether a client assumes meanings for values at reserved _meta keys is inside it.' },
    'BASE-040': { side: 'client', reason: 'missing', detail: 'A scripted server would list a tool whose inputSchema only a 2020-12 validator reads right (no $schema) and see whether the client calls it with arguments that schema accepts; no scenario does.' },
    'BASE-041': { side: 'client', reason: 'not-observable', detail: 'A client declares no JSON Schema of its own on the wire (tool and elicitation schemas come from the server).' },
    'BASE-042': { side: 'client', reason: 'not-observable', detail: 'How a client reports a schema dialect it does not support shows only to its user.' },
    'BASE-044': { side: 'client', reason: 'missing', detail: 'A scripted server would offer a tool with a deeply nested anyOf chain and warn when the client stops answering; no scenario does.' },
    'BATCH-002': { side: 'client', reason: 'informative', detail: 'A MAY: a client may send batches; a batch holding initialize is judged by lifecycle checks (BATCH-005), any batch after 2025-03-26 by the no-batches checks (BATCH-010).' },
    'BATCH-003': { side: 'client', reason: 'informative', detail: 'A MAY on what a stdio line may hold; the client reading such a line is BATCH-001.' },
    'BATCH-007': { side: 'client', reason: 'missing', detail: `The scripted server can send batches (batching.server-batch-answered); a check would send an empty array and expect the single ${codeText('InvalidRequest')} error JSON-RPC 2.0 asks for, but MCP does not restate that rule, so it could only warn, and a client that crashes on [] would lose the rest of its run.` },
  },
};
