// The JSON-RPC batches a client sent: frames holding a JSON array instead of one message. The
// scripted server takes them apart (each element is judged like any message), so the array
// itself is found here: over stdio a line whose JSON value is an array (read back from the
// elements the peer took from that line), over HTTP a POST body that parses to an array.
import type { Verdict } from '../../../harness/checks/check.js';
import type { ClientCheckContext } from '../../../harness/client/context.js';
import type { Json, Recording } from '../../../harness/client/recording.js';
import { expectNone } from '../../../harness/verify/index.js';
import { isObject } from './wire.js';

export interface BatchFrame {
  /** The wire entry (stdio line) or HTTP request that carried the array. */
  seq: number;
  conn: string;
  /** Its elements that are objects (an empty array has none). */
  messages: Json[];
}

/** Every array frame of the run, in arrival order. */
export function batchFrames(recording: Recording): BatchFrame[] {
  return (recording.transport === 'stdio' ? stdioBatches(recording) : httpBatches(recording)).sort((a, b) => a.seq - b.seq);
}

/** A line the framer took as a JSON array (it delivers only a non-empty array of objects). */
function stdioBatches(recording: Recording): BatchFrame[] {
  const out: BatchFrame[] = [];
  for (const peer of recording.peers) {
    for (const e of peer.wire.entries) {
      if (e.dir !== 'in' || !e.text.trimStart().startsWith('[')) continue;
      const messages = peer.inbound.filter((m) => m.seq === e.seq).map((m) => m.message).filter(isObject);
      if (messages.length > 0) out.push({ seq: e.seq, conn: e.conn, messages });
    }
  }
  return out;
}

/** A POST body that is a JSON array, whether the endpoint took it or refused it. */
function httpBatches(recording: Recording): BatchFrame[] {
  const out: BatchFrame[] = [];
  for (const r of recording.http) {
    if (r.method !== 'POST' || r.body === undefined) continue;
    let value: unknown;
    try {
      value = JSON.parse(r.body);
    } catch {
      continue;
    }
    if (Array.isArray(value)) out.push({ seq: r.seq, conn: r.conn ?? 'refused', messages: value.filter(isObject) });
  }
  return out;
}

/** "[initialize, ping]": what a batch held, for evidence. */
export function describeBatch(b: BatchFrame): string {
  return `[${b.messages.map((m) => (typeof m.method === 'string' ? m.method : 'a response')).join(', ')}]`;
}

/**
 * The verdict of a rule that allows no batch at all (2025-06-18 on): a fail citing the first
 * array frame, a pass once the client sent anything, a skip when it sent nothing.
 */
export function judgeNoBatches(ctx: ClientCheckContext, expected: string): Verdict {
  const batch = batchFrames(ctx.recording)[0];
  const sent = ctx.recording.fromClient.length;
  return expectNone(ctx, batch ? [{ text: `a JSON array (a batch): ${describeBatch(batch)}`, seq: batch.seq }] : [], {
    expected,
    judged: sent,
    note: `${sent} messages, none in a batch`,
    nothing: { code: 'nothing-observed', detail: 'the client sent nothing' },
  });
}
