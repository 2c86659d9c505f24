// server/utilities/logging#per-request-log-level (2026-07-28): a request asks for log messages
// with _meta io.modelcontextprotocol/logLevel, and they are request-scoped (on its own stream,
// before its response).
import { defineChecks } from '../../../../../harness/checks/define.js';
import { isResponseTo } from '../../../../../harness/checks/http-access.js';
import { RANGE } from '../../../../../harness/revisions.js';
import { methodOf } from '../../../../../harness/target/listen-stream.js';
import { expectNone } from '../../../../../harness/verify/index.js';
import { levelOf, loggedCall, work } from './exercise.js';

export const loggingPerRequestChecks = defineChecks({ page: 'server/utilities/logging', revisions: RANGE.modern, needs: ['own-session'] }, [
  // "The server MUST NOT emit notifications/message for a request that does not include this
  // field." Judged on a server shown to log: the same work asked with logLevel debug first
  // (the tools likeliest to log), then the lists and the calls that logged, without logLevel.
  {
    id: 'logging.none-without-log-level',
    title: 'Requests without a logLevel get no log messages',
    spec: { url: '#per-request-log-level', level: 'MUST' },
    requirement: 'The server MUST NOT emit notifications/message for a request that does not include this field.',
    fix: 'Send notifications/message only for requests whose _meta carries io.modelcontextprotocol/logLevel.',
    digest: ['LOG-010'],
    faults: ['modern-log-without-level'],
    async run(ctx) {
      const session = await ctx.session();
      const asked = await work(ctx, session, 'debug');
      if (asked.logs.length === 0) return ctx.skip('nothing-observed', `with logLevel debug the server sent no log message either (${asked.did})`);
      const unasked = await work(ctx, session, undefined, asked.logged);
      return expectNone(
        ctx,
        unasked.logs.map((m, i) => ({ text: `a message ${ctx.brief((m.message as { params?: unknown }).params, 140)}`, ...(i < 5 && m.seq !== undefined ? { seq: m.seq } : {}) })),
        { expected: 'no notifications/message for requests without logLevel', note: `with logLevel debug: ${asked.logs.length} message(s); without: none (${unasked.did})`, show: 1 },
      );
    },
  },

  // "notifications/message is request-scoped: the server MUST NOT deliver it on a
  // subscriptions/listen stream or on any stream other than the one carrying the response to
  // the request that set the log level." Over stdio a listen's frames carry its subscriptionId.
  {
    id: 'logging.on-request-stream',
    title: "A request's log messages come on its own response stream, not on a listen or another stream",
    spec: { url: '#per-request-log-level', level: 'MUST' },
    requirement:
      'notifications/message is request-scoped: the server MUST NOT deliver it on a subscriptions/listen stream or on any stream other than the one carrying the response to the request that set the log level.',
    digest: ['LOG-011'],
    requires: ['logging'],
    // The listen beside the call is watched over raw HTTP where the target is HTTP.
    needs: ['own-session', 'raw-http'],
    faults: ['modern-log-on-listen'],
    async run(ctx) {
      const call = await loggedCall(ctx);
      if ('code' in call) return ctx.skip(call.code, call.detail);
      const { listening, logs, callId } = call;
      if (logs.length === 0) return ctx.skip('nothing-observed', `${call.describe} with logLevel debug got no log message`);
      const own = listening.frames().find((f) => isResponseTo(f.message, callId))?.stream;
      const astray = logs.filter((f) => listening.onListenStream(f) || (listening.overHttp && f.stream !== own));
      return expectNone(
        ctx,
        astray.map((f, i) => ({ text: `a log message ${listening.onListenStream(f) ? 'on the open listen stream' : `on ${f.stream ?? 'another stream'}`}`, ...(i < 5 && f.seq !== undefined ? { seq: f.seq } : {}) })),
        { expected: `the log messages of ${call.describe} only on the stream of its response`, judged: logs.length, note: `${logs.length} log message(s) of ${call.describe}, all on its own stream (a listen open beside it)`, show: 1 },
      );
    },
  },

  // "the server MAY send notifications/message notifications at or above the requested level
  // on the response stream of that request, before the final response." After the response
  // no keyword forbids it outright (the MUST NOT of that paragraph is about other streams; the
  // stdio and Streamable HTTP pages say request notifications come "before the final
  // response" with a MAY): a warning.
  {
    id: 'logging.before-response',
    title: "A request's log messages come before its response",
    spec: { url: '#per-request-log-level', level: 'SHOULD' },
    requirement: 'When the field is present, the server MAY send notifications/message notifications at or above the requested level on the response stream of that request, before the final response.',
    digest: ['LOG-011'],
    requires: ['logging'],
    needs: ['own-session', 'raw-http'],
    faults: ['modern-log-after-response'],
    async run(ctx) {
      const call = await loggedCall(ctx);
      if ('code' in call) return ctx.skip(call.code, call.detail);
      const { listening, logs, callId } = call;
      if (logs.length === 0) return ctx.skip('nothing-observed', `${call.describe} with logLevel debug got no log message`);
      const frames = listening.frames();
      const at = frames.findIndex((f) => isResponseTo(f.message, callId));
      const response = frames[at];
      // After the response on its stream (HTTP), or after it on the one channel (stdio).
      const late = frames.slice(at + 1).filter((f) => methodOf(f.message) === 'notifications/message' && !listening.onListenStream(f) && (!listening.overHttp || f.stream === response?.stream));
      if (at < 0) return ctx.pass(`${logs.length} log message(s) of ${call.describe}, none after its response`);
      if (late.length > 0) ctx.cite(response?.seq ?? 0);
      return expectNone(
        ctx,
        late.map((f, i) => ({ text: `a message at level ${ctx.brief(levelOf(f))} after it`, ...(i < 5 && f.seq !== undefined ? { seq: f.seq } : {}) })),
        {
          expected: `every log message of ${call.describe} before its response`,
          note: `${logs.length} log message(s) of ${call.describe}, none after its response`,
          show: 1,
          doubt: 'the server MAY send log messages before the final response; after it is outside that permission though no keyword forbids it, hence a warning',
        },
      );
    },
  },
]);
