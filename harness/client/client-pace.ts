// What one run tells the pace (pacing/pace.ts) about the client under test: how long it took
// to start (from its spawn to its first sign of life), and how long it took to answer each
// request the scripted server sent it. The window of runs at once and the patience of the
// scripted servers follow from these, as they follow from a server's answers on the server side.
import type { Pace } from '../pacing/pace.js';
import type { ClientMessage, Recording } from './recording.js';

/** Each answer of the client to a request of ours: its method and how long the client took. */
export function answerTimes(recording: Recording): { method: string; ms: number }[] {
  const key = (m: ClientMessage) => `${m.conn} ${JSON.stringify(m.message.id)}`;
  const asked = new Map<string, ClientMessage>();
  for (const m of recording.toClient()) if (typeof m.message.method === 'string' && 'id' in m.message) asked.set(key(m), m);
  const out: { method: string; ms: number }[] = [];
  for (const answer of recording.responses()) {
    const request = asked.get(key(answer));
    if (!request) continue;
    asked.delete(key(answer));
    out.push({ method: request.message.method as string, ms: Math.max(0, answer.t - request.t) });
  }
  return out;
}

export function measureRun(pace: Pace, recording: Recording): void {
  if (recording.startMs !== undefined) pace.noteStart(recording.startMs);
  for (const { method, ms } of answerTimes(recording)) pace.noteAnswer(method, ms);
}
