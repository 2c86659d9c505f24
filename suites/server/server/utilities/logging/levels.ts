// server/utilities/logging: the level a client asks for. Up to 2025-11-25 the client sets a
// session level with logging/setLevel; at 2026-07-28 each request asks with _meta
// io.modelcontextprotocol/logLevel.
import { defineChecks } from '../../../../../harness/checks/define.js';
import { RANGE } from '../../../../../harness/revisions.js';
import { noShapeToJudge, unanswered } from '../../../../../harness/rules/no-answer.js';
import { exchange, expectError, expectNone, replyLine } from '../../../../../harness/verify/index.js';
import { askLevel, LEVELS, levelOf, work } from './exercise.js';

/** An empty result: an object with nothing but (optionally) _meta. */
function isEmptyResult(result: unknown): boolean {
  return typeof result === 'object' && result !== null && !Array.isArray(result) && Object.keys(result).every((k) => k === '_meta');
}

// Each on a session of its own: the level it sets must not reach other checks.
export const loggingLevelChecks = defineChecks({ page: 'server/utilities/logging', revisions: RANGE.all, needs: ['own-session'], requires: ['logging'] }, [
  // "To configure the minimum log level, clients MAY send a logging/setLevel request"; the
  // message flow answers it with an empty result. Declaring logging advertises the feature
  // whose one request this is, but no keyword binds the server to accept each level: a warning.
  {
    id: 'logging.set-level-every-level',
    title: 'logging/setLevel answers an empty result for each of the eight levels',
    spec: { url: '#setting-log-level', level: 'SHOULD' },
    requirement: 'Clients can control logging verbosity by setting minimum log levels. To configure the minimum log level, clients MAY send a logging/setLevel request',
    digest: ['LOG-002'],
    revisions: RANGE.legacy,
    faults: ['setlevel-level-rejected'],
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
      return expectNone(ctx, wrong, {
        expected: 'an empty result ({}) for every level',
        judged: LEVELS.length - silent.length,
        ...(silent.length ? { note: silent.join('; ') } : {}),
        nothing: { code: 'no-answer', detail: silent[0] ?? 'no level was answered' },
        show: LEVELS.length,
        doubt: 'the server declares logging, whose one request this is; no keyword makes it accept every level, hence a warning',
      });
    },
  },

  // "Servers SHOULD return standard JSON-RPC errors for common failure cases: Invalid log
  // level: InvalidParams"; 2026-07-28: "If the io.modelcontextprotocol/logLevel value carried in a
  // request's _meta is not a recognized log level, the server SHOULD reject that request"
  {
    id: 'logging.invalid-level',
    title: 'A log level that does not exist gets {code:InvalidParams} (logging/setLevel, or a request\'s logLevel at 2026-07-28)',
    spec: { url: '#error-handling', level: 'SHOULD' },
    requirement: 'Servers SHOULD return standard JSON-RPC errors for common failure cases: Invalid log level: {code:InvalidParams} (Invalid params) (2026-07-28: for a request whose _meta logLevel is not a recognized log level)',
    digest: ['LOG-003'],
    faults: ['setlevel-invalid-accepted', 'modern-log-level-invalid-accepted'],
    async run(ctx) {
      const session = await ctx.session();
      const level = 'mcp-conformance-verbose';
      const method = session.server.capabilities.tools ? 'tools/list' : session.rev.fence;
      const malformed = 'a log level that does not exist, to see it refused';
      const reply = ctx.era === 'modern' ? await session.request(method, {}, { meta: { logLevel: level }, malformed }) : await session.request('logging/setLevel', { level }, { malformed });
      const what = ctx.era === 'modern' ? `${method} with logLevel "${level}"` : `logging/setLevel "${level}"`;
      return expectError(ctx, exchange(what, reply), ['InvalidParams']);
    },
  },

  // Legacy: "Only sends error level and above" after setLevel(error) in the message flow;
  // 2026-07-28: "the server MAY send notifications/message notifications at or above the
  // requested level". No keyword forbids the others: a warning. Judged only on a server
  // shown to log at all (asked for debug first, over the tools likeliest to log), and then
  // over the same lists and the tool calls that logged.
  {
    id: 'logging.level-respected',
    title: 'Asked for "emergency" only, the server sends no less severe log messages',
    spec: [
      { url: '#setting-log-level', level: 'SHOULD' },
      { from: '2026-07-28', url: '#per-request-log-level', level: 'SHOULD' },
    ],
    requirement:
      'The server should send all logs at this level and higher (i.e., more severe) to the client as notifications/message (2026-07-28: the server MAY send notifications/message notifications at or above the requested level).',
    digest: ['LOG-002'],
    faults: ['setlevel-ignored', 'modern-log-below-level'],
    async run(ctx) {
      const session = await ctx.session();
      const refused = await askLevel(ctx, session, 'debug');
      if (refused) return ctx.skip('cannot-set-up', refused);
      const verbose = await work(ctx, session, 'debug');
      if (verbose.logs.length === 0) return ctx.skip('nothing-observed', `asked for every level (debug), the server sent no log message while it did ${verbose.did}`);
      const refusedTop = await askLevel(ctx, session, 'emergency');
      if (refusedTop) return ctx.skip('cannot-set-up', refusedTop);
      const quiet = await work(ctx, session, 'emergency', verbose.logged);
      const below = quiet.logs.filter((m) => LEVELS.indexOf(levelOf(m) as string) >= 0 && LEVELS.indexOf(levelOf(m) as string) < LEVELS.indexOf('emergency'));
      return expectNone(
        ctx,
        below.map((m, i) => ({ text: `a message at level ${ctx.brief(levelOf(m))}`, ...(i < 5 && m.seq !== undefined ? { seq: m.seq } : {}) })),
        {
          expected: 'asked for "emergency": no notifications/message below emergency',
          note: `at debug: ${verbose.logs.length} message(s); at emergency: none below it (${quiet.did})`,
          reason: `after ${quiet.did}`,
          doubt: 'the client sets a minimum level; no keyword forbids sending below it, hence a warning',
        },
      );
    },
  },
]);
