// harness/tool-durations.ts: which tools look slow, and the duration we set for them.
import { describe, expect, it } from 'vitest';
import { quickArgs, slowArgs } from '../harness/tool-durations.js';

const REVISION = '2025-06-18';
const tool = (name: string, properties: Record<string, unknown>, required = Object.keys(properties)) => ({
  name,
  inputSchema: { type: 'object', properties, required },
});

// server-everything's long-running operation: seconds, 10 by default.
const longRunning = tool('trigger-long-running-operation', {
  duration: { type: 'number', default: 10, description: 'Duration of the operation in seconds' },
  steps: { type: 'number', default: 5 },
});
const sleepMs = tool('sleep', { ms: { type: 'integer', minimum: 0, maximum: 10000 } });

describe('slowArgs', () => {
  it('sets the duration argument in its unit, within its bounds, when the tool looks slow', () => {
    expect(slowArgs(longRunning, { duration: 10, steps: 5 }, 400, REVISION)).toEqual({ args: { duration: 0.4, steps: 5 }, durationMs: 400, arg: 'duration', baseMs: 10_000 });
    expect(slowArgs(sleepMs, { ms: 0 }, 400, REVISION)).toMatchObject({ args: { ms: 400 }, durationMs: 400, baseMs: 0 });
  });

  it('leaves alone a tool whose name does not look slow, or whose duration unit cannot be read', () => {
    expect(slowArgs(tool('add', { ms: { type: 'integer' } }), { ms: 1 }, 400, REVISION)).toBeUndefined();
    expect(slowArgs(tool('wait', { duration: { type: 'number' } }), { duration: 1 }, 400, REVISION)).toBeUndefined();
  });

  it('gives up when the shortest allowed duration is over the cap', () => {
    const atLeastFive = tool('delay', { seconds: { type: 'integer', minimum: 5 } });
    expect(slowArgs(atLeastFive, { seconds: 5 }, 400, REVISION)).toBeUndefined();
  });
});

describe('quickArgs', () => {
  it('asks a slow-looking tool for a short run instead of a long generated duration', () => {
    expect(quickArgs(longRunning, { duration: 10, steps: 5 }, REVISION, 2000)).toEqual({ duration: 0.1, steps: 5 });
  });

  it('keeps the generated arguments when they are already as short, or the tool does not look slow', () => {
    expect(quickArgs(sleepMs, { ms: 0 }, REVISION, 2000)).toEqual({ ms: 0 });
    const add = tool('add', { a: { type: 'number' } });
    expect(quickArgs(add, { a: 1 }, REVISION, 2000)).toEqual({ a: 1 });
  });

  it('takes the shortest whole number of seconds when that fits well within the patience', () => {
    const wholeSeconds = tool('wait', { seconds: { type: 'integer', minimum: 1, default: 30 } });
    expect(quickArgs(wholeSeconds, { seconds: 30 }, REVISION, 2000)).toEqual({ seconds: 1 });
    expect(quickArgs(wholeSeconds, { seconds: 30 }, REVISION, 1000)).toEqual({ seconds: 30 });
  });
});
