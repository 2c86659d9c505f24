// Session management of Streamable HTTP, 2025-03-26..2025-11-25 (SHTTP-040..045): the
// Mcp-Session-Id a server may issue on initialize, requests without it or with an ended or
// unknown one, and DELETE. Sessions are a MAY: without an issued id, every check here skips.
import { randomUUID } from 'node:crypto';
import { defineChecks } from '../../../../../harness/checks/define.js';
import { SESSIONFUL, legacyAt } from './transport-spec.js';
import { open, own, post } from './own-http-session.js';
import { ok, said, unansweredHttp } from './raw-answers.js';

const NO_SESSION = 'the server issued no session id (sessions are optional: MAY)';
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
      if (bad.length === 0) return ctx.pass();
      // A lent session may have opened before this check: cite the answer that issued the id.
      if (session.server.resultSeq !== undefined) ctx.cite(session.server.resultSeq);
      return ctx.fail({ expected: 'only characters 0x21-0x7E', actual: `session id ${JSON.stringify(sid)} contains ${bad.map((c) => `U+${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(', ')}` });
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
      if (r.status === 400) return ctx.pass();
      if (ok(r)) return ctx.skip('the request was served without the session id: the server does not require one, so the rule does not apply');
      if (r.status === 0) return ctx.skip('no-answer', unansweredHttp('the request without the session id', r));
      return ctx.fail({ expected: 'HTTP 400 Bad Request', actual: said(r) });
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
      if (r.status === 404) return ctx.pass();
      if (r.status === 0) return ctx.skip('no-answer', unansweredHttp('the request with the ended session id', r));
      return ctx.fail({ expected: `HTTP 404 Not Found for the ended session (DELETE answered ${del.status})`, actual: said(r) });
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
      if (r.status === 404) return ctx.pass();
      if (r.status === 0) return ctx.skip('no-answer', unansweredHttp('the request with a session id never issued', r));
      return ctx.fail({
        expected: 'HTTP 404 Not Found (the answer that makes clients start a new session)',
        actual: said(r),
        reason: 'the MUST is written for sessions the server ended; a session id it never issued is one it does not have either, hence a warning',
      });
    },
  },

  // The server's half of SHTTP-045: clients "SHOULD send an HTTP DELETE ... to explicitly
  // terminate the session"; "The server MAY respond to this request with HTTP 405 Method Not
  // Allowed". The digest binds SHTTP-045 to clients only, so this claim judges its server clause
  // (the answer to DELETE) and covers nothing on the client side (http.session-deleted does).
  {
    id: 'http.delete-session',
    title: 'DELETE with the session id ends the session (2xx) or is refused with 405',
    spec: at('SHOULD'),
    requirement:
      'Clients that no longer need a particular session SHOULD send an HTTP DELETE to the MCP endpoint with the Mcp-Session-Id header, to explicitly terminate the session. The server MAY respond to this request with HTTP 405 Method Not Allowed.',
    digest: ['SHTTP-045'],
    faults: ['http-delete-400'],
    async run(ctx) {
      const t = await own(ctx);
      if (t.sessionId === undefined) return ctx.skip('not-offered', NO_SESSION);
      const { status } = await t.deleteSession(ctx.timeoutMs);
      if ((status >= 200 && status < 300) || status === 405) return ctx.pass();
      if (status === 0) return ctx.skip('no-answer', "DELETE got no answer: no status to judge, and whether the server answers at all is left to the harness's timeout handling");
      return ctx.fail({
        expected: 'HTTP 2xx (session ended) or 405 Method Not Allowed',
        actual: `HTTP ${status}`,
        reason: 'the page gives the server two answers, ending the session or 405 (MAY); another status is neither, though no keyword forbids it: a warning',
      });
    },
  },
]);
