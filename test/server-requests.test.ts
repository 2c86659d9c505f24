// The server's own requests as the passive hygiene checks read them (suites/server/basic/
// server-requests.ts): each paired with our answer, in order, per connection; "still open" by
// wire order alone; Streamable HTTP without a session kept apart.
import { describe, expect, it } from 'vitest';
import type { Observation } from '../harness/observations.js';
import { serverRequests, stillOpenAt } from '../suites/server/basic/server-requests.js';

const request = (seq: number, id: unknown, extra: Partial<Observation> = {}, params?: unknown): Observation => ({
  kind: 'server-request',
  seq,
  conn: 'c1',
  detail: '',
  message: { jsonrpc: '2.0', id, method: 'ping', ...(params ? { params } : {}) },
  ...extra,
});
const answered = (seq: number, id: unknown, conn = 'c1'): Observation => ({ kind: 'request-answered', seq, conn, detail: '', message: { id, method: 'ping' } });

describe('serverRequests', () => {
  it('pairs each answer with the oldest unanswered request of that id on its connection', () => {
    const got = serverRequests([request(1, 7), request(2, 7), answered(3, 7), request(4, '7'), answered(5, 7), request(6, 7, { conn: 'c2' })]);
    expect(got.map((r) => [r.conn, r.key, r.answeredFrom])).toEqual([
      ['c1', '7', 3],
      ['c1', '7', 5],
      ['c1', '"7"', undefined],
      ['c2', '7', undefined],
    ]);
  });

  it('tells open from answered by wire order: a frame numbered below our answer came before it', () => {
    const [first] = serverRequests([request(10, 1), answered(12, 1)]);
    expect(first && stillOpenAt(first, 11)).toBe(true);
    expect(first && stillOpenAt(first, 13)).toBe(false);
    const [never] = serverRequests([request(10, 2)]);
    expect(never && stillOpenAt(never, 99)).toBe(true);
  });

  it('reads the progress token and whether a Streamable HTTP session held the request', () => {
    const got = serverRequests([
      request(1, 1, { context: { httpSession: null } }, { _meta: { progressToken: 'p' } }),
      request(2, 2, { context: { httpSession: 'abc' } }),
      request(3, 3),
    ]);
    expect(got.map((r) => [r.progressToken, r.sessionless])).toEqual([
      ['p', true],
      [undefined, false],
      [undefined, false],
    ]);
  });
});
