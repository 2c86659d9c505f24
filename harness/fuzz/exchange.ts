// Talking to the target while fuzzing: a connection that is reopened after a crash or hang
// (a fresh session of the era: a new process on stdio, a new session on HTTP), and one
// exchange: send inputs back to back (pipelined), then the era's fence (ping, server/discover),
// then sort what came back into answers per request, stray responses, and requests left
// unanswered. 2026-07-28: requests carry the per-request _meta; over Streamable HTTP each
// input is its own POST with the headers a client mirrors from such a body, and is answered
// on that POST.
import type { CheckContext, Hostile } from '../checks/check.js';
import type { HttpConversation } from '../checks/http-access.js';
import type { Peer } from '../jsonrpc/peer.js';
import type { ObservationKind } from '../observations.js';
import { notificationsOnly, type Reply } from '../jsonrpc/types.js';
import { peerOf } from '../sessions/conversation.js';
import type { Session } from '../sessions/session.js';
import { mirroredHeaders } from '../transports/modern-headers.js';
import { messageOf } from '../transports/sse-watch.js';
import { IdSource, idKey, render, type FuzzInput, type Rendered } from './messages.js';

/**
 * Observation kinds the fuzzer judges itself, kept out of the revision's log: replies to ids
 * no peer can match (1.5, 1e400) and to hostile input would otherwise trip passive checks
 * about ordinary traffic. Framing observations (stdout noise) still reach the stdio checks.
 * Batch frames are kept out too: fuzzing sends batches ('[{}]') at every revision, and a lenient server
 * answers in kind, which says nothing of what the server sends of its own accord.
 */
export const PRIVATE_OBSERVATIONS: readonly ObservationKind[] = ['duplicate-response', 'unknown-response-id', 'schema-invalid', 'batch-frame'];

/** The harness could not go on (the target cannot be restarted): an error, not a verdict. */
export class HarnessProblem extends Error {}

export interface Conn {
  session: Session;
  ids: IdSource;
  /** 2026-07-28 over Streamable HTTP: inputs go as raw POSTs with mirrored headers. */
  http?: HttpConversation;
  /** The era's per-request _meta (2026-07-28), for rendering; undefined in the legacy era. */
  meta?: Record<string, unknown>;
  /** A tool's inputSchema by name (Mcp-Param-* headers). */
  inputSchemaOf?: (tool: string) => unknown;
}

/** Ids used on a connection, whichever property used it: their late answers are no strays. */
const idsOf = new WeakMap<Peer, IdSource>();

export class Connections {
  private current: Conn | undefined;
  /** Sessions opened (the first one included). */
  opened = 0;
  /** Take a session another fuzz property left ('reuse'), or only one never fuzzed ('clean'). */
  private hostile: Hostile = 'reuse';

  constructor(
    private readonly ctx: CheckContext,
    private readonly inputSchemaOf?: (tool: string) => unknown,
  ) {}

  async get(): Promise<Conn> {
    if (this.current && !this.current.session.closed) return this.current;
    let session: Session;
    try {
      session = await this.ctx.session({ privateObservations: PRIVATE_OBSERVATIONS, hostile: this.hostile });
    } catch (e) {
      throw new HarnessProblem(`could not open a new session: ${e instanceof Error ? e.message : String(e)}`);
    }
    this.opened++;
    const peer = peerOf(session);
    const ids = idsOf.get(peer) ?? new IdSource();
    idsOf.set(peer, ids);
    const params = session.build(session.rev.fence, {}, { id: 0 }).params as Record<string, unknown> | undefined;
    const meta = session.era === 'modern' && typeof params?._meta === 'object' && params._meta !== null ? (params._meta as Record<string, unknown>) : undefined;
    const http = session.era === 'modern' && this.ctx.http?.kind === 'streamable-http' ? this.ctx.http.of(session) : undefined;
    this.current = { session, ids, ...(http ? { http } : {}), ...(meta ? { meta } : {}), ...(this.inputSchemaOf ? { inputSchemaOf: this.inputSchemaOf } : {}) };
    return this.current;
  }

  /** Drop the connection (after a hang: the process is ended); the next get() opens another. */
  async discard(): Promise<void> {
    const current = this.current;
    this.current = undefined;
    if (current) await peerOf(current.session).close();
  }

  /** Drop the connection; from now on only sessions no fuzzing touched (a replay alone). */
  async clean(): Promise<void> {
    this.hostile = 'clean';
    await this.discard();
  }

  /**
   * Let go of the connection without closing it: the runner gives it back to the pool, which
   * lends it to other fuzz properties only (on stdio that saves them a process each).
   */
  leave(): void {
    this.current = undefined;
  }
}

export interface Exchange {
  rendered: Rendered[];
  /** Responses carrying the id of rendered[i]. */
  answers: Record<string, unknown>[][];
  /** Responses (result or error) that answer nothing we sent: id null, absent or unknown. */
  stray: Record<string, unknown>[];
  /** The era's fence; undefined when none was needed (every input's POST was answered: see exchange). */
  fence?: Reply;
  /** Indices of owed requests still unanswered when waiting ended. */
  unanswered: number[];
  /**
   * Over HTTP: requests (by index) whose POST was refused with an HTTP error status and a
   * JSON-RPC error in its body that carries no id of theirs (id null), and that error. The
   * refusal is their answer: nothing more will come for them.
   */
  refusedWithError: Map<number, Record<string, unknown>>;
  /** Where the exchange began in the session's inbound stream (answers that come later are after it). */
  mark: number;
}

export interface ExchangeOptions {
  owner: string;
  /** How long an owed answer may take (from the send). */
  timeoutMs: number;
  /**
   * Which rendered inputs owe an answer with their id (default: none). A `soft` debt is
   * waited for only briefly after the fence (a server may rightly stay silent).
   */
  owed?: (r: Rendered) => boolean | 'soft';
  /** After the fence, wait at most this long for owed answers (default: until timeoutMs). */
  afterFenceMs?: number;
  /** After the fence, wait this long for softly owed answers (default SOFT_SETTLE_MS; 0 when the caller looks again later). */
  softMs?: number;
  /**
   * Send the era's fence even when every input's POST was answered (the property judges
   * whether the server lives on; the others learn nothing more from it).
   */
  alwaysFence?: boolean;
  /** Custom writing of the inputs (framing); default: each text as one line. */
  write?: (session: Session, rendered: Rendered[]) => Promise<void>;
}

/** How long after the fence a softly owed answer may still come. */
export const SOFT_SETTLE_MS = 100;

export const isResponse = (m: unknown): m is Record<string, unknown> =>
  typeof m === 'object' && m !== null && !Array.isArray(m) && !('method' in m) && ('result' in m || 'error' in m);

export async function exchange(conn: Conn, inputs: FuzzInput[], opts: ExchangeOptions): Promise<Exchange> {
  const { session } = conn;
  const rendered = inputs.map((i) => render(i, conn.ids, conn.meta ? { meta: conn.meta } : {}));
  const keys = rendered.map((r) => (r.id === undefined ? undefined : idKey(r.id)));
  const owed = rendered.map((r) => (r.id === undefined ? false : (opts.owed?.(r) ?? false)));
  const started = Date.now();
  const mark = session.mark();
  let posted: Record<string, unknown>[] = [];
  let fence: Reply | undefined;
  const refusedWithError = new Map<number, Record<string, unknown>>();
  if (conn.http) {
    // Each POST carries its own answer: all of them back is the fence. A POST that got no
    // HTTP answer at all leaves the server's life in doubt: the era's fence then tells.
    const answers = await Promise.all(rendered.map((r) => postOne(conn, r, opts)));
    posted = answers.flatMap((a) => a.messages);
    answers.forEach((a, i) => {
      const body = a.status >= 400 && keys[i] !== undefined ? a.messages.find(idlessError) : undefined;
      if (body) refusedWithError.set(i, body);
    });
    if (opts.alwaysFence || answers.some((a) => a.status === 0)) fence = await session.fence(opts.timeoutMs);
  } else {
    // Waiters first: a fast server answers before the send resolves.
    const waits = rendered.map((r, i) =>
      owed[i] ? session.waitFor((m) => isResponse(m.message) && idKey(m.message.id) === keys[i], opts.timeoutMs) : Promise.resolve(undefined),
    );
    if (opts.write) await opts.write(session, rendered);
    else await Promise.all(rendered.map((r) => session.sendRaw(r.text)));
    fence = await session.fence(opts.timeoutMs);
    if (fence.kind === 'result' || fence.kind === 'error') {
      const left = opts.timeoutMs - (Date.now() - started);
      const limit = Math.max(0, Math.min(left, opts.afterFenceMs ?? left));
      const soft = Math.min(limit, opts.softMs ?? SOFT_SETTLE_MS);
      // A request whose POST was refused with no response of its own gets none later: no wait.
      await Promise.all(waits.map((w, i) => (session.refused(rendered[i]?.id) ? undefined : within(w, owed[i] === 'soft' ? soft : limit))));
    }
  }
  const fenceId = fence && (fence.kind === 'result' || fence.kind === 'error') ? idKey(fence.message.id) : undefined;
  const byKey = new Map<string, number>();
  keys.forEach((k, i) => k !== undefined && byKey.set(k, i));
  const answers: Record<string, unknown>[][] = rendered.map(() => []);
  const stray: Record<string, unknown>[] = [];
  for (const message of [...posted, ...session.since(mark).map((m) => m.message)]) {
    if (!isResponse(message)) continue;
    const key = message.id === null || message.id === undefined ? undefined : idKey(message.id);
    const index = key === undefined ? undefined : byKey.get(key);
    if (index !== undefined) (answers[index] as Record<string, unknown>[]).push(message);
    else if (key !== undefined && (key === fenceId || session.sentRequestWithId(message.id) || conn.ids.used.has(key))) continue;
    else stray.push(message);
  }
  if (!conn.http) {
    // Streamable HTTP before 2026-07-28 posts each input on its own, and the session tells
    // only which ids were refused with no response of theirs; the id-null errors the refusal
    // bodies carried are among the strays, one per refused POST that had one. As many refused
    // requests as there are such errors were answered by their refusal.
    // They are paired in order (the bodies come as the POSTs are answered).
    const refused = rendered.flatMap((r, i) => (answers[i]?.length === 0 && session.refused(r.id) ? [i] : []));
    const bodies = stray.filter(idlessError);
    refused.forEach((i, n) => {
      const body = bodies[n];
      if (body) refusedWithError.set(i, body);
    });
  }
  const unanswered = owed.flatMap((o, i) => (o && answers[i]?.length === 0 && !refusedWithError.has(i) ? [i] : []));
  return { rendered, answers, stray, fence, unanswered, mark, refusedWithError };
}

/** An error response with id null or none: a refusal that names no request of ours. */
const idlessError = (m: Record<string, unknown>): boolean => isResponse(m) && 'error' in m && (m.id === null || m.id === undefined);

const HEADER_SAFE = /^[\x20-\x7e]*$/;

/**
 * 2026-07-28 Streamable HTTP: one input as its own POST, with the headers a conforming client
 * mirrors from such a body (a header whose value could not be sent is left out: the server may
 * then refuse the POST with HeaderMismatch). The JSON-RPC messages of its answer.
 */
async function postOne(conn: Conn, r: Rendered, opts: ExchangeOptions): Promise<{ status: number; messages: Record<string, unknown>[] }> {
  let body: unknown;
  try {
    body = JSON.parse(r.text);
  } catch {
    body = undefined;
  }
  const message = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const mirrored = mirroredHeaders(message, conn.inputSchemaOf);
  const version = conn.meta?.['io.modelcontextprotocol/protocolVersion'];
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    ...(typeof version === 'string' ? { 'MCP-Protocol-Version': version } : {}),
    // Unparsable text still goes as a request would: with the method of the era's fence.
    ...(typeof message.method === 'string' ? {} : { 'Mcp-Method': conn.session.rev.fence }),
  };
  for (const [k, v] of Object.entries(mirrored)) if (typeof v === 'string' && HEADER_SAFE.test(v)) headers[k] = v;
  const res = await (conn.http as HttpConversation).raw({
    method: 'POST',
    headers,
    body: r.text,
    owner: opts.owner,
    timeoutMs: opts.timeoutMs,
    sseWindowMs: opts.timeoutMs,
    sseUntil: (events) => events.some((e) => isResponse(messageOf(e))),
  });
  // A refused notification is answered by the HTTP status alone (see notificationsOnly).
  if (res.status >= 400 && notificationsOnly(r.text)) return { status: res.status, messages: [] };
  const found = res.events ? res.events.map(messageOf) : Array.isArray(res.json) ? (res.json as unknown[]) : res.json === undefined ? [] : [res.json];
  return { status: res.status, messages: found.filter((m): m is Record<string, unknown> => typeof m === 'object' && m !== null && !Array.isArray(m)) };
}

/** Every response with the id of `x.rendered[i]` that has come on `session` since the exchange began (late ones included). */
export function answersSince(session: Session, x: Exchange, i: number): Record<string, unknown>[] {
  const id = x.rendered[i]?.id;
  if (id === undefined) return [];
  const key = idKey(id);
  return session
    .since(x.mark)
    .map((m) => m.message)
    .filter((m): m is Record<string, unknown> => isResponse(m) && m.id !== null && m.id !== undefined && idKey(m.id) === key);
}

/** Was the server alive at the end (its fence answered, or no fence needed: every POST was answered)? */
export const alive = (x: Exchange): boolean => x.fence === undefined || x.fence.kind === 'result' || x.fence.kind === 'error';

/** `p`, or undefined after `ms` (the timer is cleared as soon as `p` settles). */
export function within<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<undefined>((r) => {
    timer = setTimeout(() => r(undefined), ms);
  });
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}
