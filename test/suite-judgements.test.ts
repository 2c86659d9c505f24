// Small judgements of the suites that decide whether a result is a finding at all: which HTTP
// error bodies are JSON-RPC (and so judged), which listens opened a subscription (a refused one
// did not), when an HTTP refusal by status alone is the transport's allowed answer, and where a
// traversal probe's URI lands.
import { describe, expect, it } from 'vitest';
import type { Reply } from '../harness/jsonrpc/types.js';
import { refusedByStatus } from '../harness/target/as-built.js';
import { jsonRpcBody } from '../suites/server/basic/transports/streamable-http/error-bodies.js';
import type { Frame, Listen, Listening } from '../harness/target/listen-stream.js';
import { openedListens, refusal, type SubscriptionRun } from '../suites/server/basic/patterns/subscriptions/run.js';
import { fileBase, removeDotSegments, traversalProbes } from '../suites/server/server/resources/traversal-probe.js';

describe('an HTTP error body', () => {
  it('is judged as JSON-RPC only when it is one', () => {
    expect(jsonRpcBody({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'x' } })).toBe(true);
    expect(jsonRpcBody({ error: { code: -32000, message: 'no jsonrpc member, but a JSON-RPC error' } })).toBe(true);
    expect(jsonRpcBody({ jsonrpc: '1.0' })).toBe(true);
    // An OAuth or framework error, text, or nothing: no MCP message to judge.
    expect(jsonRpcBody({ error: 'server_error', error_description: 'x' })).toBe(false);
    expect(jsonRpcBody({ message: 'Not Found' })).toBe(false);
    expect(jsonRpcBody('Forbidden')).toBe(false);
    expect(jsonRpcBody(undefined)).toBe(false);
  });
});

describe('a malformed message refused over HTTP', () => {
  it('is refused by its status alone when a 4xx over Streamable HTTP carries no JSON-RPC response', () => {
    const fence: Reply = { kind: 'result', result: {}, message: {} };
    expect(refusedByStatus({ fence, status: 400 }, 'streamable-http')).toBe(true);
    expect(refusedByStatus({ fence, status: 400, answer: { jsonrpc: '2.0', id: null, error: { code: -32603, message: 'x' } } }, 'streamable-http')).toBe(false);
    expect(refusedByStatus({ fence, status: 200 }, 'streamable-http')).toBe(false);
    expect(refusedByStatus({ fence, status: 0 }, 'streamable-http')).toBe(false);
    expect(refusedByStatus({ fence }, 'streamable-http')).toBe(false);
    // A 5xx is the server failing, not refusing.
    expect(refusedByStatus({ fence, status: 500 }, 'streamable-http')).toBe(false);
    // The MAY is Streamable HTTP's: over HTTP+SSE the answer is owed on the stream.
    expect(refusedByStatus({ fence, status: 400 }, 'sse')).toBe(false);
  });
});

describe('the listens of the subscriptions exercise', () => {
  const listen = (id: number): Listen => ({ id, filter: {}, reply: new Promise(() => undefined) });
  const ack: Frame = { message: { jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: {} } };
  const runOf = (answers: [Listen, Reply][], acknowledged: Listen[] = []): SubscriptionRun => {
    const [empty, numbered, named] = [listen(1), listen(2), listen(3)];
    const byId = new Map(answers.map(([l, r]) => [l.id, r]));
    const all = [empty, numbered, named];
    const listening = { acknowledgment: (l: Listen) => (acknowledged.some((a) => a.id === l.id) ? ack : undefined) } as unknown as Listening;
    return { listening, empty, numbered, named, trigger: '', subscribed: [], answers: new Map(all.flatMap((l) => (byId.has(l.id) ? [[l, byId.get(l.id) as Reply]] : []))) };
  };
  const refused: Reply = { kind: 'error', error: { code: -32603, message: 'Subscription limit reached' }, message: {} };

  it('leaves out a listen refused with an error: it opened no subscription', () => {
    const run = runOf([[listen(1), refused]]);
    expect(openedListens(run).map((l) => l.id)).toEqual([2, 3]);
    expect(refusal(run)).toBeUndefined();
  });

  it('skips the exercise when the server refused every listen', () => {
    const run = runOf([
      [listen(1), refused],
      [listen(2), refused],
      [listen(3), { kind: 'refused', status: 400, detail: 'no body' }],
    ]);
    expect(openedListens(run)).toEqual([]);
    expect(refusal(run)).toMatch(/refuses subscriptions\/listen .*no subscription was opened/);
  });

  it('keeps a listen that was acknowledged before an error ended it', () => {
    const run = runOf([[listen(2), refused]], [listen(2)]);
    expect(openedListens(run).map((l) => l.id)).toEqual([1, 2, 3]);
  });
});

describe('the traversal probes beside a listed file:// resource', () => {
  it('take the directory of a file:// URI, and nothing of another scheme', () => {
    expect(fileBase('file:///srv/reference/docs/guide.txt')).toMatchObject({ origin: 'file://', dir: '/srv/reference/docs/' });
    expect(fileBase('file://host/share/a.txt?x=1')).toMatchObject({ origin: 'file://host', dir: '/share/' });
    expect(fileBase('file:///srv/./x/../docs/')?.dir).toBe('/srv/docs/');
    expect(fileBase('test://static/readme')).toBeUndefined();
    expect(fileBase('file:relative.txt')).toBeUndefined();
  });

  it('land where RFC 3986 removes their dot segments, %2e read as a dot', () => {
    expect(removeDotSegments('/srv/x/../../../../etc/passwd')).toBe('/etc/passwd');
    expect(removeDotSegments('/srv/x/%2e%2e/%2E%2E/etc/hostname')).toBe('/etc/hostname');
    expect(removeDotSegments('/srv/x/./y/..')).toBe('/srv/x/');
    expect(removeDotSegments('/srv/x/guide.txt')).toBe('/srv/x/guide.txt');
  });

  it('climb past the root to /etc/passwd and /etc/hostname, as is and percent-encoded, sent unnormalised', () => {
    const base = fileBase('file:///srv/reference/docs/guide.txt');
    if (!base) throw new Error('no base');
    const probes = traversalProbes(base, [base.dir]);
    expect(probes.map((p) => p.uri)).toEqual([
      'file:///srv/reference/docs/../../../../../etc/passwd',
      'file:///srv/reference/docs/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      'file:///srv/reference/docs/../../../../../etc/hostname',
      'file:///srv/reference/docs/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/hostname',
    ]);
    expect(new Set(probes.map((p) => p.lands))).toEqual(new Set(['/etc/passwd', '/etc/hostname']));
  });

  it('aim at no file inside a directory the server lists files of', () => {
    const base = fileBase('file:///srv/docs/a.txt');
    if (!base) throw new Error('no base');
    expect(traversalProbes(base, [base.dir, '/etc/'])).toEqual([]);
    expect(traversalProbes(base, [base.dir, '/'])).toEqual([]);
  });
});
