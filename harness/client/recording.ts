// What the client under test did in one scenario run: every JSON-RPC message it sent and what
// the tool sent back (per connection), every HTTP request with its headers, how it ended its
// stdio server, how its process exited. Client checks read only this.
import type { Peer } from '../jsonrpc/peer.js';
import { ObservationLog } from '../observations.js';
import type { TransportKind } from '../transport.js';
import type { HttpRequestRecord } from '../transports/serve/http-endpoint.js';
import type { StdinEnd } from '../transports/serve/relay-endpoint.js';
import type { WireEntry, WireLog } from '../wire-log.js';
import type { CanaryHit } from './canary.js';
import type { ClientExit } from './client-process.js';

export type Json = Record<string, unknown>;

/** One message of the client, with where it came from. */
export interface ClientMessage {
  message: Json;
  seq: number;
  /** Milliseconds since the run started. */
  t: number;
  /** The logical connection (a stdio server start, a legacy session, the modern endpoint). */
  conn: string;
  /** Serving HTTP: the stream (POST#n) it came on. */
  stream?: string;
}

/**
 * How a run ended: the client exited; the scenario had what its checks judge; or the tool cut
 * it short, because the client showed no sign of life within its start allowance, did not end
 * within the deadline, or the run was stopped (the user interrupted, or the revision turned out
 * not to be offered).
 */
export type RunEnding = 'exited' | 'done' | 'no-start' | 'deadline' | 'stopped';

export interface StdioEnd {
  conn: string;
  how: StdinEnd;
  t: number;
}

export class Recording {
  readonly observations = new ObservationLog();
  readonly peers: Peer[] = [];
  readonly wires: WireLog[] = [];
  readonly http: HttpRequestRecord[] = [];
  readonly stdioEnds: StdioEnd[] = [];
  exit: ClientExit | undefined;
  /** When the client's process was over (exited, or ended by the tool), on the clock of the messages' `t`. */
  endedT: number | undefined;
  ending: RunEnding | undefined;
  /** When the client was spawned (performance.now()), if it was. */
  spawnedAt: number | undefined;
  /** Milliseconds from the client's spawn to its first sign of life (an HTTP request, a message through the relay). */
  startMs: number | undefined;
  /** Legacy: the version the handshake settled on (what we answered initialize with). */
  negotiated: string | undefined;
  /** The scenario's canary (ClientScenario.canary): the URL handed out, and the requests it got. */
  canary: { url: string; hits: CanaryHit[] } | undefined;

  constructor(
    readonly scenario: string,
    readonly revision: string,
    readonly transport: TransportKind,
  ) {}

  /**
   * Every message the client sent, in arrival order: those the scripted server received, and
   * those it refused at the HTTP level (e.g. a request without a session id), from the bodies.
   */
  get fromClient(): ClientMessage[] {
    const out: ClientMessage[] = this.refusedAtHttp();
    for (const peer of this.peers) {
      const times = new Map(peer.wire.entries.map((e) => [e.seq, e.t]));
      for (const m of peer.inbound) {
        if (typeof m.message !== 'object' || m.message === null || Array.isArray(m.message)) continue;
        const seq = m.seq ?? 0;
        out.push({ message: m.message as Json, seq, t: times.get(seq) ?? 0, conn: peer.wire.conn, ...(m.stream ? { stream: m.stream } : {}) });
      }
    }
    return out.sort((a, b) => a.seq - b.seq);
  }

  private refusedAtHttp(): ClientMessage[] {
    const out: ClientMessage[] = [];
    for (const r of this.http) {
      if (r.method !== 'POST' || r.connection !== undefined || r.body === undefined) continue;
      let value: unknown;
      try {
        value = JSON.parse(r.body);
      } catch {
        continue;
      }
      for (const m of Array.isArray(value) ? value : [value]) {
        if (typeof m === 'object' && m !== null && !Array.isArray(m)) out.push({ message: m as Json, seq: r.seq, t: r.t, conn: 'refused' });
      }
    }
    return out;
  }

  /** The client's requests (optionally of one method). */
  requests(method?: string): ClientMessage[] {
    return this.fromClient.filter((m) => typeof m.message.method === 'string' && 'id' in m.message && (method === undefined || m.message.method === method));
  }

  notifications(method?: string): ClientMessage[] {
    return this.fromClient.filter((m) => typeof m.message.method === 'string' && !('id' in m.message) && (method === undefined || m.message.method === method));
  }

  /** The client's answers to requests we sent (responses). */
  responses(): ClientMessage[] {
    return this.fromClient.filter((m) => !('method' in m.message));
  }

  /** Every frame and event of the run, in order (the evidence pool). */
  entries(): WireEntry[] {
    return [...this.wires, ...this.peers.map((p) => p.wire)].flatMap((w) => w.entries).sort((a, b) => a.seq - b.seq);
  }

  /** What the tool sent, as parsed messages. */
  toClient(): ClientMessage[] {
    const out: ClientMessage[] = [];
    for (const peer of this.peers) {
      for (const e of peer.wire.entries) {
        if (e.dir !== 'out') continue;
        try {
          out.push({ message: JSON.parse(e.text) as Json, seq: e.seq, t: e.t, conn: e.conn });
        } catch {
          // A capped frame: not a message any more.
        }
      }
    }
    return out.sort((a, b) => a.seq - b.seq);
  }
}
