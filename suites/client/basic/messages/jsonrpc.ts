// basic (messages), client side (BASE-*): the JSON-RPC base: the envelope, request ids, answers to server
// requests (legacy), notifications, `_meta` key names, and resultType handling (2026-07-28).
// Spec: basic/messages (2024-11-05), basic (2025-03-26 on).
import { defineClientChecks } from '../../../../harness/checks/define.js';
import type { SpecRef } from '../../../../harness/checks/check.js';
import { RANGE, since } from '../../../../harness/revisions.js';
import { ASKS, UNKNOWN_METHOD } from '../../scenarios/asks.js';
import { BASIC } from '../../scenarios/basic.js';
import { PAGED_LISTS, TOOLS, UNKNOWN_RESULT_TYPE, pagesAt } from '../../scenarios/paged-lists.js';
import { asksOf, capability } from '../../support/asks.js';
import { metaKeyProblem } from '../../support/meta-keys.js';
import { clientAnswers, endedByTool, errorCode, isObject, ourAnswer, ourRequests, paramsOf, sameId } from '../../support/wire.js';
import { codeLabel, ErrorCode } from '../../../../harness/rules/error-codes.js';
import { expectNone } from '../../../../harness/verify/index.js';
import { givenSeq } from '../../support/asks.js';

/** The message rules moved from basic/messages to basic in 2025-03-26. */
const messages = (anchor: string, level: SpecRef['level'] = 'MUST'): SpecRef[] => [
  { url: `basic/messages#${anchor}`, level },
  { from: '2025-03-26', url: `basic#${anchor}`, level },
];

const isId = (id: unknown): boolean => typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id));
const calledTools = (names: string[]) => (m: { message: Record<string, unknown> }) => m.message.method === 'tools/call' && names.includes(String((m.message.params as Record<string, unknown> | undefined)?.name));

export const jsonrpcClientChecks = defineClientChecks({ page: 'basic/messages', revisions: RANGE.all }, [
  // BASE-001: "All messages between MCP clients and servers MUST follow the JSON-RPC 2.0
  // specification" ("jsonrpc": "2.0" on every message).
  {
    id: 'base.version-2-0',
    title: 'Every message the client sends says "jsonrpc": "2.0"',
    spec: [
      { url: 'basic/messages', level: 'MUST' },
      { from: '2025-03-26', url: 'basic#messages', level: 'MUST' },
    ],
    requirement: 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.',
    digest: ['BASE-001'],
    scenario: BASIC,
    faults: ['jsonrpc-version-wrong'],
    async run(ctx) {
      const all = ctx.recording.fromClient;
      if (all.length === 0) return ctx.skip('nothing-observed', 'the client sent nothing');
      const bad = all.filter((m) => m.message.jsonrpc !== '2.0');
      return expectNone(ctx, bad.map((m) => ({ text: `${String(m.message.method ?? 'a response')} with jsonrpc ${ctx.brief(m.message.jsonrpc)}`, seq: m.seq })), { expected: '"jsonrpc": "2.0" on every message', judged: all.length });
    },
  },

  // BASE-002: "Requests MUST include a string or integer ID. Unlike base JSON-RPC, the ID MUST NOT be null."
  {
    id: 'base.request-ids-valid',
    title: 'Every request id is a string or an integer, never null',
    spec: messages('requests'),
    requirement: 'Requests MUST include a string or integer ID. Unlike base JSON-RPC, the ID MUST NOT be null.',
    digest: ['BASE-002'],
    scenario: BASIC,
    faults: ['request-id-null', 'request-id-fractional'],
    async run(ctx) {
      const requests = ctx.recording.requests();
      if (requests.length === 0) return ctx.skip('nothing-observed', 'the client sent no request');
      const bad = requests.filter((m) => !isId(m.message.id));
      return expectNone(ctx, bad.map((m) => ({ text: `${String(m.message.method)} with id ${ctx.brief(m.message.id)}`, seq: m.seq })), { expected: 'string or integer request ids', judged: requests.length });
    },
  },

  // BASE-003 (legacy): "The request ID MUST NOT have been previously used by the requestor within
  // the same session." BASE-004 (2026-07-28): "The request ID MUST NOT match the ID of any other
  // request the sender has issued and not yet received a response for." This server keeps a
  // subscriptions/listen open in 2026-07-28, so reuse of an open id can show.
  {
    id: 'base.request-ids-unique',
    title: 'The client never reuses a request id (2026-07-28: never one still awaiting its response)',
    spec: [
      { url: '#requests', level: 'MUST' },
      { from: '2025-03-26', url: 'basic#requests', level: 'MUST' },
    ],
    requirement: 'The request ID MUST NOT have been previously used by the requestor within the same session. (2026-07-28: The request ID MUST NOT match the ID of any other request the sender has issued and not yet received a response for.)',
    digest: ['BASE-003', 'BASE-004'],
    scenario: PAGED_LISTS,
    faults: ['request-id-reused', 'request-id-reused-in-flight'],
    async run(ctx) {
      const requests = ctx.recording.requests().filter((m) => m.conn !== 'refused' && isId(m.message.id));
      if (requests.length < 2) return ctx.skip('nothing-observed', 'the client sent fewer than two requests');
      const modern = ctx.era === 'modern';
      const violations = [...requests.entries()].flatMap(([i, m]) => {
        const earlier = requests.slice(0, i).find((e) => {
          if (e.conn !== m.conn || !sameId(e.message.id, m.message.id)) return false;
          if (!modern) return true;
          const answer = ourAnswer(ctx.recording, e);
          return !answer || answer.seq > m.seq;
        });
        if (!earlier) return [];
        ctx.cite(earlier.seq);
        return [{ text: `${String(m.message.method)} reuses id ${ctx.brief(m.message.id)} of ${String(earlier.message.method)}${modern ? ', which was still open' : ''}`, seq: m.seq }];
      });
      return expectNone(ctx, violations.slice(0, 1), { expected: modern ? 'no id of a request still awaiting its response' : 'a new id for every request of the session', judged: requests.length });
    },
  },

  // BASE-009: "Notifications MUST NOT include an ID."
  {
    id: 'base.notifications-without-id',
    title: 'Notifications carry no id',
    spec: messages('notifications'),
    requirement: 'Notifications MUST NOT include an ID.',
    digest: ['BASE-009'],
    scenario: BASIC,
    faults: ['notification-with-id'],
    async run(ctx) {
      const bad = ctx.recording.fromClient.filter((m) => typeof m.message.method === 'string' && m.message.method.startsWith('notifications/') && 'id' in m.message);
      return expectNone(ctx, bad.map((m) => ({ text: `${String(m.message.method)} with id ${ctx.brief(m.message.id)}`, seq: m.seq })), { expected: 'notifications without an id' });
    },
  },

  // BASE-005: "Responses MUST include the same ID as the request they correspond to." Every
  // server request gets exactly one response, with its id (same JSON type and value).
  {
    id: 'base.server-requests-answered-once',
    title: 'Every server request gets exactly one response, carrying its id',
    spec: [
      { url: '#responses', level: 'MUST' },
      { from: '2025-03-26', url: 'basic#responses', level: 'MUST' },
    ],
    requirement: 'Responses MUST include the same ID as the request they correspond to.',
    digest: ['BASE-005'],
    scenario: ASKS,
    revisions: RANGE.legacy,
    faults: ['server-request-answered-twice', 'response-id-type-changed', 'ping-unanswered'],
    async run(ctx) {
      const ours = ourRequests(ctx.recording);
      if (ours.length === 0) return ctx.skip('nothing-observed', 'the client never called the tool that makes the server ask');
      const strays = ctx.recording.responses().filter((r) => r.message.id !== null && r.message.id !== undefined && !ours.some((o) => o.conn === r.conn && sameId(o.message.id, r.message.id)));
      if (strays.length > 0) {
        return expectNone(ctx, strays.slice(0, 3).map((m) => ({ text: `a response with id ${ctx.brief(m.message.id)}, which no request of ours used`, seq: m.seq })), { expected: 'responses carrying the ids of our requests (same JSON type)' });
      }
      const ended = endedByTool(ctx.recording);
      const violations = ours.flatMap((o) => {
        const replies = clientAnswers(ctx.recording, o);
        const what = `${String(o.message.method)} (id ${ctx.brief(o.message.id)})`;
        if (replies.length > 1) {
          ctx.cite(...replies.map((m) => m.seq));
          return [{ text: `${replies.length} responses to ${what}`, seq: o.seq }];
        }
        return replies.length === 0 && !ended ? [{ text: `no response to ${what} before the client ended`, seq: o.seq }] : [];
      });
      if (violations.length === 0 && ours.some((o) => clientAnswers(ctx.recording, o).length === 0)) return ctx.skip('inconclusive', 'the client was ended by the tool before it answered every request');
      return expectNone(ctx, violations.slice(0, 1), { expected: 'exactly one response to each request of ours, carrying its id', judged: ours.length, note: `${ours.length} request(s) of ours, each answered once` });
    },
  },

  // BASE-006/007: "Either a result or an error MUST be set. A response MUST NOT set both. Error
  // codes MUST be integers." (2025-11-25: "Error responses MUST include an error field with a
  // code and message.")
  {
    id: 'base.responses-well-formed',
    title: 'Responses carry a result or an error (never both); errors have an integer code and a message',
    spec: [
      { url: '#responses', level: 'MUST' },
      { from: '2025-03-26', url: 'basic#responses', level: 'MUST' },
    ],
    requirement: 'Either a result or an error MUST be set. A response MUST NOT set both. Error responses MUST include an error field with a code and message. Error codes MUST be integers.',
    digest: ['BASE-006', 'BASE-007'],
    scenario: ASKS,
    revisions: RANGE.legacy,
    faults: ['response-result-and-error', 'error-code-not-integer', 'error-message-missing'],
    async run(ctx) {
      const responses = ctx.recording.responses();
      if (responses.length === 0) return ctx.skip('nothing-observed', 'the client answered no request');
      const violations = responses.flatMap((r) => {
        const m = r.message;
        const problem =
          'result' in m === 'error' in m
            ? 'result' in m
              ? 'both result and error'
              : 'neither result nor error'
            : 'error' in m
              ? !isObject(m.error)
                ? 'an error that is not an object'
                : !Number.isInteger(m.error.code)
                  ? `error code ${ctx.brief(m.error.code)} (not an integer)`
                  : typeof m.error.message !== 'string'
                    ? 'an error without a string message'
                    : undefined
              : undefined;
        return problem ? [{ text: `a response with ${problem}: ${ctx.brief(m, 200)}`, seq: r.seq }] : [];
      });
      return expectNone(ctx, violations, { expected: 'a result, or an error with an integer code and a string message', judged: responses.length });
    },
  },

  // Every legacy revision: "All messages between MCP clients and servers MUST follow the
  // JSON-RPC 2.0 specification", in which a request for a method that "does not exist / is not
  // available" is answered with an error: a result to it breaks that MUST.
  {
    id: 'base.unknown-method-error',
    title: 'A server request for a method the client does not offer gets an error, never a result',
    spec: [
      { url: 'basic/messages', level: 'MUST' },
      { from: '2025-03-26', url: 'basic#messages', level: 'MUST' },
    ],
    requirement: 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification (JSON-RPC 2.0: {code:MethodNotFound} Method not found: The method does not exist / is not available).',
    digest: ['BASE-020'],
    scenario: ASKS,
    revisions: RANGE.legacy,
    faults: ['unknown-request-answered'],
    async run(ctx) {
      const unknown = asksOf(ctx.recording, false, UNKNOWN_METHOD);
      if (unknown.length === 0) return ctx.skip('nothing-observed', 'the client never called the tool that makes the server ask');
      const answered = unknown.filter((a) => a.outcome.kind !== 'none');
      if (answered.length === 0) return ctx.skip('no-answer', `the client did not answer ${UNKNOWN_METHOD} (see base.server-requests-answered-once)`);
      const results = answered.filter((a) => a.outcome.kind === 'result');
      ctx.cite(...results.map((a) => a.sent.seq));
      return expectNone(ctx, results.map((a) => ({ text: `a result: ${ctx.brief(a.outcome.kind === 'result' ? a.outcome.value : undefined)}`, seq: givenSeq(a) })), {
        expected: `an error for ${UNKNOWN_METHOD}, a method the client does not offer`,
        judged: answered.length,
      });
    },
  },

  // Which code that error carries is softer: JSON-RPC 2.0 reserves MethodNotFound ("Method not found")
  // for it in a table without a keyword, and MCP asks it only as a SHOULD ("Clients SHOULD
  // return standard JSON-RPC errors for common failure cases: Client does not support roots:
  // [MethodNotFound]"). Judged: the unknown method, and roots/list refused by a client that did not
  // declare roots (a result there is roots.answered-only-when-declared's; a result to the
  // unknown method is base.unknown-method-error's).
  {
    id: 'base.unknown-method-not-found',
    title: 'A server request for a method the client does not offer gets error {code:MethodNotFound}',
    spec: [
      { url: 'basic/messages', level: 'SHOULD' },
      { from: '2025-03-26', url: 'basic#messages', level: 'SHOULD' },
    ],
    requirement: 'JSON-RPC 2.0: {code:MethodNotFound} Method not found: The method does not exist / is not available. (client/roots: Clients SHOULD return standard JSON-RPC errors for common failure cases: Client does not support roots: {code:MethodNotFound} (Method not found))',
    digest: ['BASE-020'],
    scenario: ASKS,
    revisions: RANGE.legacy,
    // roots-undeclared-wrong-code shows with a client run without roots (test/helpers/client-proof.ts).
    faults: ['unknown-request-wrong-code', 'roots-undeclared-wrong-code'],
    async run(ctx) {
      const unknown = asksOf(ctx.recording, false, UNKNOWN_METHOD);
      const roots = asksOf(ctx.recording, false, 'roots/list').filter((a) => a.declared !== undefined && !capability(a.declared, 'roots') && a.outcome.kind === 'error');
      if (unknown.length === 0) return ctx.skip('nothing-observed', 'the client never called the tool that makes the server ask');
      const errors = [...unknown, ...roots].filter((a) => a.outcome.kind === 'error');
      if (errors.length === 0) return ctx.skip('nothing-observed', `the client answered ${UNKNOWN_METHOD} with no error (see base.unknown-method-error, base.server-requests-answered-once)`);
      const codes = errors.map((a) => ({ a, code: errorCode(a.outcome.kind === 'error' ? a.outcome.value : undefined) }));
      const decided = codes.findIndex(({ code }) => code === 'malformed' || code !== ErrorCode.MethodNotFound);
      if (decided >= 0 && codes[decided]?.code === 'malformed') return ctx.skip('not-applicable', 'the error is malformed (see base.responses-well-formed)');
      const wrong = decided < 0 ? [] : [codes[decided]].flatMap((c) => (c ? [c] : []));
      ctx.cite(...wrong.map(({ a }) => a.sent.seq));
      return expectNone(ctx, wrong.map(({ a, code }) => ({ text: `${a.method}: error ${codeLabel(code)}`, seq: givenSeq(a) })), {
        expected: `error ${codeLabel(ErrorCode.MethodNotFound)} for a method the client does not offer`,
        judged: errors.length,
      });
    },
  },

  // BASE-010: "The receiver MUST NOT send a response." (to a notification). This server sends
  // notifications/message and notifications/progress during the tool call (2026-07-28:
  // notifications/progress of the progress tool, on the call's answer stream).
  {
    id: 'base.no-reply-to-notification',
    title: 'The client never answers a notification',
    spec: { url: 'basic#notifications', level: 'MUST' },
    requirement: 'Notifications are sent from the client to the server or vice versa, as a one-way message. The receiver MUST NOT send a response.',
    digest: ['BASE-010'],
    scenario: ASKS,
    revisions: since('2025-03-26'),
    faults: ['answers-notification'],
    async run(ctx) {
      const sent = ctx.recording.toClient().filter((m) => typeof m.message.method === 'string' && !('id' in m.message));
      if (sent.length === 0) return ctx.skip('nothing-observed', 'the server sent the client no notification (the client never called the tool that sends them)');
      const replies = ctx.recording.responses().filter((r) => r.message.id === null || r.message.id === undefined);
      return expectNone(ctx, replies.slice(0, 3).map((m) => ({ text: `a response without a request id: ${ctx.brief(m.message, 200)}`, seq: m.seq })), { expected: 'no response to a notification', judged: sent.length });
    },
  },

  // BASE-031: "_meta key names: the prefix, if specified, MUST be a series of labels separated
  // by dots, followed by a slash; labels MUST start with a letter and end with a letter or digit
  // ... the name, unless empty, MUST begin and end with an alphanumeric character."
  {
    id: 'base.meta-key-names',
    title: 'Every _meta key the client sends follows the key name rules',
    spec: { url: 'basic#meta', level: 'MUST' },
    requirement: 'Prefix: if specified, MUST be a series of labels separated by dots (.), followed by a slash (/). Labels MUST start with a letter and end with a letter or digit. Name: unless empty, MUST begin and end with an alphanumeric character.',
    digest: ['BASE-031'],
    scenario: BASIC,
    revisions: since('2025-06-18'),
    faults: ['meta-key-invalid'],
    async run(ctx) {
      let seen = 0;
      const violations: { text: string; seq: number }[] = [];
      for (const m of ctx.recording.fromClient) {
        const meta = paramsOf(m)._meta;
        if (!isObject(meta)) continue;
        for (const key of Object.keys(meta)) {
          seen++;
          const problem = metaKeyProblem(key);
          if (problem) violations.push({ text: `${String(m.message.method)} carries _meta key ${ctx.brief(key)}: ${problem}`, seq: m.seq });
        }
      }
      return expectNone(ctx, violations, {
        expected: '_meta keys of the form [prefix/]name',
        judged: seen,
        nothing: { code: 'nothing-observed', detail: 'the client sent no _meta key' },
      });
    },
  },

  // BASE-034: "When present, their values MUST follow W3C Trace Context and W3C Baggage formats."
  {
    id: 'base.trace-context-well-formed',
    title: 'A traceparent in _meta follows W3C Trace Context',
    spec: { url: 'basic#meta', level: 'MUST' },
    requirement: 'As an exception to the prefix requirement above, the keys traceparent, tracestate, and baggage are reserved for OpenTelemetry trace context propagation. When present, their values MUST follow W3C Trace Context and W3C Baggage formats respectively.',
    digest: ['BASE-034'],
    scenario: BASIC,
    revisions: RANGE.modern,
    faults: ['traceparent-invalid'],
    async run(ctx) {
      const carrying = ctx.recording.fromClient.filter((m) => isObject(paramsOf(m)._meta) && 'traceparent' in (paramsOf(m)._meta as Record<string, unknown>));
      if (carrying.length === 0) return ctx.skip('nothing-observed', 'the client sent no traceparent');
      const violations = carrying.flatMap((m) => {
        const value = (paramsOf(m)._meta as Record<string, unknown>).traceparent;
        const ok = typeof value === 'string' && /^(?!ff)[0-9a-f]{2}-(?!0{32})[0-9a-f]{32}-(?!0{16})[0-9a-f]{16}-[0-9a-f]{2}$/.test(value);
        return ok ? [] : [{ text: `traceparent ${ctx.brief(value)}`, seq: m.seq }];
      });
      return expectNone(ctx, violations, { expected: 'traceparent as version-traceid-parentid-flags (W3C Trace Context)', judged: carrying.length });
    },
  },

  // BASE-013: "A resultType of any value unrecognized by the client MUST be considered invalid."
  // The last page of tools/list says resultType "mcp-conformance-unknown": its tool must not be used.
  {
    id: 'base.unknown-result-type-invalid',
    title: 'A result with an unknown resultType is treated as invalid (its tool is not called)',
    spec: { url: 'basic#result-responses', level: 'MUST' },
    requirement: 'A resultType of any value unrecognized by the client MUST be considered invalid.',
    digest: ['BASE-013'],
    scenario: PAGED_LISTS,
    revisions: RANGE.modern,
    faults: ['result-type-unknown-accepted'],
    async run(ctx) {
      const page = pagesAt(ctx.revision).find((p) => p.resultType === 'unknown');
      const fetched = ctx.recording.requests('tools/list').find((m) => paramsOf(m).cursor === page?.cursor);
      if (!fetched) return ctx.skip('nothing-observed', `the client never fetched the page whose resultType is ${UNKNOWN_RESULT_TYPE}`);
      const used = ctx.recording.requests().find(calledTools([TOOLS.unknownResultType]));
      const others = ctx.recording.requests().filter((m) => m.message.method === 'tools/call');
      ctx.cite(fetched.seq);
      return expectNone(ctx, used ? [{ text: `the client called ${TOOLS.unknownResultType}, listed only in that result`, seq: used.seq }] : [], {
        expected: `the result with resultType ${UNKNOWN_RESULT_TYPE} treated as invalid`,
        judged: others.length,
        nothing: { code: 'nothing-observed', detail: 'the client called no tool: whether it used the invalid result does not show' },
      });
    },
  },

  // BASE-014: "For backward compatibility with servers implementing earlier protocol versions,
  // which do not include resultType, clients MUST treat an absent resultType as "complete"."
  {
    id: 'base.absent-result-type-complete',
    title: 'A result without resultType is treated as complete (its tools and cursor are used)',
    spec: { url: 'basic#result-responses', level: 'MUST' },
    requirement: 'For backward compatibility with servers implementing earlier protocol versions, which do not include resultType, clients MUST treat an absent resultType as "complete".',
    digest: ['BASE-014'],
    scenario: PAGED_LISTS,
    revisions: RANGE.modern,
    faults: ['result-type-absent-rejected'],
    async run(ctx) {
      const pages = pagesAt(ctx.revision);
      const at = pages.findIndex((p) => p.resultType === 'absent');
      const fetched = ctx.recording.requests('tools/list').find((m) => paramsOf(m).cursor === pages[at]?.cursor);
      if (!fetched) return ctx.skip('nothing-observed', 'the client never fetched the page without resultType');
      const followed = ctx.recording.requests('tools/list').find((m) => m.seq > fetched.seq && paramsOf(m).cursor === pages[at + 1]?.cursor);
      const used = ctx.recording.requests().find(calledTools([TOOLS.noResultType]));
      if (followed || used) return ctx.pass();
      const calls = ctx.recording.requests().filter((m) => m.message.method === 'tools/call');
      if (calls.length === 0) return ctx.skip('nothing-observed', 'the client called no tool and did not follow the cursor: whether it used the result does not show');
      ctx.cite(fetched.seq, ...calls.slice(0, 3).map((m) => m.seq));
      return expectNone(ctx, [`the client called ${calls.map((m) => String(paramsOf(m).name)).join(', ')} but neither followed that page's cursor nor called ${TOOLS.noResultType}`], {
        expected: 'the result without resultType used as complete (its cursor followed or its tool callable)',
      });
    },
  },
]);
