// Closing a request's response stream cancels it at 2026-07-28 (SHTTP-109). What the server
// does after the close is seen only through an effect elsewhere: a tool the user allows that
// takes a delay and a resource URI and, once the delay is over, makes the server notify the
// subscriptions/listen streams subscribed to that URI (a calibration call shows it does). The
// call is closed before its delay ends; a fence call on another URI with the same delay tells
// when the cancelled call's effect would have come.
import { argumentsFor } from '../../../../../harness/arguments.js';
import type { CheckContext, Verdict } from '../../../../../harness/checks/check.js';
import { defineChecks } from '../../../../../harness/checks/define.js';
import type { InboundMessage } from '../../../../../harness/jsonrpc/types.js';
import type { Json } from '../../../../../harness/rules/json.js';
import { describePolicy, mayCallTool } from '../../../../../harness/settings.js';
import { encodeHeaderValue, headerParams } from '../../../../../harness/checks/http-access.js';
import { ownJudgement } from '../../../../../harness/verify/index.js';
import { MODERN, onlyModernAt } from './transport-spec.js';
import { open, type Own } from './own-http-session.js';
import { paramHeaders, valid, withValue } from './param-header-plan.js';

const DELAY_ARG = /^(delay|wait|sleep|pause|after|duration)([_-]?(ms|millis|milliseconds|s|secs?|seconds?))?$/i;
const URI_ARG = /^(uri|url|resource([_-]?uri)?)$/i;
/** How long the cancelled call would take; its stream is closed after CLOSE_AFTER_MS. */
const DELAY_MS = 500;
const CLOSE_AFTER_MS = 150;

interface Candidate {
  name: string;
  schema: Json;
  args: Json;
  delayArg: string;
  /** The delay argument's value for a duration in ms. */
  delay: (ms: number) => number;
  uriArg: string;
}

function unitOf(arg: string, schema: Json): 'ms' | 's' | undefined {
  if (/ms$|millis/i.test(arg)) return 'ms';
  if (/s$|secs?$|seconds?$/i.test(arg) && !/^(delay|wait|sleep|pause|after|duration)$/i.test(arg)) return 's';
  const text = typeof schema.description === 'string' ? schema.description : '';
  if (/milli/i.test(text)) return 'ms';
  if (/\bsec(ond)?s?\b/i.test(text)) return 's';
  return undefined;
}

/** Allowed tools taking a delay and a resource URI, with arguments that validate; or the skip that says why there are none. */
async function candidates(ctx: CheckContext, uri: string): Promise<Candidate[] | Verdict> {
  const { tools } = await ctx.discovery();
  if (!tools) return ctx.skip('not-declared', 'the server declares no tools');
  const out: Candidate[] = [];
  let barred = 0;
  for (const tool of tools.items) {
    const schema = (tool.inputSchema ?? {}) as Json;
    const props = (schema.properties ?? {}) as Record<string, Json>;
    const delayArg = Object.keys(props).find((k) => DELAY_ARG.test(k) && (props[k]?.type === 'integer' || props[k]?.type === 'number') && unitOf(k, props[k] ?? {}));
    const uriArg = Object.keys(props).find((k) => URI_ARG.test(k) && props[k]?.type === 'string');
    if (!delayArg || !uriArg) continue;
    if (!mayCallTool(ctx.settings.callTools, tool)) {
      barred++;
      continue;
    }
    const generated = argumentsFor(schema, ctx.rev.dialect);
    if (!generated.ok) continue;
    const unit = unitOf(delayArg, props[delayArg] ?? {});
    const integer = props[delayArg]?.type === 'integer';
    const delay = (ms: number): number => (unit === 's' ? (integer ? Math.max(1, Math.round(ms / 1000)) : ms / 1000) : ms);
    const args = withValue(withValue(generated.value, [uriArg], uri), [delayArg], delay(DELAY_MS));
    if (valid(ctx, { schema }, args)) out.push({ name: String(tool.name), schema, args, delayArg, delay, uriArg });
  }
  if (out.length > 0) return out;
  // A tool that would do is kept out by the user's policy, or the server has none (or none whose arguments validate).
  return ctx.skip(barred > 0 ? 'not-allowed' : 'not-offered', `no tool the user allowed (${describePolicy(ctx.settings.callTools)}) takes a delay and a resource URI: the effect of a cancelled call cannot be observed`);
}

const updated = (uri: string) => (m: InboundMessage): boolean => {
  const msg = m.message as { method?: unknown; params?: { uri?: unknown } } | null;
  return msg?.method === 'notifications/resources/updated' && msg.params?.uri === uri;
};

function callArgs(c: Candidate, uri: string, ms: number): Json {
  return withValue(withValue(c.args, [c.uriArg], uri), [c.delayArg], c.delay(ms));
}

/** Call and wait for its effect on `uri` (calibration and fence); true when it came. */
async function effectOf(ctx: CheckContext, o: Own, c: Candidate, uri: string, ms: number): Promise<boolean> {
  const mark = o.session.mark();
  await o.session.request('tools/call', { name: c.name, arguments: callArgs(c, uri, ms) }, { timeoutMs: ctx.timeoutMs + ms });
  if (o.session.since(mark).some(updated(uri))) return true;
  return (await o.session.waitFor(updated(uri), ctx.timeoutMs)) !== undefined;
}

/** The call on `a`, its stream closed early, then the fence on `b`: did `a`'s effect come? (A skip: the try decided nothing.) */
async function cancelledEffect(ctx: CheckContext, o: Own, c: Candidate, a: string, b: string): Promise<boolean | Verdict> {
  const message = o.session.build('tools/call', { name: c.name, arguments: callArgs(c, a, DELAY_MS) });
  const headers = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'MCP-Protocol-Version': ctx.revision,
    'Mcp-Method': 'tools/call',
    'Mcp-Name': encodeHeaderValue(c.name),
    ...paramHeaders({ params: headerParams(c.schema), args: c.args }, callArgs(c, a, DELAY_MS)),
  };
  const mark = o.session.mark();
  const r = await o.t.raw({ method: 'POST', headers, body: JSON.stringify(message), timeoutMs: CLOSE_AFTER_MS, sseWindowMs: CLOSE_AFTER_MS });
  // Answered before the close: the timing left nothing to cancel.
  if (r.status !== 0 && (r.body !== undefined || r.streamEnded)) return ctx.skip('inconclusive', `the call of ${c.name} was answered within ${CLOSE_AFTER_MS} ms (HTTP ${r.status}): nothing left to cancel`);
  if (!(await effectOf(ctx, o, c, b, DELAY_MS))) return ctx.skip('cannot-set-up', `the fence call of ${c.name} on ${b} showed no effect`);
  return o.session.since(mark).some(updated(a));
}

export const cancellationChecks = defineChecks({ page: 'basic/transports/streamable-http', revisions: MODERN, transports: ['streamable-http'], needs: ['own-session', 'raw-http'] }, [
  // SHTTP-109: "Closing the SSE response stream MUST be treated by the server as cancellation of
  // that request. ... The server SHOULD stop work on the cancelled request as soon as practical
  // and MUST NOT send any further messages for it." Work going on is what can be seen: a SHOULD.
  {
    id: 'http.modern-close-stops-work',
    title: "Closing a request's stream stops its work (a delayed effect does not happen)",
    spec: onlyModernAt('cancellation', 'SHOULD'),
    requirement:
      'Closing the SSE response stream MUST be treated by the server as cancellation of that request. The server SHOULD stop work on the cancelled request as soon as practical and MUST NOT send any further messages for it.',
    requires: ['resources'],
    digest: ['SHTTP-109'],
    faults: ['modern-http-close-not-cancel'],
    long: true,
    async run(ctx) {
      const { resources } = await ctx.discovery();
      const uris = (resources?.items ?? []).map((r) => r.uri).filter((u): u is string => typeof u === 'string');
      // The last two listed resources: the ones other checks are least likely to touch meanwhile.
      const [a, b] = uris.slice(-2);
      if (!a || !b) return ctx.skip('not-offered', 'fewer than two listed resources: no call and fence on different URIs');
      const list = await candidates(ctx, a);
      if ('status' in list) return list;
      const o = await open(ctx);
      void o.session.request('subscriptions/listen', { notifications: { resourceSubscriptions: [a, b] } }, { timeoutMs: ctx.timeoutMs * 10 });
      const ack = await o.session.waitFor((m) => (m.message as { method?: unknown } | null)?.method === 'notifications/subscriptions/acknowledged', ctx.timeoutMs, true);
      if (!ack) return ctx.skip('cannot-set-up', 'subscriptions/listen was not acknowledged: no stream to see effects on');
      const tool = await firstWithEffect(ctx, o, list, a);
      // The calibration call showed no effect: there is nothing a cancellation could be seen to stop.
      if (!tool) return ctx.skip('cannot-set-up', `no effect of ${list.map((c) => c.name).join(', ')} on ${a} seen on the listen stream: nothing to observe`);
      // Seen twice before it counts: another check may touch the same resource meanwhile.
      const updates: string[] = [];
      for (let attempt = 0; attempt < 2; attempt++) {
        const seen = await cancelledEffect(ctx, o, tool, a, b);
        if (typeof seen !== 'boolean') return seen;
        if (!seen) break;
        updates.push(`try ${attempt + 1}: the update for ${a} came anyway`);
      }
      // One try without the effect is enough (the server stopped the cancelled call); the effect
      // must come in both to count. No verifier states a rule seen only through an effect's
      // absence across tries, so the check judges it.
      const expected = `no notifications/resources/updated for ${a} after the stream of ${tool.name} (delay ${DELAY_MS} ms) was closed at ${CLOSE_AFTER_MS} ms`;
      return ownJudgement(
        ctx,
        updates.length < 2 ? { note: `${tool.name} on ${a} closed after ${CLOSE_AFTER_MS} ms of ${DELAY_MS}: no effect` } : { broken: { expected, actual: `${updates.join('; ')}: the server went on with the cancelled call` } },
        'the rule shows only as an effect that does not come, over two tries',
      );
    },
  },
]);

async function firstWithEffect(ctx: CheckContext, o: Own, list: Candidate[], uri: string): Promise<Candidate | undefined> {
  for (const c of list.slice(0, 2)) if (await effectOf(ctx, o, c, uri, 0)) return c;
  return undefined;
}
