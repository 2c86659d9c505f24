// The peer matches responses by request id: an id still waiting for its response is never sent
// again on the connection (the two could not be told apart, and the first one's timer would
// keep the process alive long after the run).
import { describe, expect, it } from 'vitest';
import { Peer } from '../harness/jsonrpc/peer.js';
import { Pace } from '../harness/pacing/pace.js';
import { ObservationLog } from '../harness/observations.js';
import type { Transport, TransportEvent } from '../harness/transport.js';
import { WireLog } from '../harness/wire-log.js';

/** A transport that records what is sent and answers only when told to. */
function loopback(): { transport: Transport; answer: (m: unknown) => void; sent: unknown[] } {
  const sent: unknown[] = [];
  let receive: (m: unknown) => void = () => undefined;
  const transport: Transport = {
    kind: 'stdio',
    closed: false,
    send: async (m) => void sent.push(m),
    sendRaw: async (t) => void sent.push(t),
    onMessage: (h) => (receive = h),
    onEvent: (_h: (e: TransportEvent) => void) => undefined,
    close: async () => undefined,
  };
  return { transport, answer: (m) => receive(m), sent };
}

describe('request ids on one connection', () => {
  it('refuses to send an id that is still waiting, and allows it again once answered', async () => {
    const { transport, answer, sent } = loopback();
    const peer = new Peer({ transport, wire: new WireLog(), observations: new ObservationLog(), timeoutMs: 60_000, role: 'client' });
    const first = peer.request('subscriptions/listen', {}, { id: 'listen-1' });
    expect(() => peer.request('subscriptions/listen', {}, { id: 'listen-1' })).toThrow(/"listen-1" is already waiting/);
    expect(sent).toHaveLength(1);
    answer({ jsonrpc: '2.0', id: 'listen-1', result: {} });
    expect((await first).kind).toBe('result');
    const again = peer.request('ping', undefined, { id: 'listen-1' });
    answer({ jsonrpc: '2.0', id: 'listen-1', result: {} });
    expect((await again).kind).toBe('result');
    await peer.close();
  });
});

// A request we cancelled, or one whose envelope is broken on purpose, owes no answer: its
// timeout must not tell the runner that the target went slow or silent (the pace would be cut
// and liveness probed for nothing).
describe('a request that owes no answer', () => {
  it('times out without reporting the timeout, while an owed one reports it', async () => {
    const { transport } = loopback();
    const peer = new Peer({ transport, wire: new WireLog(), observations: new ObservationLog(), timeoutMs: 60_000, role: 'client' });
    const reported: string[] = [];
    peer.onTimeout = (method) => reported.push(method);
    const cancelled = peer.request('tools/call', { name: 'slow' }, { id: 'c-1', timeoutMs: 20 });
    await peer.notify('notifications/cancelled', { requestId: 'c-1' });
    const broken = peer.requestMessage({ jsonrpc: '1.0', id: 'b-1', method: 'ping' }, 'ping', 'b-1', { timeoutMs: 20 });
    const plain = peer.request('tools/list', {}, { id: 'p-1', timeoutMs: 20 });
    expect((await cancelled).kind).toBe('timeout');
    expect((await broken).kind).toBe('timeout');
    expect((await plain).kind).toBe('timeout');
    expect(reported).toEqual(['tools/list']);
    await peer.close();
  });
});

// A batch the target does not answer may be the check's finding (it lacks batches): the check
// still hears the timeout, but the pace does not take it for a slow target.
describe('an unanswered batch', () => {
  it('is reported to the check but not to the pace', async () => {
    const { transport } = loopback();
    const pace = new Pace({ timeoutMs: 20, startupTimeoutMs: 20, ceiling: 4 });
    const peer = new Peer({ transport, wire: new WireLog(), observations: new ObservationLog(), timeoutMs: 20, role: 'client', pace });
    const reported: string[] = [];
    peer.onTimeout = (method) => reported.push(method);
    const replies = await peer.requestBatch([{ jsonrpc: '2.0', id: 'b-1', method: 'ping' }, { jsonrpc: '2.0', id: 'b-2', method: 'ping' }], { timeoutMs: 20 });
    expect(replies.map((r) => r.kind)).toEqual(['timeout', 'timeout']);
    expect(reported).toEqual(['ping', 'ping']);
    expect(pace.summary().timeouts).toBe(0);
    await peer.close();
  });
});

// An answer that arrives but cannot be matched is evidence at once: a target that answers
// "7001" with 7001 is alive, and the request it answered must not wait out its patience.
describe('an answer whose id is not the request\'s', () => {
  const fresh = () => {
    const loop = loopback();
    const observations = new ObservationLog();
    const peer = new Peer({ transport: loop.transport, wire: new WireLog(), observations, timeoutMs: 60_000, role: 'client' });
    return { ...loop, peer, observations };
  };

  it('the same value in another JSON type answers the request at once, misnamed, and is observed', async () => {
    const { peer, answer, observations } = fresh();
    const waiting = peer.request('ping', {}, { id: '7001' });
    const other = peer.request('ping', {}, { id: 'x' });
    answer({ jsonrpc: '2.0', id: 7001, result: {} });
    const reply = await waiting;
    expect(reply).toMatchObject({ kind: 'result', misnamed: { sent: '7001', got: 7001 } });
    expect(observations.of('unknown-response-id')).toHaveLength(1);
    answer({ jsonrpc: '2.0', id: 'x', result: {} });
    expect(await other).toMatchObject({ kind: 'result' });
    expect(await other).not.toHaveProperty('misnamed');
    await peer.close();
  });

  it('an id never sent answers the one request waiting, and only that one', async () => {
    const { peer, answer } = fresh();
    const alone = peer.request('tools/list', {}, { id: 3 });
    answer({ jsonrpc: '2.0', id: 'made-up', result: { tools: [] } });
    expect(await alone).toMatchObject({ kind: 'result', misnamed: { sent: 3, got: 'made-up' } });
    // Two waiting: a made-up id could answer either, so it answers neither.
    const a = peer.request('ping', {}, { id: 4, timeoutMs: 30 });
    const b = peer.request('ping', {}, { id: 5, timeoutMs: 30 });
    answer({ jsonrpc: '2.0', id: 'made-up-2', result: {} });
    expect((await a).kind).toBe('timeout');
    expect((await b).kind).toBe('timeout');
    await peer.close();
  });

  it('an answer to an id raw text carried is not taken for a waiting request', async () => {
    const { peer, answer } = fresh();
    const waiting = peer.request('ping', {}, { id: 1, timeoutMs: 30 });
    await peer.sendRaw(JSON.stringify({ jsonrpc: '2.0', id: '1', method: 'ping' }));
    answer({ jsonrpc: '2.0', id: '1', result: {} });
    expect((await waiting).kind).toBe('timeout');
    await peer.close();
  });
});
