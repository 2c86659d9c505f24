// How a JSON-RPC peer is set up, and what a request of it may carry (harness/jsonrpc/peer.ts).
import type { ObservationLog } from '../observations.js';
import type { Pace } from '../pacing/pace.js';
import type { HeaderOverrides, Transport } from '../transport.js';
import type { WireLog } from '../wire-log.js';
import type { JsonRpcId } from './types.js';

/** Which side of the protocol this peer plays (the schema direction of what it receives). */
export type Role = 'client' | 'server';

export interface PeerOptions {
  transport: Transport;
  wire: WireLog;
  observations: ObservationLog;
  timeoutMs: number;
  role: Role;
  /** The target's pace: answer times are measured into it, and its patience is the default timeout. */
  pace?: Pace;
}

export interface RequestOptions {
  owner?: string;
  timeoutMs?: number;
  id?: JsonRpcId;
  /** Extra HTTP headers for this message (ignored on stdio). */
  headers?: HeaderOverrides;
  /** Serving: the stream to send it on (see SendMeta). */
  stream?: string;
}
