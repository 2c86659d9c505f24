// The MCP-Protocol-Version header after initialize, 2025-06-18..2025-11-25 (SHTTP-051, 052).
// The 2026-07-28 header, mirrored from the body's _meta, is judged in headers.ts.
import { defineChecks } from '../../../../../harness/checks/define.js';
import { between } from '../../../../../harness/revisions.js';
import { expectHttp, expectHttpEach, httpExchange, status, succeeded } from '../../../../../harness/verify/http.js';
import { legacyAt } from './transport-spec.js';
import { noResponseIn, own, post } from './own-http-session.js';

const RANGE = between('2025-06-18', '2025-11-25');

export const versionHeaderChecks = defineChecks({ page: 'basic/transports/streamable-http', revisions: RANGE, transports: ['streamable-http'], needs: ['own-session', 'raw-http'] }, [
  // SHTTP-051: "If the server receives a request with an invalid or unsupported
  // MCP-Protocol-Version, it MUST respond with 400 Bad Request."
  {
    id: 'http.protocol-version-unsupported-400',
    title: 'An unsupported MCP-Protocol-Version header gets 400 Bad Request',
    spec: legacyAt('protocol-version-header', 'MUST'),
    requirement: 'If the server receives a request with an invalid or unsupported MCP-Protocol-Version, it MUST respond with 400 Bad Request.',
    digest: ['SHTTP-051'],
    faults: ['http-protocol-version-unchecked'],
    async run(ctx) {
      const t = await own(ctx);
      const answers = [];
      for (const value of ['1999-01-01', 'not-a-version']) {
        answers.push(httpExchange(`a ping with MCP-Protocol-Version: ${value}`, await post(ctx, t, { id: `version-${value}`, method: 'ping' }, { 'MCP-Protocol-Version': value })));
      }
      return expectHttpEach(ctx, answers, status(400));
    },
  },

  // SHTTP-052: without the header "and [with] no other way to identify the version ... the
  // server SHOULD assume protocol version 2025-03-26"; the negotiated version is such a way.
  {
    id: 'http.protocol-version-absent-accepted',
    title: 'A request without MCP-Protocol-Version is still served',
    spec: legacyAt('protocol-version-header', 'SHOULD'),
    requirement:
      'For backwards compatibility, if the server does not receive an MCP-Protocol-Version header, and has no other way to identify the version - for example, by relying on the protocol version negotiated during initialization - the server SHOULD assume protocol version 2025-03-26.',
    digest: ['SHTTP-052'],
    faults: ['http-protocol-version-required'],
    async run(ctx) {
      const r = await post(ctx, await own(ctx), { id: 'no-version', method: 'ping' }, { 'MCP-Protocol-Version': null });
      const what = 'a ping without MCP-Protocol-Version';
      // A 2xx that carried no response is silence too: no answer to judge.
      if (succeeded(r) && !r.answered) return ctx.skip('no-answer', noResponseIn(what, r));
      return expectHttp(ctx, httpExchange(what, r), { expected: 'the ping answered (the negotiated version, or 2025-03-26, is assumed)', keeps: (answer) => succeeded(answer) && r.answered });
    },
  },
]);
