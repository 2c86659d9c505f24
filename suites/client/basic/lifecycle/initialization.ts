// basic/lifecycle, client side (LIFE-*, VER-001, VER-004; legacy era): initialize first with its
// version, capabilities and clientInfo, nothing but ping before its answer,
// notifications/initialized after it, a disconnect on a version it cannot speak, and only the
// capabilities the server declared. Spec: basic/lifecycle.
import { defineClientChecks } from '../../../../harness/checks/define.js';
import { expectNone } from '../../../../harness/verify/index.js';
import { RANGE, REVISION_IDS, isKnownRevision, since } from '../../../../harness/revisions.js';
import { BASIC } from '../../scenarios/basic.js';
import { PAGED_LISTS } from '../../scenarios/paged-lists.js';
import { SLOW_INITIALIZE } from '../../scenarios/slow-initialize.js';
import { UNSUPPORTED, UNSUPPORTED_VERSION } from '../../scenarios/unsupported-version.js';
import { isObject, ourAnswer, paramsOf } from '../../support/wire.js';
import type { ClientCheckContext } from '../../../../harness/client/context.js';

const spec = (anchor: string, level: 'MUST' | 'SHOULD' = 'MUST') => ({ url: `#${anchor}`, level });

/** The client's first initialize, and our answer to it. */
function handshake(ctx: ClientCheckContext) {
  const init = ctx.recording.requests('initialize')[0];
  const answer = init ? ourAnswer(ctx.recording, init) : undefined;
  return { init, answer };
}

/**
 * On the initialize's connection, or refused at the HTTP level (sent before the client knew its
 * session id, as early messages are).
 */
const near = (conn: string) => (m: { conn: string }) => m.conn === conn || m.conn === 'refused';

/** Messages the client sent on the initialize's connection after `seq`. */
const sentAfter = (ctx: ClientCheckContext, conn: string, seq: number) => ctx.recording.fromClient.filter((m) => m.conn === conn && m.seq > seq);

/** Server capability each method family needs (completion/complete has one from 2025-03-26). */
function capabilityFor(method: string, ctx: ClientCheckContext): string | undefined {
  if (method.startsWith('prompts/')) return 'prompts';
  if (method.startsWith('resources/')) return 'resources';
  if (method.startsWith('tools/')) return 'tools';
  if (method === 'logging/setLevel') return 'logging';
  if (method === 'completion/complete' && ctx.in(since('2025-03-26'))) return 'completions';
  return undefined;
}

export const lifecycleClientChecks = defineClientChecks({ page: 'basic/lifecycle', revisions: RANGE.legacy }, [
  // LIFE-001: "The initialization phase MUST be the first interaction between client and server."
  // A dual-era client may probe with server/discover first (2026-07-28 stdio#backward-compatibility).
  {
    id: 'lifecycle.initialize-first',
    title: 'initialize is the first request the client sends (after an optional server/discover probe)',
    spec: spec('initialization'),
    requirement: 'The initialization phase MUST be the first interaction between client and server.',
    digest: ['LIFE-001'],
    scenario: BASIC,
    faults: ['initialize-not-first'],
    async run(ctx) {
      const first = ctx.recording.requests().find((m) => m.message.method !== 'server/discover');
      if (!first) return ctx.skip('nothing-observed', 'the client sent no request besides a server/discover probe');
      ctx.cite(first.seq);
      return expectNone(ctx, first.message.method === 'initialize' ? [] : [{ text: `${String(first.message.method)} first`, seq: first.seq }], { expected: 'initialize as the first request' });
    },
  },

  // LIFE-002: "The client MUST initiate this phase by sending an initialize request containing:
  // Protocol version supported, Client capabilities, Client implementation information".
  {
    id: 'lifecycle.initialize-params',
    title: 'initialize carries a protocol version, a capabilities object and clientInfo (name, version)',
    spec: spec('initialization'),
    requirement: 'The client MUST initiate this phase by sending an initialize request containing: Protocol version supported; Client capabilities; Client implementation information',
    fix: 'Send params { protocolVersion, capabilities: {...}, clientInfo: { name, version } } in initialize.',
    digest: ['LIFE-002'],
    scenario: BASIC,
    faults: ['initialize-client-info-missing', 'initialize-capabilities-missing'],
    async run(ctx) {
      const { init } = handshake(ctx);
      if (!init) return ctx.skip('nothing-observed', 'the client sent no initialize');
      ctx.cite(init.seq);
      const p = paramsOf(init);
      const info = p.clientInfo;
      const missing = [
        typeof p.protocolVersion === 'string' ? undefined : 'protocolVersion (a string)',
        isObject(p.capabilities) ? undefined : 'capabilities (an object)',
        isObject(info) && typeof info.name === 'string' && typeof info.version === 'string' ? undefined : 'clientInfo with a string name and version',
      ].filter((x): x is string => x !== undefined);
      return expectNone(ctx, missing.length === 0 ? [] : [{ text: `missing or malformed: ${missing.join(', ')} (params: ${ctx.brief(p, 200)})`, seq: init.seq }], {
        expected: 'initialize params with protocolVersion, capabilities and clientInfo',
      });
    },
  },

  // VER-001: "In the initialize request, the client MUST send a protocol version it supports.
  // This SHOULD be the latest version supported by the client." The client went on at the
  // revision under test, so it supports that one: asking for an older one (or for something
  // that is no MCP revision) was not its latest.
  {
    id: 'lifecycle.initialize-asks-newest',
    title: 'initialize asks for the newest protocol version the client supports',
    spec: spec('version-negotiation', 'SHOULD'),
    requirement: 'In the initialize request, the client MUST send a protocol version it supports. This SHOULD be the latest version supported by the client.',
    digest: ['VER-001'],
    scenario: BASIC,
    faults: ['initialize-version-not-newest', 'initialize-version-unsupported'],
    async run(ctx) {
      const { init, answer } = handshake(ctx);
      if (!init || !answer) return ctx.skip('no-answer', 'no initialize was answered');
      const asked = paramsOf(init).protocolVersion;
      const went = sentAfter(ctx, init.conn, answer.seq).some((m) => m.message.method !== 'notifications/cancelled');
      if (!went || ctx.recording.negotiated !== ctx.revision) return ctx.skip('not-applicable', `the client did not go on at ${ctx.revision}`);
      ctx.cite(init.seq);
      if (asked === ctx.revision) return ctx.pass();
      if (typeof asked === 'string' && isKnownRevision(asked) && asked > ctx.revision) return ctx.pass(`asked for ${asked}, accepted the older ${ctx.revision}`);
      const newest = REVISION_IDS[REVISION_IDS.length - 1] as string;
      if (typeof asked === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(asked) && asked > newest) return ctx.pass(`asked for ${asked}, newer than this tool knows`);
      return expectNone(ctx, [{ text: `initialize asked for ${ctx.brief(asked)}${typeof asked === 'string' && isKnownRevision(asked) ? '' : ', which is not an MCP revision'}`, seq: init.seq }], {
        expected: `the newest version the client supports (it went on at ${ctx.revision}, so at least that one)`,
        doubt: 'a SHOULD: which versions the client supports shows only in part on the wire',
      });
    },
  },

  // LIFE-004: "After successful initialization, the client MUST send an initialized notification".
  // Its order relative to the result is judged against a slow server (lifecycle.initialized-after-result).
  {
    id: 'lifecycle.initialized-sent',
    title: 'The client sends notifications/initialized',
    spec: spec('initialization'),
    requirement: 'After successful initialization, the client MUST send an initialized notification to indicate it is ready to begin normal operations',
    digest: ['LIFE-004'],
    scenario: BASIC,
    faults: ['initialized-missing'],
    async run(ctx) {
      const { init, answer } = handshake(ctx);
      if (!init || !answer) return ctx.skip('no-answer', 'no initialize was answered');
      const sent = ctx.recording.notifications('notifications/initialized').some((m) => m.seq > init.seq);
      return expectNone(ctx, sent ? [] : [{ text: 'none was sent', seq: answer.seq }], { expected: 'notifications/initialized after the initialize result' });
    },
  },

  // LIFE-004, the order: initialized comes after the result, which this server sends only after a second.
  {
    id: 'lifecycle.initialized-after-result',
    title: 'notifications/initialized comes after the initialize result, not before',
    spec: spec('initialization'),
    requirement: 'After successful initialization, the client MUST send an initialized notification to indicate it is ready to begin normal operations',
    digest: ['LIFE-004'],
    scenario: SLOW_INITIALIZE,
    faults: ['initialized-before-response'],
    async run(ctx) {
      const { init, answer } = handshake(ctx);
      if (!init || !answer) return ctx.skip('no-answer', 'the client did not wait for the (slow) initialize result');
      const first = ctx.recording.notifications('notifications/initialized').find((m) => near(init.conn)(m) && m.seq > init.seq);
      if (!first) return ctx.skip('nothing-observed', 'the client sent no notifications/initialized (see lifecycle.initialized-sent)');
      ctx.cite(answer.seq);
      return expectNone(ctx, first.seq > answer.seq ? [] : [{ text: `sent ${answer.t - first.t} ms before the result was sent`, seq: first.seq }], { expected: 'notifications/initialized after the initialize result' });
    },
  },

  // LIFE-005: "The client SHOULD NOT send requests other than pings before the server has
  // responded to the initialize request."
  {
    id: 'lifecycle.only-ping-before-initialize-result',
    title: 'While initialize is unanswered, the client sends no request but ping',
    spec: spec('initialization', 'SHOULD'),
    requirement: 'The client SHOULD NOT send requests other than pings before the server has responded to the initialize request.',
    digest: ['LIFE-005'],
    scenario: SLOW_INITIALIZE,
    faults: ['request-before-initialize-response'],
    async run(ctx) {
      const { init, answer } = handshake(ctx);
      if (!init) return ctx.skip('nothing-observed', 'the client sent no initialize');
      const until = answer?.seq ?? Number.POSITIVE_INFINITY;
      const early = ctx.recording.requests().filter((m) => near(init.conn)(m) && m.seq > init.seq && m.seq < until && m.message.method !== 'ping');
      return expectNone(ctx, early.map((m) => ({ text: `${String(m.message.method)} before it`, seq: m.seq })), { expected: 'only ping before the initialize result', show: early.length });
    },
  },

  // VER-004: "If the client does not support the version in the server's response, it SHOULD disconnect."
  {
    id: 'lifecycle.disconnects-on-unsupported-version',
    title: 'Answered with a protocol version it cannot support, the client disconnects',
    spec: spec('version-negotiation', 'SHOULD'),
    requirement: "If the client does not support the version in the server's response, it SHOULD disconnect.",
    digest: ['VER-004'],
    scenario: UNSUPPORTED_VERSION,
    faults: ['unsupported-version-continues'],
    async run(ctx) {
      const { init, answer } = handshake(ctx);
      if (!init || !answer) return ctx.skip('no-answer', 'no initialize was answered');
      const after = sentAfter(ctx, init.conn, answer.seq);
      ctx.cite(answer.seq);
      return expectNone(ctx, after.slice(0, 3).map((m) => ({ text: `the client went on: ${String(m.message.method ?? 'a response')}`, seq: m.seq })), {
        expected: `no further messages after initialize was answered with protocol version ${UNSUPPORTED}`,
      });
    },
  },

  // LIFE-010: "Both parties MUST: Respect the negotiated protocol version; Only use capabilities
  // that were successfully negotiated" (SHOULD in 2024-11-05 and 2025-03-26). The server here
  // declares tools only.
  {
    id: 'lifecycle.only-negotiated-capabilities',
    title: 'The client uses only server features the server declared (here: tools only)',
    spec: [
      { url: '#operation', level: 'SHOULD' },
      { from: '2025-06-18', url: '#operation', level: 'MUST' },
    ],
    requirement: 'Both parties MUST: Respect the negotiated protocol version; Only use capabilities that were successfully negotiated',
    digest: ['LIFE-010'],
    scenario: PAGED_LISTS,
    faults: ['undeclared-capability-used'],
    async run(ctx) {
      const { init, answer } = handshake(ctx);
      if (!init || !answer) return ctx.skip('no-answer', 'no initialize was answered');
      const declared = isObject(answer.message.result) && isObject(answer.message.result.capabilities) ? answer.message.result.capabilities : {};
      const used = ctx.recording.requests().filter((m) => {
        const needs = capabilityFor(String(m.message.method), ctx);
        return needs !== undefined && !isObject(declared[needs]);
      });
      const methods = [...new Set(used.map((m) => String(m.message.method)))];
      return expectNone(ctx, methods.map((method) => ({ text: `the client sent ${method}`, seq: used.find((m) => String(m.message.method) === method)?.seq })), {
        expected: `only methods of the declared capabilities (${Object.keys(declared).join(', ') || 'none'})`,
      });
    },
  },
]);
