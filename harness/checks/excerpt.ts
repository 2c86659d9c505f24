// The wire excerpt of a result: the frames of the check's own connections, the frames it
// caused on the shared session, and whatever it cited (passive checks cite observations).
import type { WireEntry } from '../wire-log.js';
import type { RunContext, RevisionState } from './context.js';

const MAX_ENTRIES = 40;

export function excerptFor(ctx: RunContext, state: RevisionState): WireEntry[] {
  const own = new Set(ctx.ownPeers.map((p) => p.wire.conn));
  // A borrowed session carries earlier checks' frames too: only the check's own stretch counts.
  const lent = new Map(ctx.borrowed.map((b) => [b.conn, b.fromSeq]));
  const cited = new Set(ctx.cited);
  const picked: WireEntry[] = [];
  for (const peer of [...state.peers, ...state.pool.peers]) {
    for (const e of peer.wire.entries) {
      const from = lent.get(e.conn);
      if (own.has(e.conn) || (from !== undefined && e.seq >= from) || e.owner === ctx.owner || cited.has(e.seq)) picked.push(e);
    }
  }
  picked.sort((a, b) => a.seq - b.seq);
  if (picked.length <= MAX_ENTRIES) return picked;
  // Keep cited frames, then the most recent ones: the end of an exchange shows what went wrong.
  const keep = picked.filter((e) => cited.has(e.seq)).slice(0, MAX_ENTRIES / 2);
  const rest = picked.filter((e) => !cited.has(e.seq)).slice(-(MAX_ENTRIES - keep.length));
  return [...keep, ...rest].sort((a, b) => a.seq - b.seq);
}
