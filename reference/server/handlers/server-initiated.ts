// Faults of what the server initiates (faults/hygiene.ts). The clean server initiates nothing
// after notifications/initialized; under these faults it sends pings (the one request a client
// answers whatever it declared), a cancellation and a notification that each break one rule of
// basic/messages, cancellation or progress.
import { isOn } from '../faults.js';
import { notification, type Outbound } from '../jsonrpc.js';
import type { Session } from '../session.js';

const ping = (id: string, meta?: Record<string, unknown>): Outbound => ({ jsonrpc: '2.0', id, method: 'ping', ...(meta ? { params: { _meta: meta } } : {}) });

/** Right after notifications/initialized: what the faults make the server send of its own accord. */
export function initiateFaultyMessages(session: Session): void {
  const send = (msg: Outbound): void => session.unrelated.send(msg);
  // basic/messages: "The request ID MUST NOT have been previously used by the requestor within the same session."
  if (isOn('server-request-id-reused')) {
    send(ping('ref-hygiene-ping'));
    send(ping('ref-hygiene-ping'));
  }
  // cancellation: "Cancellation notifications MUST only reference requests that were previously issued in the same direction".
  if (isOn('server-cancels-unsent-request')) send(notification('notifications/cancelled', { requestId: 'ref-hygiene-never-sent', reason: 'mcp-conformance reference fault' }));
  // progress: "Progress tokens ... MUST be unique across all active requests." Three back to
  // back, in one write where the transport allows: even a client that answers at once reads at
  // least two of them before its answers leave.
  if (isOn('server-progress-token-reused')) {
    const pings = [1, 2, 3].map((n) => ping(`ref-hygiene-progress-${n}`, { progressToken: 'ref-hygiene-token' }));
    if (session.unrelated.sendTogether) session.unrelated.sendTogether(pings);
    else for (const p of pings) send(p);
  }
  // basic/messages: "Unlike base JSON-RPC, the ID MUST NOT be null."
  if (isOn('server-request-id-null')) send({ jsonrpc: '2.0', id: null, method: 'ping' });
  // basic/messages: "Notifications MUST NOT include an ID."
  if (isOn('server-notification-with-id')) send({ ...notification('notifications/tools/list_changed', {}), id: 'ref-hygiene-notification' });
}

/** A response to a single request, sent as a JSON array (a batch) under the fault. */
export function framedAnswer(method: string, msg: Record<string, unknown>): Outbound {
  return isOn('batch-answer-single-request') && method === 'prompts/list' ? [msg] : msg;
}
