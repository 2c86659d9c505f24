// "Authorization is OPTIONAL for MCP implementations. When supported: Implementations using an
// HTTP-based transport SHOULD conform to this specification." (basic/authorization, every
// revision that has it.) A MUST inside that specification binds a server only as far as it
// SHOULD conform: a broken one is a warning, never a failure (a server may protect itself with
// a static token and no OAuth at all). Every check of the page states its place and sentence
// through these two.
import type { SpecRef } from '../../../../harness/checks/check.js';

export const OPTIONAL_AUTHORIZATION = 'Authorization is OPTIONAL for MCP implementations. When supported: Implementations using an HTTP-based transport SHOULD conform to this specification.';

/** The places of a check on the authorization page, at the level conformance to the page has: SHOULD. */
export function underOptionalAuthorization(spec: SpecRef | SpecRef[]): SpecRef[] {
  return (Array.isArray(spec) ? spec : [spec]).map((s) => ({ ...s, level: s.level === 'MAY' ? 'MAY' : 'SHOULD' }));
}

/** The requirement of an authorization check: its sentence, within the page's SHOULD. */
export const withinOptionalAuthorization = (sentence: string): string => `${sentence} (${OPTIONAL_AUTHORIZATION})`;
