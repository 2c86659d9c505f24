// The reference client against real servers nobody here wrote (server-everything, over stdio,
// Streamable HTTP and HTTP+SSE) and against small SDK fixtures of both eras: it finishes
// cleanly, does its work, and every message it sends is schema-valid for its revision.
// Needs dist/ (built by `npm test`).
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { FAULTS, TRACE_PREFIX } from '../reference/client/faults.js';
import { startRecorder, type Recorder } from './fixtures/ref-client/http-recorder.js';
import { EVERYTHING, fixture, freePort, killAll, node, readTee, runClient, schemaProblems, sentMessages, startServer, teeCommand, type Msg } from './fixtures/ref-client/support.js';

const dir = mkdtempSync(join(tmpdir(), 'ref-client-'));
let logs = 0;
const newLog = (): string => join(dir, `tee-${++logs}.jsonl`);
const recorders: Recorder[] = [];
afterEach(async () => {
  for (const r of recorders.splice(0)) await r.close();
});
afterAll(killAll);

const methods = (msgs: Msg[]): string[] => msgs.filter((m) => typeof m.method === 'string').map((m) => m.method as string);
const meta = (m: Msg): Msg => ((m.params as Msg | undefined)?._meta ?? {}) as Msg;

describe('reference client: fault registry', () => {
  it('lists every fault once, each with a digest id, transports and eras', async () => {
    const ids = FAULTS.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(60);
    for (const f of FAULTS) {
      expect(f.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(f.digest).toMatch(/^[A-Z]+-\d{3}$/);
      expect(f.description.startsWith(f.digest)).toBe(true);
      expect(f.transports.length).toBeGreaterThan(0);
      expect(f.eras.length).toBeGreaterThan(0);
    }
    const run = await runClient(['--list-faults']);
    expect(run.code).toBe(0);
    const unknown = await runClient(['--fault', 'no-such-fault', 'http://127.0.0.1:1/mcp']);
    expect(unknown.code).toBe(2);
  });

  it('honours faults only behind isOn, and traces the guards a run reached (the exact client proof prunes by it)', async () => {
    // Anything that read the active faults another way would act unseen by the trace.
    for (const file of readdirSync('reference/client', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'))) {
      const text = readFileSync(join('reference/client', file), 'utf8');
      if (file !== 'faults.ts') expect(text, file).not.toMatch(/\bactive\.has\b/);
      if (file !== 'faults.ts' && file !== 'main.ts') expect(text, file).not.toMatch(/\bactiveFaults\(/);
    }
    const log = newLog();
    const run = await runClient(['--server', teeCommand(log, node, fixture('scripted-stdio.mjs'))], { MCP_REF_CLIENT_TRACE_FAULTS: '1' });
    expect(run.code).toBe(0);
    const last = run.stderr.trim().split('\n').at(-1) ?? '';
    expect(last.startsWith(TRACE_PREFIX), last).toBe(true);
    const consulted = last.slice(TRACE_PREFIX.length).split(',');
    // The opening's guards ran; a URL-mode elicitation's did not (nothing asked for one).
    expect(consulted).toContain('initialized-missing');
    expect(consulted).not.toContain('elicitation-url-prefetched');
    expect(consulted.every((id) => FAULTS.some((f) => f.id === id))).toBe(true);
  });
});

describe('reference client, legacy era', () => {
  it('stdio: works through server-everything, probing first, and shuts it down by closing stdin', async () => {
    const log = newLog();
    const run = await runClient(['--server', teeCommand(log, node, EVERYTHING, 'stdio')]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const entries = readTee(log);
    const sent = sentMessages(entries);
    const names = methods(sent);
    expect(names.slice(0, 3)).toEqual(['server/discover', 'initialize', 'notifications/initialized']);
    expect(names.filter((m) => m === 'tools/call').length).toBe(10);
    for (const m of ['resources/read', 'resources/templates/list', 'prompts/get', 'completion/complete']) expect(names).toContain(m);
    // Every request id is unique and none is null.
    const ids = sent.filter((m) => 'id' in m && 'method' in m).map((m) => JSON.stringify(m.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(entries.every((e) => e.dir !== 'c2s' || e.utf8)).toBe(true);
    // (server-everything asks for roots about a second after initialized: often after this run ended.)
    expect(schemaProblems(sent.slice(1), '2025-11-25', () => 'roots/list')).toEqual([]);
    expect(schemaProblems(sent.slice(0, 1), '2026-07-28')).toEqual([]);
    // Shutdown: stdin closed before any signal.
    const events = entries.filter((e) => e.event).map((e) => e.event);
    expect(events[0]).toBe('stdin-end');
  });

  it('Streamable HTTP: works through server-everything with session id, protocol version header, GET stream and DELETE', async () => {
    const port = await freePort();
    const target = await startServer([EVERYTHING, 'streamableHttp'], { env: { PORT: String(port) }, port });
    const rec = await startRecorder(target);
    recorders.push(rec);
    const run = await runClient([rec.url]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const ex = rec.exchanges;
    const posts = ex.filter((e) => e.method === 'POST');
    expect(posts.every((e) => /application\/json/.test(String(e.headers.accept)) && /text\/event-stream/.test(String(e.headers.accept)))).toBe(true);
    const init = posts.findIndex((e) => e.json?.method === 'initialize');
    const sid = ex.map((e) => e.headers['mcp-session-id']).find((s) => s !== undefined);
    expect(sid).toBeDefined();
    for (const e of ex.slice(init + 1)) {
      expect(e.headers['mcp-session-id'], `${e.method} ${e.body.slice(0, 60)}`).toBe(sid);
      expect(e.headers['mcp-protocol-version']).toBe('2025-11-25');
    }
    expect(ex.some((e) => e.method === 'GET' && /text\/event-stream/.test(String(e.headers.accept)))).toBe(true);
    expect(ex[ex.length - 1]?.method).toBe('DELETE');
    expect(methods(rec.posted()).filter((m) => m === 'tools/call').length).toBe(10);
    expect(schemaProblems(rec.posted().slice(1), '2025-11-25', () => 'roots/list')).toEqual([]);
  });

  it('HTTP+SSE: falls back from the POSTs to the GET stream of server-everything, then POSTs to its endpoint', async () => {
    const port = await freePort();
    const target = await startServer([EVERYTHING, 'sse'], { env: { PORT: String(port) }, port, path: '/sse' });
    const rec = await startRecorder(target);
    recorders.push(rec);
    const run = await runClient([rec.url]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const ex = rec.exchanges;
    expect(ex.slice(0, 3).map((e) => `${e.method} ${e.path.split('?')[0]} ${e.status}`)).toEqual(['POST /sse 404', 'POST /sse 404', 'GET /sse 200']);
    expect(ex.slice(3).every((e) => e.method === 'POST' && e.path.startsWith('/message?'))).toBe(true);
    expect(methods(ex.slice(3).map((e) => e.json as Msg))).toContain('prompts/get');
  });

  it('answers ping, roots, sampling and elicitation requests the way the SDK accepts', async () => {
    const log = newLog();
    const run = await runClient(['--server', teeCommand(log, node, fixture('legacy-server.mjs'), 'stdio')]);
    expect(run.code).toBe(0);
    const entries = readTee(log);
    const received = entries.filter((e) => e.dir === 's2c').map((e) => JSON.parse(e.line as string) as Msg);
    const serverMethod = (id: unknown): string | undefined => received.find((m) => m.id === id && typeof m.method === 'string')?.method as string | undefined;
    const sent = sentMessages(entries);
    const answers = Object.fromEntries(sent.filter((m) => 'result' in m).map((m) => [serverMethod(m.id), m.result as Msg]));
    expect(answers.ping).toEqual({});
    expect(answers['elicitation/create']?.action).toBe('accept');
    expect(schemaProblems(sent.slice(1), '2025-11-25', serverMethod)).toEqual([]);
    // The SDK validated every answer: the tool call succeeded.
    const call = received.find((m) => 'result' in m && JSON.stringify(m).includes('\\"form\\"'));
    expect(JSON.stringify(call)).not.toContain('isError');
  });

  it('re-initializes without the session id after a 404, and retries the request', async () => {
    const target = await startServer([fixture('legacy-server.mjs'), 'http']);
    let dropped = false;
    const rec = await startRecorder(target, (ex, res) => {
      if (dropped || ex.json?.method !== 'tools/list') return false;
      dropped = true;
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"jsonrpc":"2.0","id":null,"error":{"code":-32001,"message":"Session not found"}}');
      return true;
    });
    recorders.push(rec);
    const run = await runClient([rec.url]);
    expect(run.code).toBe(0);
    const posts = rec.exchanges.filter((e) => e.method === 'POST');
    const inits = posts.filter((e) => e.json?.method === 'initialize');
    expect(inits.length).toBe(2);
    expect(inits[1]?.headers['mcp-session-id']).toBeUndefined();
    expect(posts.filter((e) => e.json?.method === 'tools/list').length).toBe(2);
    expect(methods(rec.posted())).toContain('tools/call');
  });

  it('falls back after a silent probe, cancels a call that times out (sooner with --call-timeout), and disconnects on an unknown version', async () => {
    const log = newLog();
    // Patience a busy machine cannot exhaust: the silent probe and the hung call each wait it out.
    const run = await runClient(['--timeout', '5000', '--server', teeCommand(log, node, fixture('scripted-stdio.mjs'), '--silent-probe', '--hang-call')]);
    expect(run.code).toBe(0);
    const sent = sentMessages(readTee(log));
    expect(methods(sent).slice(0, 2)).toEqual(['server/discover', 'initialize']);
    const call = sent.find((m) => m.method === 'tools/call');
    expect(sent.find((m) => m.method === 'notifications/cancelled')?.params).toEqual({ requestId: call?.id, reason: 'timeout' });

    // --call-timeout: a tools/call is given up sooner than other requests.
    const log3 = newLog();
    const patient = await runClient(['--timeout', '30000', '--call-timeout', '300', '--verbose', '--server', teeCommand(log3, node, fixture('scripted-stdio.mjs'), '--hang-call')]);
    expect(patient.code).toBe(0);
    expect(patient.stderr).toContain('tools/call got no answer within 300 ms');
    const sent3 = sentMessages(readTee(log3));
    expect(sent3.find((m) => m.method === 'notifications/cancelled')?.params).toEqual({ requestId: sent3.find((m) => m.method === 'tools/call')?.id, reason: 'timeout' });

    const log2 = newLog();
    const bad = await runClient(['--server', teeCommand(log2, node, fixture('scripted-stdio.mjs'), '--version', '1999-01-01')]);
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(methods(sentMessages(readTee(log2)))).toEqual(['server/discover', 'initialize']);
  });
});

describe('reference client, modern era', () => {
  it('stdio: discovers, listens, fulfils an input request and echoes requestState, with _meta on every request', async () => {
    const log = newLog();
    const run = await runClient(['--server', teeCommand(log, node, fixture('modern-server.mjs'), 'stdio')]);
    expect(run.code).toBe(0);
    const entries = readTee(log);
    const sent = sentMessages(entries);
    const names = methods(sent);
    expect(names[0]).toBe('server/discover');
    expect(names).not.toContain('initialize');
    for (const m of sent.filter((x) => 'id' in x)) {
      expect(meta(m)['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28');
      expect(meta(m)['io.modelcontextprotocol/clientCapabilities']).toBeTypeOf('object');
      expect(meta(m)['io.modelcontextprotocol/clientInfo']).toBeTypeOf('object');
    }
    const confirm = sent.filter((m) => m.method === 'tools/call' && (m.params as Msg).name === 'confirm');
    expect(confirm).toHaveLength(2);
    expect(confirm[1]?.id).not.toBe(confirm[0]?.id);
    expect((confirm[1]?.params as Msg).requestState).toBe('state/é+=');
    expect(((confirm[1]?.params as Msg).inputResponses as Msg).ok).toEqual({ action: 'accept', content: { proceed: true } });
    // The listen stream is opened after discovery and ended with notifications/cancelled before stdin closes.
    const listen = sent.find((m) => m.method === 'subscriptions/listen');
    expect(((listen?.params as Msg).notifications as Msg).toolsListChanged).toBe(true);
    const cancel = [...sent].reverse().find((m) => m.method === 'notifications/cancelled');
    expect((cancel?.params as Msg).requestId).toBe(listen?.id);
    expect(schemaProblems(sent, '2026-07-28')).toEqual([]);
  });

  it('Streamable HTTP: mirrors method, name and x-mcp-header parameters into headers, drops an invalid tool, opens no session', async () => {
    const target = await startServer([fixture('modern-server.mjs'), 'http']);
    const rec = await startRecorder(target);
    recorders.push(rec);
    const run = await runClient([rec.url]);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/dropping tool "bad header"/);
    const ex = rec.exchanges;
    expect(ex.every((e) => e.method === 'POST' && e.headers['mcp-session-id'] === undefined)).toBe(true);
    for (const e of ex) {
      const msg = e.json as Msg;
      expect(e.headers['mcp-protocol-version']).toBe('2026-07-28');
      expect(e.headers['mcp-method']).toBe(msg.method);
      const p = msg.params as Msg;
      if (['tools/call', 'prompts/get'].includes(msg.method as string)) expect(e.headers['mcp-name']).toBe(p.name);
      if (msg.method === 'resources/read') expect(e.headers['mcp-name']).toBe(p.uri);
    }
    const lookup = ex.find((e) => (e.json?.params as Msg | undefined)?.name === 'lookup');
    expect([lookup?.headers['mcp-param-region'], lookup?.headers['mcp-param-verbose']]).toEqual(['test', 'true']);
    expect(ex.some((e) => (e.json?.params as Msg | undefined)?.name === 'bad header')).toBe(false);
    expect(methods(rec.posted())).toContain('subscriptions/listen');
    expect(schemaProblems(rec.posted(), '2026-07-28')).toEqual([]);
  });

  it('retries -32022 with a new id, re-issues a request whose stream broke, ignores SSE comments, lists tools again after HeaderMismatch', async () => {
    const target = await startServer([fixture('modern-server.mjs'), 'http']);
    const seen = new Set<string>();
    const rec = await startRecorder(target, (ex, res) => {
      const method = ex.json?.method as string | undefined;
      if (method === 'tools/list' && !seen.has(method)) {
        seen.add(method);
        res.writeHead(400, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: ex.json?.id, error: { code: -32022, message: 'Unsupported protocol version', data: { supported: ['2026-07-28'], requested: '2026-07-28' } } }));
        return true;
      }
      if (method === 'tools/call' && (ex.json?.params as Msg).name === 'confirm' && !seen.has('confirm')) {
        seen.add('confirm');
        res.writeHead(400, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: ex.json?.id, error: { code: -32020, message: 'Header mismatch' } }));
        return true;
      }
      if (method === 'tools/call' && !seen.has(method)) {
        seen.add(method);
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.end(': keep-alive\n\nid: 1\ndata: \n\n');
        return true;
      }
      return false;
    });
    recorders.push(rec);
    const run = await runClient([rec.url]);
    expect(run.code).toBe(0);
    const posted = rec.posted();
    // Two for the -32022 and its retry, one more after the HeaderMismatch.
    const lists = posted.filter((m) => m.method === 'tools/list');
    expect(lists).toHaveLength(3);
    expect(lists[1]?.id).not.toBe(lists[0]?.id);
    const calls = posted.filter((m) => m.method === 'tools/call' && (m.params as Msg).name === 'lookup');
    expect(calls).toHaveLength(2);
    expect(JSON.stringify(calls[1]?.params)).toBe(JSON.stringify(calls[0]?.params));
    expect(calls[1]?.id).not.toBe(calls[0]?.id);
    expect(rec.exchanges.some((e) => e.method === 'GET')).toBe(false);
    const names = posted.map((m) => `${m.method as string}${m.method === 'tools/call' ? ` ${(m.params as Msg).name as string}` : ''}`);
    const mismatch = names.indexOf('tools/call confirm');
    expect(names.slice(mismatch, mismatch + 3)).toEqual(['tools/call confirm', 'tools/list', 'tools/call confirm']);
  });
});
