// Logging (LOG-*): logging/setLevel and notifications/message.
// Spec: server/utilities/logging (2024-11-05..2025-11-25).
import type { Check } from '../../harness/checks/check.js';
import { isNotification, planToolCall, replyLine, sleep } from './tool-plan.js';
import { RANGE } from '../../harness/revisions.js';

const SPEC = 'server/utilities/logging';
/** RFC 5424 severities as the spec lists them, least severe first. */
const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** An empty result: an object with nothing but (optionally) _meta. */
function isEmptyResult(result: unknown): boolean {
  return typeof result === 'object' && result !== null && !Array.isArray(result) && Object.keys(result).every((k) => k === '_meta');
}

export const loggingChecks: Check[] = [
  // "To configure the minimum log level, clients MAY send a logging/setLevel request" - the
  // schema answers it with an empty result, for each of the eight levels.
  {
    id: 'logging.set-level-every-level',
    title: 'logging/setLevel answers an empty result for each of the eight levels',
    spec: { url: `${SPEC}#setting-log-level`, level: 'MUST' },
    side: 'server',
    revisions: RANGE.legacy,
    transports: 'any',
    requires: ['logging'],
    faults: ['setlevel-level-rejected'],
    connection: 'own',
    async run(ctx) {
      const session = await ctx.session();
      const wrong: string[] = [];
      for (const level of LEVELS) {
        const reply = await session.request('logging/setLevel', { level });
        if (reply.kind === 'result' && isEmptyResult(reply.result)) continue;
        wrong.push(`${level}: ${replyLine(ctx, reply)}`);
      }
      if (wrong.length === 0) return ctx.pass();
      return ctx.fail({ expected: 'an empty result ({}) for every level', actual: wrong.join('; ') });
    },
  },

  // "Servers SHOULD return standard JSON-RPC errors for common failure cases: Invalid log
  // level: -32602 (Invalid params)"
  {
    id: 'logging.invalid-level',
    title: 'logging/setLevel with a level that does not exist gets -32602',
    spec: { url: `${SPEC}#error-handling`, level: 'SHOULD' },
    side: 'server',
    revisions: RANGE.legacy,
    transports: 'any',
    requires: ['logging'],
    faults: ['setlevel-invalid-accepted'],
    connection: 'own',
    async run(ctx) {
      const session = await ctx.session();
      const reply = await session.request('logging/setLevel', { level: 'mcp-conformance-verbose' });
      if (reply.kind === 'error' && reply.error.code === -32602) return ctx.pass();
      return ctx.fail({
        expected: 'error -32602 for level "mcp-conformance-verbose"',
        actual: replyLine(ctx, reply),
      });
    },
  },

  // Setting the level: "Only sends error level and above" after setLevel(error) in the
  // message flow; the minimum-level rule carries no keyword, hence SHOULD (LOG-002).
  {
    id: 'logging.level-respected',
    title: 'After logging/setLevel "emergency", no less severe notifications/message arrive',
    spec: { url: `${SPEC}#setting-log-level`, level: 'SHOULD' },
    side: 'server',
    revisions: RANGE.legacy,
    transports: 'any',
    requires: ['logging'],
    faults: ['setlevel-ignored'],
    connection: 'own',
    async run(ctx) {
      const session = await ctx.session();
      const peer = session;
      const set = await peer.request('logging/setLevel', { level: 'emergency' });
      if (set.kind !== 'result') return ctx.skip(`cannot judge: setLevel "emergency" got ${replyLine(ctx, set)} (see logging.set-level-every-level)`);
      const mark = peer.mark();
      // Make the server work: its lists, and one allowed tool (a quick one first).
      const caps = ctx.facts.serverCapabilities;
      const work: Promise<unknown>[] = [];
      for (const [cap, method] of [['tools', 'tools/list'], ['resources', 'resources/list'], ['prompts', 'prompts/list']] as const) {
        if (caps[cap] !== undefined) work.push(peer.request(method, {}));
      }
      const plan = caps.tools ? await planToolCall(ctx, 100, false) : 'no tools';
      if (typeof plan !== 'string') work.push(peer.request('tools/call', { name: plan.name, arguments: plan.args }));
      await Promise.all(work);
      await peer.request('ping', undefined);
      await sleep(150);
      const below = peer.since(mark).filter((m) => {
        if (!isNotification(m.message, 'notifications/message')) return false;
        const level = (m.message.params ?? {}).level;
        return typeof level === 'string' && LEVELS.indexOf(level) >= 0 && LEVELS.indexOf(level) < LEVELS.indexOf('emergency');
      });
      const did = typeof plan === 'string' ? `lists only (${plan})` : `lists and ${plan.describe}`;
      if (below.length === 0) return ctx.pass(`exercised ${did}; no message below "emergency"`);
      ctx.cite(...below.slice(0, 5).map((m) => m.seq ?? 0));
      const first = below[0]?.message as { params?: Record<string, unknown> };
      return ctx.fail({
        expected: 'after setLevel "emergency": no notifications/message below emergency',
        actual: `${below.length} message(s), first at level ${ctx.brief(first.params?.level)} after exercising ${did}`,
      });
    },
  },

  // "Servers that emit log message notifications MUST declare the logging capability."
  {
    id: 'logging.messages-declared',
    title: 'notifications/message is only sent by a server that declares the logging capability',
    spec: { url: `${SPEC}#capabilities`, level: 'MUST' },
    side: 'server',
    revisions: RANGE.legacy,
    transports: 'any',
    faults: ['message-without-logging'],
    connection: 'passive',
    async run(ctx) {
      if (ctx.facts.serverCapabilities.logging !== undefined) return ctx.pass('the server declares logging');
      const sent = ctx.observations().filter((o) => o.kind === 'server-notification' && isNotification(o.message, 'notifications/message'));
      if (sent.length === 0) return ctx.pass('no logging capability and no notifications/message');
      ctx.cite(...sent.slice(0, 5).map((o) => o.seq));
      return ctx.fail({ expected: 'no notifications/message without the logging capability', actual: `${sent.length} notifications/message, first ${ctx.brief(sent[0]?.message, 160)}` });
    },
  },

  // Capability negotiation: "Implemented server features must be advertised in the server's
  // capabilities". A setLevel that succeeds without `logging` implements an undeclared
  // feature; no text prescribes the error code, so any error passes and success only warns.
  {
    id: 'logging.undeclared-set-level',
    title: 'Without the logging capability, logging/setLevel is refused',
    spec: { url: 'architecture#capability-negotiation', level: 'SHOULD' },
    side: 'server',
    revisions: RANGE.legacy,
    transports: 'any',
    faults: ['message-without-logging'],
    connection: 'own',
    async run(ctx) {
      if (ctx.facts.serverCapabilities.logging !== undefined) return ctx.skip('the server declares logging (see the other logging checks)');
      const session = await ctx.session();
      const reply = await session.request('logging/setLevel', { level: 'emergency' });
      if (reply.kind === 'error') return ctx.pass(reply.error.code === -32601 ? undefined : `refused with ${reply.error.code}`);
      if (reply.kind !== 'result') return ctx.fail({ expected: 'an error (-32601 Method not found)', actual: replyLine(ctx, reply) });
      return ctx.fail({
        expected: 'an error (-32601) for a method of an undeclared capability',
        actual: `a result ${ctx.brief(reply.result)}: logging is served but not declared`,
      });
    },
  },
];
