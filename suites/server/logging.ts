// Logging (LOG-*): notifications/message and how a client asks for it. Spec:
// server/utilities/logging. Up to 2025-11-25 the client sets a session level with
// logging/setLevel; at 2026-07-28 each request asks with _meta io.modelcontextprotocol/logLevel,
// and its log messages are request-scoped (on its own stream, before its response).
import { randomUUID } from 'node:crypto';
import type { Check, CheckContext } from '../../harness/checks/check.js';
import type { InboundMessage } from '../../harness/jsonrpc/types.js';
import { RANGE } from '../../harness/revisions.js';
import type { Session } from '../../harness/sessions/session.js';
import { isResponseTo } from '../../harness/checks/http-access.js';
import { fullFilter, Listening, methodOf, type Frame } from '../../harness/target/listen-stream.js';
import { noShapeToJudge, unanswered } from '../../harness/rules/no-answer.js';
import { isNotification, learnTools, planToolCall, replyLine } from '../../harness/target/tool-plan.js';

const SPEC = 'server/utilities/logging';
/** RFC 5424 severities as the spec lists them, least severe first. */
const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** An empty result: an object with nothing but (optionally) _meta. */
function isEmptyResult(result: unknown): boolean {
  return typeof result === 'object' && result !== null && !Array.isArray(result) && Object.keys(result).every((k) => k === '_meta');
}

const isLog = (m: InboundMessage): boolean => isNotification(m.message, 'notifications/message');
const levelOf = (m: InboundMessage | Frame): unknown => ((m.message as { params?: Record<string, unknown> }).params ?? {}).level;

/**
 * Make the server work: its lists and one allowed tool call (a quick one first). At
 * 2026-07-28 every request carries `logLevel` (none when undefined); before, the session's
 * level is whatever setLevel said. Ends with a fence; returns the log messages that came.
 */
async function work(ctx: CheckContext, session: Session, logLevel?: string): Promise<{ logs: InboundMessage[]; did: string }> {
  const mark = session.mark();
  const opts = ctx.era === 'modern' && logLevel !== undefined ? { meta: { logLevel } } : {};
  const caps = session.server.capabilities;
  const requests: Promise<unknown>[] = [];
  for (const [cap, method] of [['tools', 'tools/list'], ['resources', 'resources/list'], ['prompts', 'prompts/list']] as const) {
    if (caps[cap] !== undefined) requests.push(session.request(method, {}, opts));
  }
  await Promise.all(requests);
  const plan = caps.tools ? await planToolCall(ctx, 100, false) : 'no tools';
  if (typeof plan !== 'string') {
    await learnTools(session);
    await session.request('tools/call', { name: plan.name, arguments: plan.args }, opts);
  }
  await session.fence();
  return { logs: session.since(mark).filter(isLog), did: typeof plan === 'string' ? `lists only (${plan})` : `lists and ${plan.describe}` };
}

/** Ask for log messages at `level`: legacy through logging/setLevel (false when refused). */
async function askLevel(ctx: CheckContext, session: Session, level: string): Promise<string | undefined> {
  if (ctx.era === 'modern') return undefined;
  const set = await session.request('logging/setLevel', { level });
  return set.kind === 'result' ? undefined : `setLevel "${level}" got ${replyLine(ctx, set)} (see logging.set-level-every-level)`;
}

/** One logged tool call at 2026-07-28 with a listen open beside it: where its log messages came. */
async function loggedCall(ctx: CheckContext): Promise<{ listening: Listening; logs: Frame[]; callId: string; describe: string } | string> {
  const plan = await planToolCall(ctx, 100, false);
  if (typeof plan === 'string') return `nothing to make the server log: ${plan}`;
  const session = await ctx.session();
  await learnTools(session);
  const listening = new Listening(ctx, session);
  // A listen stays open beside the call: a log message on it is on the wrong stream.
  const listen = listening.open(fullFilter(session.server.capabilities, []), ctx.timeoutMs * 20);
  let answered = false;
  void listen.reply.then(() => (answered = true));
  await listening.until(() => listening.acknowledgment(listen) !== undefined || answered, ctx.timeoutMs);
  const callId = `logged-${randomUUID()}`;
  await session.request('tools/call', { name: plan.name, arguments: plan.args }, { id: callId, meta: { logLevel: 'debug' } });
  await session.fence();
  // Over HTTP the call's own stream ends after its response: whatever it carries has come by then.
  const own = listening.frames().find((f) => isResponseTo(f.message, callId))?.stream;
  if (own !== undefined) await listening.until(() => listening.ended(own), ctx.timeoutMs);
  const logs = listening.frames().filter((f) => methodOf(f.message) === 'notifications/message');
  return { listening, logs, callId, describe: plan.describe };
}

export const loggingChecks: Check[] = [
  // "To configure the minimum log level, clients MAY send a logging/setLevel request"; the
  // message flow answers it with an empty result. Declaring logging advertises the feature
  // whose one request this is, but no keyword binds the server to accept each level: a warning.
  {
    id: 'logging.set-level-every-level',
    title: 'logging/setLevel answers an empty result for each of the eight levels',
    spec: { url: `${SPEC}#setting-log-level`, level: 'SHOULD' },
    requirement: 'Clients can control logging verbosity by setting minimum log levels. To configure the minimum log level, clients MAY send a logging/setLevel request',
    side: 'server',
    revisions: RANGE.legacy,
    transports: 'any',
    requires: ['logging'],
    faults: ['setlevel-level-rejected'],
    connection: 'own',
    async run(ctx) {
      const session = await ctx.session();
      const wrong: string[] = [];
      const silent: string[] = [];
      for (const level of LEVELS) {
        const reply = await session.request('logging/setLevel', { level });
        if (reply.kind === 'result' && isEmptyResult(reply.result)) continue;
        if (unanswered(reply)) silent.push(noShapeToJudge(`setLevel "${level}"`, reply));
        else wrong.push(`${level}: ${replyLine(ctx, reply)}`);
      }
      if (wrong.length === 0 && silent.length === LEVELS.length) return ctx.skip(silent[0] as string);
      if (wrong.length === 0) return ctx.pass(silent.length ? silent.join('; ') : undefined);
      return ctx.fail({
        expected: 'an empty result ({}) for every level',
        actual: wrong.join('; '),
        reason: 'the server declares logging, whose one request this is; no keyword makes it accept every level, hence a warning',
      });
    },
  },

  // "Servers SHOULD return standard JSON-RPC errors for common failure cases: Invalid log
  // level: -32602"; 2026-07-28: "If the io.modelcontextprotocol/logLevel value carried in a
  // request's _meta is not a recognized log level, the server SHOULD reject that request"
  {
    id: 'logging.invalid-level',
    title: 'A log level that does not exist gets -32602 (logging/setLevel, or a request\'s logLevel at 2026-07-28)',
    spec: { url: `${SPEC}#error-handling`, level: 'SHOULD' },
    requirement: 'Servers SHOULD return standard JSON-RPC errors for common failure cases: Invalid log level: -32602 (Invalid params) (2026-07-28: for a request whose _meta logLevel is not a recognized log level)',
    side: 'server',
    revisions: RANGE.all,
    transports: 'any',
    requires: ['logging'],
    faults: ['setlevel-invalid-accepted', 'modern-log-level-invalid-accepted'],
    connection: 'own',
    async run(ctx) {
      const session = await ctx.session();
      const level = 'mcp-conformance-verbose';
      const method = session.server.capabilities.tools ? 'tools/list' : session.rev.fence;
      const malformed = 'a log level that does not exist, to see it refused';
      const reply = ctx.era === 'modern' ? await session.request(method, {}, { meta: { logLevel: level }, malformed }) : await session.request('logging/setLevel', { level }, { malformed });
      const what = ctx.era === 'modern' ? `${method} with logLevel "${level}"` : `logging/setLevel "${level}"`;
      if (reply.kind === 'error' && reply.error.code === -32602) return ctx.pass(what);
      if (unanswered(reply)) return ctx.skip(noShapeToJudge(what, reply));
      return ctx.fail({ expected: `error -32602 for ${what}`, actual: replyLine(ctx, reply) });
    },
  },

  // Legacy: "Only sends error level and above" after setLevel(error) in the message flow;
  // 2026-07-28: "the server MAY send notifications/message notifications at or above the
  // requested level". No keyword forbids the others: a warning. Judged only on a server
  // shown to log at all (asked for debug first).
  {
    id: 'logging.level-respected',
    title: 'Asked for "emergency" only, the server sends no less severe log messages',
    spec: [
      { url: `${SPEC}#setting-log-level`, level: 'SHOULD' },
      { from: '2026-07-28', url: `${SPEC}#per-request-log-level`, level: 'SHOULD' },
    ],
    requirement:
      'The server should send all logs at this level and higher (i.e., more severe) to the client as notifications/message (2026-07-28: the server MAY send notifications/message notifications at or above the requested level).',
    side: 'server',
    revisions: RANGE.all,
    transports: 'any',
    requires: ['logging'],
    faults: ['setlevel-ignored', 'modern-log-below-level'],
    connection: 'own',
    async run(ctx) {
      const session = await ctx.session();
      const refused = await askLevel(ctx, session, 'debug');
      if (refused) return ctx.skip(`cannot judge: ${refused}`);
      const verbose = await work(ctx, session, 'debug');
      if (verbose.logs.length === 0) return ctx.skip(`nothing to judge: asked for every level (debug), the server sent no log message while it did ${verbose.did}`);
      const refusedTop = await askLevel(ctx, session, 'emergency');
      if (refusedTop) return ctx.skip(`cannot judge: ${refusedTop}`);
      const quiet = await work(ctx, session, 'emergency');
      const below = quiet.logs.filter((m) => LEVELS.indexOf(levelOf(m) as string) >= 0 && LEVELS.indexOf(levelOf(m) as string) < LEVELS.indexOf('emergency'));
      if (below.length === 0) return ctx.pass(`at debug: ${verbose.logs.length} message(s); at emergency: none below it (${quiet.did})`);
      ctx.cite(...below.slice(0, 5).map((m) => m.seq ?? 0));
      return ctx.fail({
        expected: 'asked for "emergency": no notifications/message below emergency',
        actual: `${below.length} message(s), first at level ${ctx.brief(levelOf(below[0]!))}, after ${quiet.did}`,
        reason: 'the client sets a minimum level; no keyword forbids sending below it, hence a warning',
      });
    },
  },

  // "Servers that emit log message notifications MUST declare the logging capability."
  // Passive: every message of the revision (at 2026-07-28 logging.none-without-log-level asks
  // for log messages whatever the server declares).
  {
    id: 'logging.messages-declared',
    title: 'notifications/message is only sent by a server that declares the logging capability',
    spec: { url: `${SPEC}#capabilities`, level: 'MUST' },
    requirement: 'Servers that emit log message notifications MUST declare the logging capability',
    side: 'server',
    revisions: RANGE.all,
    transports: 'any',
    faults: ['message-without-logging', 'modern-log-undeclared'],
    judgesDeclared: true,
    connection: 'passive',
    async run(ctx) {
      if (ctx.facts.serverCapabilities.logging !== undefined) return ctx.pass('the server declares logging');
      const sent = ctx.observations().filter((o) => o.kind === 'server-notification' && isNotification(o.message, 'notifications/message'));
      if (sent.length === 0) return ctx.pass('no logging capability and no notifications/message in any exchange of the revision');
      ctx.cite(...sent.slice(0, 5).map((o) => o.seq));
      return ctx.fail({ expected: 'no notifications/message without the logging capability', actual: `${sent.length} notifications/message, first ${ctx.brief(sent[0]?.message, 160)}` });
    },
  },

  // A server without the logging capability that still answers logging/setLevel breaks no
  // sentence: "Servers that emit log message notifications MUST declare the logging capability"
  // is about emitting (logging.messages-declared), and a method's -32601 is not required.

  // "The server MUST NOT emit notifications/message for a request that does not include this
  // field." Judged on a server shown to log: the same work asked with logLevel debug first.
  {
    id: 'logging.none-without-log-level',
    title: 'Requests without a logLevel get no log messages',
    spec: { url: `${SPEC}#per-request-log-level`, level: 'MUST' },
    requirement: 'The server MUST NOT emit notifications/message for a request that does not include this field.',
    fix: 'Send notifications/message only for requests whose _meta carries io.modelcontextprotocol/logLevel.',
    side: 'server',
    revisions: RANGE.modern,
    transports: 'any',
    faults: ['modern-log-without-level'],
    connection: 'own',
    async run(ctx) {
      const session = await ctx.session();
      const asked = await work(ctx, session, 'debug');
      if (asked.logs.length === 0) return ctx.skip(`nothing to judge: with logLevel debug the server sent no log message either (${asked.did})`);
      const unasked = await work(ctx, session);
      if (unasked.logs.length === 0) return ctx.pass(`with logLevel debug: ${asked.logs.length} message(s); without: none (${unasked.did})`);
      ctx.cite(...unasked.logs.slice(0, 5).map((m) => m.seq ?? 0));
      return ctx.fail({ expected: 'no notifications/message for requests without logLevel', actual: `${unasked.logs.length} message(s), first ${ctx.brief((unasked.logs[0]!.message as { params?: unknown }).params, 140)}` });
    },
  },

  // "notifications/message is request-scoped: the server MUST NOT deliver it on a
  // subscriptions/listen stream or on any stream other than the one carrying the response to
  // the request that set the log level." Over stdio a listen's frames carry its subscriptionId.
  {
    id: 'logging.on-request-stream',
    title: "A request's log messages come on its own response stream, not on a listen or another stream",
    spec: { url: `${SPEC}#per-request-log-level`, level: 'MUST' },
    requirement:
      'notifications/message is request-scoped: the server MUST NOT deliver it on a subscriptions/listen stream or on any stream other than the one carrying the response to the request that set the log level.',
    side: 'server',
    revisions: RANGE.modern,
    transports: 'any',
    requires: ['logging'],
    faults: ['modern-log-on-listen'],
    connection: 'own',
    async run(ctx) {
      const call = await loggedCall(ctx);
      if (typeof call === 'string') return ctx.skip(call);
      const { listening, logs, callId } = call;
      if (logs.length === 0) return ctx.skip(`nothing to judge: ${call.describe} with logLevel debug got no log message`);
      const own = listening.frames().find((f) => isResponseTo(f.message, callId))?.stream;
      const astray = logs.filter((f) => listening.onListenStream(f) || (listening.overHttp && f.stream !== own));
      if (astray.length === 0) return ctx.pass(`${logs.length} log message(s) of ${call.describe}, all on its own stream (a listen open beside it)`);
      ctx.cite(...astray.slice(0, 5).map((f) => f.seq ?? 0));
      return ctx.fail({
        expected: `the log messages of ${call.describe} only on the stream of its response`,
        actual: `${astray.length} of ${logs.length} elsewhere${listening.onListenStream(astray[0]!) ? ' (on the open listen stream)' : ` (on ${astray[0]!.stream ?? 'another stream'})`}`,
      });
    },
  },

  // "the server MAY send notifications/message notifications at or above the requested level
  // on the response stream of that request, before the final response." After the response
  // no keyword forbids it outright: a warning.
  {
    id: 'logging.before-response',
    title: "A request's log messages come before its response",
    spec: { url: `${SPEC}#per-request-log-level`, level: 'SHOULD' },
    requirement: 'When the field is present, the server MAY send notifications/message notifications at or above the requested level on the response stream of that request, before the final response.',
    side: 'server',
    revisions: RANGE.modern,
    transports: 'any',
    requires: ['logging'],
    faults: ['modern-log-after-response'],
    connection: 'own',
    async run(ctx) {
      const call = await loggedCall(ctx);
      if (typeof call === 'string') return ctx.skip(call);
      const { listening, logs, callId } = call;
      if (logs.length === 0) return ctx.skip(`nothing to judge: ${call.describe} with logLevel debug got no log message`);
      const frames = listening.frames();
      const at = frames.findIndex((f) => isResponseTo(f.message, callId));
      const response = frames[at];
      // After the response on its stream (HTTP), or after it on the one channel (stdio).
      const late = frames.slice(at + 1).filter((f) => methodOf(f.message) === 'notifications/message' && !listening.onListenStream(f) && (!listening.overHttp || f.stream === response?.stream));
      if (at < 0 || late.length === 0) return ctx.pass(`${logs.length} log message(s) of ${call.describe}, none after its response`);
      ctx.cite(...late.slice(0, 5).map((f) => f.seq ?? 0), response?.seq ?? 0);
      return ctx.fail({
        expected: `every log message of ${call.describe} before its response`,
        actual: `${late.length} after it, first at level ${ctx.brief(levelOf(late[0]!))}`,
        reason: 'the server MAY send log messages before the final response; after it is outside that permission though no keyword forbids it, hence a warning',
      });
    },
  },
];
