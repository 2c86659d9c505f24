// Turns an answer into the response message(s) the client sends for a server request
// (legacy era only: modern clients never send responses).
import type { Answer } from './answers.js';
import { isOn } from './faults.js';
import type { Id, Json } from './jsonrpc.js';

export function replies(id: Id, method: string, answer: Answer): Json[] {
  const echoed: Id = isOn('response-id-type-changed') && typeof id === 'number' ? String(id) : id;
  let msg: Json;
  if ('result' in answer) {
    msg = { jsonrpc: '2.0', id: echoed, result: answer.result };
  } else {
    const error: Json = { code: isOn('error-code-not-integer') ? String(answer.error.code) : answer.error.code, message: answer.error.message };
    if (isOn('error-message-missing')) delete error.message;
    if (answer.error.data !== undefined) error.data = answer.error.data;
    msg = { jsonrpc: '2.0', id: echoed, error };
    if (isOn('response-result-and-error')) msg.result = {};
  }
  return isOn('server-request-answered-twice') && method === 'ping' ? [msg, msg] : [msg];
}
