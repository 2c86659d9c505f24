// What a connection's inbound log keeps of an answer (harness/jsonrpc/kept-answer.ts).
import { describe, expect, it } from 'vitest';
import { SLIMMED, keptForm } from '../harness/jsonrpc/kept-answer.js';

const answer = { jsonrpc: '2.0', id: 7, result: { tools: [] } };
const MB = 1024 * 1024;

describe('keptForm', () => {
  it('keeps the envelope of a big answer to a request of ours, not its result', () => {
    const kept = keptForm(answer, 'tools/list', 50 * MB);
    expect(kept).toMatchObject({ jsonrpc: '2.0', id: 7 });
    expect(kept.result).toEqual({ [SLIMMED]: expect.stringContaining('tools/list') as string });
  });

  it('keeps every other message whole: small, matching no request, or an error', () => {
    expect(keptForm(answer, 'tools/list', 1000)).toBe(answer);
    expect(keptForm(answer, undefined, 50 * MB)).toBe(answer);
    const error = { jsonrpc: '2.0', id: 7, error: { code: -32603, message: 'x'.repeat(10) } };
    expect(keptForm(error, 'tools/list', 50 * MB)).toBe(error);
  });
});
