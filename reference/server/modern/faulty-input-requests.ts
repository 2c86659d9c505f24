// Input requests a faulty server adds to its InputRequiredResult (issue 32's coverage faults):
// beyond what the request declared, or with a tool loop left open. A correct server adds none.
import { isOn } from '../faults.js';
import { isPlainObject } from '../jsonrpc.js';

const LOOKUP = { name: 'lookup', description: 'Looks a word up.', inputSchema: { type: 'object', properties: { word: { type: 'string' } } } };
const ASK = { role: 'user', content: { type: 'text', text: 'Look up "hello".' } };

/** The extra input requests the faults switched on call for, given the request's client capabilities. */
export function faultyInputRequests(caps: Record<string, unknown>): Record<string, unknown> {
  const sampling = isPlainObject(caps.sampling) ? caps.sampling : undefined;
  const elicitation = isPlainObject(caps.elicitation) ? caps.elicitation : undefined;
  const extra: Record<string, unknown> = {};
  if (isOn('modern-sampling-tools-undeclared') && sampling && !isPlainObject(sampling.tools)) {
    extra.lookup = { method: 'sampling/createMessage', params: { messages: [ASK], maxTokens: 16, tools: [LOOKUP] } };
  }
  if (isOn('modern-elicitation-url-undeclared') && elicitation && !isPlainObject(elicitation.url)) {
    extra.signIn = { method: 'elicitation/create', params: { mode: 'url', message: 'Sign in to continue.', url: 'https://example.com/sign-in' } };
  }
  if (isOn('modern-sampling-tool-use-unanswered') && sampling && isPlainObject(sampling.tools)) {
    const call = { role: 'assistant', content: [{ type: 'tool_use', id: 'call-1', name: 'lookup', input: { word: 'hello' } }] };
    const messages = [ASK, call, { role: 'user', content: { type: 'text', text: 'Go on.' } }];
    extra.lookup = { method: 'sampling/createMessage', params: { messages, maxTokens: 16, tools: [LOOKUP] } };
  }
  return extra;
}
