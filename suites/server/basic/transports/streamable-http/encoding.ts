// Header values at 2026-07-28 (SHTTP-122, SHTTP-132, #value-encoding): Mcp-Name and
// Mcp-Param-* values outside plain ASCII travel as =?base64?...?=, which servers decode before
// comparing; raw bytes outside visible ASCII are invalid characters and refused.
import type { CheckContext } from '../../../../../harness/checks/check.js';
import { defineChecks } from '../../../../../harness/checks/define.js';
import { encodeHeaderValue } from '../../../../../harness/checks/http-access.js';
import { codeLabel, ErrorCode } from '../../../../../harness/rules/error-codes.js';
import { MODERN, onlyModernAt } from './transport-spec.js';
import { open, type Own } from './own-http-session.js';
import { expectAccepted, expectMismatch, namedRequest, rawUtf8, send, type Probe } from './header-probes.js';
import { callMessage, paramHeaders, paramPlan, valid, withValue } from './param-header-plan.js';

const NON_ASCII = 'mcp-conformance-é';

/** A call of an allowed tool whose string header parameter holds NON_ASCII, its header given by `header`. */
async function paramProbe(ctx: CheckContext, o: Own, id: string, header: (value: string) => string): Promise<Probe | string> {
  const plan = await paramPlan(ctx);
  // No plan: its skip's reason is why this probe is not made (the Mcp-Name probe may still be).
  if ('status' in plan) return plan.status === 'skip' ? plan.reason : 'no tool with header parameters to call';
  for (const p of plan.params.filter((x) => x.type === 'string')) {
    const args = withValue(plan.args, p.path, NON_ASCII);
    if (!valid(ctx, plan, args)) continue;
    const name = `Mcp-Param-${p.name}`;
    const value = header(NON_ASCII);
    return { what: `${name}: ${value} for ${plan.tool} with ${p.path.join('.')} = ${JSON.stringify(NON_ASCII)}`, message: callMessage(o, plan, id, args), headers: { ...paramHeaders(plan, args), [name]: value } };
  }
  return `no string header parameter of ${plan.tool} accepts ${JSON.stringify(NON_ASCII)}`;
}

/**
 * The probes on Mcp-Name and on an Mcp-Param-* header, each where the server allows one. None:
 * a reason, and then the server declares no tools, prompts or resources (the Mcp-Name probe
 * needs one of them).
 */
async function probes(ctx: CheckContext, o: Own, id: string, header: (value: string) => string): Promise<Probe[] | string> {
  const out: Probe[] = [];
  const named = namedRequest(ctx, o, `${id}-name`, 'é-');
  if (typeof named !== 'string') out.push({ what: `Mcp-Name: ${header(named.name)} for ${named.message.method} of ${JSON.stringify(named.name)}`, message: named.message, headers: { 'Mcp-Name': header(named.name) } });
  const param = await paramProbe(ctx, o, `${id}-param`, header);
  if (typeof param !== 'string') out.push(param);
  if (out.length > 0) return out;
  return `${String(named)}; ${param}`;
}

export const encodingChecks = defineChecks({ page: 'basic/transports/streamable-http', revisions: MODERN, transports: ['streamable-http'], needs: ['own-session', 'raw-http'] }, [
  // #value-encoding: "Servers and intermediaries that need to inspect these values MUST decode
  // them accordingly. In particular, servers MUST decode an encoded Mcp-Name or Mcp-Param-{Name}
  // value before comparing it to the corresponding request body value".
  {
    id: 'http.modern-header-base64-decoded',
    title: 'Mcp-Name and Mcp-Param-* values in the =?base64?...?= form are decoded before comparing',
    spec: onlyModernAt('value-encoding', 'MUST'),
    requirement:
      'In particular, servers MUST decode an encoded Mcp-Name or Mcp-Param-{Name} value before comparing it to the corresponding request body value during Server Validation.',
    fix: 'Decode =?base64?{value}?= (UTF-8) before comparing a header with the body.',
    digest: ['SHTTP-122', 'SHTTP-132'],
    faults: ['modern-http-sentinel-not-decoded'],
    async run(ctx) {
      const o = await open(ctx);
      const list = await probes(ctx, o, 'sentinel', encodeHeaderValue);
      if (typeof list === 'string') return ctx.skip('not-declared', list);
      return expectAccepted(ctx, await send(ctx, o, list), `past header validation (no ${codeLabel(ErrorCode.HeaderMismatch)}): the sentinel decodes to the body value`);
    },
  },

  // #server-validation: "Validation failure conditions include: ... A header value contains
  // invalid characters." #server-behavior-for-custom-headers: "Servers MUST reject requests with
  // a recognized Mcp-Param-{Name} header that contains invalid characters".
  {
    id: 'http.modern-header-invalid-chars-rejected',
    title: 'Mcp-Name and Mcp-Param-* values with bytes outside visible ASCII get 400 with {code:HeaderMismatch}',
    spec: onlyModernAt('server-validation', 'MUST'),
    requirement:
      'Validation failure conditions include: A header value contains invalid characters. Servers MUST reject requests with a recognized Mcp-Param-{Name} header that contains invalid characters.',
    fix: 'Refuse header values with bytes outside visible ASCII (the base64 sentinel is the only way to carry them).',
    digest: ['SHTTP-122', 'SHTTP-132'],
    faults: ['modern-http-header-invalid-chars-accepted'],
    async run(ctx) {
      const o = await open(ctx);
      const list = await probes(ctx, o, 'raw-bytes', rawUtf8);
      if (typeof list === 'string') return ctx.skip('not-declared', list);
      // The evidence shows the bytes as UTF-8 again.
      return expectMismatch(ctx, (await send(ctx, o, list)).map((p) => ({ ...p, what: p.what.replaceAll(rawUtf8('é'), 'é (raw UTF-8 bytes)') })));
    },
  },
]);
