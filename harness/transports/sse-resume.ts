// Resuming a POST's SSE stream (transports#resumability-and-redelivery): which requests of
// the POST still wait for their response, read from the POST body and the stream's events.

/** Resumption: attempts per stream, and the wait when the server sent no `retry`. */
export const MAX_RESUMES = 3;
export const DEFAULT_RETRY_MS = 1000;

/** The requests of a POST whose responses are still to come, for resuming its stream. */
export interface Resume {
  pending: Set<string>;
  attempts: number;
  /** The `retry` the server set on an earlier stream of the chain. */
  retry?: number;
}

function idsOf(text: string, test: (m: Record<string, unknown>) => boolean): string[] {
  try {
    const v: unknown = JSON.parse(text);
    const items = Array.isArray(v) ? v : [v];
    return items.flatMap((m) => (typeof m === 'object' && m !== null && test(m as Record<string, unknown>) ? [JSON.stringify((m as { id: unknown }).id)] : []));
  } catch {
    return [];
  }
}

export const requestIds = (body: string): Set<string> => new Set(idsOf(body, (m) => typeof m.method === 'string' && m.id !== undefined && m.id !== null));
export const responseIds = (data: string): string[] => idsOf(data, (m) => !('method' in m) && ('result' in m || 'error' in m));
