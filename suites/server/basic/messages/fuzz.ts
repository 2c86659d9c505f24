// Property-based fuzzing (fast-check): schema-derived valid, near-valid and hostile messages,
// and hostile stdio framing. Each property is a check. They run once per target, at the
// newest accepted revision of either era (scope 'target'): message handling rarely differs
// between revisions of an era, and four times the budget would buy little. At 2026-07-28 the
// requests carry the per-request _meta, the fence is server/discover and the methods are the
// revision's. What each class of input may expect is data (harness/fuzz/classes.ts): only a
// broken MUST fails; where the standards leave the handling open, a check warns at most. A
// failure carries the shrunk counterexample, the seed and path, and the wire excerpt of its
// replay on a fresh connection.
import fc from 'fast-check';
import type { CheckContext, Verdict } from '../../../../harness/checks/check.js';
import { defineChecks, type ServerEntry } from '../../../../harness/checks/define.js';
import { stdioFraming } from '../../../../harness/fuzz/framing.js';
import { isRaw, type FuzzInput, type FuzzMessage } from '../../../../harness/fuzz/messages.js';
import { answersOnce, errorCodes, notificationsUnanswered, survives, type FuzzProperty } from '../../../../harness/fuzz/properties.js';
import { keptCase, recheckAlone, runProperty, type KeptCase, type PropertyResult } from '../../../../harness/fuzz/run.js';
import type { RunSettings } from '../../../../harness/settings.js';
import { RANGE } from '../../../../harness/revisions.js';
import { ErrorCode } from '../../../../harness/rules/error-codes.js';
import { expectNone } from '../../../../harness/verify/index.js';
import { messages } from './refs.js';

/** Time allowed per random input on top of the usual check deadline (deep runs scale). */
const PER_RUN_MS = 60;

function deadlineMs(timeoutMs: number, settings: RunSettings): number {
  return timeoutMs * 4 + 5000 + settings.fuzz.runs * PER_RUN_MS;
}

/** Kept for the replay of the counterexample and for closing connections. */
const reserveMs = (timeoutMs: number): number => timeoutMs * 2 + 3000;

/** A property and how it is declared as a check (its id is `fuzz.<name>`). */
type FuzzRow = Omit<ServerEntry, 'id' | 'run' | 'scope' | 'long' | 'deadlineMs'> & { property: FuzzProperty<unknown> };

function fuzzEntry({ property, ...declared }: FuzzRow): ServerEntry {
  return {
    id: `fuzz.${property.name}`,
    scope: 'target',
    // Hundreds of exchanges: over HTTP started first, to end with the others. Over stdio last:
    // a session that carried fuzzing goes to fuzz properties only, so early it would make the
    // other checks wait for, or start, processes of their own.
    long: ['streamable-http', 'sse'],
    deadlineMs,
    ...declared,
    async run(ctx) {
      const { fuzz } = ctx.settings;
      if (!fuzz.enabled) return ctx.skip('not-allowed', 'disabled: --no-fuzz');
      const started = Date.now();
      const budgetMs = deadlineMs(ctx.timeoutMs, ctx.settings) - reserveMs(ctx.timeoutMs);
      // Tried again alone (the verdict may have rested on a timeout): the input in doubt only.
      const kept = ctx.retryOf as KeptCase<unknown> | undefined;
      const rechecked = kept ? await recheckAlone(ctx, property, kept) : undefined;
      const result = rechecked ?? (await runProperty(ctx, property, { seed: fuzz.seed, runs: fuzz.runs, budgetMs: budgetMs - (Date.now() - started) }));
      ctx.keepForRetry(keptCase(result));
      return verdictOf(ctx, property, result);
    },
  };
}

/**
 * A property is a rule over many inputs: none may break it. The inputs judged are counted; a
 * counterexample is the one violation shown, with its seed, path and replay; a SHOULD-level
 * miss (the property's `soft` judgement) warns.
 */
export function verdictOf<T>(ctx: CheckContext, prop: FuzzProperty<T>, r: PropertyResult<T>): Verdict {
  if (r.problem) return { status: 'error', reason: r.problem };
  // The budget ran out before one input was judged: a wait that ran out, tried again alone.
  if (r.starved) return ctx.skip('inconclusive', r.starved);
  const replayWith = `--seed ${ctx.settings.fuzz.seed} --check fuzz.${prop.name}`;
  if (r.failure) {
    const f = r.failure;
    const reproduced = f.replay.ok === false ? 'reproduced alone on a fresh connection (the wire excerpt ends with it)' : `not reproduced alone on a fresh connection (${f.replay.ok === true ? 'it passed there' : f.replay.why})`;
    const shrunk = f.shrinks > 0 ? `shrunk ${f.shrinks} times` : 'not shrunk';
    // The replay's own words when it reproduced the failure: its ids are the excerpt's.
    const shown = f.replay.ok === false ? f.replay : f.judgement;
    if (f.replay.ok === false) ctx.reproducedOnFreshConnection('the counterexample did the same on a fresh connection');
    return expectNone(ctx, [`${shown.actual}, after: ${prop.describe(f.input)}`], {
      expected: shown.expected,
      reason: `counterexample (${shrunk}): ${capped(fc.stringify(f.input))}; fast-check seed ${f.seed}, path ${f.path}; ${reproduced}; replay the run with ${replayWith}`,
    });
  }
  if (r.rechecked && !r.failure && !r.soft) return ctx.pass('the input in doubt, sent again alone with nothing else in flight, was handled as the spec says');
  const summary = r.rechecked ? 'only the input in doubt was sent again, alone' : `${r.runs} inputs (${r.examples} canonical, the rest random with seed ${ctx.settings.fuzz.seed}), ${r.stats.messages} messages, ${r.sessions} session(s)${r.interrupted ? '; stopped early by the time budget' : ''}${r.inconclusive ? `; ${r.inconclusive} input(s) inconclusive (the server died or hung: see fuzz.survives)` : ''}${r.notes.length ? `; ${r.notes.join('; ')}` : ''}`;
  const soft = r.soft;
  if (soft && soft.replay.ok === false) ctx.reproducedOnFreshConnection('the input did the same on a fresh connection');
  const shown = soft ? (soft.replay.ok === false ? soft.replay : soft.judgement) : undefined;
  return expectNone(ctx, soft && shown ? [`${shown.actual}, after: ${prop.describe(soft.input)}`] : [], {
    expected: shown?.expected ?? `every input handled as fuzz.${prop.name} requires`,
    note: summary,
    ...(soft
      ? {
          doubt: 'a SHOULD-level miss',
          reason: `${soft.replay.ok === false ? 'reproduced alone on a fresh connection: the wire excerpt ends with it' : 'not reproduced alone on a fresh connection'}; ${summary}; replay the run with ${replayWith}`,
        }
      : {}),
  });
}

const capped = (s: string, max = 600): string => (s.length > max ? `${s.slice(0, max)}…` : s);

/**
 * fuzz.error-codes grades the code of an error. Near-valid params the server accepted (ping
 * with params [], a request without a member it can do without) leave no error to grade, and
 * no sentence of JSON-RPC or MCP makes the server refuse them: whether a particular input must
 * be refused is the rule of its own check (base.invalid-params, logging.invalid-level, ...).
 * So such inputs are judged as the lenient class: any result is fine, an error's code is graded.
 */
const errorCodesOfErrors: FuzzProperty<FuzzInput> = {
  ...errorCodes,
  check: (env, input) => errorCodes.check(env, isRaw(input) ? input : gradedAsError(input)),
};

/**
 * How an input is graded by fuzz.error-codes: accepted near-valid params are no error (the
 * lenient class); params given as an array are no MCP Request at all (its schema makes params
 * an object), so InvalidRequest is as fitting as InvalidParams and both are accepted.
 */
function gradedAsError(input: FuzzMessage): FuzzMessage {
  const lenient: FuzzMessage = input.cls === 'invalid-params' ? { ...input, cls: 'invalid-params-lenient' } : input;
  return Array.isArray(input.params) ? { ...lenient, alsoAccept: [...(input.alsoAccept ?? []), ErrorCode.InvalidRequest] } : lenient;
}

const FUZZ_PROPERTIES: FuzzRow[] = [
  // basic/utilities/ping: "The receiver MUST respond promptly with an empty response." Asked
  // after every valid, near-valid and hostile input (10 000-deep nesting, 1 MB strings, lone
  // surrogates, ids beyond doubles, unknown methods, unparsable text): the server must live.
  // 2026-07-28 has no ping: server/discover ("Servers MUST implement it") is asked instead.
  {
    property: survives,
    title: 'After any valid, near-valid or hostile message the server is alive and answers the next request (ping; server/discover)',
    spec: [
      { url: 'basic/utilities/ping#behavior-requirements', level: 'MUST' },
      { from: '2026-07-28', url: 'server/discover', level: 'MUST' },
    ],
    requirement: 'The receiver MUST respond promptly with an empty response. (2026-07-28, server/discover: Servers MUST implement it.)',
    digest: ['PING-001'],
    faults: ['fuzz-crash-deep-nesting', 'crash-on-parse-error', 'crash-on-unknown-cancel'],
  },
  // basic#responses: "Responses MUST include the same ID as the request they correspond to";
  // JSON-RPC 2.0: the server MUST reply to each request, once. Pipelined valid and near-valid
  // requests with odd ids: one response each whose envelope validates against the revision's
  // schema (JSONRPCMessage). Silence to a request that breaks the schema is only a warning;
  // to one holding a lone surrogate (RFC 8259 section 8.2), or of no era at 2026-07-28, fine.
  {
    property: answersOnce,
    title: 'Every request gets exactly one response in time, a valid JSON-RPC response (a result object, or an error with an integer code)',
    spec: messages('responses', 'MUST'),
    requirement: 'Responses MUST include the same ID as the request they correspond to. (JSON-RPC 2.0: the Server MUST reply with a Response, except for in the case of Notifications.)',
    digest: ['BASE-005', 'BASE-006'],
    faults: ['fuzz-hang-long-id', 'fuzz-double-answer-extra-member', 'double-response-ping', 'modern-result-type-missing', 'http-error-id-null'],
    // At 2026-07-28 an unknown method is refused with HTTP 404 and a JSON-RPC error: id null there answers nothing sent.
    faultRevisions: { 'http-error-id-null': '2026-07-28..' },
  },
  // basic#messages: MCP messages "MUST follow the JSON-RPC 2.0 specification", whose codes
  // are ParseError, InvalidRequest, MethodNotFound and InvalidParams. MCP does not restate
  // them, so a wrong code is reported as a warning. Accepted near-valid params are no error to
  // grade (errorCodesOfErrors).
  {
    property: errorCodesOfErrors,
    title: 'Errors for unparsable input, invalid requests, unknown methods and invalid params carry the JSON-RPC code',
    spec: messages('messages', 'SHOULD'),
    requirement: 'JSON-RPC 2.0 section 5.1: {code:ParseError} Parse error, {code:InvalidRequest} Invalid Request, {code:MethodNotFound} Method not found, {code:InvalidParams} Invalid params',
    digest: ['BASE-020'],
    faults: ['fuzz-array-params-internal-error', 'parse-error-wrong-code', 'unknown-method-result', 'unknown-method-wrong-code', 'lenient-jsonrpc-version', 'invalid-params-wrong-code', 'modern-meta-capabilities-optional'],
  },
  // basic#notifications: "The receiver MUST NOT send a response" (2024-11-05: one-way, no
  // keyword). Known, unknown and request-shaped notifications, then the era's fence. An error
  // with id null for one holding a lone surrogate is accepted (taken for unparsable).
  {
    property: notificationsUnanswered,
    title: 'No notification gets a response, whatever its method (including request methods without an id)',
    spec: [
      { url: 'basic/messages#notifications', level: 'SHOULD' },
      { from: '2025-03-26', url: 'basic#notifications', level: 'MUST' },
    ],
    requirement: 'The receiver MUST NOT send a response.',
    digest: ['BASE-010'],
    faults: ['fuzz-answers-request-notification', 'answers-notifications'],
  },
  // basic/transports#stdio: the server reads newline-delimited JSON-RPC from stdin. Hostile
  // framing must not kill the server; well-framed requests (split across writes, after blank
  // lines, in a burst) are answered once; CRLF and 1 MB lines should be (a warning if not). The
  // keyword is JSON-RPC's, which all messages follow: "the Server MUST reply with a Response"
  // to each request, and unparsable input is a ParseError, not the end of the server.
  // (The framing sentence, "MUST NOT contain embedded newlines", binds the sender: not judged here.)
  {
    property: stdioFraming,
    title: 'Hostile stdio framing (invalid UTF-8, split writes, blank lines, CRLF, huge lines) is survived and well-framed requests answered',
    spec: messages('messages', 'MUST'),
    requirement:
      'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification (JSON-RPC 2.0: the Server MUST reply with a Response to each request; invalid JSON is a {code:ParseError} Parse error). The server reads JSON-RPC messages from its standard input (stdin); messages are delimited by newlines.',
    transports: ['stdio'],
    digest: ['BASE-001'],
    faults: ['fuzz-crash-invalid-utf8', 'crash-on-parse-error', 'double-response-ping'],
  },
];

export const fuzzChecks = defineChecks({ page: 'basic/messages', revisions: RANGE.all, needs: ['hostile-session', 'shared-session', 'raw-http'] }, FUZZ_PROPERTIES.map(fuzzEntry));
