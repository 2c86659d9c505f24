// The HTTP side of a connection of a check's own, with no session started: for rules about
// opening the SSE stream itself.
import type { CheckContext } from '../../../../../harness/checks/check.js';
import type { HttpConversation } from '../../../../../harness/checks/http-access.js';

/** A connection of the check's own (no session started). */
export async function ownConnection(ctx: CheckContext): Promise<HttpConversation> {
  if (!ctx.http) throw new Error('not an HTTP target');
  return ctx.http.of(await ctx.connect());
}

/** A connection of the check's own with its SSE stream open (no session started). */
export async function ownStream(ctx: CheckContext): Promise<HttpConversation> {
  const t = await ownConnection(ctx);
  await t.openSse();
  return t;
}
