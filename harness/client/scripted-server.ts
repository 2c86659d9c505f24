// The tool as an MCP server: the handler table of a JSON-RPC peer in the server role, built
// from a scenario's script, in the era of the revision under test. It is a correct server of
// that revision (so that every finding is the client's), lenient in what it accepts, and it
// records nothing itself: the peer and the endpoints do.
import type { Peer } from '../jsonrpc/peer.js';
import type { HandlerAnswer, HandlerContext } from '../jsonrpc/types.js';
import { NEWEST_LEGACY, revisionInfo } from '../revisions.js';
import { META_KEYS } from '../sessions/session.js';
import type { Recording } from './recording.js';
import type { ClientScenario, ScriptContext, ScriptTool, ServerScript } from './scenario.js';

type Json = Record<string, unknown>;
const SERVER_INFO = { name: 'mcp-conformance-scripted-server', version: '1.0.0' };
const SERVER_INFO_KEY = 'io.modelcontextprotocol/serverInfo';

const error = (code: number, message: string, data?: unknown): HandlerAnswer => ({ error: { code, message, ...(data !== undefined ? { data } : {}) } });

/** The capabilities the script declares at a revision: given, or derived from what it offers. */
export function capabilitiesOf(script: ServerScript, revision: string = NEWEST_LEGACY): Json {
  if (typeof script.capabilities === 'function') return script.capabilities(revision);
  if (script.capabilities) return script.capabilities;
  return {
    ...(script.tools ? { tools: {} } : {}),
    ...(script.resources ? { resources: {} } : {}),
    ...(script.prompts ? { prompts: {} } : {}),
  };
}

/** A finished result in the era's shape (2026-07-28: resultType and serverInfo on every result). */
export function finished(revision: string, result: Json): Json {
  if (revisionInfo(revision).era !== 'modern') return result;
  return { resultType: 'complete', ...result, _meta: { [SERVER_INFO_KEY]: SERVER_INFO, ...(result._meta as Json | undefined) } };
}

/** 2026-07-28: the list_changed notifications a subscriptions/listen filter may ask for, by capability. */
const LISTEN_FILTERS: Record<string, string> = { toolsListChanged: 'tools', promptsListChanged: 'prompts', resourcesListChanged: 'resources' };
export const SUBSCRIPTION_ID_KEY = 'io.modelcontextprotocol/subscriptionId';

/** One page of `items` after `cursor` (an index), with the next cursor when more remain. */
function page<T>(items: T[], cursor: unknown, size: number | undefined): { items: T[]; nextCursor?: string } | undefined {
  const start = cursor === undefined ? 0 : Number(cursor);
  if (!Number.isInteger(start) || start < 0 || start > items.length) return undefined;
  const end = size ? Math.min(items.length, start + size) : items.length;
  return { items: items.slice(start, end), ...(end < items.length ? { nextCursor: String(end) } : {}) };
}

export interface ServeOptions {
  peer: Peer;
  scenario: ClientScenario;
  revision: string;
  recording: Recording;
  expireSession?: () => void;
}

/** Register the scripted server's answers on a fresh connection's peer. */
export function serve(opts: ServeOptions): void {
  const { peer, scenario, revision, recording } = opts;
  const script = scenario.server;
  const rev = revisionInfo(revision);
  const modern = rev.era === 'modern';
  const capabilities = capabilitiesOf(script, revision);
  const tools = (): ScriptTool[] => script.toolsNow?.(recording) ?? script.tools ?? [];
  const resources = script.resources ?? [];
  const prompts = script.prompts ?? [];

  /** A finished result in the era's shape (2026-07-28: resultType and serverInfo on every result). */
  const done = (result: Json): HandlerAnswer => ({ result: finished(revision, result) });
  const listed = <T>(method: string, field: string, items: T[], params: Json): HandlerAnswer => {
    const p = page(items, params.cursor, script.pageSize);
    return p ? done({ [field]: p.items, ...(p.nextCursor ? { nextCursor: p.nextCursor } : {}) }) : error(-32602, `${method}: invalid cursor`);
  };

  const defaults: Record<string, (params: Json, ctx: ScriptContext) => Promise<HandlerAnswer> | HandlerAnswer> = {
    'tools/list': (p) => listed('tools/list', 'tools', tools().map(({ run: _run, ...t }) => t), p),
    'tools/call': async (p, ctx) => {
      const tool = tools().find((t) => t.name === p.name);
      if (!tool) return error(-32602, `Unknown tool: ${String(p.name)}`);
      const answer = tool.run ? await tool.run((p.arguments ?? {}) as Json, ctx) : { result: { content: [{ type: 'text', text: JSON.stringify(p.arguments ?? {}) }] } };
      return 'result' in answer ? done(answer.result as Json) : answer;
    },
    'resources/list': (p) => listed('resources/list', 'resources', resources.map(({ text: _t, blob: _b, ...r }) => r), p),
    'resources/templates/list': (p) => listed('resources/templates/list', 'resourceTemplates', [], p),
    'resources/read': (p) => {
      const r = resources.find((x) => x.uri === p.uri);
      if (!r) return error(rev.resourceNotFoundCode, `Resource not found: ${String(p.uri)}`, { uri: p.uri });
      return done({ contents: [{ uri: r.uri, ...(r.mimeType ? { mimeType: r.mimeType } : {}), ...(r.blob !== undefined ? { blob: r.blob } : { text: r.text ?? '' }) }] });
    },
    'prompts/list': (p) => listed('prompts/list', 'prompts', prompts, p),
    'prompts/get': (p) => {
      const prompt = prompts.find((x) => x.name === p.name);
      if (!prompt) return error(-32602, `Unknown prompt: ${String(p.name)}`);
      return done({ messages: [{ role: 'user', content: { type: 'text', text: `prompt ${prompt.name} with ${JSON.stringify(p.arguments ?? {})}` } }] });
    },
    'completion/complete': () => done({ completion: { values: [], hasMore: false } }),
  };
  const legacyOnly: typeof defaults = {
    initialize: (p) => {
      const version = script.negotiate ? script.negotiate(p.protocolVersion, revision) : revision;
      recording.negotiated = version;
      return { result: { protocolVersion: version, capabilities, serverInfo: SERVER_INFO, ...(script.instructions ? { instructions: script.instructions } : {}) } };
    },
    ping: () => ({ result: {} }),
    'logging/setLevel': () => ({ result: {} }),
    'resources/subscribe': () => ({ result: {} }),
    'resources/unsubscribe': () => ({ result: {} }),
  };
  const modernOnly: typeof defaults = {
    'server/discover': () => done({ supportedVersions: [revision], capabilities, ...(script.instructions ? { instructions: script.instructions } : {}) }),
    // The acknowledgment, with the subset this server honours; the stream then stays open until
    // the client cancels it (stdio: notifications/cancelled; HTTP: closing the stream).
    'subscriptions/listen': async (p, ctx) => {
      const asked = (typeof p.notifications === 'object' && p.notifications !== null ? p.notifications : {}) as Json;
      const honoured: Json = {};
      for (const [filter, capability] of Object.entries(LISTEN_FILTERS)) {
        const cap = capabilities[capability] as Json | undefined;
        if (asked[filter] === true && cap?.listChanged === true) honoured[filter] = true;
      }
      await ctx.notify('notifications/subscriptions/acknowledged', { _meta: { [SUBSCRIPTION_ID_KEY]: ctx.message.id }, notifications: honoured });
      return new Promise<HandlerAnswer>(() => undefined);
    },
  };
  const table = { ...defaults, ...(modern ? modernOnly : legacyOnly) };

  const contextFor = (params: Json, message: Json, hc: HandlerContext): ScriptContext => ({
    ...hc,
    revision,
    params,
    message,
    recording,
    expireSession: () => opts.expireSession?.(),
    requestBatch: (requests, o = {}) =>
      peer.requestBatch(
        requests.map((r) => ({ jsonrpc: '2.0', id: peer.newId(), method: r.method, ...(r.params ? { params: r.params } : {}) })),
        { ...o, ...(hc.stream !== undefined ? { stream: hc.stream } : {}) },
      ),
  });
  const methods = new Set([...Object.keys(table), 'initialize', 'ping']);
  for (const method of methods) {
    peer.handle(method, async (params, message, hc) => {
      const ctx = contextFor(params, message, hc);
      const scripted = await script.onRequest?.(method, ctx);
      if (scripted) return scripted;
      if (modern) {
        const refused = refuseModern(method, params, revision);
        if (refused) return refused;
      }
      const handler = table[method];
      return handler ? handler(params, ctx) : error(-32601, `Method not found: ${method}`);
    });
  }
  // Anything else (a method no revision has, the other era's methods): the scenario first.
  peer.fallback(async (method, params, message, hc) => (await script.onRequest?.(method, contextFor(params, message, hc))) ?? error(-32601, `Method not found: ${method}`));
  peer.onNotification((method, params) => script.onNotification?.(method, params, recording));
}

/** 2026-07-28 request validation (basic#meta): what a correct modern server answers instead. */
function refuseModern(method: string, params: Json, revision: string): HandlerAnswer | undefined {
  if (method === 'initialize') return error(-32601, `this server speaks only protocol version ${revision} (no initialize handshake)`, { supported: [revision] });
  const meta = (typeof params._meta === 'object' && params._meta !== null ? params._meta : {}) as Json;
  const version = meta[META_KEYS.protocolVersion];
  if (typeof version !== 'string' || typeof meta[META_KEYS.clientCapabilities] !== 'object' || meta[META_KEYS.clientCapabilities] === null) {
    return error(-32602, 'Invalid params: _meta needs io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities');
  }
  if (version !== revision) return error(-32022, 'Unsupported protocol version', { supported: [revision], requested: version });
  return undefined;
}
