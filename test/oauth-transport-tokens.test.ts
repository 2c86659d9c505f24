// The token hook of the HTTP transports (harness/transports/bearer.ts): a target with a token
// source sends its current token on every request, a request that sets or removes Authorization
// keeps its own, and a 401 invalid_token for the token sent renews it and sends that request
// again once (not twice, and not for a 401 without invalid_token).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ObservationLog } from '../harness/observations.js';
import type { BearerTokens } from '../harness/transports/bearer.js';
import { RawHttp } from '../harness/transports/raw-http.js';
import { StreamableHttpTransport } from '../harness/transports/streamable-http.js';
import { WireLog } from '../harness/wire-log.js';

/** Tokens "t1", "t2", ...: each refusal of the current one yields the next. */
function counterTokens(): BearerTokens & { renewals: number; retries: number } {
  let n = 1;
  return {
    renewals: 0,
    retries: 0,
    token: async () => `t${n}`,
    async refused(token) {
      if (token === `t${n}`) {
        n++;
        this.renewals++;
      }
      return `t${n}`;
    },
    noteRetry() {
      this.retries++;
    },
  };
}

describe('HTTP transports with a token source', () => {
  let server: Server;
  let url: string;
  /** The Authorization header of each request, in order. */
  let seen: (string | undefined)[];
  /** Tokens the server takes; others get 401 invalid_token. */
  let valid: Set<string>;
  /** The 401's error parameter. */
  let error: string;

  beforeEach(async () => {
    seen = [];
    valid = new Set(['t2']);
    error = 'invalid_token';
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        seen.push(req.headers.authorization);
        const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        if (!token || !valid.has(token)) {
          res.writeHead(401, { 'WWW-Authenticate': `Bearer error="${error}"`, 'Content-Type': 'application/json' });
          return void res.end('{"jsonrpc":"2.0","id":null,"error":{"code":-32001,"message":"no"}}');
        }
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"jsonrpc":"2.0","id":1,"result":{}}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  });

  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const transport = (tokens: BearerTokens) => new StreamableHttpTransport({ kind: 'http', url, tokens }, { wire: new WireLog(), observations: new ObservationLog(), connectTimeoutMs: 2000 });
  const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';

  it('a refused token is renewed and the request sent again once, with the new token', async () => {
    const tokens = counterTokens();
    const t = transport(tokens);
    const info = await t.post(ping);
    expect(info?.status).toBe(200);
    expect(seen).toEqual(['Bearer t1', 'Bearer t2']);
    expect({ renewals: tokens.renewals, retries: tokens.retries }).toEqual({ renewals: 1, retries: 1 });
    await t.close();
  });

  it('a second refusal is the answer: no loop', async () => {
    valid = new Set();
    const tokens = counterTokens();
    const t = transport(tokens);
    expect((await t.post(ping))?.status).toBe(401);
    expect(seen).toEqual(['Bearer t1', 'Bearer t2']);
    await t.close();
  });

  it('a 401 that does not say invalid_token is not retried', async () => {
    error = 'invalid_request';
    const tokens = counterTokens();
    const t = transport(tokens);
    expect((await t.post(ping))?.status).toBe(401);
    expect(seen).toEqual(['Bearer t1']);
    expect(tokens.retries).toBe(0);
    await t.close();
  });

  it("a request's own Authorization (or its removal) wins over the token source, and is never retried", async () => {
    const t = transport(counterTokens());
    await t.post(ping, { headers: { Authorization: null } });
    await t.post(ping, { headers: { Authorization: 'Bearer mine' } });
    expect(seen).toEqual([undefined, 'Bearer mine']);
    await t.close();
  });

  it('raw requests carry the token to the target, and retry a refused one', async () => {
    const tokens = counterTokens();
    const raw = new RawHttp(new WireLog(), { url, tokens }, 2000);
    expect((await raw.request({ method: 'POST', body: ping })).status).toBe(200);
    expect(seen).toEqual(['Bearer t1', 'Bearer t2']);
    await raw.close();
  });
});
