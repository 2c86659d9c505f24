// The error-code policy of 2026-07-28 (BASE-021..024): the McpSpec range belongs to the spec
// (only its own codes), ResourceNotFound and URLElicitationRequired are retired, the Legacy
// range is legacy. Each check provokes the errors a request can earn (unknown method, invalid
// params, unknown resource, missing _meta, unsupported version, a missing client capability, a
// tampered requestState, malformed inputResponses) and judges every code that came back.
import type { CheckContext } from '../../../../harness/checks/check.js';
import { defineChecks, type ServerEntry } from '../../../../harness/checks/define.js';
import type { Reply } from '../../../../harness/jsonrpc/types.js';
import { RANGE } from '../../../../harness/revisions.js';
import { CodeRange, ErrorCode, codeLabel, codeText, inCodeRange, rangeText, type CodeRangeName } from '../../../../harness/rules/error-codes.js';
import type { Json } from '../../../../harness/rules/json.js';
import { allCapabilities, clientRequests, isInputRequired, requestStateOf } from '../../../../harness/target/client-needs.js';
import { expectNone } from '../../../../harness/verify/index.js';

interface SeenError {
  what: string;
  code: unknown;
  message: string;
  seq?: number;
}

/** The codes 2026-07-28 defines in its reserved range (basic#error-codes). */
const DEFINED: number[] = [ErrorCode.HeaderMismatch, ErrorCode.MissingRequiredClientCapability, ErrorCode.UnsupportedProtocolVersion];
/** The standard JSON-RPC 2.0 codes MCP uses (basic#error-codes). */
const STANDARD: number[] = [ErrorCode.ParseError, ErrorCode.InvalidRequest, ErrorCode.MethodNotFound, ErrorCode.InvalidParams, ErrorCode.InternalError];
const RETIRED: Record<number, string> = { [ErrorCode.ResourceNotFound]: 'resource not found (2025-11-25 and earlier)', [ErrorCode.URLElicitationRequired]: 'URL elicitation required (2025-11-25 only)' };

/**
 * A range as these titles have always written it, highest first (as the spec's own sentences
 * name the Legacy range); {range:Name} reads lowest first.
 */
const span = (range: CodeRangeName): string => `${CodeRange[range][0]}..${CodeRange[range][1]}`;
/** The reserved range below the server-error block: JSON-RPC's pre-defined codes live there. */
const BELOW_SERVER_ERRORS = `${CodeRange.JsonRpcReserved[1]}..${CodeRange.ServerError[1] - 1}`;
const inReservedBelowServerErrors = (code: number): boolean => inCodeRange(code, 'JsonRpcReserved') && !inCodeRange(code, 'ServerError');

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
      const bad = errors.flatMap((e) => {
        const why = typeof e.code === 'number' ? spec.bad(e.code) : undefined;
        return why ? [{ text: `${e.what}: ${codeLabel(e.code)} (${why}) ${ctx.brief(e.message, 80)}`, ...(e.seq !== undefined ? { seq: e.seq } : {}) }] : [];
      });
      return expectNone(ctx, bad, {
        expected: spec.expected,
        judged: errors.length,
        note: `codes seen: ${[...new Set(errors.map((e) => String(e.code)))].join(', ')}`,
        nothing: { code: 'nothing-observed', detail: `none of the ${asked} request(s) meant to provoke an error got one` },
      });
    },
  };
}

const CODE_RULES: CodeRule[] = [
  // basic#error-codes: "Implementations MUST NOT emit any code from this sub-range that is not
  // defined by this specification and MUST use defined codes only with their specified meanings."
  {
    id: 'base.error-code-reserved-range',
    title: `No error code from ${span('McpSpec')} that the spec does not define`,
    level: 'MUST',
    requirement: 'Implementations MUST NOT emit any code from this sub-range that is not defined by this specification and MUST use defined codes only with their specified meanings.',
    digest: ['BASE-021'],
    faults: ['modern-error-code-undefined'],
    expected: `from ${span('McpSpec')} only ${DEFINED.join(', ')}`,
    bad: (code) => (inCodeRange(code, 'McpSpec') && !DEFINED.includes(code) ? 'reserved for the MCP specification, which does not define it' : undefined),
  },
  // basic#error-codes: "Implementations of this protocol version MUST NOT emit these codes":
  // ResourceNotFound and URLElicitationRequired.
  {
    id: 'base.error-code-retired',
    title: 'The retired codes {code:ResourceNotFound} and {code:URLElicitationRequired} are never sent',
    level: 'MUST',
    requirement: 'Implementations of this protocol version MUST NOT emit these codes',
    digest: ['BASE-022'],
    // The fault answers an unknown resource with the legacy code.
    faults: ['modern-resource-not-found-legacy-code'],
    expected: `no ${codeText('ResourceNotFound')} (resource not found is ${codeText('InvalidParams')} now) and no ${codeText('URLElicitationRequired')}`,
    bad: (code) => (RETIRED[code] ? `retired: ${RETIRED[code]}` : undefined),
  },
  // basic#error-codes: "new implementations SHOULD NOT use codes from this sub-range at all"
  // (the Legacy range). ResourceNotFound is judged by base.error-code-retired.
  {
    id: 'base.error-code-legacy-range',
    title: `No error code from the legacy range ${span('Legacy')}`,
    level: 'SHOULD',
    requirement: 'New codes MUST NOT be allocated in this sub-range, and new implementations SHOULD NOT use codes from this sub-range at all.',
    digest: ['BASE-023'],
    faults: ['modern-error-code-legacy-range'],
    expected: `standard JSON-RPC codes, the spec codes ${DEFINED.join(', ')}, or codes outside ${rangeText('JsonRpcReserved')}`,
    bad: (code) => (inCodeRange(code, 'Legacy') && code !== ErrorCode.ResourceNotFound ? `in the legacy range ${span('Legacy')}` : undefined),
  },
  // basic#error-codes: "New error codes for purposes not defined by this specification SHOULD be
  // allocated outside the JSON-RPC reserved range" (JsonRpcReserved). The ServerError block is
  // judged by the two rules above; this one takes the rest of the reserved range.
  {
    id: 'base.error-code-outside-jsonrpc-range',
    title: `No error code from ${BELOW_SERVER_ERRORS} other than the standard JSON-RPC ones`,
    level: 'SHOULD',
    requirement: `New error codes for purposes not defined by this specification SHOULD be allocated outside the JSON-RPC reserved range (${CodeRange.JsonRpcReserved[1]} to ${CodeRange.JsonRpcReserved[0]}); the remainder of the integer space is available for application-defined errors.`,
    digest: ['BASE-024'],
    faults: ['modern-error-code-jsonrpc-reserved'],
    expected: `from ${BELOW_SERVER_ERRORS} only the standard codes ${STANDARD.join(', ')}`,
    bad: (code) => (inReservedBelowServerErrors(code) && !STANDARD.includes(code) ? 'in the JSON-RPC reserved range, and no standard code' : undefined),
  },
];

export const errorCodeChecks = defineChecks({ page: 'basic/messages', revisions: RANGE.modern, needs: ['own-session'] }, CODE_RULES.map(codeRuleEntry));
