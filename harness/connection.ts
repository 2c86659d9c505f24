// Opening one connection to a target: the right transport plus a JSON-RPC peer on it.
import { ObservationLog } from './observations.js';
import { Peer } from './peer.js';
import type { Target, Transport } from './transport.js';
import { StdioTransport } from './transports/stdio.js';
import { StreamableHttpTransport } from './transports/streamable-http.js';
import { WireLog } from './wire-log.js';

export interface ConnectOptions {
  /** Where observations go (one log per revision, shared by its connections). */
  observations?: ObservationLog;
  /** Per-request timeout in ms; also bounds how long the connection may take to come up. */
  timeoutMs: number;
}

export async function openConnection(target: Target, opts: ConnectOptions): Promise<Peer> {
  const wire = new WireLog();
  const observations = opts.observations ?? new ObservationLog();
  const transportOptions = { wire, observations, connectTimeoutMs: opts.timeoutMs };
  let transport: Transport;
  if (target.kind === 'stdio') {
    const stdio = new StdioTransport(target, transportOptions);
    await stdio.open();
    transport = stdio;
  } else {
    transport = new StreamableHttpTransport(target, transportOptions);
  }
  return new Peer({ transport, wire, observations, timeoutMs: opts.timeoutMs });
}
