// Observations: facts noticed passively while talking to a target (a line that is not JSON,
// a second response to one request, a schema violation). Passive checks judge them after
// the active checks of a revision have run, so no check has to re-read the wire itself.

export type ObservationKind =
  /** A stdout line that is not one JSON value (stdio). */
  | 'not-json-line'
  /** Several stdout lines that only together form one JSON message (pretty-printed JSON). */
  | 'multi-line-message'
  /** A JSON value on stdout that is not a JSON-RPC message object. */
  | 'not-jsonrpc'
  /** Bytes on stdout that are not valid UTF-8. */
  | 'invalid-utf8'
  /** An inbound message that does not validate against the negotiated revision's schema. */
  | 'schema-invalid'
  /** A response for a request id that was already answered. */
  | 'duplicate-response'
  /** A response whose id matches no request the harness sent. */
  | 'unknown-response-id'
  /** A request from the server (roots/list, sampling/createMessage, ...). */
  | 'server-request'
  /** A notification from the server. */
  | 'server-notification'
  /** A request from the client (testing a client: the tool plays the server). */
  | 'client-request'
  /** A notification from the client. */
  | 'client-notification'
  /**
   * We answered a request of the other side (seq: the first wire entry our answer can have, so
   * an inbound frame with a lower seq arrived before the answer was handed to the transport).
   */
  | 'request-answered'
  /** A frame that is a JSON array of messages (a JSON-RPC batch), split by the peer. */
  | 'batch-frame'
  /** An HTTP answer of 3xx/4xx/5xx to a POST or GET (context: status, method, withAuthorization, wwwAuthenticate). */
  | 'http-status'
  /** An error response with code -32042 (URLElicitationRequiredError, 2025-11-25); only these, not every error, so fuzzing cannot fill the log. */
  | 'url-elicitation-required';

export interface Observation {
  kind: ObservationKind;
  /** Wire log sequence number of the frame it is about. */
  seq: number;
  /** Connection id (as in the wire log). */
  conn: string;
  /** One line a user understands. */
  detail: string;
  /** The message, when there is one. */
  message?: unknown;
  /** Extra facts for the judging check (e.g. the client capabilities of the session). */
  context?: Record<string, unknown>;
}

export class ObservationLog {
  readonly items: Observation[] = [];
  private static readonly MAX = 2000;

  add(o: Observation): void {
    if (this.items.length < ObservationLog.MAX) this.items.push(o);
  }

  of(kind: ObservationKind): Observation[] {
    return this.items.filter((o) => o.kind === kind);
  }
}

/**
 * A log that keeps some kinds out of its destination while a borrower asks (a lent session
 * whose current check judges its own traffic, e.g. fuzzing), and passes everything else on.
 * A connection that changes hands (a spare probe connection, see spares.ts) is redirected.
 */
export class RoutingObservationLog extends ObservationLog {
  /** Kinds dropped instead of passed on, for now. */
  withheld: readonly ObservationKind[] = [];

  constructor(private destination: ObservationLog) {
    super();
  }

  override add(o: Observation): void {
    if (!this.withheld.includes(o.kind)) this.destination.add(o);
  }

  /** From now on, pass observations to `to`. */
  redirect(to: ObservationLog): void {
    this.destination = to;
  }
}
