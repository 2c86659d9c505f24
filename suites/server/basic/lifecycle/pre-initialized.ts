// One look per revision at the stretch between the initialize result and
// notifications/initialized, shared by the checks that judge it (ping.before-initialized,
// lifecycle.no-requests-before-initialized): a fresh connection initialized with every client
// capability (so a server with something to ask is tempted), no initialized notification,
// then a ping. A server cannot tell these checks apart, so one connection serves both.
import type { CheckContext } from '../../../../harness/checks/check.js';
import type { InboundMessage, Reply } from '../../../../harness/jsonrpc/types.js';

export interface PreInitialized {
  /** The answer to the ping sent before notifications/initialized. */
  ping: Reply;
  /** What the server sent from the initialize result up to the ping's answer. */
  early: InboundMessage[];
}

export function preInitialized(ctx: CheckContext): Promise<PreInitialized> {
  return ctx.once('before-initialized', () => record(ctx));
}

async function record(ctx: CheckContext): Promise<PreInitialized> {
  const capabilities = Object.fromEntries(ctx.rev.clientCapabilities.map((c) => [c, c === 'roots' ? { listChanged: true } : {}]));
  const session = await ctx.session({ clientCapabilities: capabilities, sendInitialized: false });
  const mark = session.mark() - 1;
  // The ping is also the fence: a server that asks something as soon as it is initialized
  // has asked by the time it answers a request sent after the result.
  const ping = await session.request('ping', undefined);
  return { ping, early: session.since(mark) };
}
