// The asking server: calling its first tool makes it ask the client for things, as a server
// does in the middle of a tool call. Legacy: server requests on the call's stream (ping,
// roots/list, sampling/createMessage plain, with tools and malformed, elicitation/create
// form with and without mode and in URL mode, an unknown method) and a log notification,
// sent whatever the client declared, so that what a client does with requests it did not
// offer shows too; the plain sampling request carries a progressToken. 2026-07-28: an
// InputRequiredResult asking for what the client declared, with a requestState to echo (a
// second tool asks without one). Its other tools report progress, and never answer (to see
// what the client does when it gives up waiting).
import type { HandlerAnswer } from '../../../harness/jsonrpc/types.js';
import type { ClientScenario, ScriptContext, ScriptTool } from '../../../harness/client/scenario.js';
import { META_KEYS } from '../../../harness/sessions/session.js';
import { RANGE, inRange, since } from '../../../harness/revisions.js';
import { isObject } from '../support/wire.js';

export const ASKS = 'asks.asking-server';

export const TOOL = { ask: 'ask', progress: 'progress', askStateless: 'ask-stateless', neverAnswers: 'never-answers' } as const;
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

/** 2026-07-28: the inputs to ask for, only for what this request declared. */
function modernInputs(ctx: ScriptContext): Record<string, unknown> {
  const meta = isObject(ctx.params._meta) ? ctx.params._meta : {};
  const caps = isObject(meta[META_KEYS.clientCapabilities]) ? (meta[META_KEYS.clientCapabilities] as Record<string, unknown>) : {};
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
const tools: ScriptTool[] = [
  { name: TOOL.ask, description: 'Asks the client for roots, a sample and a form', inputSchema: empty, run: (_args, ctx) => ask(ctx) },
  { name: TOOL.progress, description: 'Reports progress, then answers', inputSchema: empty, annotations: { readOnlyHint: true }, run: (_args, ctx) => progress(ctx) },
  { name: TOOL.askStateless, description: 'Asks for input without a request state (2026-07-28)', inputSchema: empty, run: (_args, ctx) => askStateless(ctx) },
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
  server: { capabilities: { tools: {}, logging: {} }, tools },
};
