// basic/lifecycle and basic/utilities: initialize, notifications/initialized, ping,
// notifications/cancelled.
import { resourcesHidden } from '../catalog/resources.js';
import { isOn } from '../faults.js';
import { ErrorCode, RpcError, invalidParams, isPlainObject, isValidId, notification } from '../jsonrpc.js';
import { REVISIONS, atLeast, isRevision, negotiate, type AnyRevision } from '../revisions.js';
import type { RequestContext, Session } from '../session.js';
import { declareCoreTasks } from '../tasks/core.js';
import { withPassword } from '../modern/mrtr.js';
import { completionsHidden } from './completion.js';
import { initiateFaultyMessages } from './server-initiated.js';

export const SERVER_NAME = 'mcp-conformance-reference';
export const SERVER_VERSION = '0.1.0';

/** The capabilities the server declares at a revision (only members that revision's schema has). */
export function serverCapabilities(rev: AnyRevision): Record<string, unknown> {
  const caps: Record<string, unknown> = {
    tools: { listChanged: true },
    resources: { subscribe: true, listChanged: true },
    prompts: { listChanged: true },
    logging: isOn('capability-not-object') ? true : {},
  };
  if (atLeast(rev, '2025-03-26') && !isOn('completions-undeclared-served') && !completionsHidden()) caps.completions = {};
  declareCoreTasks(caps, rev);
  if (isOn('undeclared-capability')) delete caps.prompts;
  if (resourcesHidden()) delete caps.resources;
  return caps;
}

export function serverInfo(rev: AnyRevision): Record<string, unknown> {
  const info: Record<string, unknown> = { name: SERVER_NAME, version: SERVER_VERSION };
  if (atLeast(rev, '2025-06-18')) info.title = 'MCP Conformance Reference Server';
  return info;
}

const INSTRUCTIONS =
  'Reference server of mcp-conformance. Tools echo, add and get_time are safe to call; slow sleeps and reports progress; ' +
  'write_note and delete_all_notes change per-session notes; fail always returns a tool error.';

export function initialize(ctx: RequestContext): Record<string, unknown> {
  const { session, params } = ctx;
  if (session.state !== 'new') throw new RpcError(ErrorCode.InvalidRequest, 'Invalid Request: the session is already initialized');
  if (typeof params.protocolVersion !== 'string') throw invalidParams('Invalid params: protocolVersion must be a string');
  if (!isPlainObject(params.capabilities)) throw invalidParams('Invalid params: capabilities must be an object');
  const client = params.clientInfo;
  if (!isPlainObject(client) || typeof client.name !== 'string' || typeof client.version !== 'string') {
    throw invalidParams('Invalid params: clientInfo must be an object with string name and version');
  }

  // The page's own example refuses an unsupported version with an error (a fault does so).
  if (!isRevision(params.protocolVersion) && isOn('version-unknown-error')) {
    throw invalidParams('Unsupported protocol version', { supported: [...REVISIONS].reverse(), requested: params.protocolVersion });
  }
  const { answer, revision } = negotiate(params.protocolVersion);
  session.revision = revision;
  session.protocolVersion = answer;
  session.clientCapabilities = params.capabilities;
  session.state = 'initializing';

  const result: Record<string, unknown> = {
    protocolVersion: answer,
    capabilities: serverCapabilities(revision),
    serverInfo: serverInfo(revision),
  };
  if (atLeast(revision, '2025-03-26')) result.instructions = INSTRUCTIONS;
  if (isOn('init-missing-server-info')) delete result.serverInfo;
  if (isOn('initialize-result-no-protocol-version')) delete result.protocolVersion;
  if (isOn('initialize-result-no-capabilities')) delete result.capabilities;
  if (isOn('request-before-initialized') && params.capabilities.roots !== undefined) {
    ctx.after(() => session.sendRequest('roots/list', {}, ctx.channel));
  }
  undeclaredCapabilityFaults(result.capabilities as Record<string, unknown>, ctx);
  return result;
}

/** Faults of faults/utilities.ts: a capability left out of the declaration but still used. */
function undeclaredCapabilityFaults(caps: Record<string, unknown>, ctx: RequestContext): void {
  const later = (method: string, params: Record<string, unknown>) => ctx.after(() => ctx.channel.send(notification(method, params)));
  if (isOn('list-changed-undeclared')) {
    caps.tools = {};
    later('notifications/tools/list_changed', {});
  }
  if (isOn('updated-without-subscribe')) {
    caps.resources = { listChanged: true };
    later('notifications/resources/updated', { uri: 'test://static/readme' });
  }
  if (isOn('message-without-logging')) {
    delete caps.logging;
    later('notifications/message', { level: 'info', logger: SERVER_NAME, data: 'session started' });
  }
}

export function ping(_ctx: RequestContext): Record<string, unknown> {
  if (isOn('ping-nonempty-result')) return { status: 'ok' };
  return {};
}

export function onInitialized(session: Session): void {
  if (session.state !== 'initializing') return; // before initialize, or a duplicate: ignored
  session.state = 'ready';
  if (isOn('sampling-without-capability') && session.clientCapabilities.sampling === undefined) {
    session.sendRequest(
      'sampling/createMessage',
      { messages: [{ role: 'user', content: { type: 'text', text: 'Say hello.' } }], maxTokens: 16 },
      session.unrelated,
    );
  }
  const caps = session.clientCapabilities as Record<string, Record<string, unknown> | undefined>;
  if (isOn('sampling-tools-undeclared') && caps.sampling !== undefined && caps.sampling.tools === undefined) {
    const tools = [{ name: 'lookup', description: 'Looks a word up.', inputSchema: { type: 'object', properties: { word: { type: 'string' } } } }];
    session.sendRequest('sampling/createMessage', { messages: [{ role: 'user', content: { type: 'text', text: 'Look up "hello".' } }], maxTokens: 16, tools }, session.unrelated);
  }
  if (isOn('sampling-tool-loop-mixed') && caps.sampling?.tools !== undefined) {
    const messages = [{ role: 'user', content: { type: 'text', text: 'Look up "hello".' } }, { role: 'assistant', content: [{ type: 'tool_use', id: 'call-1', name: 'lookup', input: { word: 'hello' } }] }, { role: 'user', content: [{ type: 'tool_result', toolUseId: 'call-1', content: [{ type: 'text', text: 'a greeting' }] }, { type: 'text', text: 'Go on.' }] }];
    session.sendRequest('sampling/createMessage', { messages, maxTokens: 16, tools: [{ name: 'lookup', inputSchema: { type: 'object' } }] }, session.unrelated);
  }
  if (isOn('elicitation-mode-undeclared') && caps.elicitation !== undefined && caps.elicitation.url === undefined) {
    const params = { mode: 'url', message: 'Sign in to continue.', url: 'https://example.com/sign-in', elicitationId: 'reference-sign-in' };
    session.sendRequest('elicitation/create', params, session.unrelated);
  }
  if (isOn('elicitation-asks-password') && caps.elicitation !== undefined && session.revision !== null && atLeast(session.revision, '2025-06-18')) {
    const requestedSchema = withPassword({ type: 'object', properties: { user: { type: 'string', title: 'User name' } }, required: ['user'] });
    session.sendRequest('elicitation/create', { message: 'Sign in to continue.', requestedSchema }, session.unrelated);
  }
  initiateFaultyMessages(session);
}

export function onCancelled(session: Session, params: Record<string, unknown>): void {
  // Unknown, finished or malformed cancellations are ignored (basic/utilities/cancellation).
  if (!isValidId(params.requestId)) return;
  const outcome = session.cancel(params.requestId);
  if ((outcome === 'unknown' && isOn('crash-on-unknown-cancel')) || (outcome === 'finished' && isOn('crash-on-late-cancel'))) {
    process.stderr.write(`reference server: fault: exiting on a cancellation of ${outcome} request ${JSON.stringify(params.requestId)}\n`);
    process.exit(1);
  }
}
