// The reference server's multi round-trip requests (2026-07-28, basic/patterns/mrtr) over
// stdio: greet_user and personal_greeting ask for a name by elicitation; the retry with the
// answer and the untouched requestState completes. Needs dist/ (built by `npm test`).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const MAIN = resolve('dist/reference/server/main.js');
type Msg = Record<string, unknown>;
const ELICIT = { elicitation: {} };

const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

/** One reference process; `call` sends a request and resolves with its response. */
function server(faults: string[] = []): { call(method: string, params: Msg, caps?: Msg): Promise<Msg>; frames: Msg[] } {
  const child = spawn(process.execPath, [MAIN, ...faults.flatMap((f) => ['--fault', f])], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, MCP_REF_FAULTS: '' } });
  children.push(child);
  const frames: Msg[] = [];
  const waiting = new Map<unknown, (m: Msg) => void>();
  let buf = '';
  let next = 1;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d: string) => {
    buf += d;
    for (let i = buf.indexOf('\n'); i !== -1; i = buf.indexOf('\n')) {
      const m = JSON.parse(buf.slice(0, i)) as Msg;
      buf = buf.slice(i + 1);
      frames.push(m);
      if (!('method' in m)) waiting.get(m.id)?.(m);
    }
  });
  const call = (method: string, params: Msg, caps: Msg = ELICIT): Promise<Msg> => {
    const id = next++;
    const _meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': caps };
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta } })}\n`);
    return new Promise((done, fail) => {
      waiting.set(id, done);
      setTimeout(() => fail(new Error(`no answer to ${method} #${id}`)), 10_000);
    });
  };
  return { call, frames };
}

const TOOL = { method: 'tools/call', params: { name: 'greet_user', arguments: {} } };
const PROMPT = { method: 'prompts/get', params: { name: 'personal_greeting' } };
const accept = (name: string): Msg => ({ user_name: { action: 'accept', content: { name } } });
const text = (r: Msg): string => JSON.stringify(r.result);

describe('multi round-trip requests (2026-07-28) over stdio', () => {
  for (const { method, params } of [TOOL, PROMPT]) {
    it(`${method} ${String(params.name)}: asks by elicitation, completes on the retry with the untouched requestState`, async () => {
      const s = server();
      const first = (await s.call(method, params)).result as Msg;
      expect(first.resultType).toBe('input_required');
      const ask = (first.inputRequests as Msg).user_name as Msg;
      expect(ask).toMatchObject({ method: 'elicitation/create', params: { mode: 'form', requestedSchema: { type: 'object' } } });
      expect('ttlMs' in first).toBe(false); // interim results carry no cache hints
      const state = first.requestState as string;
      const done = await s.call(method, { ...params, inputResponses: accept('Ada'), requestState: state });
      expect((done.result as Msg).resultType).toBe('complete');
      expect(text(done)).toContain('Ada');
      // The same state works again (stateless: nothing was consumed), from any process.
      expect(text(await s.call(method, { ...params, inputResponses: accept('Grace'), requestState: state }))).toContain('Grace');
    });
  }

  it('refuses without the elicitation capability: -32021 naming it', async () => {
    const s = server();
    for (const { method, params } of [TOOL, PROMPT]) {
      const e = (await s.call(method, params, {})).error as Msg;
      expect(e.code).toBe(-32021);
      expect(e.data).toEqual({ requiredCapabilities: { elicitation: { form: {} } } });
    }
    // URL mode alone is not enough for a form.
    expect(((await s.call(TOOL.method, TOOL.params, { elicitation: { url: {} } })).error as Msg).code).toBe(-32021);
  });

  it('rejects a tampered requestState, and a state issued for another request', async () => {
    const s = server();
    const state = ((await s.call(TOOL.method, TOOL.params)).result as Msg).requestState as string;
    // One character changed (whatever it was): the seal no longer verifies.
    const flipped = `${state.slice(0, -2)}${state.at(-2) === 'A' ? 'B' : 'A'}${state.slice(-1)}`;
    const bad = await s.call(TOOL.method, { ...TOOL.params, inputResponses: accept('Eve'), requestState: flipped });
    expect((bad.error as Msg).code).toBe(-32602);
    const moved = await s.call(PROMPT.method, { ...PROMPT.params, inputResponses: accept('Eve'), requestState: state });
    expect((moved.error as Msg).code).toBe(-32602);
  });

  it('asks again for a missing answer, ignores unknown answers, and rejects malformed ones', async () => {
    const s = server();
    const state = ((await s.call(TOOL.method, TOOL.params)).result as Msg).requestState as string;
    const again = (await s.call(TOOL.method, { ...TOOL.params, requestState: state })).result as Msg;
    expect(again.resultType).toBe('input_required');
    expect(Object.keys(again.inputRequests as Msg)).toEqual(['user_name']);
    const extra = await s.call(TOOL.method, { ...TOOL.params, inputResponses: { ...accept('Ada'), mcp_conformance_extra: { action: 'accept' } }, requestState: state });
    expect(text(extra)).toContain('Ada');
    const malformed = await s.call(TOOL.method, { ...TOOL.params, inputResponses: 'yes', requestState: state });
    expect((malformed.error as Msg).code).toBe(-32602);
    const noAction = await s.call(TOOL.method, { ...TOOL.params, inputResponses: { user_name: { content: {} } }, requestState: state });
    expect((noAction.error as Msg).code).toBe(-32602);
    // Answers without any requestState are not trusted: the question is asked anew.
    expect(((await s.call(TOOL.method, { ...TOOL.params, inputResponses: accept('Ada') })).result as Msg).resultType).toBe('input_required');
  });

  it('says so in a complete result when the user declines or cancels', async () => {
    const s = server();
    for (const action of ['decline', 'cancel']) {
      const state = ((await s.call(TOOL.method, TOOL.params)).result as Msg).requestState as string;
      const r = await s.call(TOOL.method, { ...TOOL.params, inputResponses: { user_name: { action } }, requestState: state });
      expect((r.result as Msg).resultType).toBe('complete');
      expect(text(r)).toContain(action);
    }
    expect(s.frames.some((f) => 'method' in f && 'id' in f)).toBe(false); // never a request from the server
  });

  it('under faults: a tampered state accepted, a missing answer an error, undeclared elicitation asked anyway', async () => {
    const s = server(['modern-request-state-unverified', 'modern-missing-answers-error', 'modern-mrtr-undeclared-capability']);
    const state = ((await s.call(TOOL.method, TOOL.params, {})).result as Msg).requestState as string;
    expect(text(await s.call(TOOL.method, { ...TOOL.params, inputResponses: accept('Eve'), requestState: `x${state}` }))).toContain('Eve');
    expect(((await s.call(TOOL.method, { ...TOOL.params, requestState: state })).error as Msg).code).toBe(-32602);
  });

  it('under a fault: requestState remembered per connection (LIFE-041)', async () => {
    const s = server(['modern-mrtr-state-by-connection']);
    await s.call(TOOL.method, TOOL.params);
    expect(text(await s.call(TOOL.method, { ...TOOL.params, inputResponses: accept('Ada') }))).toContain('Ada');
    const other = server(['modern-mrtr-state-by-connection']);
    expect(((await other.call(TOOL.method, { ...TOOL.params, inputResponses: accept('Ada') })).result as Msg).resultType).toBe('input_required');
  });
});
