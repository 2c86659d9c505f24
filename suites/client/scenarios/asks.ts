// The asking server: calling its first tool makes it ask the client for things, as a server
// does in the middle of a tool call. Legacy: server requests on the call's stream (ping,
// roots/list, sampling/createMessage plain, with tools and malformed, elicitation/create
// form with and without mode and in URL mode, an unknown method) and a log notification,
// sent whatever the client declared, so that what a client does with requests it did not
// offer shows too; the plain sampling request carries a progressToken. 2026-07-28: an
// InputRequiredResult asking for what the client declared, with a requestState to echo (a
// second tool asks without one). Three more 2026-07-28 tools ask in rounds of their own: for
// roots, a sample and a form whatever the request declared (what a client gives for a capability
// it did not declare shows, as the legacy server requests show it), a form without `mode`, and
// (to a request declaring elicitation.url) a URL under the run's canary. Its other tools report
// progress, and never answer (to see what the client does when it gives up waiting).
import type { HandlerAnswer } from '../../../harness/jsonrpc/types.js';
import type { ClientScenario, ScriptContext, ScriptTool } from '../../../harness/client/scenario.js';
import { META_KEYS } from '../../../harness/sessions/session.js';
import { RANGE, inRange, since } from '../../../harness/revisions.js';
import { isObject } from '../support/wire.js';

export const ASKS = 'asks.asking-server';

export const TOOL = {
  ask: 'ask',
  progress: 'progress',
  askStateless: 'ask-stateless',
  askRegardless: 'ask-regardless',
  askFormWithoutMode: 'ask-form-without-mode',
  askUrl: 'ask-url',
  neverAnswers: 'never-answers',
} as const;
export const UNKNOWN_METHOD = 'mcp-conformance/unknown-method';
/** Opaque, with characters a careless client might re-encode. */
export const REQUEST_STATE = 'state.v1/Zm9v+YmFy=é~';
/** The URL-mode elicitation's URL, under the run's canary: no client fetches it unasked (ELIC-008). */
export const ELICIT_PATH = '/elicit/sign-in';
const elicitUrl = (canary: string | undefined): string => `${canary ?? 'https://mcp-conformance.invalid'}${ELICIT_PATH}`;

export const FORM_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name' },
    age: { type: 'integer', minimum: 0 },
    subscribe: { type: 'boolean' },
    color: { type: 'string', enum: ['red', 'green'] },
  },
  required: ['name'],
};

const text = (t: string): HandlerAnswer => ({ result: { content: [{ type: 'text', text: t }] } });
const say = { role: 'user', content: { type: 'text', text: 'Say hello.' } };
const WEATHER_TOOL = { name: 'get_weather', description: 'Weather of a city', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } };

/** The prefix of the progressToken on the plain sampling request (a new token for each ask). */
export const SAMPLING_PROGRESS = 'asks-sampling-progress';
let samplingAsks = 0;

/** Legacy: what the server asks while `ask` runs, per revision. */
function legacyAsks(revision: string, canary: string | undefined): { method: string; params?: Record<string, unknown> }[] {
  const modes = inRange(revision, since('2025-11-25'));
  const asks: { method: string; params?: Record<string, unknown> }[] = [
    { method: 'ping' },
    { method: 'roots/list' },
    // With a progressToken of its own, so that the client may report progress on the sample.
    { method: 'sampling/createMessage', params: { messages: [say], maxTokens: 50, _meta: { progressToken: `${SAMPLING_PROGRESS}-${++samplingAsks}` } } },
    { method: UNKNOWN_METHOD, params: {} },
  ];
  if (inRange(revision, since('2025-06-18'))) {
    asks.push({ method: 'elicitation/create', params: { ...(modes ? { mode: 'form' } : {}), message: 'Who are you?', requestedSchema: FORM_SCHEMA } });
  }
  if (modes) {
    asks.push(
      // Tool use in sampling, for clients that did not declare sampling.tools too.
      { method: 'sampling/createMessage', params: { messages: [say], maxTokens: 50, tools: [WEATHER_TOOL], toolChoice: { mode: 'auto' } } },
      // A user message mixing tool_result with text: malformed (the client should refuse it).
      {
        method: 'sampling/createMessage',
        params: {
          messages: [
            say,
            { role: 'assistant', content: [{ type: 'tool_use', id: 'call-1', name: 'get_weather', input: { city: 'Paris' } }] },
            { role: 'user', content: [{ type: 'tool_result', toolUseId: 'call-1', content: [{ type: 'text', text: 'sunny' }] }, { type: 'text', text: 'and also this' }] },
          ],
          maxTokens: 50,
        },
      },
      // Form mode without `mode` (a form request), and URL mode.
      { method: 'elicitation/create', params: { message: 'Your name, please', requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } } },
      { method: 'elicitation/create', params: { mode: 'url', message: 'Please sign in', url: elicitUrl(canary), elicitationId: 'mcp-conformance-elicitation-1' } },
    );
  }
  return asks;
}

/** 2026-07-28: the client capabilities this request declared. */
function declaredOn(ctx: ScriptContext): Record<string, unknown> {
  const meta = isObject(ctx.params._meta) ? ctx.params._meta : {};
  return isObject(meta[META_KEYS.clientCapabilities]) ? (meta[META_KEYS.clientCapabilities] as Record<string, unknown>) : {};
}

/** 2026-07-28: the inputs to ask for, only for what this request declared. */
function modernInputs(ctx: ScriptContext): Record<string, unknown> {
  const caps = declaredOn(ctx);
  const inputs: Record<string, unknown> = {};
  if (isObject(caps.roots)) inputs.roots = { method: 'roots/list' };
  if (isObject(caps.sampling)) inputs.sample = { method: 'sampling/createMessage', params: { messages: [say], maxTokens: 50 } };
  const elicitation = caps.elicitation;
  if (isObject(elicitation) && (Object.keys(elicitation).length === 0 || isObject(elicitation.form))) {
    inputs.form = { method: 'elicitation/create', params: { mode: 'form', message: 'Who are you?', requestedSchema: FORM_SCHEMA } };
  }
  return inputs;
}

const isRetry = (ctx: ScriptContext): boolean => ctx.params.requestState !== undefined || ctx.params.inputResponses !== undefined;

async function ask(ctx: ScriptContext): Promise<HandlerAnswer> {
  if (!inRange(ctx.revision, RANGE.modern)) {
    const progressToken = isObject(ctx.params._meta) ? ctx.params._meta.progressToken : undefined;
    if (typeof progressToken === 'string' || typeof progressToken === 'number') await ctx.notify('notifications/progress', { progressToken, progress: 1 });
    await ctx.notify('notifications/message', { level: 'info', logger: 'mcp-conformance', data: 'asking the client' });
    await Promise.all(legacyAsks(ctx.revision, ctx.recording.canary?.url).map((a) => ctx.request(a.method, a.params)));
    return text('asked');
  }
  if (isRetry(ctx)) return text('thanks');
  // A server never sends requests in this era: a client must not answer this one.
  void ctx.request('ping', {}, { timeoutMs: 1000 });
  const inputs = modernInputs(ctx);
  return { result: { resultType: 'input_required', ...(Object.keys(inputs).length > 0 ? { inputRequests: inputs } : {}), requestState: REQUEST_STATE } };
}

async function askStateless(ctx: ScriptContext): Promise<HandlerAnswer> {
  if (!inRange(ctx.revision, RANGE.modern) || isRetry(ctx)) return text('done');
  const inputs = modernInputs(ctx);
  // Without inputs there is nothing to ask: an InputRequiredResult needs one or a requestState.
  if (Object.keys(inputs).length === 0) return text('nothing to ask');
  return { result: { resultType: 'input_required', inputRequests: inputs } };
}

/** A 2026-07-28 round of its own asking for `inputs` (none: nothing to ask, a plain answer); the retry is thanked. */
function modernRound(ctx: ScriptContext, inputs: Record<string, unknown>): HandlerAnswer {
  if (!inRange(ctx.revision, RANGE.modern) || isRetry(ctx)) return text('done');
  if (Object.keys(inputs).length === 0) return text('nothing to ask');
  return { result: { resultType: 'input_required', inputRequests: inputs } };
}

/**
 * 2026-07-28: roots, a sample and a form whatever this request declared (as the legacy server
 * requests are sent), in a round of their own: a client gives only what it declared (ROOTS-001,
 * SAMP-001, ELIC-001).
 */
const regardlessInputs = (): Record<string, unknown> => ({
  roots: { method: 'roots/list' },
  sample: { method: 'sampling/createMessage', params: { messages: [say], maxTokens: 50 } },
  form: { method: 'elicitation/create', params: { mode: 'form', message: 'Who are you?', requestedSchema: FORM_SCHEMA } },
});

const formDeclared = (caps: Record<string, unknown>): boolean => isObject(caps.elicitation) && (Object.keys(caps.elicitation).length === 0 || isObject(caps.elicitation.form));

/** 2026-07-28: a form without `mode` to a request that declared forms (ELIC-003), alone in its round. */
const formWithoutModeInputs = (ctx: ScriptContext): Record<string, unknown> =>
  formDeclared(declaredOn(ctx)) ? { form: { method: 'elicitation/create', params: { message: 'Your name, please', requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } } } } : {};

/** 2026-07-28: a URL-mode elicitation under the run's canary to a request that declared elicitation.url (ELIC-008), alone in its round. */
function urlInputs(ctx: ScriptContext): Record<string, unknown> {
  const elicitation = declaredOn(ctx).elicitation;
  if (!isObject(elicitation) || !isObject(elicitation.url)) return {};
  return { url: { method: 'elicitation/create', params: { mode: 'url', message: 'Please sign in', url: elicitUrl(ctx.recording.canary?.url) } } };
}

/** Between progress steps: a client that reacts to the first progress (a call with the same token, say) has time to be seen doing so while the call is still active, on a busy machine too. */
const PROGRESS_STEP_MS = 100;

async function progress(ctx: ScriptContext): Promise<HandlerAnswer> {
  const token = isObject(ctx.params._meta) ? ctx.params._meta.progressToken : undefined;
  for (let step = 1; step <= 3; step++) {
    if (typeof token === 'string' || typeof token === 'number') await ctx.notify('notifications/progress', { progressToken: token, progress: step, total: 3 });
    await new Promise((r) => setTimeout(r, PROGRESS_STEP_MS));
  }
  return text('progressed');
}

const empty = { type: 'object', properties: {} };
/** Listed at 2026-07-28 only: legacy runs keep the tools they had. */
const MODERN_ONLY = new Set<string>([TOOL.askRegardless, TOOL.askFormWithoutMode, TOOL.askUrl]);
const tools: ScriptTool[] = [
  { name: TOOL.ask, description: 'Asks the client for roots, a sample and a form', inputSchema: empty, run: (_args, ctx) => ask(ctx) },
  { name: TOOL.progress, description: 'Reports progress, then answers', inputSchema: empty, annotations: { readOnlyHint: true }, run: (_args, ctx) => progress(ctx) },
  { name: TOOL.askStateless, description: 'Asks for input without a request state (2026-07-28)', inputSchema: empty, run: (_args, ctx) => askStateless(ctx) },
  { name: TOOL.askRegardless, description: 'Asks for roots, a sample and a form whatever the request declared (2026-07-28)', inputSchema: empty, run: (_args, ctx) => modernRound(ctx, regardlessInputs()) },
  { name: TOOL.askFormWithoutMode, description: 'Asks for a form without mode (2026-07-28)', inputSchema: empty, run: (_args, ctx) => modernRound(ctx, formWithoutModeInputs(ctx)) },
  { name: TOOL.askUrl, description: 'Asks for a URL-mode elicitation (2026-07-28)', inputSchema: empty, run: (_args, ctx) => modernRound(ctx, urlInputs(ctx)) },
  // Never answers: what does the client do when it stops waiting?
  { name: TOOL.neverAnswers, description: 'Never answers', inputSchema: empty, run: () => new Promise<HandlerAnswer>(() => undefined) },
];

export const asksScenario: ClientScenario = {
  id: ASKS,
  title: 'A server that asks the client for roots, samples and forms during a tool call',
  revisions: RANGE.all,
  transports: 'any',
  official: 'tools_call',
  long: `the client waits for ${TOOL.neverAnswers} until its own timeout for a tool call`,
  canary: 'the URL-mode elicitation points at it: a client that fetches it before its user consented breaks client/elicitation#safe-url-handling',
  server: { capabilities: { tools: {}, logging: {} }, tools, toolsNow: (recording) => (inRange(recording.revision, RANGE.modern) ? tools : tools.filter((t) => !MODERN_ONLY.has(t.name))) },
};
