// The Origin header (SHTTP-002), 2025-03-26 on: a request from a foreign Origin must be
// rejected, with 403 from 2025-11-25. Which origins are valid is the server's policy, except
// on a loopback target: there a foreign Origin accepted is the DNS-rebinding hole the rule is
// about (a web page the user visits reaches the local server), so it fails (foreign-origin.ts).
import type { CheckContext } from '../../../../../harness/checks/check.js';
import { defineChecks } from '../../../../../harness/checks/define.js';
import { since } from '../../../../../harness/revisions.js';
import { isLoopbackUrl } from '../../../../../harness/rules/loopback.js';
import { expectHttp, httpExchange, status, succeeded, type HttpExchange } from '../../../../../harness/verify/http.js';
import { expectForeignOriginRejected } from '../foreign-origin.js';
import { FOREIGN_ORIGIN, STREAMABLE, legacyAt, modernAt } from './transport-spec.js';
import { fenceMessage, open, postMessage } from './own-http-session.js';

/** Is the target on this machine's loopback (the case DNS rebinding attacks)? */
const loopbackTarget = (ctx: CheckContext): boolean => ctx.http !== undefined && isLoopbackUrl(ctx.http.url);

const SPEC = [legacyAt('security-warning', 'MUST'), modernAt('security--endpoint', 'MUST')];
const VALIDATE = 'Servers MUST validate the Origin header on all incoming connections to prevent DNS rebinding attacks.';
const FORBIDDEN = 'If the Origin header is present and invalid, servers MUST respond with HTTP 403 Forbidden.';

/** The era's cheapest request, sent from a foreign Origin in an own session. */
async function fromForeignOrigin(ctx: CheckContext): Promise<HttpExchange> {
  const o = await open(ctx);
  const message = fenceMessage(o.session, 'origin');
  return httpExchange(`a ${message.method} with Origin: ${FOREIGN_ORIGIN}`, await postMessage(ctx, o, message, { Origin: FOREIGN_ORIGIN }), message.id);
}

export const originChecks = defineChecks({ page: 'basic/transports/streamable-http', transports: ['streamable-http'], needs: ['own-session', 'raw-http'] }, [
  // SHTTP-002: "Servers MUST validate the Origin header on all incoming connections to prevent
  // DNS rebinding attacks".
  {
    id: 'http.origin-validated',
    title: 'A request from a foreign Origin is rejected',
    spec: SPEC,
    requirement: VALIDATE,
    fix: 'Reject requests whose Origin is not one you serve (at least when listening on localhost); answer 403.',
    revisions: STREAMABLE,
    digest: ['SHTTP-002'],
    faults: ['http-origin-not-validated'],
    async run(ctx) {
      const ex = await fromForeignOrigin(ctx);
      return expectForeignOriginRejected(ctx, ex, { loopback: loopbackTarget(ctx), expected: `rejected with a 4xx status${ctx.in(since('2025-11-25')) ? ' (403)' : ''}` });
    },
  },

  // 2025-11-25 security warning, 2026-07-28 security & endpoint: "If the Origin header is
  // present and invalid, servers MUST respond with HTTP 403 Forbidden."
  {
    id: 'http.origin-forbidden-403',
    title: 'An invalid Origin gets 403 Forbidden',
    spec: SPEC,
    requirement: FORBIDDEN,
    fix: 'Answer requests from an Origin you do not serve with HTTP 403 Forbidden.',
    revisions: since('2025-11-25'),
    digest: ['SHTTP-002'],
    faults: ['http-origin-rejected-400', 'http-origin-not-validated'],
    async run(ctx) {
      const ex = await fromForeignOrigin(ctx);
      // Served: invalid for certain only where the server listens on loopback.
      if (succeeded(ex.r) && !loopbackTarget(ctx)) {
        return ctx.skip('not-applicable', `the server served Origin: ${FOREIGN_ORIGIN}; on a target that is not on loopback it may be a valid origin by the server's policy (see http.origin-validated)`);
      }
      const hole = succeeded(ex.r) ? `the server served a request with Origin: ${FOREIGN_ORIGIN} although it listens on loopback: any web page the user opens could reach it by DNS rebinding` : undefined;
      return expectHttp(ctx, ex, status(403), hole ? { reason: hole } : {});
    },
  },
]);
