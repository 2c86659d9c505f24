// Watching subscriptions/listen (2026-07-28, basic/patterns/subscriptions) the same way over
// stdio and Streamable HTTP. A listen is an ordinary request whose answer comes only when the
// subscription ends. Over stdio its frames share the connection and are told apart by
// `_meta` subscriptionId; over HTTP they come on the listen POST's own SSE stream, which the
// harness reads in the background while the check goes on (so a check waits for what it needs,
// a fence, instead of reading a stream for a fixed window).
import { randomUUID } from 'node:crypto';
import type { CheckContext } from '../checks/check.js';
import { isResponseTo, messageOf, type StreamWatch } from '../checks/http-access.js';
import type { JsonRpcId, Reply } from '../jsonrpc/types.js';
import type { Session } from '../sessions/session.js';

type Json = Record<string, unknown>;

export const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';
export const ACKNOWLEDGED = 'notifications/subscriptions/acknowledged';
/** The notifications a listen stream may carry (subscriptions#notification-filter), by filter field. */
export const STREAM_TYPES: Record<string, string> = {
  'notifications/tools/list_changed': 'toolsListChanged',
  'notifications/prompts/list_changed': 'promptsListChanged',
  'notifications/resources/list_changed': 'resourcesListChanged',
  'notifications/resources/updated': 'resourceSubscriptions',
};

export interface Filter {
  toolsListChanged?: boolean;
  promptsListChanged?: boolean;
  resourcesListChanged?: boolean;
  resourceSubscriptions?: string[];
}

/** One received message; over HTTP with the SSE stream it came on. */
export interface Frame {
  message: Json;
  seq?: number;
  stream?: string;
}

export interface Listen {
  id: JsonRpcId;
  filter: Filter;
  /** The answer: a result when the server ends the subscription, an error when it refuses it. */
  reply: Promise<Reply>;
}

/** Listen ids this run sent, by connection (the passive cancellation check knows them). */
const LISTEN_IDS = new Map<string, JsonRpcId[]>();

/** The subscriptions/listen ids this run sent on a connection. */
export function listenIdsOn(conn: string): JsonRpcId[] {
  return LISTEN_IDS.get(conn) ?? [];
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `_meta` subscriptionId of a notification (params) or a result; undefined when absent. */
export function subscriptionIdOf(m: Json): unknown {
  const holder = isObject(m.params) ? m.params : isObject(m.result) ? m.result : undefined;
  const meta = holder && isObject(holder._meta) ? holder._meta : undefined;
  return meta?.[SUBSCRIPTION_ID];
}

/** The same id whatever its JSON type (7 and "7"): only to tell which listen a frame is about. */
export const looselySame = (a: unknown, b: JsonRpcId): boolean => (typeof a === 'string' || typeof a === 'number') && String(a) === String(b);

export const methodOf = (m: Json): string | undefined => (typeof m.method === 'string' ? m.method : undefined);
const isNotification = (m: Json): boolean => typeof m.method === 'string' && !('id' in m);

/** The listens of one session and every message it received, attributed to streams. */
export class Listening {
  private readonly watch: StreamWatch | undefined;
  readonly listens: Listen[] = [];
  /** What the session carried before (a lent session has earlier checks' traffic): not ours. */
  private readonly mark: number;
  private readonly earlierStreams: Set<string>;
  /** What arrived by the time the exercise settled (see settle()). */
  private settled: Frame[] | undefined;

  constructor(
    ctx: CheckContext,
    readonly session: Session,
  ) {
    // Over HTTP, watch the streams before anything is sent: events are not replayed.
    this.watch = ctx.http?.kind === 'streamable-http' ? ctx.http.of(session).watch() : undefined;
    this.mark = session.mark();
    this.earlierStreams = new Set(this.watch?.streams.keys() ?? []);
  }

  get overHttp(): boolean {
    return this.watch !== undefined;
  }

  /**
   * Send subscriptions/listen; its answer is awaited by no one (it comes when the subscription
   * ends). Without an `id`, a fresh one: the listen stays pending on a lent session after the
   * check, so an id another check might send on it too would answer the wrong listen.
   */
  open(filter: Filter, waitMs: number, id: JsonRpcId = `listen-${randomUUID()}`): Listen {
    LISTEN_IDS.set(this.session.conn, [...listenIdsOn(this.session.conn), id]);
    const reply = this.session.request('subscriptions/listen', { notifications: filter }, { id, timeoutMs: waitMs });
    const listen = { id, filter, reply };
    this.listens.push(listen);
    return listen;
  }

  /**
   * The exercise is over: keep what arrived. Checks that judge it later read these frames,
   * with their wire numbers, after the session went back to the pool, which forgets what it
   * received.
   */
  settle(): void {
    this.settled = this.frames();
  }

  /** Every message received so far. Over HTTP each with its stream, in order within a stream. */
  frames(): Frame[] {
    if (this.settled) return this.settled;
    const inbound = this.session.since(this.mark).filter((m) => isObject(m.message)).map((m) => ({ message: m.message as Json, ...(m.seq !== undefined ? { seq: m.seq } : {}) }));
    if (!this.watch) return inbound;
    // Wire sequence numbers come from the session's inbound list (same JSON, same order).
    const seqs = new Map<string, number[]>();
    for (const f of inbound) {
      const key = JSON.stringify(f.message);
      seqs.set(key, [...(seqs.get(key) ?? []), f.seq ?? 0]);
    }
    const out: Frame[] = [];
    for (const [stream, s] of this.watch.streams) {
      if (this.earlierStreams.has(stream)) continue;
      for (const e of s.events) {
        const message = messageOf(e);
        if (!message) continue;
        const seq = seqs.get(JSON.stringify(message))?.shift();
        out.push({ message, stream, ...(seq ? { seq } : {}) });
      }
    }
    return out;
  }

  /** Over HTTP: has this SSE stream ended (nothing more can come on it)? */
  ended(stream: string): boolean {
    return this.watch?.streams.get(stream)?.ended ?? true;
  }

  /** The HTTP stream of a listen: the one carrying its acknowledgment, a frame tagged with its id, or its answer. */
  private streamOf(listen: Listen, frames: Frame[]): string | undefined {
    return frames.find((f) => looselySame(subscriptionIdOf(f.message), listen.id) || isResponseTo(f.message, listen.id))?.stream;
  }

  /**
   * The frames of a subscription, in order: over HTTP everything on its stream; over stdio
   * what carries its id (7 and "7" alike, so a wrongly typed id is still seen) and its answer.
   */
  framesOf(listen: Listen): Frame[] {
    const frames = this.frames();
    if (this.watch) {
      const stream = this.streamOf(listen, frames);
      return stream === undefined ? [] : frames.filter((f) => f.stream === stream);
    }
    return frames.filter((f) => looselySame(subscriptionIdOf(f.message), listen.id) || isResponseTo(f.message, listen.id));
  }

  /**
   * Stream-type notifications nobody can attribute (stdio: no subscriptionId at all): at
   * 2026-07-28 such notifications travel only on listen streams, so they belong to one.
   */
  unattributed(): Frame[] {
    if (this.watch) return [];
    return this.frames().filter((f) => isNotification(f.message) && (methodOf(f.message) === ACKNOWLEDGED || methodOf(f.message)! in STREAM_TYPES) && subscriptionIdOf(f.message) === undefined);
  }

  /** Is this frame on a listen stream (HTTP: the stream of a listen; stdio: it carries a subscriptionId)? */
  onListenStream(frame: Frame): boolean {
    if (!this.watch) return subscriptionIdOf(frame.message) !== undefined;
    const frames = this.frames();
    return this.listens.some((l) => frame.stream !== undefined && this.streamOf(l, frames) === frame.stream);
  }

  /** The acknowledgment of a listen, once it has come. */
  acknowledgment(listen: Listen): Frame | undefined {
    return this.framesOf(listen).find((f) => methodOf(f.message) === ACKNOWLEDGED);
  }

  /** Wait (event-driven) until `test` holds for the frames of `listen`, or `ms` pass. */
  async until(test: () => boolean, ms: number): Promise<boolean> {
    if (test()) return true;
    if (this.watch) return this.watch.until(test, ms);
    const found = await this.session.waitFor(() => test(), ms);
    return found !== undefined || test();
  }

  /** Stdio: end a subscription the client's way (notifications/cancelled naming the listen). */
  async cancel(listen: Listen): Promise<void> {
    if (!this.watch) await this.session.notify('notifications/cancelled', { requestId: listen.id, reason: 'mcp-conformance: done listening' });
  }
}

/** The acknowledged filter of an acknowledgment frame. */
export function acknowledgedFilter(frame: Frame | undefined): Json | undefined {
  const params = frame && isObject(frame.message.params) ? frame.message.params : undefined;
  return params && isObject(params.notifications) ? params.notifications : undefined;
}

/** The filter a check asks for: every list-changed type the server declares, and `uris` when it declares subscribe. */
export function fullFilter(capabilities: Json, uris: string[]): Filter {
  const filter: Filter = {};
  const has = (cap: string, field: string) => isObject(capabilities[cap]) && (capabilities[cap] as Json)[field] === true;
  if (has('tools', 'listChanged')) filter.toolsListChanged = true;
  if (has('prompts', 'listChanged')) filter.promptsListChanged = true;
  if (has('resources', 'listChanged')) filter.resourcesListChanged = true;
  if (has('resources', 'subscribe') && uris.length > 0) filter.resourceSubscriptions = uris;
  return filter;
}

/**
 * A listen for every list-changed type the server declares, open beside what the check does
 * next on `session`, once the server acknowledged it (or answered it, or --timeout passed). A
 * request-scoped notification (progress, a log message) that then arrives on it came on the
 * wrong stream: it belongs on the response stream of its request.
 */
export async function listenBeside(ctx: CheckContext, session: Session): Promise<Listening> {
  const listening = new Listening(ctx, session);
  const listen = listening.open(fullFilter(session.server.capabilities, []), ctx.timeoutMs * 20);
  let answered = false;
  void listen.reply.then(() => (answered = true));
  await listening.until(() => listening.acknowledgment(listen) !== undefined || answered, ctx.timeoutMs);
  return listening;
}
