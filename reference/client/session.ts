// The one interface the work runs through, whatever the era: a legacy session (initialize
// handshake) or a modern one (per-request _meta, stateless). See session-legacy.ts and
// session-modern.ts.
import { isOn } from './faults.js';
import type { Json } from './jsonrpc.js';
import type { Revision } from './revisions.js';
import type { TransportKind } from './transports/channel.js';

export interface Session {
  readonly era: 'legacy' | 'modern';
  readonly revision: Revision;
  readonly transport: TransportKind;
  /** What the server declared (initialize result, or DiscoverResult). */
  readonly serverCapabilities: Json;
  /** One request of the work; resolves with its complete result, throws on an error answer. */
  request(method: string, params: Json): Promise<Json>;
  /** Resolves at the next progress notification for this token (faults only: see work.ts). */
  progressSeen(token: unknown): Promise<void>;
  /** The tools of a tools/list the client keeps (modern HTTP drops invalid x-mcp-header ones). */
  acceptTools(tools: Json[]): Json[];
  /** A harmless request to carry malformed envelopes (faults): ping, or server/discover. */
  probeRequest(): { method: string; params: Json };
  /** Transport headers for a message (HTTP), undefined elsewhere. */
  headersFor(msg: Json): Record<string, string> | undefined;
  /** Ends what the era opened (listen stream, GET stream, DELETE of the session). */
  close(): Promise<void>;
}

/** Adds entries to params._meta without losing the ones already there. */
export function withMeta(params: Json, entries: Json): Json {
  const meta = typeof params._meta === 'object' && params._meta !== null ? (params._meta as Json) : {};
  return { ...params, _meta: { ...meta, ...entries } };
}

/**
 * The ClientCapabilities as sent on the wire. The *-answered-undeclared faults leave one out
 * here only: the client still answers as if it had declared it (ROOTS-001, SAMP-001, ELIC-001).
 */
export function onWire(caps: Json): Json {
  const out = { ...caps };
  if (isOn('roots-answered-undeclared')) delete out.roots;
  if (isOn('sampling-answered-undeclared')) delete out.sampling;
  if (isOn('elicitation-answered-undeclared')) delete out.elicitation;
  return out;
}
