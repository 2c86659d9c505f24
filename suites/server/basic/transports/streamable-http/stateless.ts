// 2026-07-28 Streamable HTTP has no sessions, GET stream or resumption (SHTTP-101): what a
// server of this revision does with such traffic from older clients. The text addresses "a
// server that supports only this revision"; a server that also speaks the legacy revisions
// serves their GET and DELETE by their rules, so the 405 check skips for it.
import { randomUUID } from 'node:crypto';
import { defineChecks } from '../../../../../harness/checks/define.js';
import { expectHttp, expectHttpEach, httpExchange, httpLine, isServed, noHttpAnswer, served, status } from '../../../../../harness/verify/http.js';
import { expectNone } from '../../../../../harness/verify/index.js';
import { MODERN, onlyModernAt } from './transport-spec.js';
import { fenceMessage, open, own, postMessage } from './own-http-session.js';
import { servesLegacy } from './serves-legacy.js';

const SPEC = onlyModernAt('earlier-streamable-http-revisions', 'SHOULD');

/** The rules of this file are written for "a server that supports only this revision". */
const LEGACY_TOO = 'the server also speaks a legacy revision (it accepts initialize): the rule is written for a server that supports only this revision, and older clients\' session traffic is its to serve';

export const statelessChecks = defineChecks({ page: 'basic/transports/streamable-http', revisions: MODERN, transports: ['streamable-http'], needs: ['own-session', 'raw-http'] }, [
  // SHTTP-101: "A server that supports only this revision and receives such traffic from an
  // older client SHOULD respond as follows: HTTP GET or DELETE to the MCP endpoint: respond
  // with 405 Method Not Allowed."
  {
    id: 'http.modern-get-delete-405',
    title: 'GET and DELETE on the MCP endpoint get 405 Method Not Allowed',
    spec: SPEC,
    requirement:
      'A server that supports only this revision and receives such traffic from an older client SHOULD respond as follows: HTTP GET or DELETE to the MCP endpoint: respond with 405 Method Not Allowed.',
    digest: ['SHTTP-101'],
    faults: ['modern-http-get-allowed'],
    async run(ctx) {
      const t = await own(ctx);
      const answers = [
        httpExchange('GET', await t.raw({ method: 'GET', headers: { Accept: 'text/event-stream' }, sseWindowMs: 300 })),
        httpExchange('DELETE', await t.raw({ method: 'DELETE', timeoutMs: ctx.timeoutMs })),
      ];
      // No HTTP answer is no status to judge (expectHttpEach leaves it out).
      const wrong = answers.filter((ex) => ex.r.status !== 405 && ex.r.status !== 0);
      if (wrong.some((ex) => ex.r.status === 401 || ex.r.status === 403)) {
        // A token only the user can give: the refusal says nothing of the methods.
        return ctx.skip('not-allowed', `refused for authorization (${wrong.map((ex) => `${ex.what}: HTTP ${ex.r.status}`).join(', ')}; see auth.*)`);
      }
      if (wrong.length > 0 && (await servesLegacy(ctx, t))) return ctx.skip('not-applicable', 'the server also speaks a legacy revision (it accepts initialize): it may serve GET and DELETE by those revisions\' rules');
      return expectHttpEach(ctx, answers, status(405));
    },
  },

  // SHTTP-101: "An Mcp-Session-Id header on a request: ignore it, and do not mint or echo session IDs."
  {
    id: 'http.modern-no-session-id',
    title: 'No Mcp-Session-Id is minted or echoed, and a stray one is ignored',
    spec: SPEC,
    requirement: 'A server that supports only this revision and receives such traffic from an older client SHOULD respond as follows: An Mcp-Session-Id header on a request: ignore it, and do not mint or echo session IDs.',
    digest: ['SHTTP-101'],
    faults: ['modern-http-session-id'],
    async run(ctx) {
      const o = await open(ctx);
      const plain = await postMessage(ctx, o, fenceMessage(o.session, 'plain'));
      const stray = `mcp-conformance-${randomUUID()}`;
      const carrying = await postMessage(ctx, o, fenceMessage(o.session, 'stray-session-id'), { 'Mcp-Session-Id': stray });
      if (carrying.status === 0) return ctx.skip('no-answer', noHttpAnswer('the request carrying a stray Mcp-Session-Id', carrying));
      const problems: string[] = [];
      if (plain.headers['mcp-session-id'] !== undefined) problems.push(`a plain request's answer minted Mcp-Session-Id: ${plain.headers['mcp-session-id']}`);
      if (!isServed(carrying, 'stray-session-id')) problems.push(`the request carrying Mcp-Session-Id: ${stray} was not served (${httpLine(carrying)})`);
      if (carrying.headers['mcp-session-id'] !== undefined) problems.push(`its answer carried Mcp-Session-Id: ${carrying.headers['mcp-session-id']}`);
      if (!isServed(plain, 'plain')) return ctx.skip('cannot-set-up', `the plain request was not served (${httpLine(plain)}): nothing to compare with`);
      if (problems.length > 0 && (await servesLegacy(ctx, o.t))) return ctx.skip('not-applicable', `${LEGACY_TOO}: ${problems.join('; ')}`);
      return expectNone(ctx, problems, { expected: 'no Mcp-Session-Id on any answer, and a request carrying one served as any other', judged: 2 });
    },
  },

  // SHTTP-101: "A Last-Event-ID header: ignore it; streams are not resumable."
  {
    id: 'http.modern-last-event-id-ignored',
    title: 'A request carrying Last-Event-ID is served as any other',
    spec: SPEC,
    requirement: 'A server that supports only this revision and receives such traffic from an older client SHOULD respond as follows: A Last-Event-ID header: ignore it; streams are not resumable.',
    digest: ['SHTTP-101'],
    faults: ['modern-http-last-event-id-refused'],
    async run(ctx) {
      const o = await open(ctx);
      const ex = httpExchange('a request carrying Last-Event-ID: mcp-conformance-1', await postMessage(ctx, o, fenceMessage(o.session, 'last-event-id'), { 'Last-Event-ID': 'mcp-conformance-1' }), 'last-event-id');
      if (ex.r.status !== 0 && !isServed(ex.r, ex.id) && (await servesLegacy(ctx, o.t))) return ctx.skip('not-applicable', `${LEGACY_TOO}: ${httpLine(ex.r)}`);
      return expectHttp(ctx, ex, { ...served(), expected: 'the request served (Last-Event-ID ignored)' });
    },
  },
]);
