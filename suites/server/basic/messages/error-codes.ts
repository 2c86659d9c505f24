// The error-code policy of 2026-07-28 (BASE-021..024): -32020..-32099 belong to the spec (only
// its own codes), -32002 and -32042 are retired, -32000..-32019 are legacy. Each check provokes
// the errors a request can earn (unknown method, invalid params, unknown resource, missing
// _meta, unsupported version, a missing client capability, a tampered requestState, malformed
// inputResponses) and judges every code that came back.
import type { CheckContext } from '../../../../harness/checks/check.js';
import { defineChecks, type ServerEntry } from '../../../../harness/checks/define.js';
import type { Reply } from '../../../../harness/jsonrpc/types.js';
import { RANGE } from '../../../../harness/revisions.js';
import { allCapabilities, clientRequests, isInputRequired, requestStateOf } from '../../../../harness/target/client-needs.js';

type Json = Record<string, unknown>;

interface SeenError {
  what: string;
  code: unknown;
  message: string;
  seq?: number;
}

/** The codes 2026-07-28 defines in its reserved range (basic#error-codes). */
const DEFINED = [-32020, -32021, -32022];
/** The standard JSON-RPC 2.0 codes MCP uses (basic#error-codes). */
const STANDARD = [-32700, -32600, -32601, -32602, -32603];
const RETIRED: Record<number, string> = { [-32002]: 'resource not found (2025-11-25 and earlier)', [-32042]: 'URL elicitation required (2025-11-25 only)' };

async function provokeErrors(ctx: CheckContext): Promise<{ errors: SeenError[]; asked: number }> {
  const session = await ctx.session();
  const errors: SeenError[] = [];
  let asked = 0;
  const note = (what: string, reply: Reply): Reply => {
    asked++;
    if (reply.kind === 'error') errors.push({ what, code: reply.error.code, message: String(reply.error.message ?? '').slice(0, 120), ...(reply.seq !== undefined ? { seq: reply.seq } : {}) });
    return reply;
  };
  const caps = session.server.capabilities;
  note('an unknown method', await session.request('x-conformance/unknown-method', {}));
  if (caps.tools) note('tools/call with arguments a string', await session.request('tools/call', { name: 'mcp-conformance-no-such-tool', arguments: 'x' }, { malformed: 'arguments a string, to provoke invalid params' }));
  if (caps.resources) note('resources/read of an unknown URI', await session.request('resources/read', { uri: 'mcp-conformance://no-such-resource' }));
  note('a request without clientCapabilities', await session.request(session.rev.fence, {}, { meta: { clientCapabilities: null } }));
  note('a request at protocol version 2099-12-31', await session.request(session.rev.fence, {}, { meta: { protocolVersion: '2099-12-31' } }));
  // A request that asks the client for input: without the capability, then its retry spoiled.
  for (const r of await clientRequests(ctx)) {
    const first = await session.request(r.method, r.params, { meta: { clientCapabilities: allCapabilities(ctx) } });
    asked++;
    const state = requestStateOf(first);
    if (!isInputRequired(first) || state === undefined) continue;
    note(`${r.what} without the client capabilities it needs`, await session.request(r.method, r.params));
    const retry = (extra: Json, malformed?: string) => session.request(r.method, { ...r.params, ...extra }, { meta: { clientCapabilities: allCapabilities(ctx) }, ...(malformed ? { malformed } : {}) });
    note(`${r.what} retried with a tampered requestState`, await retry({ requestState: `${state}x`, inputResponses: {} }));
    note(`${r.what} retried with inputResponses not an object`, await retry({ requestState: state, inputResponses: 'not-an-object' }, 'inputResponses a string, to provoke invalid params'));
    break;
  }
  return { errors, asked };
}

/** One rule of the code policy: which codes break it, as data. */
interface CodeRule {
  id: string;
  title: string;
  level: 'MUST' | 'SHOULD';
  requirement: string;
  digest: string[];
  faults: string[];
  expected: string;
  bad: (code: number) => string | undefined;
}

/** Every rule provokes the same errors and judges each code that came back by its `bad`. */
function codeRuleEntry(spec: CodeRule): ServerEntry {
  return {
    id: spec.id,
    title: spec.title,
    spec: { url: 'basic#error-codes', level: spec.level },
    requirement: spec.requirement,
    digest: spec.digest,
    faults: spec.faults,
    async run(ctx) {
      const { errors, asked } = await provokeErrors(ctx);
      if (errors.length === 0) return ctx.skip(`none of the ${asked} request(s) meant to provoke an error got one`);
      const bad = errors.flatMap((e) => {
        const why = typeof e.code === 'number' ? spec.bad(e.code) : undefined;
        return why ? [{ ...e, why }] : [];
      });
      if (bad.length === 0) return ctx.pass(`codes seen: ${[...new Set(errors.map((e) => String(e.code)))].join(', ')}`);
      ctx.cite(...bad.flatMap((b) => (b.seq !== undefined ? [b.seq] : [])));
      return ctx.fail({ expected: spec.expected, actual: bad.slice(0, 3).map((b) => `${b.what}: ${String(b.code)} (${b.why}) ${ctx.brief(b.message, 80)}`).join('; ') });
    },
  };
}

const CODE_RULES: CodeRule[] = [
  // basic#error-codes: "Implementations MUST NOT emit any code from this sub-range that is not
  // defined by this specification and MUST use defined codes only with their specified meanings."
  {
    id: 'base.error-code-reserved-range',
    title: 'No error code from -32020..-32099 that the spec does not define',
    level: 'MUST',
    requirement: 'Implementations MUST NOT emit any code from this sub-range that is not defined by this specification and MUST use defined codes only with their specified meanings.',
    digest: ['BASE-021'],
    faults: ['modern-error-code-undefined'],
    expected: 'from -32020..-32099 only -32020, -32021 and -32022',
    bad: (code) => (code <= -32020 && code >= -32099 && !DEFINED.includes(code) ? 'reserved for the MCP specification, which does not define it' : undefined),
  },
  // basic#error-codes: "Implementations of this protocol version MUST NOT emit these codes:
  // -32002 ... -32042".
  {
    id: 'base.error-code-retired',
    title: 'The retired codes -32002 and -32042 are never sent',
    level: 'MUST',
    requirement: 'Implementations of this protocol version MUST NOT emit these codes',
    digest: ['BASE-022'],
    faults: ['modern-resource-not-found-32002'],
    expected: 'no -32002 (resource not found is -32602 now) and no -32042',
    bad: (code) => (RETIRED[code] ? `retired: ${RETIRED[code]}` : undefined),
  },
  // basic#error-codes: "new implementations SHOULD NOT use codes from this sub-range at all"
  // (-32000..-32019). -32002 is judged by base.error-code-retired.
  {
    id: 'base.error-code-legacy-range',
    title: 'No error code from the legacy range -32000..-32019',
    level: 'SHOULD',
    requirement: 'New codes MUST NOT be allocated in this sub-range, and new implementations SHOULD NOT use codes from this sub-range at all.',
    digest: ['BASE-023'],
    faults: ['modern-error-code-legacy-range'],
    expected: 'standard JSON-RPC codes, the spec codes -32020..-32022, or codes outside -32768..-32000',
    bad: (code) => (code <= -32000 && code >= -32019 && code !== -32002 ? 'in the legacy range -32000..-32019' : undefined),
  },
  // basic#error-codes: "New error codes for purposes not defined by this specification SHOULD be
  // allocated outside the JSON-RPC reserved range (-32768 to -32000)". -32099..-32000 is judged
  // by the two rules above; this one takes the rest of the reserved range.
  {
    id: 'base.error-code-outside-jsonrpc-range',
    title: 'No error code from -32768..-32100 other than the standard JSON-RPC ones',
    level: 'SHOULD',
    requirement: 'New error codes for purposes not defined by this specification SHOULD be allocated outside the JSON-RPC reserved range (-32768 to -32000); the remainder of the integer space is available for application-defined errors.',
    digest: ['BASE-024'],
    faults: ['modern-error-code-jsonrpc-reserved'],
    expected: 'from -32768..-32100 only the standard codes -32700 and -32600..-32603',
    bad: (code) => (code <= -32100 && code >= -32768 && !STANDARD.includes(code) ? 'in the JSON-RPC reserved range, and no standard code' : undefined),
  },
];

export const errorCodeChecks = defineChecks({ page: 'basic/messages', revisions: RANGE.modern, needs: ['own-session'] }, CODE_RULES.map(codeRuleEntry));
