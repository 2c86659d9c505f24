// What a check needs of the target, declared with the check, never asked for at run time. The
// runner alone turns it into pooling and isolation: which session a check gets, whether it may
// be lent to the next check, whose traffic a check may see. A check sees no other check's
// traffic unless it is passive.

export const NEEDS = {
  'shared-session': "well-formed requests on the revision's shared session (ctx.request, ctx.shared)",
  'own-session': 'a session nobody else uses while the check runs (ctx.session): lent from the pool, fenced before and after',
  'fresh-session': 'a session no other check has used (ctx.session opens a new one): for rules about what earlier requests must not change',
  'hostile-session': 'a session that carries hostile input (ctx.session): lent only among such checks, and what it observes is its own',
  connection: 'a connection with no handshake at all (ctx.connect): for lifecycle and malformed-input rules',
  'raw-http': 'raw HTTP requests beside the sessions (ctx.http)',
  passive: 'what every other check of the revision saw (ctx.observations): runs after them',
  'opening-answer': "only what the server answered to the era's opening request (ctx.facts.server): runs even where that answer broke the handshake",
  recording: "the client side: the recording of its scenario's run",
} as const;

export type Need = keyof typeof NEEDS;

/** A check's needs, from its declaration; one that declares none (a test's ad-hoc check) may use every door but the passive one. */
export function needsOf(check: { needs?: readonly Need[] }): readonly Need[] {
  return check.needs ?? ['own-session', 'fresh-session', 'connection', 'raw-http', 'shared-session'];
}

export const isPassive = (check: Parameters<typeof needsOf>[0]): boolean => needsOf(check).includes('passive');

/** Needs nothing but the opening answer: the only kind of check a broken handshake leaves to run. */
export const judgesOpeningOnly = (check: Parameters<typeof needsOf>[0]): boolean => needsOf(check).every((n) => n === 'opening-answer');

/** Thrown when a check uses a door to the target it did not declare: a defect of the check. */
export class UndeclaredNeed extends Error {
  constructor(checkId: string, need: Need, door: string) {
    super(`${checkId} used ${door} without declaring the need '${need}' (${NEEDS[need]})`);
  }
}
