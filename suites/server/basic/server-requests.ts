// What the server initiated on each session (legacy era), read from the passive observations:
// its requests in arrival order, each with the point from which our answer was on its way. The
// checks of basic/messages, cancellation and progress judge the server's own requests by it.
import type { Observation } from '../../../harness/observations.js';

export interface ServerRequest {
  /** The connection it came on: one session, unless `sessionless`. */
  conn: string;
  /**
   * It came over Streamable HTTP from a server that issued no Mcp-Session-Id: each POST stands
   * alone (a new server instance may answer each), so rules "within the same session" or across
   * active requests cannot tie it to the connection's other requests.
   */
  sessionless: boolean;
  seq: number;
  id: unknown;
  /** The id as a key that keeps its JSON type (1 and "1" differ). */
  key: string;
  method: string;
  /** params._meta.progressToken, when the request asks for progress. */
  progressToken?: unknown;
  /**
   * The wire sequence number from which our answer was on its way; a frame with a lower number
   * reached us before we answered. Absent: we never answered it.
   */
  answeredFrom?: number;
  /**
   * Our answer was a CreateTaskResult (a task-augmented request to a client that receives
   * tasks): the request is a task of ours, by this id, cancelled with tasks/cancel from then on.
   */
  taskId?: string;
}

/** Every MCP notification method is named notifications/...; no request is. */
export const isNotificationMethod = (method: string): boolean => method.startsWith('notifications/');

export const idKeyOf = (id: unknown): string => JSON.stringify(id) ?? 'undefined';

const messageOf = (o: Observation): Record<string, unknown> => (typeof o.message === 'object' && o.message !== null ? (o.message as Record<string, unknown>) : {});

function progressTokenOf(m: Record<string, unknown>): unknown {
  const params = m.params as { _meta?: { progressToken?: unknown } } | undefined;
  return typeof params === 'object' && params !== null ? params._meta?.progressToken : undefined;
}

/** The server's requests, oldest first, each matched with our answer to it (answers pair with requests of the same id in order). */
export function serverRequests(observations: readonly Observation[]): ServerRequest[] {
  const requests: ServerRequest[] = [];
  for (const o of observations) {
    if (o.kind === 'server-request') {
      const m = messageOf(o);
      const token = progressTokenOf(m);
      const sessionless = o.context?.httpSession === null;
      requests.push({ conn: o.conn, sessionless, seq: o.seq, id: m.id, key: idKeyOf(m.id), method: String(m.method), ...(token !== undefined ? { progressToken: token } : {}) });
    } else if (o.kind === 'request-answered') {
      const answered = messageOf(o);
      const key = idKeyOf(answered.id);
      const asked = requests.find((r) => r.conn === o.conn && r.key === key && r.answeredFrom === undefined && r.seq < o.seq);
      if (asked) asked.answeredFrom = o.seq;
      if (asked && typeof answered.createdTask === 'string') asked.taskId = answered.createdTask;
    }
  }
  return requests;
}

/** Was `earlier` still unanswered when a frame numbered `seq` came in? */
export const stillOpenAt = (earlier: ServerRequest, seq: number): boolean => earlier.answeredFrom === undefined || earlier.answeredFrom > seq;

/** How many sessions the requests came on, for a pass note. */
export const sessionsOf = (requests: readonly ServerRequest[]): number => new Set(requests.map((r) => r.conn)).size;
