// What the fuzzer may send to this target at this revision: the client requests of the
// revision's schema that its declared capabilities allow (never initialize mid-session, never a
// long-lived subscriptions/listen), the tools the user allows and that answer quickly, and the
// names and URIs discovery found. Built once per revision and shared by the fuzz checks of a run.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CheckContext } from '../checks/check.js';
import { argumentsFor } from '../arguments.js';
import { quickArgs } from '../tool-durations.js';
import type { Era } from '../revisions.js';
import { loadRevisionSchema, projectRoot, type RevisionSchema } from '../schema.js';
import { mayCallTool, type ToolLike } from '../settings.js';
import type { JsonSchema } from './schema-arbitrary.js';

/** Client notifications that presuppose a declared client capability. */
const CAPABILITY_BOUND_NOTIFICATIONS = ['notifications/roots/list_changed'];

export interface ToolCall {
  name: string;
  arguments: Record<string, unknown>;
  /** Its inputSchema (2026-07-28 over HTTP: the Mcp-Param-* headers of a call). */
  inputSchema?: unknown;
}

export interface PromptInfo {
  name: string;
  args: { name: string; required: boolean }[];
}

export interface Corpus {
  revision: string;
  /** legacy (initialize handshake) or modern (per-request _meta, 2026-07-28). */
  era: Era;
  /** The era's fence: the cheapest request every server answers (ping, server/discover). */
  fence: string;
  /** The official schema JSON of the revision. */
  root: JsonSchema;
  schema: RevisionSchema;
  /** Client requests the server's capabilities allow, initialize and tasks/result left out. */
  methods: string[];
  /** Client notifications of the revision. */
  notifications: string[];
  /** Tools the user allows that answered a first call in time, with valid arguments. */
  tools: ToolCall[];
  prompts: PromptInfo[];
  resources: string[];
  templates: string[];
  /** What was left out, and why (shown in the check's note). */
  notes: string[];
}

type Caps = Record<string, unknown>;
const has = (caps: Caps, name: string, sub?: string): boolean => {
  const v = caps[name];
  if (typeof v !== 'object' || v === null) return v !== undefined && v !== null && v !== false;
  return sub === undefined || (v as Caps)[sub] !== undefined;
};

/** Client requests every server of the revision answers, whatever it declares. */
const FREE = new Set(['ping', 'server/discover']);

/** Which capability a client request needs; absent and not FREE: not sent. */
const NEEDS: Record<string, (caps: Caps) => boolean> = {
  'tools/list': (c) => has(c, 'tools'),
  'tools/call': (c) => has(c, 'tools'),
  'resources/list': (c) => has(c, 'resources'),
  'resources/templates/list': (c) => has(c, 'resources'),
  'resources/read': (c) => has(c, 'resources'),
  'resources/subscribe': (c) => (c.resources as Caps | undefined)?.subscribe === true,
  'resources/unsubscribe': (c) => (c.resources as Caps | undefined)?.subscribe === true,
  'prompts/list': (c) => has(c, 'prompts'),
  'prompts/get': (c) => has(c, 'prompts'),
  'logging/setLevel': (c) => has(c, 'logging'),
  'completion/complete': (c) => has(c, 'completions'),
  'tasks/list': (c) => has(c, 'tasks', 'list'),
  'tasks/get': (c) => has(c, 'tasks'),
  'tasks/cancel': (c) => has(c, 'tasks', 'cancel'),
};

/**
 * Never sent by the fuzzer: a second handshake, a request that may wait for a task forever, and
 * a listen stream (answered only when cancelled).
 */
const NEVER = new Set(['initialize', 'tasks/result', 'subscriptions/listen']);

/** A tool that takes longer than this on its first call is left out (slow tools make slow runs). */
const QUICK_MS = 1000;

const rootCache = new Map<string, Promise<JsonSchema>>();
export function loadRawSchema(revision: string): Promise<JsonSchema> {
  let p = rootCache.get(revision);
  if (!p) {
    p = readFile(join(projectRoot(), 'schema', 'official', revision, 'schema.json'), 'utf8').then((t) => JSON.parse(t) as JsonSchema);
    rootCache.set(revision, p);
  }
  return p;
}

const corpora = new WeakMap<object, Promise<Corpus>>();

/** The corpus of this check's revision (cached per revision of the run). */
export function corpusFor(ctx: CheckContext): Promise<Corpus> {
  let p = corpora.get(ctx.facts);
  if (!p) {
    p = buildCorpus(ctx);
    corpora.set(ctx.facts, p);
  }
  return p;
}

async function buildCorpus(ctx: CheckContext): Promise<Corpus> {
  const [root, schema, discovery] = await Promise.all([loadRawSchema(ctx.revision), loadRevisionSchema(ctx.revision), ctx.discovery()]);
  const caps = ctx.facts.serverCapabilities;
  const notes: string[] = [];
  const methods = schema.methods.clientRequests.filter((m) => !NEVER.has(m) && (NEEDS[m]?.(caps) ?? FREE.has(m)));
  const dialect = ctx.rev.dialect;

  const candidates: ToolCall[] = [];
  for (const tool of discovery.tools?.items ?? []) {
    if (typeof tool.name !== 'string' || !mayCallTool(ctx.settings.callTools, tool as ToolLike)) continue;
    const args = argumentsFor(tool.inputSchema, dialect);
    // A slow-looking tool is asked for a short run: it then answers within QUICK_MS.
    if (args.ok) candidates.push({ name: tool.name, arguments: quickArgs(tool, args.value, ctx.revision, QUICK_MS), inputSchema: tool.inputSchema });
  }
  const tools = candidates.length > 0 ? await quickTools(ctx, candidates, notes) : [];
  if (has(caps, 'tools') && tools.length === 0) notes.push('no tool may be called under the tool policy (or none answered in time): tools/call only on a tool that cannot exist');

  const prompts: PromptInfo[] = (discovery.prompts?.items ?? [])
    .filter((p) => typeof p.name === 'string')
    .map((p) => ({
      name: p.name as string,
      args: (Array.isArray(p.arguments) ? (p.arguments as Record<string, unknown>[]) : [])
        .filter((a) => typeof a.name === 'string')
        .map((a) => ({ name: a.name as string, required: a.required === true })),
    }));
  const resources = (discovery.resources?.items ?? []).map((r) => r.uri).filter((u): u is string => typeof u === 'string').slice(0, 50);
  const templates = (discovery.resourceTemplates?.items ?? []).map((r) => r.uriTemplate).filter((u): u is string => typeof u === 'string').slice(0, 20);
  return {
    revision: ctx.revision,
    era: ctx.era,
    fence: ctx.rev.fence,
    root,
    schema,
    methods,
    // A client may send roots/list_changed only after declaring roots, which fuzz sessions
    // do not: sending it would invite a roots/list that the passive capability check would
    // then blame on the server.
    notifications: schema.methods.clientNotifications.filter((m) => !CAPABILITY_BOUND_NOTIFICATIONS.includes(m)),
    tools,
    prompts,
    resources,
    templates,
    notes,
  };
}

/**
 * Call each candidate once (a well-formed call of an allowed tool, so on the shared session:
 * no process to start); keep those that answer within QUICK_MS.
 */
async function quickTools(ctx: CheckContext, candidates: ToolCall[], notes: string[]): Promise<ToolCall[]> {
  const session = await ctx.shared();
  const limit = Math.min(QUICK_MS, ctx.timeoutMs);
  const replies = await Promise.all(
    candidates.slice(0, 20).map((t) => session.request('tools/call', { name: t.name, arguments: t.arguments }, { timeoutMs: limit })),
  );
  const quick: ToolCall[] = [];
  replies.forEach((reply, i) => {
    const tool = candidates[i] as ToolCall;
    if (reply.kind === 'result' || reply.kind === 'error') quick.push(tool);
    else notes.push(`tool ${tool.name} left out: no answer within ${limit} ms`);
  });
  return quick;
}
