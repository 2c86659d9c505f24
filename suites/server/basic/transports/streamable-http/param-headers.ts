// Custom headers from tool parameters at 2026-07-28 (SHTTP-132): a server that processes the
// body validates every recognized Mcp-Param-* header against its argument. Judged only where
// the suite may call a tool with x-mcp-header parameters (--call-tools), after a call with every
// header right was served (so a refusal is about the header, not the call).
import type { CheckContext, Verdict } from '../../../../../harness/checks/check.js';
import { defineChecks } from '../../../../../harness/checks/define.js';
import type { HeaderOverrides } from '../../../../../harness/checks/http-access.js';
import { MODERN, onlyModernAt } from './transport-spec.js';
import { codeLabel, ErrorCode } from '../../../../../harness/rules/error-codes.js';
import { httpLine, isServed } from '../../../../../harness/verify/http.js';
import { open, postMessage, type Own } from './own-http-session.js';
import { expectAccepted, expectMismatch, send, type Probe } from './header-probes.js';
import { callMessage, paramHeaders, paramPlan, presentParams, valueAt, type AnnotatedParam, type ParamPlan } from './param-header-plan.js';

const SPEC = onlyModernAt('server-behavior-for-custom-headers', 'MUST');
const RULE =
  'Any server that processes the message body MUST validate that encoded header values, after decoding if Base64-encoded, match the corresponding values in the request body. Servers MUST reject requests with a 400 Bad Request HTTP status and JSON-RPC error code {code:HeaderMismatch} (HeaderMismatch) if any validation fails.';

interface Ready {
  o: Own;
  plan: ParamPlan;
}

/** A plan, and a call with every header right that was served; else the skip that says why not. */
async function ready(ctx: CheckContext): Promise<Ready | Verdict> {
  const plan = await paramPlan(ctx);
  if ('status' in plan) return plan;
  const o = await open(ctx);
  const id = 'param-baseline';
  const r = await postMessage(ctx, o, callMessage(o, plan, id), paramHeaders(plan));
  if (!isServed(r, id)) return ctx.skip('cannot-set-up', `the call of ${plan.tool} with every Mcp-Param-* header right was not served (${httpLine(r)}): nothing to compare with`);
  return { o, plan };
}

/** A probe on the first present parameter `pick` accepts, its header changed by `change` (null drops it). */
function probeOn(ctx: CheckContext, r: Ready, pick: (p: AnnotatedParam, v: unknown) => boolean, change: (v: unknown) => string | null, what: (name: string, v: unknown) => string): Verdict | Probe {
  const p = presentParams(r.plan).find((x) => pick(x, valueAt(r.plan.args, x.path)));
  if (!p) return ctx.skip('not-offered', `${r.plan.tool} has no header parameter of the kind this check needs`);
  const v = valueAt(r.plan.args, p.path);
  const name = `Mcp-Param-${p.name}`;
  const headers: HeaderOverrides = { ...paramHeaders(r.plan), [name]: change(v) };
  return { what: what(name, v), message: callMessage(r.o, r.plan, 'param-probe'), headers };
}

const isVerdict = (x: Verdict | Probe): x is Verdict => 'status' in x;

export const paramHeadersChecks = defineChecks({ page: 'basic/transports/streamable-http', revisions: MODERN, transports: ['streamable-http'], needs: ['own-session', 'raw-http'] }, [
  // The table of #server-behavior-for-custom-headers: "Client omits header but value is in body:
  // Server MUST reject the request".
  {
    id: 'http.modern-param-header-required',
    title: 'A tool call without the Mcp-Param-* header of a present argument gets 400 with {code:HeaderMismatch}',
    spec: SPEC,
    requirement: `${RULE} (Client omits header but value is in body: Server MUST reject the request.)`,
    digest: ['SHTTP-132'],
    faults: ['modern-http-param-header-optional'],
    async run(ctx) {
      const r = await ready(ctx);
      if ('status' in r) return r;
      const probe = probeOn(ctx, r, () => true, () => null, (name) => `no ${name} header (its argument is in the body)`);
      return isVerdict(probe) ? probe : expectMismatch(ctx, await send(ctx, r.o, [probe]));
    },
  },

  // "Parameter value provided: Server MUST validate header matches body."
  {
    id: 'http.modern-param-header-matches-body',
    title: 'A tool call whose Mcp-Param-* header differs from its argument gets 400 with {code:HeaderMismatch}',
    spec: SPEC,
    requirement: RULE,
    digest: ['SHTTP-132'],
    faults: ['modern-http-param-header-unchecked'],
    async run(ctx) {
      const r = await ready(ctx);
      if ('status' in r) return r;
      const differing = (v: unknown): string => (typeof v === 'number' ? String(v + 1) : typeof v === 'boolean' ? String(!v) : `${String(v)}-other`);
      const probe = probeOn(ctx, r, () => true, differing, (name, v) => `${name}: ${differing(v)} for the argument ${JSON.stringify(v)}`);
      return isVerdict(probe) ? probe : expectMismatch(ctx, await send(ctx, r.o, [probe]));
    },
  },

  // #server-validation: "When validating integer parameter values, servers SHOULD compare the
  // header value and the body value numerically rather than as strings (e.g., 42.0 and 42 are
  // considered equal)."
  {
    id: 'http.modern-param-integer-numeric',
    title: 'An integer Mcp-Param-* header is compared numerically (42.0 equals 42)',
    spec: onlyModernAt('server-validation', 'SHOULD'),
    requirement:
      'When validating integer parameter values, servers SHOULD compare the header value and the body value numerically rather than as strings (e.g., 42.0 and 42 are considered equal).',
    digest: ['SHTTP-132'],
    faults: ['modern-http-param-integer-as-string'],
    async run(ctx) {
      const r = await ready(ctx);
      if ('status' in r) return r;
      const probe = probeOn(ctx, r, (p, v) => p.type === 'integer' && Number.isInteger(v), (v) => `${String(v)}.0`, (name, v) => `${name}: ${String(v)}.0 for the argument ${String(v)}`);
      return isVerdict(probe) ? probe : expectAccepted(ctx, await send(ctx, r.o, [probe]), `past header validation (no ${codeLabel(ErrorCode.HeaderMismatch)}): the values are equal as numbers`);
    },
  },
]);
