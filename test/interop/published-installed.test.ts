// The published servers of published.ts are all installed: on linux x64 (the machines of this
// project) a native server missing (Go, .NET) is an install fault, not a reason to test less.
import { expect, it } from 'vitest';
import { SERVERS } from './published.js';

it.runIf(process.platform === 'linux' && process.arch === 'x64')('has the native servers installed (Go, .NET)', () => {
  expect(SERVERS.filter((s) => s.unavailable).map((s) => s.name)).toEqual([]);
});
