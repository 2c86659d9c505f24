// Traffic only a faulty client sends: one non-JSON line after the handshake, and malformed
// or misplaced messages just before shutdown (so the rest of the run stays as a clean one).
import { isOn } from './faults.js';
import { encode, notification, type Json } from './jsonrpc.js';
import type { Connection } from './connect.js';
import { LegacySession } from './session-legacy.js';

/** One message, unwaited; `batched`: as a JSON array holding only it (a JSON-RPC batch). */
async function sendMessage(conn: Connection, msg: Json, batched = false): Promise<void> {
  const stdio = conn.channel.kind === 'stdio';
  const text = encode(batched ? [msg] : msg);
  await conn.channel.sendRaw(stdio ? `${text}\n` : text, { headers: conn.session.headersFor(msg) }).catch(() => undefined);
}

export async function afterOpen(conn: Connection): Promise<void> {
  if (isOn('stdio-non-json-line') && conn.channel.kind === 'stdio') await conn.channel.sendRaw('hello\n').catch(() => undefined);
}

export async function beforeShutdown(conn: Connection): Promise<void> {
  const { method, params } = conn.session.probeRequest();
  const req = (id: unknown): Json => ({ jsonrpc: '2.0', id, method, params });
  if (isOn('request-id-null')) await sendMessage(conn, req(null));
  if (isOn('request-id-fractional')) await sendMessage(conn, req(1.5));
  if (isOn('jsonrpc-version-wrong')) await sendMessage(conn, { ...req(conn.peer.nextId()), jsonrpc: '1.0' });
  if (isOn('notification-with-id')) await sendMessage(conn, { jsonrpc: '2.0', id: conn.peer.nextId(), method: 'notifications/roots/list_changed' });
  // BATCH-010/011: from 2025-06-18 every frame holds one message.
  if (isOn('batch-sent')) await sendMessage(conn, req(conn.peer.nextId()), true);
  // LIFE-001: one initialize per session (HTTP: headersFor carries the session id).
  // The same params again: only the repetition is the fault, not other capabilities.
  if (conn.session instanceof LegacySession && isOn('initialize-repeated')) {
    await sendMessage(conn, { jsonrpc: '2.0', id: conn.peer.nextId(), method: 'initialize', params: conn.session.sentInitialize });
  }
  // VER-041: a request of the tasks extension, whatever the server declared.
  if (conn.session.era === 'modern' && isOn('extension-request-undeclared')) await sendMessage(conn, { jsonrpc: '2.0', id: conn.peer.nextId(), method: 'tasks/get', params: { ...params, taskId: 'task-1' } });
  const modernHttp = conn.session.era === 'modern' && conn.channel.kind !== 'stdio';
  if (isOn('cancel-answered-request') && conn.peer.lastAnswered !== undefined && !modernHttp) {
    // Well after the answer: a cancellation within the checks' race margin would be excused.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await sendMessage(conn, notification('notifications/cancelled', { requestId: conn.peer.lastAnswered, reason: 'no longer needed' }));
  }
  if (conn.channel.kind !== 'stdio') return;
  // VER-035: the era of this process is known (legacy), yet it is probed again.
  if (conn.session.era === 'legacy' && isOn('era-reprobed')) await sendMessage(conn, { jsonrpc: '2.0', id: conn.peer.nextId(), method: 'server/discover', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } } });
  if (isOn('stdio-embedded-newline')) await conn.channel.sendRaw(`${JSON.stringify(req(conn.peer.nextId()), null, 2)}\n`).catch(() => undefined);
  if (isOn('stdio-invalid-utf8')) {
    const [head, tail] = encode({ ...req(conn.peer.nextId()), params: { ...params, _meta: { ...(params._meta as Json), 'com.example/x': '\u0000' } } }).split('\\u0000');
    await conn.channel.sendRaw(Buffer.concat([Buffer.from(head ?? ''), Buffer.from([0xff]), Buffer.from(tail ?? ''), Buffer.from('\n')])).catch(() => undefined);
  }
}
