// Spare connections (harness/checks/spares.ts): over stdio, a probe process that only refused
// its era's opening request with an error serves the other era's pools, its observations
// redirected to the taker's log.
import { describe, expect, it } from 'vitest';
import { SpareConnections } from '../harness/checks/spares.js';
import type { Peer } from '../harness/jsonrpc/peer.js';
import { ObservationLog, RoutingObservationLog } from '../harness/observations.js';
import type { ProbeOutcome } from '../harness/probe.js';
import type { Session } from '../harness/sessions/session.js';

const observation = { kind: 'schema-invalid' as const, seq: 1, conn: 'c1', detail: 'x' };

function outcome(revision: string, status: 'accepted' | 'not-supported' | 'unreachable', opts: { closed?: boolean; session?: boolean } = {}) {
  const probeLog = new ObservationLog();
  const route = new RoutingObservationLog(probeLog);
  const peer = { closed: opts.closed ? 'gone' : undefined } as unknown as Peer;
  const o: ProbeOutcome = { probe: { revision, status }, peer, route, ...(opts.session ? { session: {} as Session } : {}) };
  return { o, peer, route, probeLog };
}

describe('SpareConnections', () => {
  it('lends a legacy probe refused by a modern-only server to a modern session, its observations going to the taker', () => {
    const spares = new SpareConnections();
    const { o, peer, route, probeLog } = outcome('2025-11-25', 'not-supported');
    spares.offer(o);
    expect(spares.take('legacy', new ObservationLog())).toBeUndefined();
    const taker = new ObservationLog();
    expect(spares.take('modern', taker)).toBe(peer);
    route.add(observation);
    expect(taker.items).toHaveLength(1);
    expect(probeLog.items).toHaveLength(0);
    expect(spares.take('modern', taker)).toBeUndefined();
  });

  it('keeps no connection that was accepted, answered with a session (a counter-offer), went silent, or closed', () => {
    const spares = new SpareConnections();
    spares.offer(outcome('2026-07-28', 'accepted').o);
    spares.offer(outcome('2024-11-05', 'not-supported', { session: true }).o);
    spares.offer(outcome('2026-07-28', 'unreachable').o);
    spares.offer(outcome('2026-07-28', 'not-supported', { closed: true }).o);
    expect(spares.take('legacy', new ObservationLog())).toBeUndefined();
    expect(spares.take('modern', new ObservationLog())).toBeUndefined();
  });

  it('skips a spare that closed while it waited', () => {
    const spares = new SpareConnections();
    const live = outcome('2026-07-28', 'not-supported');
    const dying = outcome('2026-07-28', 'not-supported');
    spares.offer(live.o);
    spares.offer(dying.o);
    (dying.peer as unknown as { closed: string }).closed = 'exited';
    expect(spares.take('legacy', new ObservationLog())).toBe(live.peer);
  });
});
