// Legacy Streamable HTTP sessions (2025-03-26..2025-11-25): the client echoes the session id
// on every later request, starts over with a new initialize after a 404, and DELETEs the
// session when done. Spec: basic/transports#session-management.
import { defineClientChecks } from '../../../../../harness/checks/define.js';
import { RANGE } from '../../../../../harness/revisions.js';
import { HTTP_SESSION_EXPIRY } from '../../../scenarios/http-session-expiry.js';
import { HTTP_STREAMABLE } from '../../../scenarios/http-streamable.js';
import { describeRequest, header, messagesOf, sessions } from '../../../support/http.js';
import { expectNone, ownJudgement, type Violation } from '../../../../../harness/verify/index.js';

/** Why no verifier fits: what followed a session's end (a 404, the client's exit) is an order of HTTP requests. */
const WHY_ORDER = 'what the client sent after its session ended (a 404, its own exit): an order of requests';

const SPEC = { url: 'basic/transports#session-management', level: 'MUST' as const };

export const httpSessionChecks = defineClientChecks({ page: 'basic/transports/streamable-http', transports: ['streamable-http'] }, [
  // SHTTP-041: "If an Mcp-Session-Id is returned by the server during initialization, clients
  // using the Streamable HTTP transport MUST include it in the Mcp-Session-Id header on all of
  // their subsequent HTTP requests."
  {
    id: 'http.session-id-echoed',
    title: 'The session id from initialize is sent on every later request (POST, GET, DELETE)',
    spec: SPEC,
    requirement: 'If an Mcp-Session-Id is returned by the server during initialization, clients using the Streamable HTTP transport MUST include it in the Mcp-Session-Id header on all of their subsequent HTTP requests.',
    digest: ['SHTTP-041'],
    scenario: HTTP_STREAMABLE,
    revisions: RANGE.sessionfulHttp,
    faults: ['http-session-id-dropped'],
    async run(ctx) {
      const all = sessions(ctx.recording);
      if (all.length === 0) return ctx.skip('nothing-observed', 'no session was issued (the client sent no initialize the tool answered)');
      const issued = new Set(all.map((s) => s.id));
      let judged = 0;
      const violations: Violation[] = [];
      for (const s of all) {
        if (s.known.length === 0) {
          if (s.window.length === 0) continue;
          ctx.cite(s.opened.seq, ...s.window.map((r) => r.seq));
          violations.push({ text: `${s.window.length} requests after the initialize of session ${s.id}, none with the session id` });
          continue;
        }
        for (const r of s.known) {
          judged++;
          const sent = header(r, 'mcp-session-id');
          if (sent !== undefined && issued.has(sent)) continue;
          ctx.cite(s.opened.seq);
          violations.push({ text: `${describeRequest(r)} with ${sent === undefined ? 'no Mcp-Session-Id' : `Mcp-Session-Id: ${sent}`} (session ${s.id})`, seq: r.seq });
        }
      }
      return expectNone(ctx, violations, {
        expected: 'the Mcp-Session-Id initialize returned on every later request',
        judged,
        note: `${judged} requests carried the session id`,
        nothing: { code: 'nothing-observed', detail: 'the client sent nothing after initialize' },
      });
    },
  },

  // SHTTP-044: "When a client receives HTTP 404 in response to a request containing an
  // Mcp-Session-Id, it MUST start a new session by sending a new InitializeRequest without a
  // session ID attached."
  {
    id: 'http.reinitialize-after-404',
    title: 'After a 404 for its session, the client sends a new initialize without a session id',
    spec: SPEC,
    requirement: 'When a client receives HTTP 404 in response to a request containing an Mcp-Session-Id, it MUST start a new session by sending a new InitializeRequest without a session ID attached.',
    fix: 'On HTTP 404 to a request carrying Mcp-Session-Id, drop the id and initialize again.',
    digest: ['SHTTP-044'],
    scenario: HTTP_SESSION_EXPIRY,
    revisions: RANGE.sessionfulHttp,
    faults: ['http-no-reinitialize-after-404', 'http-reinitialize-keeps-session-id'],
    async run(ctx) {
      const issued = new Set(sessions(ctx.recording).map((s) => s.id));
      const http = ctx.recording.http;
      const i = http.findIndex((r) => r.status === 404 && issued.has(header(r, 'mcp-session-id') ?? ''));
      const gone = http[i];
      if (!gone) return ctx.skip('nothing-observed', 'no request with the session id got 404 (the client sent nothing after the session ended)');
      const later = http.slice(i + 1);
      const init = later.find((r) => r.method === 'POST' && messagesOf(r).some((m) => m.method === 'initialize'));
      ctx.cite(gone.seq);
      if (!init) {
        const next = later.slice(0, 3).map(describeRequest).join(', ');
        return ownJudgement(ctx, { broken: { expected: 'a new initialize after the 404', actual: `${describeRequest(gone)} got 404; then ${next ? `${next}${later.length > 3 ? ', ...' : ''}` : 'nothing'}, no initialize` } }, WHY_ORDER);
      }
      ctx.cite(init.seq);
      const kept = header(init, 'mcp-session-id');
      return ownJudgement(ctx, kept !== undefined ? { broken: { expected: 'the new initialize without Mcp-Session-Id', actual: `initialize with Mcp-Session-Id: ${kept}` } } : {}, WHY_ORDER);
    },
  },

  // SHTTP-045: "Clients that no longer need a particular session (e.g., because the user is
  // leaving the client application) SHOULD send an HTTP DELETE to the MCP endpoint with the
  // Mcp-Session-Id header, to explicitly terminate the session."
  {
    id: 'http.session-deleted',
    title: 'A client done with its session sends DELETE',
    spec: { url: 'basic/transports#session-management', level: 'SHOULD' },
    requirement:
      'Clients that no longer need a particular session (e.g., because the user is leaving the client application) SHOULD send an HTTP DELETE to the MCP endpoint with the Mcp-Session-Id header, to explicitly terminate the session.',
    digest: ['SHTTP-045'],
    scenario: HTTP_STREAMABLE,
    revisions: RANGE.sessionfulHttp,
    faults: ['http-session-not-deleted'],
    async run(ctx) {
      const last = sessions(ctx.recording).at(-1);
      if (!last) return ctx.skip('nothing-observed', 'no session was issued (the client sent no initialize the tool answered)');
      if (ctx.recording.exit?.killed) return ctx.skip('not-applicable', 'the client was still running when the run ended (it never finished with its session)');
      const deleted = last.window.find((r) => r.method === 'DELETE');
      if (deleted) {
        ctx.cite(deleted.seq);
        return ownJudgement(ctx, {}, WHY_ORDER);
      }
      ctx.cite(last.opened.seq);
      return ownJudgement(ctx, { broken: { expected: 'DELETE of the session before the client ends', actual: `the client ended (${exitOf(ctx.recording.exit)}) without DELETE` } }, WHY_ORDER);
    },
  },
]);

function exitOf(exit: { exitCode?: number; signal?: string } | undefined): string {
  if (!exit) return 'exit unknown';
  return exit.signal ? `signal ${exit.signal}` : `exit code ${String(exit.exitCode)}`;
}
