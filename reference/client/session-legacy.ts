// The legacy era (2024-11-05..2025-11-25): the initialize handshake and version check,
// notifications/initialized, answers to server requests, and on Streamable HTTP the session
// id, MCP-Protocol-Version, the GET stream, re-initialize after 404, DELETE at the end.
import { answer, progressFor } from './answers.js';
import { isOn } from './faults.js';
import { RpcError, isObject, type Id, type Json } from './jsonrpc.js';
import { Fatal, verbose } from './log.js';
import type { Peer } from './peer.js';
import { replies } from './replies.js';
import { CLIENT_INFO, NEWEST_LEGACY, OLDEST_LEGACY, atLeast, clientCapabilities, isLegacy, type LegacyRevision, type Offer } from './revisions.js';
import { onWire, type Session } from './session.js';
import { HttpStatusError } from './transports/channel.js';
import type { StreamableHttpChannel } from './transports/http.js';

export interface LegacyOptions {
  /** The version initialize asks for: the newest, or one the server listed. */
  ask: LegacyRevision;
  offer: Offer;
  timeoutMs: number;
}

/** The HTTP status behind an error, if it came from an HTTP answer. */
export function httpStatus(e: unknown): number | undefined {
  if (e instanceof HttpStatusError) return e.status;
  if (e instanceof RpcError) return e.status;
  return undefined;
}

const MAX_REINITS = 2;
/** The initialize-cancelled fault's patience: shorter than any slow initialize worth the name. */
const IMPATIENT_MS = 250;

export class LegacySession implements Session {
  readonly era = 'legacy';
  revision: LegacyRevision = NEWEST_LEGACY;
  serverCapabilities: Json = {};
  private declared: Json = {};
  /** The initialize params as sent (the initialize-repeated fault sends them again). */
  sentInitialize: Json = {};
  private asked = '';
  private negotiated: string | undefined;
  private sessionId: string | undefined;
  private reuseId: Id | undefined;
  private reinits = 0;
  private notificationsSeen = 0;

  constructor(
    private readonly peer: Peer,
    private readonly opts: LegacyOptions,
  ) {
    peer.handlers = {
      headersFor: (msg) => this.headersFor(msg),
      cancelStyle: () => (this.http ? 'notify-and-close' : 'notify'),
      onRequest: (id, method, params) => void this.onRequest(id, method, params).catch((e: unknown) => verbose(`cannot answer ${method}: ${String(e)}`)),
      onNotification: () => void this.onNotification().catch(() => undefined),
    };
  }

  get transport(): Session['transport'] {
    return this.peer.channel.kind;
  }

  private get http(): StreamableHttpChannel | undefined {
    return this.peer.channel.kind === 'streamable-http' ? (this.peer.channel as StreamableHttpChannel) : undefined;
  }

  /** The handshake. HTTP errors are thrown as they are: the caller may fall back to HTTP+SSE. */
  async open(): Promise<void> {
    const ask = isOn('initialize-version-unsupported') ? '1999-01-01' : isOn('initialize-version-not-newest') ? OLDEST_LEGACY : this.opts.ask;
    this.asked = ask;
    const caps = clientCapabilities(isLegacy(ask) ? ask : NEWEST_LEGACY, this.opts.offer);
    let rootsNotice = false;
    if (isOn('roots-list-changed-undeclared') && isObject(caps.roots)) {
      caps.roots = {};
      rootsNotice = true;
    }
    this.declared = caps;
    const params: Json = { protocolVersion: ask, capabilities: onWire(caps), clientInfo: { ...CLIENT_INFO } };
    if (isOn('initialize-client-info-missing')) delete params.clientInfo;
    if (isOn('initialize-capabilities-missing')) delete params.capabilities;
    this.sentInitialize = params;

    if (isOn('initialize-not-first')) void this.peer.request('ping', {}, { cancellable: false }).catch(() => undefined);
    // Only the initialize response may hand out the session id.
    if (this.http) this.http.sessionIdSeen = undefined;
    const id = this.peer.nextId();
    // LIFE-007: never inside a batch.
    const init = this.peer.request('initialize', params, { id, cancellable: false, ...(isOn('initialize-batched') ? { batched: true } : {}) });
    init.catch(() => undefined); // awaited below; may settle while faults send other messages first
    const initializedEarly = isOn('initialized-before-response');
    if (initializedEarly) await this.peer.notify('notifications/initialized');
    if (isOn('request-before-initialize-response')) void this.peer.request('tools/list', {}, { cancellable: false }).catch(() => undefined);
    // LIFE-008: initialize is never cancelled, however long it takes (up to the timeout).
    const cancelInit = (): void => {
      if (this.peer.isPending(id)) void this.peer.notify('notifications/cancelled', { requestId: id, reason: 'slow' });
    };
    const nag = isOn('initialize-cancelled') ? setTimeout(cancelInit, Math.min(this.opts.timeoutMs / 2, IMPATIENT_MS)) : undefined;
    const result = await init.finally(() => clearTimeout(nag));

    const version = result.protocolVersion;
    // VER-004: a version this client does not speak ends the connection.
    if (!isLegacy(version) && !isOn('unsupported-version-continues')) throw new Fatal(`the server answered protocol version ${JSON.stringify(version)}, which this client does not support`);
    this.negotiated = typeof version === 'string' ? version : NEWEST_LEGACY;
    this.revision = isLegacy(version) ? version : NEWEST_LEGACY;
    this.serverCapabilities = isObject(result.capabilities) ? result.capabilities : {};
    this.sessionId = this.http?.sessionIdSeen;
    verbose(`legacy session at ${this.revision}${this.sessionId ? `, session ${this.sessionId}` : ''}`);

    if (!initializedEarly && !isOn('initialized-missing')) await this.peer.notify('notifications/initialized');
    if (rootsNotice) await this.peer.notify('notifications/roots/list_changed');
    if (isOn('request-id-reused')) this.reuseId = id;
    this.http?.openGetStream(() => this.httpHeaders());
  }

  async request(method: string, params: Json): Promise<Json> {
    const id = this.reuseId;
    this.reuseId = undefined;
    try {
      return await this.peer.request(method, params, id === undefined ? {} : { id });
    } catch (e) {
      // SHTTP-044: 404 on a request with the session id: the session is gone; start a new one.
      if (httpStatus(e) !== 404 || this.sessionId === undefined || this.reinits >= MAX_REINITS) throw e;
      if (isOn('http-no-reinitialize-after-404')) throw new Fatal('the server ended the session (HTTP 404)');
      this.reinits++;
      await this.restart();
      return this.peer.request(method, params);
    }
  }

  private async restart(): Promise<void> {
    verbose('session not found (404): initializing again');
    this.http?.closeGetStream();
    if (!isOn('http-reinitialize-keeps-session-id')) this.sessionId = undefined;
    await this.open();
  }

  progressSeen(token: unknown): Promise<void> {
    return this.peer.progressSeen(token);
  }

  acceptTools(tools: Json[]): Json[] {
    return tools;
  }

  probeRequest(): { method: string; params: Json } {
    return { method: 'ping', params: {} };
  }

  headersFor(msg: Json): Record<string, string> | undefined {
    if (!this.http) return undefined;
    return this.httpHeaders(msg.method === 'initialize');
  }

  /** Session id on everything after initialize; MCP-Protocol-Version from 2025-06-18 (SHTTP-041, SHTTP-050). */
  private httpHeaders(initialize = false, purpose: 'message' | 'delete' = 'message'): Record<string, string> {
    const h: Record<string, string> = {};
    if (this.sessionId !== undefined && !(purpose === 'delete' && isOn('http-session-id-dropped'))) h['Mcp-Session-Id'] = this.sessionId;
    if (!initialize && this.negotiated !== undefined && atLeast(this.revision, '2025-06-18') && !isOn('http-protocol-version-missing')) {
      h['MCP-Protocol-Version'] = isOn('http-protocol-version-not-negotiated') ? this.asked : this.negotiated;
    }
    return h;
  }

  private async onRequest(id: Id, method: string, params: Json): Promise<void> {
    const a = await answer(method, params, { revision: this.revision, declared: this.declared });
    // Progress only on work done (a result), all of it before the answer (PROG-004).
    const progress = a && 'result' in a ? progressFor(params, this.revision) : [];
    const late = isOn('client-progress-after-response') ? progress.splice(-1) : [];
    for (const p of progress) await this.peer.notify('notifications/progress', p);
    if (a) for (const msg of replies(id, method, a)) await this.peer.respond(msg);
    for (const p of late) await this.peer.notify('notifications/progress', p);
  }

  private async onNotification(): Promise<void> {
    // BASE-010: notifications are never answered.
    if (isOn('answers-notification') && this.notificationsSeen++ === 0) await this.peer.respond({ jsonrpc: '2.0', id: null, result: {} });
  }

  async close(): Promise<void> {
    const http = this.http;
    if (!http) return;
    http.closeGetStream();
    // SHTTP-045: a client done with a session DELETEs it.
    if (this.sessionId !== undefined && !isOn('http-session-not-deleted')) await http.deleteSession(this.httpHeaders(false, 'delete'));
  }
}
