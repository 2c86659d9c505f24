// Session management of Streamable HTTP, 2025-03-26..2025-11-25 (SHTTP-040..045): the
// Mcp-Session-Id a server may issue on initialize, requests without it or with an ended or
// unknown one, and DELETE. Sessions are a MAY: without an issued id, every check here skips.
import { randomUUID } from 'node:crypto';
import { defineChecks } from '../../../../../harness/checks/define.js';
import { expectHttp, httpExchange, status, succeeded } from '../../../../../harness/verify/http.js';
import { expectNone } from '../../../../../harness/verify/index.js';
import { SESSIONFUL, legacyAt } from './transport-spec.js';
import { open, own, post } from './own-http-session.js';

const NO_SESSION = 'the server issued no session id (sessions are optional: MAY)';

/** The answers to DELETE the page allows (see http.delete-session). */
export const deleteAnswered = { ...status('2xx', 404, 405), expected: 'HTTP 2xx (session ended), 404 (the session is over) or 405 Method Not Allowed' };
const at = (level: 'MUST' | 'SHOULD') => legacyAt('session-management', level);

export const sessionsChecks = defineChecks({ page: 'basic/transports/streamable-http', revisions: SESSIONFUL, transports: ['streamable-http'], needs: ['own-session', 'raw-http'] }, [
  // SHTTP-040: "The session ID MUST only contain visible ASCII characters (ranging from 0x21 to 0x7E)."
  {
    id: 'http.session-id-visible-ascii',
    title: 'The Mcp-Session-Id issued on initialize holds only visible ASCII',
    spec: at('MUST'),
    requirement: 'The session ID MUST only contain visible ASCII characters (ranging from 0x21 to 0x7E).',
    digest: ['SHTTP-040'],
    faults: ['http-session-id-not-ascii'],
    async run(ctx) {
      const { session, t } = await open(ctx);
      const sid = t.sessionId;
      if (sid === undefined) return ctx.skip('not-offered', NO_SESSION);
      const bad = [...sid].filter((c) => c < '\x21' || c > '\x7e');
      // A lent session may have opened before this check: cite the answer that issued the id.
      const seq = session.server.resultSeq;
      const violations = bad.length > 0 ? [{ text: `session id ${JSON.stringify(sid)} contains ${bad.map((c) => `U+${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(', ')}`, ...(seq !== undefined ? { seq } : {}) }] : [];
      return expectNone(ctx, violations, { expected: 'a session id of characters 0x21-0x7E only', judged: 1 });
    },
  },

  // SHTTP-042: "Servers that require a session ID SHOULD respond to requests without an
  // Mcp-Session-Id header (other than initialization) with HTTP 400 Bad Request."
  {
    id: 'http.session-required-400',
    title: 'A request without the issued session id gets 400 Bad Request',
    spec: at('SHOULD'),
    requirement: 'Servers that require a session ID SHOULD respond to requests without an Mcp-Session-Id header (other than initialization) with HTTP 400 Bad Request.',
    digest: ['SHTTP-042'],
    faults: ['http-missing-session-404'],
    async run(ctx) {
      const t = await own(ctx);
      if (t.sessionId === undefined) return ctx.skip('not-offered', NO_SESSION);
      const r = await post(ctx, t, { id: 'no-session', method: 'ping' }, { 'Mcp-Session-Id': null });
      if (succeeded(r)) return ctx.skip('not-applicable', 'the request was served without the session id: the server does not require one, so the rule does not apply');
      return expectHttp(ctx, httpExchange('a ping without the issued Mcp-Session-Id', r), status(400));
    },
  },

  // SHTTP-043: "The server MAY terminate the session at any time, after which it MUST respond
  // to requests containing that session ID with HTTP 404 Not Found."
  {
    id: 'http.ended-session-404',
    title: 'After DELETE ended a session, requests with its id get 404 Not Found',
    spec: at('MUST'),
    requirement: 'The server MAY terminate the session at any time, after which it MUST respond to requests containing that session ID with HTTP 404 Not Found.',
    digest: ['SHTTP-043'],
    faults: ['http-ended-session-400'],
    async run(ctx) {
      const t = await own(ctx);
      if (t.sessionId === undefined) return ctx.skip('not-offered', NO_SESSION);
      const del = await t.deleteSession(ctx.timeoutMs);
      if (del.status === 405) return ctx.skip('not-offered', 'the server does not let clients end sessions (405 to DELETE, a MAY)');
      if (del.status < 200 || del.status >= 300) return ctx.skip('cannot-set-up', `DELETE answered HTTP ${del.status}: no ended session to probe (see http.delete-session)`);
      const r = await post(ctx, t, { id: 'ended-session', method: 'ping' });
      return expectHttp(ctx, httpExchange(`a ping with the id of the session DELETE ended (DELETE answered ${del.status})`, r), status(404));
    },
  },

  // The same rule seen from the client: a session id the server does not know is a session
  // that is over for it (after a restart, an expiry), so 404 is the answer that lets clients
  // start over. The spec states it for sessions the server ended; hence a SHOULD here.
  {
    id: 'http.unknown-session-404',
    title: 'A request with a session id the server never issued gets 404 Not Found',
    spec: at('SHOULD'),
    requirement: 'The server MAY terminate the session at any time, after which it MUST respond to requests containing that session ID with HTTP 404 Not Found.',
    digest: ['SHTTP-043'],
    faults: ['http-unknown-session-400'],
    async run(ctx) {
      const t = await own(ctx);
      if (t.sessionId === undefined) return ctx.skip('not-offered', NO_SESSION);
      const r = await post(ctx, t, { id: 'unknown-session', method: 'ping' }, { 'Mcp-Session-Id': `mcp-conformance-${randomUUID()}` });
      return expectHttp(ctx, httpExchange('a ping with a session id never issued', r), { ...status(404), expected: 'HTTP 404 Not Found (the answer that makes clients start a new session)' }, {
        doubt: 'the MUST is written for sessions the server ended; a session id it never issued is one it does not have either, hence a warning',
      });
    },
  },

  // The server's half of SHTTP-045: clients "SHOULD send an HTTP DELETE ... to explicitly
  // terminate the session"; "The server MAY respond to this request with HTTP 405 Method Not
  // Allowed" (same words at 2025-03-26, 2025-06-18 and 2025-11-25). The digest binds SHTTP-045 to
  // clients only, so this claim judges its server clause (the answer to DELETE) and covers nothing
  // on the client side (http.session-deleted does). The server has no SHOULD of its own here: the
  // client's SHOULD says what DELETE is for (ending the session) and the MAY names the one
  // refusal. So a 2xx (ended) and a 405 (not allowed) keep it, and so does a 404: it is the answer
  // the page gives for a session that is over ("after which it MUST respond to requests containing
  // that session ID with HTTP 404 Not Found"), and a client that gets it starts a new session,
  // which is what it deleted for. Any other status ends nothing the client can know of and is not
  // the refusal the page names, but no keyword forbids it: a warning in doubt, never a failure.
  {
    id: 'http.delete-session',
    title: 'DELETE with the session id ends the session (2xx, or 404: it is over) or is refused with 405',
    spec: at('SHOULD'),
    requirement:
      'Clients that no longer need a particular session SHOULD send an HTTP DELETE to the MCP endpoint with the Mcp-Session-Id header, to explicitly terminate the session. The server MAY respond to this request with HTTP 405 Method Not Allowed. (The server MAY terminate the session at any time, after which it MUST respond to requests containing that session ID with HTTP 404 Not Found.)',
    digest: ['SHTTP-045'],
    faults: ['http-delete-400'],
    async run(ctx) {
      const t = await own(ctx);
      if (t.sessionId === undefined) return ctx.skip('not-offered', NO_SESSION);
      const r = await t.deleteSession(ctx.timeoutMs);
      return expectHttp(ctx, httpExchange('DELETE with the session id', r), deleteAnswered, {
        ...(r.status === 404 ? { note: 'HTTP 404: the session is over for the server, the answer the page gives for an ended session' } : {}),
        doubt: 'the page names two answers, ending the session or 405 (MAY), and 404 is its answer for a session that is over; another status is none of them, though no keyword forbids it: a warning',
      });
    },
  },
]);
