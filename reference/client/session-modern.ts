// The modern era (2026-07-28): per-request _meta and headers, -32022 retries, multi
// round-trip requests (InputRequiredResult), re-issue after a broken stream, resultType,
// and the subscriptions/listen stream. No initialize, no session, no GET, no DELETE.
import { answer } from './answers.js';
import { isOn } from './faults.js';
import { TASKS_EXTENSION, isCreatedTask, tasksAskedFor } from './tasks.js';
import { Code, RpcError, idKey, isObject, type Id, type Json } from './jsonrpc.js';
import { verbose, warn } from './log.js';
import type { Peer } from './peer.js';
import { CLIENT_INFO, META, MODERN, clientCapabilities, type Offer } from './revisions.js';
import { onWire, withMeta, type Session } from './session.js';
import { StreamBrokenError } from './transports/channel.js';
import { headerAnnotations, modernHeaders } from './transports/headers.js';

/** A -32022 this client cannot resolve by retrying; `supported` is the server's list. */
export class VersionRejectedError extends Error {
  constructor(readonly supported: unknown) {
    super(`the server does not support protocol version ${MODERN} (it supports ${JSON.stringify(supported)})`);
  }
}

/** MRTR-001: only these may answer InputRequiredResult. */
const MRTR_METHODS = new Set(['tools/call', 'prompts/get', 'resources/read']);
const MAX_ROUNDS = 5;

interface SendOptions {
  /** True only for the era probe (faults about "requests after the probe" spare it). */
  probe?: boolean;
  /** Retry -32022 with a listed version (the probe of a fault may turn it off). */
  retryVersion?: boolean;
  id?: Id;
}

export class ModernSession implements Session {
  readonly era = 'modern';
  readonly revision = MODERN;
  serverCapabilities: Json = {};
  private afterProbe = false;
  private readonly toolSchemas = new Map<string, unknown>();
  private lastId: Id | undefined;
  private reuseId: Id | undefined;
  private leakedState: string | undefined;
  private notificationsSeen = 0;
  private listen: { id: Id; open: boolean; acked?: () => void } | undefined;

  constructor(
    private readonly peer: Peer,
    private readonly offer: Offer,
  ) {
    peer.handlers = {
      headersFor: (msg) => this.headersFor(msg),
      cancelStyle: () => (this.transport === 'stdio' ? 'notify' : isOn('http-cancel-by-notification') ? 'notify-and-close' : 'close'),
      onRequest: (id) => void this.onRequest(id).catch(() => undefined),
      onNotification: (method, params) => this.onNotification(method, params),
    };
  }

  get transport(): Session['transport'] {
    return this.peer.channel.kind;
  }

  /** The ClientCapabilities declared on every request (capabilities are per request). */
  private capabilities(): Json {
    const caps = clientCapabilities(MODERN, this.offer);
    if (isOn('extension-id-no-prefix')) caps.extensions = { tasks: {} };
    // The tasks extension, only when the contract asks for tasks (reference/client/tasks.ts).
    else if (tasksAskedFor().length > 0) caps.extensions = { [TASKS_EXTENSION]: {} };
    return caps;
  }

  private meta(params: Json): Json {
    const m: Json = {};
    if (!(this.afterProbe && isOn('meta-protocol-version-missing'))) m[META.protocolVersion] = MODERN;
    if (!(this.afterProbe && isOn('meta-client-capabilities-missing'))) m[META.clientCapabilities] = onWire(this.capabilities());
    if (!isOn('meta-client-info-missing')) m[META.clientInfo] = isOn('meta-client-info-invalid') ? { name: CLIENT_INFO.name } : { ...CLIENT_INFO };
    if (isOn('traceparent-invalid')) m.traceparent = 'not-a-traceparent';
    return withMeta(params, m);
  }

  headersFor(msg: Json): Record<string, string> | undefined {
    if (this.transport !== 'streamable-http') return undefined;
    return modernHeaders(msg, MODERN, this.toolSchemas, this.afterProbe);
  }

  /** The era probe: server/discover; its result gives the server's capabilities. */
  async discover(retryVersion: boolean): Promise<void> {
    const result = await this.send('server/discover', {}, { probe: true, retryVersion });
    this.afterProbe = true;
    if (this.kind(result, 'server/discover') !== 'complete') throw new Error(`invalid server/discover result (resultType ${JSON.stringify(result.resultType)})`);
    if (Array.isArray(result.supportedVersions) && !result.supportedVersions.includes(MODERN)) throw new VersionRejectedError(result.supportedVersions);
    this.serverCapabilities = isObject(result.capabilities) ? result.capabilities : {};
  }

  /** After a modern error that was not a DiscoverResult: modern, with nothing discovered. */
  assumeModern(): void {
    this.afterProbe = true;
  }

  /** One request, with -32022 retries and one re-issue after a broken stream. */
  private async send(method: string, params: Json, opts: SendOptions = {}): Promise<Json> {
    let id = opts.id ?? this.takeReuseId();
    let versionRetries = 0;
    let reissues = 0;
    for (;;) {
      const sentId = id ?? this.peer.nextId();
      this.lastId = sentId;
      try {
        return await this.peer.request(method, this.meta(params), { id: sentId, cancellable: !opts.probe });
      } catch (e) {
        if (e instanceof RpcError && e.code === Code.UnsupportedProtocolVersion) {
          // VER-015: retry once with a mutually supported version (we speak only one modern version).
          const data = isObject(e.data) ? e.data : {};
          const listed = Array.isArray(data.supported) && data.supported.includes(MODERN);
          if (opts.retryVersion === false || isOn('unsupported-version-not-retried')) throw e;
          const again = isOn('unsupported-version-retry-unlisted') ? versionRetries < 5 : listed && versionRetries < 1;
          if (!again) throw new VersionRejectedError(data.supported);
          versionRetries++;
          id = isOn('unsupported-version-retry-same-id') ? sentId : undefined;
          continue;
        }
        // SHTTP-108: a lost response stream loses the request; it is re-issued with a new id.
        if (e instanceof StreamBrokenError && this.transport === 'streamable-http' && reissues < 1 && !isOn('modern-broken-stream-not-reissued')) {
          verbose(`re-issuing ${method}: ${e.message}`);
          reissues++;
          id = isOn('modern-reissue-same-id') ? sentId : undefined;
          continue;
        }
        throw e;
      }
    }
  }

  private takeReuseId(): Id | undefined {
    const id = this.reuseId;
    this.reuseId = undefined;
    return id;
  }

  /** BASE-013/014: absent is complete; unknown values are invalid. */
  private kind(result: Json, method: string): 'complete' | 'input_required' | 'invalid' {
    const t = result.resultType;
    if (t === undefined) return isOn('result-type-absent-rejected') ? 'invalid' : 'complete';
    if (t === 'complete') return 'complete';
    if (t === 'input_required' && MRTR_METHODS.has(method)) return 'input_required';
    return isOn('result-type-unknown-accepted') ? 'complete' : 'invalid';
  }

  async request(method: string, params: Json): Promise<Json> {
    let extra: Json = {};
    if (this.leakedState !== undefined) {
      extra = { requestState: this.leakedState };
      this.leakedState = undefined;
    }
    let id: Id | undefined;
    for (let round = 0; round <= MAX_ROUNDS; round++) {
      const result = await this.sendRelisting(method, { ...params, ...extra }, id);
      // A CreateTaskResult answers a request that declared the tasks extension: the work follows it.
      if (isCreatedTask(method, result)) return result;
      const kind = this.kind(result, method);
      if (kind === 'complete') return result;
      if (kind === 'invalid') throw new Error(`${method}: invalid resultType ${JSON.stringify(result.resultType)}`);
      extra = await this.fulfil(method, params, result);
      // MRTR-103: the retry is a new request with a new id.
      id = isOn('mrtr-retry-same-id') ? this.lastId : undefined;
    }
    throw new Error(`${method}: still input_required after ${MAX_ROUNDS} rounds`);
  }

  /** SHTTP-133: a HeaderMismatch on tools/call may mean the schema changed: list the tools again, retry once. */
  private async sendRelisting(method: string, params: Json, id: Id | undefined): Promise<Json> {
    try {
      return await this.send(method, params, { id });
    } catch (e) {
      const mismatch = e instanceof RpcError && e.code === Code.HeaderMismatch && method === 'tools/call' && this.transport === 'streamable-http';
      if (!mismatch || isOn('http-header-mismatch-not-relisted')) throw e;
      await this.refreshTools();
      return this.send(method, params);
    }
  }

  /** MRTR-101/102: every input request answered, requestState echoed exactly. */
  private async fulfil(method: string, params: Json, result: Json): Promise<Json> {
    const requests = isObject(result.inputRequests) ? result.inputRequests : undefined;
    const responses: Json = {};
    for (const [key, req] of Object.entries(requests ?? {})) {
      if (!isObject(req) || typeof req.method !== 'string') throw new Error(`${method}: malformed input request "${key}"`);
      const a = await answer(req.method, isObject(req.params) ? req.params : {}, { revision: MODERN, declared: this.capabilities() });
      // Errors are not sent back in this era: an input the client cannot give means no retry.
      if (!a || 'error' in a) throw new Error(`${method}: cannot fulfil input request "${key}" (${req.method})`);
      responses[key] = a.result;
    }
    if (isOn('mrtr-input-response-missing')) delete responses[Object.keys(responses).pop() ?? ''];
    const extra: Json = {};
    if (requests) extra.inputResponses = responses;
    const state = result.requestState;
    if (typeof state === 'string') {
      if (!isOn('mrtr-request-state-dropped')) extra.requestState = isOn('mrtr-request-state-mutated') ? `${state}x` : state;
      if (isOn('mrtr-state-leaked')) this.leakedState = state;
    } else if (isOn('mrtr-request-state-invented')) {
      extra.requestState = '';
    }
    if (isOn('mrtr-retry-params-changed') && (method === 'tools/call' || method === 'prompts/get')) {
      extra.arguments = { ...(isObject(params.arguments) ? params.arguments : {}), retried: true };
    }
    return extra;
  }

  /** Lists the tools again (every page) so the Mcp-Param headers follow the current schemas. */
  private async refreshTools(): Promise<void> {
    const tools: Json[] = [];
    let cursor: unknown;
    for (let page = 0; page < 100; page++) {
      const result = await this.request('tools/list', cursor === undefined ? {} : { cursor });
      if (Array.isArray(result.tools)) tools.push(...result.tools.filter(isObject));
      if (typeof result.nextCursor !== 'string' || result.nextCursor === cursor) break;
      cursor = result.nextCursor;
    }
    this.acceptTools(tools);
  }

  progressSeen(token: unknown): Promise<void> {
    return this.peer.progressSeen(token);
  }

  acceptTools(tools: Json[]): Json[] {
    const kept: Json[] = [];
    for (const tool of tools) {
      const name = typeof tool.name === 'string' ? tool.name : '';
      const found = headerAnnotations(tool.inputSchema);
      // SHTTP-131: over HTTP a tool with invalid x-mcp-header annotations is dropped.
      if (!found.ok && this.transport === 'streamable-http' && !isOn('http-invalid-x-mcp-header-kept')) {
        warn(`dropping tool "${name}": ${found.reason}`);
        continue;
      }
      this.toolSchemas.set(name, tool.inputSchema);
      kept.push(tool);
    }
    return kept;
  }

  probeRequest(): { method: string; params: Json } {
    return { method: 'server/discover', params: this.meta({}) };
  }

  /** Opens subscriptions/listen for the list changes the server declared; waits for the ack. */
  async startListen(timeoutMs: number): Promise<void> {
    const filter: Json = {};
    const declares = (cap: unknown): boolean => isObject(cap) && cap.listChanged === true;
    if (declares(this.serverCapabilities.tools)) filter.toolsListChanged = true;
    if (declares(this.serverCapabilities.prompts)) filter.promptsListChanged = true;
    if (declares(this.serverCapabilities.resources)) filter.resourcesListChanged = true;
    if (Object.keys(filter).length === 0) return;
    const id = this.peer.nextId();
    const listen: { id: Id; open: boolean; acked?: () => void } = { id, open: true };
    this.listen = listen;
    const acked = new Promise<boolean>((resolve) => {
      listen.acked = () => resolve(true);
      setTimeout(() => resolve(false), timeoutMs);
    });
    const close = (): void => void (listen.open = false);
    this.peer.request('subscriptions/listen', this.meta({ notifications: filter }), { id, timeoutMs: 0 }).then(close, close);
    if (!(await acked)) {
      verbose('subscriptions/listen was not acknowledged');
      return this.stopListen();
    }
    if (isOn('request-id-reused-in-flight')) this.reuseId = id;
  }

  /** SUB-007: stdio sends notifications/cancelled for the listen id; HTTP closes the stream. */
  async stopListen(): Promise<void> {
    const listen = this.listen;
    if (!listen?.open) return;
    listen.open = false;
    await this.peer.cancel(listen.id, 'subscription no longer needed');
  }

  private onNotification(method: string, params: Json): void {
    // BASE-010: notifications are never answered.
    if (isOn('answers-notification') && this.notificationsSeen++ === 0) void this.peer.respond({ jsonrpc: '2.0', id: null, result: {} });
    const listen = this.listen;
    if (!listen) return;
    const sub = isObject(params._meta) ? params._meta[META.subscriptionId] : undefined;
    if (method === 'notifications/subscriptions/acknowledged' && idKey(sub) === idKey(listen.id)) listen.acked?.();
    // The server tearing the subscription down: nothing left to cancel.
    if (method === 'notifications/cancelled' && idKey(params.requestId) === idKey(listen.id)) listen.open = false;
  }

  /** Servers send no requests in this era (MRTR-105); a client sends no responses. */
  private async onRequest(id: Id): Promise<void> {
    if (!isOn('modern-server-request-answered')) return;
    await this.peer.respond({ jsonrpc: '2.0', id, error: { code: Code.MethodNotFound, message: 'Method not found' } });
  }

  async close(): Promise<void> {
    await this.stopListen();
  }
}
