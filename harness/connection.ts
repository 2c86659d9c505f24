// Opening one connection to a target: the right transport plus a JSON-RPC peer on it. For
// an HTTP URL, which transport it speaks is detected once per run (resolveHttpTarget), the
// way 2026-07-28 basic/transports/streamable-http#backward-compatibility tells clients to:
// a modern request first; then POST initialize; on 400, 404 or 405 without a recognized
// modern error, GET the URL expecting an SSE stream whose first event is `endpoint`.
import { Peer, type Role } from './jsonrpc/peer.js';
import { ObservationLog } from './observations.js';
import type { Pace } from './pacing/pace.js';
import type { RequestGate } from './pacing/rate-gate.js';
import { holdFor } from './pacing/start-gate.js';
import { NEWEST_LEGACY, NEWEST_MODERN } from './revisions.js';
import { initializeParams } from './sessions/legacy.js';
import { CLIENT_INFO, META_KEYS } from './sessions/session.js';
import type { Target, Transport } from './transport.js';
import { mirroredHeaders } from './transports/modern-headers.js';
import { withCredentials } from './transports/bearer.js';
import { LegacySseTransport } from './transports/legacy-sse.js';
import { StdioTransport } from './transports/stdio.js';
import { StreamableHttpTransport } from './transports/streamable-http.js';
import { WireLog } from './wire-log.js';

export interface ConnectOptions {
  /** Where observations go (one log per revision, shared by its connections). */
  observations?: ObservationLog;
  /** Per-request timeout in ms; also bounds how long the connection may take to come up. */
  timeoutMs: number;
  /** The side the tool plays on this connection (default: client, testing a server). */
  role?: Role;
  /** The target's pace: measured on this connection, and setting its patience. */
  pace?: Pace;
  /** stdio: give up a start still waiting for its turn (see pacing/start-gate.ts). */
  startSignal?: AbortSignal;
}

type HttpTarget = Extract<Target, { kind: 'http' }>;

/** Targets the detection found unusable, with the sentence that says why (no session can start). */
const refusals = new WeakMap<Target, string>();

export async function openConnection(target: Target, opts: ConnectOptions): Promise<Peer> {
  const wire = new WireLog();
  const observations = opts.observations ?? new ObservationLog();
  const pace = opts.pace;
  const transportOptions = { wire, observations, connectTimeoutMs: opts.timeoutMs, ...(pace ? { startHoldMs: holdFor(pace.slowestStartMs, pace.startupTimeoutMs), gate: pace.gate } : {}), ...(opts.startSignal ? { startSignal: opts.startSignal } : {}) };
  let transport: Transport;
  if (target.kind === 'stdio') {
    const stdio = new StdioTransport(target, transportOptions);
    await stdio.open();
    transport = stdio;
  } else {
    const refusal = refusals.get(target);
    if (refusal) throw new Error(refusal);
    // HTTP+SSE opens on its first message (or an explicit open()), Streamable HTTP has no open step.
    transport = target.transport === 'sse' ? new LegacySseTransport(target, transportOptions) : new StreamableHttpTransport(target, transportOptions);
  }
  return new Peer({ transport, wire, observations, timeoutMs: opts.timeoutMs, role: opts.role ?? 'client', ...(pace ? { pace } : {}) });
}

/** What probing an HTTP URL found. */
export interface HttpDetection {
  transport: 'streamable-http' | 'sse';
  /** One sentence: what was tried and what answered. */
  detail: string;
  /** Set when no session can start at all (authorization required, a redirect): why. */
  refusal?: string;
}

/** JSON-RPC error codes only a modern (2026-07-28) server sends, with the 4xx statuses they come with. */
const MODERN_ERRORS = new Set([-32020, -32021, -32022]);

/** Does this 4xx body hold a recognized modern JSON-RPC error (or a 404 with -32601)? */
function modernErrorBody(status: number, body: string | undefined): boolean {
  try {
    const code = (JSON.parse(body ?? '') as { error?: { code?: unknown } }).error?.code;
    return typeof code === 'number' && (MODERN_ERRORS.has(code) || (status === 404 && code === -32601) || (status === 400 && code === -32602));
  } catch {
    return false;
  }
}

/**
 * A modern request first (server/discover at the newest modern revision): a 2xx or a modern
 * error body means Streamable HTTP. Then POST initialize (newest legacy revision): a 2xx means
 * Streamable HTTP; 400/404/405 lead to a GET expecting the `endpoint` event of HTTP+SSE. 401
 * and redirects stop here: no transport works without the user's help.
 */
export async function detectHttpTransport(target: HttpTarget, timeoutMs: number, firstAnswerMs = timeoutMs, gate?: RequestGate): Promise<HttpDetection> {
  const wire = new WireLog();
  const options = { wire, observations: new ObservationLog(), connectTimeoutMs: timeoutMs, ...(gate ? { gate } : {}) };
  const http = new StreamableHttpTransport({ ...target, transport: 'streamable-http' }, options);
  const discover = {
    jsonrpc: '2.0',
    id: 'mcp-conformance-detect-modern',
    method: 'server/discover',
    params: { _meta: { [META_KEYS.protocolVersion]: NEWEST_MODERN, [META_KEYS.clientCapabilities]: {}, [META_KEYS.clientInfo]: CLIENT_INFO } },
  };
  const body = JSON.stringify({ jsonrpc: '2.0', id: 'mcp-conformance-detect', method: 'initialize', params: initializeParams(NEWEST_LEGACY) });
  let info;
  try {
    // The first request may find a slow server still busy: it gets the startup timeout.
    const modern = await http.post(JSON.stringify(discover), { headers: mirroredHeaders(discover), timeoutMs: firstAnswerMs });
    // A URL that takes requests and answers nothing, in all that time, is silent: say so now.
    if (!modern && /No response headers/.test(lastEvent(wire))) {
      const refusal = `the server answered nothing: POST server/discover got no response within ${firstAnswerMs} ms`;
      return { transport: 'streamable-http', detail: refusal, refusal };
    }
    const refused = modern && refusalOf(target, modern.status, modern.headers, 'POST server/discover');
    if (refused) return refused;
    if (modern && modern.status >= 200 && modern.status < 300) return { transport: 'streamable-http', detail: `POST server/discover answered HTTP ${modern.status}: Streamable HTTP (2026-07-28)` };
    if (modern && modernErrorBody(modern.status, modern.body)) return { transport: 'streamable-http', detail: `POST server/discover answered HTTP ${modern.status} with a modern JSON-RPC error: Streamable HTTP` };
    info = await http.post(body);
  } finally {
    await http.close();
  }
  if (!info) return { transport: 'streamable-http', detail: `POST initialize got no answer (${lastEvent(wire)})` };
  const status = info.status;
  if (status >= 200 && status < 300) return { transport: 'streamable-http', detail: `POST initialize answered HTTP ${status}: Streamable HTTP` };
  const refused = refusalOf(target, status, info.headers, 'POST initialize');
  if (refused) return refused;
  if (status !== 400 && status !== 404 && status !== 405) return { transport: 'streamable-http', detail: `POST initialize answered HTTP ${status}` };
  const sse = new LegacySseTransport({ ...target, transport: 'sse' }, options);
  try {
    await sse.open();
    return { transport: 'sse', detail: `POST initialize answered HTTP ${status}; GET opened an SSE stream with an endpoint event: HTTP+SSE (2024-11-05)` };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { transport: 'streamable-http', detail: `POST initialize answered HTTP ${status}, and the HTTP+SSE fallback failed: ${why}` };
  } finally {
    await sse.close();
  }
}

/** 401 and redirects: nothing works without the user's help. */
function refusalOf(target: HttpTarget, status: number, headers: Record<string, string>, what: string): HttpDetection | undefined {
  if (status === 401) {
    const challenge = headers['www-authenticate'];
    const sent = withCredentials(target);
    const said = challenge ? ` (WWW-Authenticate: ${challenge})` : '';
    const refusal = sent
      ? `the server refused the credentials: HTTP 401 to ${what}${said}`
      : `the server requires authorization: HTTP 401 to ${what}; pass --auth-token <token> or --header "Authorization: ..."${said}`;
    return { transport: 'streamable-http', detail: refusal, refusal };
  }
  if (status >= 300 && status < 400) {
    const refusal = `${what} was redirected (HTTP ${status}${headers.location ? ` to ${headers.location}` : ''}); redirects are not followed: give the final URL`;
    return { transport: 'streamable-http', detail: refusal, refusal };
  }
  return undefined;
}

/**
 * The target with its transport pinned: the forced one (--transport), else the detected one.
 * A target nothing can talk to makes openConnection throw the detection's sentence.
 */
export async function resolveHttpTarget(target: HttpTarget, timeoutMs: number, firstAnswerMs = timeoutMs, gate?: RequestGate): Promise<HttpTarget & { detection?: HttpDetection }> {
  if (target.transport === 'sse') return target;
  const detection = await detectHttpTransport(target, timeoutMs, firstAnswerMs, gate);
  const resolved = { ...target, transport: target.transport ?? detection.transport, detection };
  if (detection.refusal) refusals.set(resolved, detection.refusal);
  return resolved;
}

function lastEvent(wire: WireLog): string {
  return wire.entries.filter((e) => e.dir === 'event').at(-1)?.text ?? 'nothing happened';
}
