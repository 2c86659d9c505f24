// basic/lifecycle#initialization, client side: one initialize per session. Once a session is
// initialized the client does not send initialize in it again. No revision has a sentence
// that forbids it outright: the lifecycle has one initialization phase, which "MUST be the
// first interaction", followed by operation, and the schema says initialize "is sent from the
// client to the server when it first connects". So a second one is a warning, not a failure.
// A session is a stdio server process or an HTTP+SSE connection (one `conn` of the recording)
// or, over Streamable HTTP, a session id: every initialize POST gets a connection of its own
// there, and one sent with the id of a live session is an initialize inside that session. A
// new initialize after a failed one, or after the session ended (404, DELETE), is a new start.
import { defineClientChecks } from '../../../../harness/checks/define.js';
import { expectNone } from '../../../../harness/verify/index.js';
import type { ClientCheckContext } from '../../../../harness/client/context.js';
import type { ClientMessage } from '../../../../harness/client/recording.js';
import { RANGE } from '../../../../harness/revisions.js';
import { header, messagesOf, type HttpRecord } from '../../support/http.js';
import { BASIC } from '../../scenarios/basic.js';
import { isObject, ourAnswer } from '../../support/wire.js';

interface Repeat {
  /** The initialize that opened the session, and the one sent again inside it. */
  first: number;
  again: number;
  where: string;
}

const answeredWithResult = (ctx: ClientCheckContext, init: ClientMessage): boolean => {
  const answer = ourAnswer(ctx.recording, init);
  return answer !== undefined && isObject(answer.message.result);
};

/** stdio and HTTP+SSE: a second initialize on a connection whose first one succeeded. */
function repeatsOnConnection(ctx: ClientCheckContext): Repeat | undefined {
  const inits = ctx.recording.requests('initialize').filter((m) => m.conn !== 'refused');
  for (const again of inits) {
    const first = inits.find((e) => e.conn === again.conn && e.seq < again.seq && answeredWithResult(ctx, e));
    if (first) return { first: first.seq, again: again.seq, where: ctx.transport === 'stdio' ? 'to the same server process' : 'on the same HTTP+SSE connection' };
  }
  return undefined;
}

/** Streamable HTTP: an initialize POST carrying the id of a session issued before and not ended. */
function repeatsInHttpSession(ctx: ClientCheckContext): Repeat | undefined {
  const http = ctx.recording.http;
  const isInit = (r: HttpRecord) => r.method === 'POST' && messagesOf(r).some((m) => m.method === 'initialize');
  for (const [i, r] of http.entries()) {
    const sid = header(r, 'mcp-session-id');
    if (!isInit(r) || sid === undefined) continue;
    const opened = http.slice(0, i).find((o) => o.issuedSession === sid);
    if (!opened) continue;
    const between = http.slice(http.indexOf(opened) + 1, i).filter((x) => header(x, 'mcp-session-id') === sid);
    const ended = between.some((x) => x.status === 404 || (x.method === 'DELETE' && x.status !== undefined && x.status < 300));
    if (!ended) return { first: opened.seq, again: r.seq, where: `with Mcp-Session-Id ${sid} of the live session` };
  }
  return undefined;
}

export const singleInitializeClientChecks = defineClientChecks({ page: 'basic/lifecycle', revisions: RANGE.legacy }, [
  {
    id: 'lifecycle.single-initialize',
    title: 'The client does not send initialize again in a session it already initialized',
    spec: { url: '#initialization', level: 'SHOULD' },
    requirement:
      'The initialization phase MUST be the first interaction between client and server. (Schema: the initialize request "is sent from the client to the server when it first connects, asking it to begin initialization". No sentence forbids a second initialize outright: judged as a warning.)',
    fix: 'Initialize once per connection (stdio process) or per Mcp-Session-Id; to start over, open a new connection or a new session without the old id.',
    digest: ['LIFE-001'],
    scenario: BASIC,
    faults: ['initialize-repeated'],
    async run(ctx) {
      const inits = ctx.recording.requests('initialize');
      if (!inits.some((m) => answeredWithResult(ctx, m))) return ctx.skip('no-answer', 'no initialize of the client was answered with a result: no session was opened');
      const repeat = repeatsOnConnection(ctx) ?? (ctx.transport === 'streamable-http' ? repeatsInHttpSession(ctx) : undefined);
      if (!repeat) return ctx.pass(`${inits.length} initialize request(s), none inside an initialized session`);
      ctx.cite(repeat.first);
      return expectNone(ctx, [{ text: `a second initialize ${repeat.where}, after the first was answered`, seq: repeat.again }], {
        expected: 'one initialize per session',
        doubt: 'the lifecycle has one initialization phase per connection; no sentence says MUST NOT, so this is a warning',
      });
    },
  },
]);
