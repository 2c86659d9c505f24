// What a connection's inbound log keeps of an answer: the message, or, for one over 1 MB that
// matched a request of ours, its envelope only. That request was handed the result, and the
// message was judged on arrival (schema, observations); a shared session that lists a 50 MB
// tools/list twenty times would otherwise hold a gigabyte per revision, and a run at five
// revisions outgrew the heap.

/** An answer bigger than this is kept as its envelope only. */
const KEPT_ANSWER_BYTES = 1024 * 1024;
/** The member that stands for a result left out of the log (never a member of MCP's). */
export const SLIMMED = 'mcp-conformance/slimmed';

/** The form of a received message the log keeps: `method` is the request it answered, if any. */
export function keptForm(message: Record<string, unknown>, method: string | undefined, bytes: number): Record<string, unknown> {
  if (method === undefined || bytes <= KEPT_ANSWER_BYTES || !('result' in message)) return message;
  return { ...message, result: { [SLIMMED]: `${bytes} bytes, handed to the ${method} request that asked for it` } };
}
