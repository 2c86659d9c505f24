// What the client answers to a server's request (legacy) or input request (modern): ping,
// roots, sampling, elicitation, each only where the revision defines it and the client
// declared the capability on that exchange; anything else is -32601.
import { pathToFileURL } from 'node:url';
import { fetchOnce } from './fault-fetch.js';
import { isOn } from './faults.js';
import { Code, isObject, type Json } from './jsonrpc.js';
import { answerLater } from './modes/answer-delay.js';
import { atLeast, type Revision } from './revisions.js';
import { formContent } from './schema-values.js';

export type Answer = { result: Json } | { error: { code: number; message: string; data?: unknown } };

export interface AnswerContext {
  revision: Revision;
  /**
   * The ClientCapabilities declared for this exchange (initialize, or the request's _meta), as
   * the client means them: the *-answered-undeclared faults hide one from the wire only.
   */
  declared: Json;
}

const fail = (code: number, message: string): Answer => ({ error: { code, message } });
const notFound = (method: string): Answer => fail(Code.MethodNotFound, `Method not found: ${method}`);

/** The answer to one server request; undefined means "do not answer" (faults only). */
export async function answer(method: string, params: Json, ctx: AnswerContext): Promise<Answer | undefined> {
  await answerLater();
  switch (method) {
    case 'ping':
      if (ctx.revision === '2026-07-28') break;
      if (isOn('ping-unanswered')) return undefined;
      return { result: isOn('ping-nonempty-result') ? { status: 'ok' } : {} };
    case 'roots/list':
      return roots(ctx);
    case 'sampling/createMessage':
      return sample(params, ctx);
    case 'elicitation/create':
      if (atLeast(ctx.revision, '2025-06-18')) return elicit(params, ctx);
      break;
  }
  if (isOn('unknown-request-answered')) return { result: {} };
  return isOn('unknown-request-wrong-code') ? fail(Code.InternalError, `Internal error: ${method}`) : notFound(method);
}

function roots(ctx: AnswerContext): Answer {
  if (!ctx.declared.roots) {
    return isOn('roots-undeclared-wrong-code') ? fail(Code.InternalError, 'Internal error') : notFound('roots/list');
  }
  const uri = isOn('roots-not-file-uri') ? 'https://example.com/' : pathToFileURL(process.cwd()).href;
  return { result: { roots: [{ uri, name: 'workspace' }] } };
}

/**
 * PROG-003..005: the progress reported on a server request that carried a progressToken, to send
 * before its answer: increasing, with a readable message where the revision has one.
 */
export function progressFor(params: Json, revision: Revision): Json[] {
  const token = isObject(params._meta) ? params._meta.progressToken : undefined;
  if (typeof token !== 'string' && typeof token !== 'number') return [];
  const message = isOn('client-progress-message-empty') ? '' : 'working on it';
  return (isOn('client-progress-not-increasing') ? [1, 1] : [1, 2]).map((progress) => ({ progressToken: token, progress, total: 2, ...(atLeast(revision, '2025-03-26') ? { message } : {}) }));
}

/** SAMP-006: a user message holding tool_result blocks holds nothing else. */
function mixesToolResults(messages: unknown[]): boolean {
  return messages.some((m) => {
    if (!isObject(m) || m.role !== 'user' || !Array.isArray(m.content)) return false;
    const types = m.content.map((c) => (isObject(c) ? c.type : undefined));
    return types.includes('tool_result') && types.some((t) => t !== 'tool_result');
  });
}

function sample(params: Json, ctx: AnswerContext): Answer {
  const declared = isObject(ctx.declared.sampling) ? ctx.declared.sampling : undefined;
  if (!declared) return notFound('sampling/createMessage');
  if (!Array.isArray(params.messages) || typeof params.maxTokens !== 'number') return fail(Code.InvalidParams, 'messages and maxTokens are required');
  const wantsTools = params.tools !== undefined || params.toolChoice !== undefined;
  if (wantsTools && !isObject(declared?.tools)) {
    if (!isOn('sampling-tools-answered-undeclared')) return fail(Code.InvalidParams, 'tool use in sampling was not declared');
    return { result: toolUse(params) };
  }
  if (atLeast(ctx.revision, '2025-11-25') && mixesToolResults(params.messages) && !isOn('sampling-malformed-accepted')) {
    return fail(Code.InvalidParams, 'a user message with tool_result blocks must hold nothing else');
  }
  // TASK-001: this client declares no tasks, so params.task is ignored; the fault makes a task of it.
  if (params.task !== undefined && isOn('task-answer-undeclared')) return { result: createdTask() };
  const result: Json = { role: 'assistant', content: { type: 'text', text: 'A sample from the reference client.' }, model: 'mcp-conformance-reference', stopReason: 'endTurn' };
  if (isOn('sampling-result-invalid')) delete result.model;
  return { result };
}

async function elicit(params: Json, ctx: AnswerContext): Promise<Answer> {
  const declared = isObject(ctx.declared.elicitation) ? ctx.declared.elicitation : undefined;
  if (!declared) return notFound('elicitation/create');
  const modes = atLeast(ctx.revision, '2025-11-25');
  // ELIC-001: an empty elicitation object means form only.
  const formDeclared = !modes || Object.keys(declared).length === 0 || isObject(declared.form);
  const mode = modes ? (params.mode ?? 'form') : 'form';
  if (mode === 'url') {
    if (!isObject(declared?.url) && !isOn('elicitation-url-accepted-undeclared')) return fail(Code.InvalidParams, 'URL-mode elicitation was not declared');
    // ELIC-008: never fetched; a headless client only consents.
    // The fault previews the page, then declines: fetched although nobody ever consented.
    if (isOn('elicitation-url-prefetched') && typeof params.url === 'string') {
      await fetchOnce(params.url, { timeoutMs: 1000 });
      return { result: withAction({ action: 'decline' }) };
    }
    return { result: withAction({ action: 'accept', ...(isOn('elicitation-url-content') ? { content: {} } : {}) }) };
  }
  if (mode !== 'form' || !formDeclared) return fail(Code.InvalidParams, `elicitation mode ${String(mode)} was not declared`);
  if (modes && params.mode === undefined && isOn('elicitation-no-mode-rejected')) return fail(Code.InvalidParams, 'mode is required');
  if (isOn('elicitation-content-missing')) return { result: withAction({ action: 'accept' }) };
  const content = formContent(params.requestedSchema);
  if (isOn('elicitation-content-invalid')) for (const k of Object.keys(content)) content[k] = mistyped(content[k]);
  return { result: withAction({ action: 'accept', content }) };
}

/** Faults only: the CreateTaskResult of a task this client never runs. */
function createdTask(): Json {
  const now = new Date().toISOString();
  return { task: { taskId: 'ref-task-1', status: 'working', createdAt: now, lastUpdatedAt: now, ttl: 60000, pollInterval: 1000 } };
}

/** Faults only: a model turn that calls the first tool offered (sampling with tools). */
function toolUse(params: Json): Json {
  const tool = Array.isArray(params.tools) && isObject(params.tools[0]) ? params.tools[0] : {};
  const name = typeof tool.name === 'string' ? tool.name : 'tool';
  return { role: 'assistant', content: [{ type: 'tool_use', id: 'ref-call-1', name, input: {} }], model: 'mcp-conformance-reference', stopReason: 'toolUse' };
}

function withAction(result: Json): Json {
  return isOn('elicitation-action-invalid') ? { ...result, action: 'ok' } : result;
}

function mistyped(v: unknown): unknown {
  if (typeof v === 'string') return 0;
  if (typeof v === 'number') return 'x';
  if (typeof v === 'boolean') return 'yes';
  return 'x';
}

