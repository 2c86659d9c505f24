// Faults of the reference client visibly change its traffic: a sample of them, each compared
// with the clean client against the same server (the recording relay or proxy shows both).
// And no fault, alone or with others, makes the client crash or hang.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULTS } from '../reference/client/faults.js';
import { startRecorder, type Exchange } from './fixtures/ref-client/http-recorder.js';
import { fixture, killAll, node, readTee, runClient, sentMessages, startServer, teeCommand, type Msg, type TeeEntry } from './fixtures/ref-client/support.js';

const dir = mkdtempSync(join(tmpdir(), 'ref-client-faults-'));
let logs = 0;
afterAll(killAll);

const methods = (msgs: Msg[]): string[] => msgs.filter((m) => typeof m.method === 'string').map((m) => m.method as string);

/** Runs the client (with `faults`) against a stdio server behind the relay; returns what it wrote. */
async function stdioRun(server: string[], faults: string[], extra: string[] = []): Promise<TeeEntry[]> {
  const log = join(dir, `tee-${++logs}.jsonl`);
  await runClient([...extra, ...(faults.length ? ['--fault', faults.join(',')] : []), '--server', teeCommand(log, node, ...server)]);
  return readTee(log);
}

const scripted = (...flags: string[]): string[] => [fixture('scripted-stdio.mjs'), ...flags];
const sent = (entries: TeeEntry[]): Msg[] => sentMessages(entries);
const initId = (e: TeeEntry[]): unknown => sent(e).find((m) => m.method === 'initialize')?.id;

interface StdioCase {
  fault: string;
  server: string[];
  args?: string[];
  /** True when the traffic shows the fault. */
  shows(entries: TeeEntry[]): boolean;
}

const STDIO_CASES: StdioCase[] = [
  { fault: 'request-id-reused', server: scripted(), shows: (e) => sent(e).find((m) => m.method === 'tools/list')?.id === initId(e) },
  { fault: 'initialized-missing', server: scripted(), shows: (e) => !methods(sent(e)).includes('notifications/initialized') },
  {
    fault: 'initialized-before-response',
    server: scripted('--delay-init', '300'),
    shows: (e) => e.findIndex((x) => x.line?.includes('notifications/initialized')) < e.findIndex((x) => x.dir === 's2c' && x.line?.includes('protocolVersion')),
  },
  {
    fault: 'initialize-cancelled',
    server: scripted('--delay-init', '1200'),
    // The fault cancels after 250 ms; the clean client waits out any busy machine.
    args: ['--timeout', '10000'],
    shows: (e) => sent(e).some((m) => m.method === 'notifications/cancelled' && (m.params as Msg).requestId === initId(e)),
  },
  { fault: 'initialize-not-first', server: scripted(), shows: (e) => methods(sent(e))[1] === 'ping' },
  { fault: 'stdio-no-discover-probe', server: scripted(), shows: (e) => methods(sent(e))[0] === 'initialize' },
  { fault: 'ping-nonempty-result', server: scripted('--ping'), shows: (e) => JSON.stringify(sent(e).find((m) => m.id === 7000)?.result) !== '{}' },
  { fault: 'answers-notification', server: scripted('--ping'), shows: (e) => sent(e).some((m) => m.id === null) },
  { fault: 'response-id-type-changed', server: scripted('--ping'), shows: (e) => sent(e).some((m) => m.id === '7000' && 'result' in m) },
  { fault: 'stdio-non-json-line', server: scripted(), shows: (e) => e.some((x) => x.dir === 'c2s' && x.line === 'hello') },
  { fault: 'stdio-invalid-utf8', server: scripted(), shows: (e) => e.some((x) => x.dir === 'c2s' && x.utf8 === false) },
  { fault: 'stdio-embedded-newline', server: scripted(), shows: (e) => e.some((x) => x.dir === 'c2s' && x.line === '{') },
  { fault: 'request-id-null', server: scripted(), shows: (e) => sent(e).some((m) => m.id === null && 'method' in m) },
  { fault: 'stdio-stdin-not-closed', server: scripted(), shows: (e) => e.find((x) => x.event)?.event === 'signal' },
  { fault: 'unsupported-version-continues', server: scripted('--version', '1999-01-01'), shows: (e) => methods(sent(e)).includes('tools/list') },
  { fault: 'timeout-not-cancelled', server: scripted('--hang-call'), args: ['--timeout', '10000', '--call-timeout', '1500'], shows: (e) => !methods(sent(e)).includes('notifications/cancelled') },
  { fault: 'probe-fallback-only-on-method-not-found', server: scripted('--silent-probe'), args: ['--timeout', '4000'], shows: (e) => !methods(sent(e)).includes('initialize') },
  { fault: 'progress-token-invalid', server: scripted(), shows: (e) => (sent(e).find((m) => m.method === 'tools/call')?.params as Msg)._meta !== undefined && JSON.stringify(sent(e)).includes('"progressToken":1.5') },
  { fault: 'mrtr-request-state-mutated', server: [fixture('modern-server.mjs'), 'stdio'], shows: (e) => JSON.stringify(sent(e)).includes('"requestState":"state/é+=x"') },
];

describe('reference client faults over stdio', () => {
  const clean = new Map<string, Promise<TeeEntry[]>>();
  const cleanRun = (c: StdioCase): Promise<TeeEntry[]> => {
    const key = JSON.stringify([c.server, c.args]);
    if (!clean.has(key)) clean.set(key, stdioRun(c.server, [], c.args));
    return clean.get(key) as Promise<TeeEntry[]>;
  };

  it.concurrent.each(STDIO_CASES)('$fault changes the traffic', async (c) => {
    const [base, faulty] = await Promise.all([cleanRun(c), stdioRun(c.server, [c.fault], c.args)]);
    expect(c.shows(base), 'the clean client must not show it').toBe(false);
    expect(c.shows(faulty), 'the faulty client must show it').toBe(true);
  });
});

describe('reference client faults over HTTP', () => {
  let modern = '';
  let legacy = '';
  beforeAll(async () => {
    [modern, legacy] = await Promise.all([startServer([fixture('modern-server.mjs'), 'http']), startServer([fixture('legacy-server.mjs'), 'http'])]);
  });

  async function httpRun(target: string, faults: string[]): Promise<Exchange[]> {
    const rec = await startRecorder(target);
    try {
      // Well above the servers' latency on a loaded machine: a timed-out request changes the client's course.
      await runClient(['--timeout', '4000', ...(faults.length ? ['--fault', faults.join(',')] : []), rec.url]);
      return rec.exchanges;
    } finally {
      await rec.close();
    }
  }

  const named = (ex: Exchange[], method: string): Exchange[] => ex.filter((e) => e.json?.method === method);
  const CASES: { fault: string; target: () => string; shows(ex: Exchange[]): boolean }[] = [
    { fault: 'http-mcp-method-missing', target: () => modern, shows: (ex) => ex.some((e) => e.headers['mcp-method'] === undefined) },
    { fault: 'http-mcp-name-missing', target: () => modern, shows: (ex) => named(ex, 'tools/call').some((e) => e.headers['mcp-name'] === undefined) },
    { fault: 'http-mcp-param-missing', target: () => modern, shows: (ex) => named(ex, 'tools/call').every((e) => e.headers['mcp-param-region'] === undefined) },
    { fault: 'http-invalid-x-mcp-header-kept', target: () => modern, shows: (ex) => named(ex, 'tools/call').some((e) => e.headers['mcp-name'] === 'bad header') },
    { fault: 'meta-client-capabilities-missing', target: () => modern, shows: (ex) => named(ex, 'tools/list').some((e) => !JSON.stringify(e.json).includes('clientCapabilities')) },
    { fault: 'http-session-id-dropped', target: () => legacy, shows: (ex) => ex.some((e) => e.method === 'DELETE' && e.headers['mcp-session-id'] === undefined) },
    { fault: 'http-session-not-deleted', target: () => legacy, shows: (ex) => !ex.some((e) => e.method === 'DELETE') },
    { fault: 'http-protocol-version-missing', target: () => legacy, shows: (ex) => named(ex, 'tools/list').some((e) => e.headers['mcp-protocol-version'] === undefined) },
    { fault: 'http-accept-json-only', target: () => legacy, shows: (ex) => ex.some((e) => e.method === 'POST' && !String(e.headers.accept).includes('text/event-stream')) },
  ];

  it.concurrent.each(CASES)('$fault changes the traffic', async (c) => {
    const [base, faulty] = await Promise.all([httpRun(c.target(), []), httpRun(c.target(), [c.fault])]);
    expect(c.shows(base), 'the clean client must not show it').toBe(false);
    expect(c.shows(faulty), 'the faulty client must show it').toBe(true);
  });
});

describe('reference client faults: robustness', () => {
  it('never crashes or hangs, whatever faults are on, in either era', async () => {
    const ids = FAULTS.map((f) => f.id);
    const batches = Array.from({ length: 4 }, (_, i) => ids.filter((_, j) => j % 4 === i));
    const servers = [scripted('--ping'), scripted('--modern')];
    const runs = await Promise.all(
      servers.flatMap((server) =>
        batches.map(async (batch) => {
          const log = join(dir, `tee-${++logs}.jsonl`);
          const run = await runClient(['--timeout', '1000', '--deadline', '20000', '--fault', batch.join(','), '--server', teeCommand(log, node, ...server)]);
          return { batch, ...run };
        }),
      ),
    );
    for (const r of runs) {
      expect([0, 1], `${r.batch.join(',')}: ${r.stderr}`).toContain(r.code);
      expect(r.stderr, r.batch.join(',')).not.toMatch(/\n\s+at |TypeError|ReferenceError|internal error|no clean end/);
    }
  });
});
