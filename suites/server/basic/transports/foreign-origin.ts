// The Origin rule of both HTTP transports (SSE-005, SHTTP-002): "Servers MUST validate the Origin
// header on all incoming connections to prevent DNS rebinding attacks". No status is prescribed
// for the rejection (until 2025-11-25's 403, judged apart), so any client error status keeps it.
// Which origins are valid is the server's policy, except on a loopback target: there a foreign
// Origin served is the DNS-rebinding hole the rule is about (a web page the user visits reaches
// the local server), so it fails; elsewhere, and for an answer that is neither, it is in doubt.
import type { Verdict } from '../../../../harness/checks/check.js';
import { expectHttp, status, succeeded, type HttpExchange } from '../../../../harness/verify/http.js';
import type { Judge } from '../../../../harness/verify/judge.js';

export const FOREIGN_ORIGIN = 'http://attacker.example';

/** A request (or SSE connection) from FOREIGN_ORIGIN is rejected with a client error status. */
export function expectForeignOriginRejected(judge: Judge, ex: HttpExchange, opts: { loopback: boolean; expected: string }): Verdict {
  const accepted = succeeded(ex.r);
  const doubt = !accepted
    ? 'the request was neither served nor rejected with a client error status'
    : opts.loopback
      ? undefined
      : `the server served Origin: ${FOREIGN_ORIGIN}; which origins are valid is its policy (it may allow every origin on purpose), but unless it does, a web page could reach it`;
  const reason = accepted && opts.loopback ? `the server served Origin: ${FOREIGN_ORIGIN} although it listens on loopback: any web page the user opens could reach it by DNS rebinding` : undefined;
  return expectHttp(judge, ex, { ...status('4xx'), expected: opts.expected }, { ...(doubt ? { doubt } : {}), ...(reason ? { reason } : {}) });
}
