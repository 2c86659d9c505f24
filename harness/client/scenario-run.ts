// One run of the client under test against one scenario's scripted server, at one revision
// and transport: serve (HTTP endpoint or stdio relay), start the client, wait until it exits,
// the scenario is done, or the deadline passes; then end everything and return the recording.
import { Peer } from '../jsonrpc/peer.js';
import { revisionInfo } from '../revisions.js';
import { loadRevisionSchema } from '../schema.js';
import type { Transport } from '../transport.js';
import { HttpEndpoint } from '../transports/serve/http-endpoint.js';
import { RelayEndpoint } from '../transports/serve/relay-endpoint.js';
import type { WireLog } from '../wire-log.js';
import { fillTemplate, serverWord, startClient, type ClientCommand } from './client-process.js';
import { Recording } from './recording.js';
import type { ClientScenario, RunHooks } from './scenario.js';
import { serve } from './scripted-server.js';

export interface ScenarioRunOptions {
  command: ClientCommand;
  /** Per-request timeout (--timeout): also how long the tool waits on the client's requests. */
  timeoutMs: number;
  /** The whole run's bound: a client that neither exits nor finishes is ended then. */
  deadlineMs: number;
  signal?: AbortSignal;
}

export async function runScenario(scenario: ClientScenario, revision: string, transport: 'stdio' | 'streamable-http' | 'sse', opts: ScenarioRunOptions): Promise<Recording> {
  const recording = new Recording(scenario.id, revision, transport);
  const rev = revisionInfo(revision);
  const schema = await loadRevisionSchema(revision);
  let wake: () => void = () => undefined;
  const attach = (t: Transport & { wire: WireLog }, expireSession?: () => void): void => {
    const peer = new Peer({ transport: t, wire: t.wire, observations: recording.observations, timeoutMs: opts.timeoutMs, role: 'server' });
    peer.useSchema(schema);
    recording.peers.push(peer);
    serve({ peer, scenario, revision, recording, ...(expireSession ? { expireSession } : {}) });
    t.onMessage(() => wake());
  };

  let endpoint: HttpEndpoint | RelayEndpoint;
  let place: { url?: string; server?: string };
  let dispose = async (): Promise<void> => undefined;
  let hooks: RunHooks | undefined;
  if (transport === 'stdio') {
    const relay = new RelayEndpoint((c) => {
      attach(c);
      c.onEvent((e) => {
        if (e.type !== 'closed' || !c.ended) return;
        recording.stdioEnds.push({ conn: c.wire.conn, how: c.ended.how, t: c.ended.at });
        // A server exits promptly once its stdin is closed (stdio#shutdown): so does ours.
        void c.close();
        wake();
      });
    }, recording.observations);
    await relay.listen();
    const word = await serverWord(relay.command);
    dispose = word.dispose;
    endpoint = relay;
    place = { server: word.word };
  } else {
    const http: HttpEndpoint = new HttpEndpoint(
      {
        era: rev.era,
        transport,
        responses: 'auto',
        sessions: rev.httpSessions,
        getStream: true,
        allowDelete: true,
        ...scenario.server.http,
        intercept: async (req, res) => (await hooks?.intercept?.(req, res)) || ((await scenario.server.http?.intercept?.(req, res)) ?? false),
      },
      (c) => attach(c, () => http.expire(c)),
      recording.observations,
    );
    await http.listen();
    hooks = await scenario.prepare?.({ url: http.url, revision, recording });
    endpoint = http;
    place = { url: http.url };
  }

  const official = scenario.official ?? 'initialize';
  const client = startClient(fillTemplate(opts.command.template, place), {
    ...(opts.command.cwd ? { cwd: opts.command.cwd } : {}),
    env: {
      ...opts.command.env,
      MCP_CONFORMANCE_SCENARIO: official,
      MCP_CONFORMANCE_CONTEXT: JSON.stringify({ name: official, ...scenario.context }),
    },
  });
  let exited = false;
  void client.exited.then(() => {
    exited = true;
    wake();
  });
  // Wait for the client to exit, the scenario to be done, the deadline, or an abort.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, opts.deadlineMs);
    const onAbort = () => resolve();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    wake = () => {
      if (exited || scenario.done?.(recording)) {
        clearTimeout(timer);
        opts.signal?.removeEventListener('abort', onAbort);
        resolve();
      }
    };
    wake();
  });
  if (!exited) {
    // A finished scenario gives the client a moment to wind down on its own.
    if (scenario.done?.(recording)) await Promise.race([client.exited, new Promise((r) => setTimeout(r, Math.min(1000, opts.timeoutMs)))]);
  }
  recording.exit = exited ? await client.exited : await client.kill();
  await endpoint.close();
  await hooks?.close?.();
  await dispose();
  if (endpoint instanceof HttpEndpoint) {
    recording.http.push(...endpoint.requests);
    recording.wires.push(endpoint.wire);
  }
  return recording;
}
