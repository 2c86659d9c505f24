// "Authorization is OPTIONAL for MCP implementations. When supported: Implementations using an
// HTTP-based transport SHOULD conform to this specification." (basic/authorization, every
// revision that has it.) The page's MUSTs bind a server once it implements MCP authorization,
// which a server shows by advertising it (unauthenticated-probe.ts, advertisedAuthorization):
// protected resource metadata, or a 401 challenge naming one (at 2025-03-26, authorization
// server metadata at its origin). Then a broken MUST is a failure, as on the client side, which
// is bound once it starts the flow. A server that protects itself some other way (an API key,
// mTLS) is outside the page: every check skips it, saying so. Every check of the page states
// its place and sentence through these two.
import type { SpecRef } from '../../../../harness/checks/check.js';

export const OPTIONAL_AUTHORIZATION = 'Authorization is OPTIONAL for MCP implementations; a server that advertises it (protected resource metadata, or a 401 challenge naming one) is held to the page';

/** The places of a check on the authorization page, each at the level of its sentence. */
export function underOptionalAuthorization(spec: SpecRef | SpecRef[]): SpecRef[] {
  return Array.isArray(spec) ? spec : [spec];
}

/** The requirement of an authorization check: its sentence, binding once authorization is advertised. */
export const withinOptionalAuthorization = (sentence: string): string => `${sentence} (${OPTIONAL_AUTHORIZATION})`;
