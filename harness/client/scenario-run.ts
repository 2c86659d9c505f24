// One run of the client under test against one scenario's scripted server, at one revision
// and transport: serve (HTTP endpoint or stdio relay), start the client once the start gate
// lets it, then wait until it exits, the scenario is done, or the tool ends it (no sign of
// life within its start allowance, the deadline after that, or a stop); then end everything
// and return the recording. The start allowance and the deadline are separate clocks, so that
// a client that takes seconds to start gets the same time to do its work as a prompt one.
import { Peer } from '../jsonrpc/peer.js';
import { whenAsleep } from '../pacing/asleep.js';
import type { StartGate } from '../pacing/start-gate.js';
import { revisionInfo } from '../revisions.js';
import { loadRevisionSchema } from '../schema.js';
import type { Transport } from '../transport.js';
import { HttpEndpoint } from '../transports/serve/http-endpoint.js';
import { RelayEndpoint } from '../transports/serve/relay-endpoint.js';
import { sinceRunStart, type WireLog } from '../wire-log.js';
import { openCanary, type Canary } from './canary.js';
import { fillTemplate, serverWord, startClient, type ClientCommand } from './client-process.js';
import { Recording, type RunEnding } from './recording.js';
import type { ClientScenario, RunHooks } from './scenario.js';
import { serve } from './scripted-server.js';

export interface ScenarioRunOptions {
  command: ClientCommand;
  /** How long the scripted server waits for the client's answers to its requests. */
  timeoutMs: number;
  /** How long the client may take from its spawn to its first sign of life (a request, its server's start). */
  startMs: number;
  /** From that sign on, the most the run lasts: a client that neither exits nor finishes is ended then. */
  deadlineMs: number;
  /** Where client starts queue (at most as many at once as cores), and the longest a start holds its place. */
  starts?: { gate: StartGate; holdMs: number };
  /** Ends the run at once (the user interrupted, or the revision turned out not to be offered). */
  signal?: AbortSignal;
}

/** After the scenario is done, a client still running is given this long to end on its own. */
const WIND_DOWN_MS = 1000;

export async function runScenario(scenario: ClientScenario, revision: string, transport: 'stdio' | 'streamable-http' | 'sse', opts: ScenarioRunOptions): Promise<Recording> {
  const recording = new Recording(scenario.id, revision, transport);
  // In line at the gate first, so that starts go in the order the runner asked for them.
  let leaveGate: () => void = () => undefined;
  if (opts.starts) {
    try {
      leaveGate = await opts.starts.gate.enter(opts.starts.holdMs, opts.signal);
    } catch {
      // Stopped while waiting for its turn: the client never started.
      recording.ending = 'stopped';
      return recording;
    }
  }
  try {
    return await run(scenario, recording, transport, opts, () => leaveGate());
  } finally {
    leaveGate();
  }
}

/** The run itself, with a place at the gate (`leaveGate` gives it back: once the client shows a sign of life, sleeps, or exits). */
async function run(scenario: ClientScenario, recording: Recording, transport: 'stdio' | 'streamable-http' | 'sse', opts: ScenarioRunOptions, leaveGate: () => void): Promise<Recording> {
  const revision = recording.revision;
  const rev = revisionInfo(revision);
  const schema = await loadRevisionSchema(revision);
  let wake: () => void = () => undefined;
  // The client's first sign of life ends its start: the gate place goes to the next start.
  let stopLooking: () => void = () => undefined;
  const shown = (): void => {
    if (recording.spawnedAt === undefined || recording.startMs !== undefined) return;
    recording.startMs = Math.round(performance.now() - recording.spawnedAt);
    stopLooking();
    leaveGate();
    wake();
  };
  const attach = (t: Transport & { wire: WireLog }, expireSession?: () => void): void => {
    const peer = new Peer({ transport: t, wire: t.wire, observations: recording.observations, timeoutMs: opts.timeoutMs, role: 'server' });
    peer.useSchema(schema);
    recording.peers.push(peer);
    serve({ peer, scenario, revision, recording, ...(expireSession ? { expireSession } : {}) });
    t.onMessage(() => wake());
  };

  const canary: Canary | undefined = scenario.canary ? await openCanary() : undefined;
  if (canary) recording.canary = { url: canary.url, hits: canary.hits };
  let endpoint: HttpEndpoint | RelayEndpoint;
  let place: { url?: string; server?: string };
  let dispose = async (): Promise<void> => undefined;
  let hooks: RunHooks | undefined;
  if (transport === 'stdio') {
    const relay = new RelayEndpoint((c) => {
      // The relay connects once the server the client spawned is running.
      shown();
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
        intercept: async (req, res) => {
          shown();
          return (await hooks?.intercept?.(req, res)) || ((await scenario.server.http?.intercept?.(req, res)) ?? false);
        },
      },
      (c) => attach(c, () => http.expire(c)),
      recording.observations,
    );
    await http.listen();
    hooks = await scenario.prepare?.({ url: http.url, revision, recording });
    endpoint = http;
    place = { url: http.url };
  }

  const close = async (): Promise<Recording> => {
    await endpoint.close();
    await hooks?.close?.();
    await dispose();
    if (canary) {
      await canary.close();
      recording.wires.push(canary.wire);
    }
    if (endpoint instanceof HttpEndpoint) {
      recording.http.push(...endpoint.requests);
      recording.wires.push(endpoint.wire);
    }
    return recording;
  };

  if (opts.signal?.aborted) {
    recording.ending = 'stopped';
    return close();
  }
  const official = scenario.official ?? 'initialize';
  recording.spawnedAt = performance.now();
  const client = startClient(fillTemplate(opts.command.template, place), {
    ...(opts.command.cwd ? { cwd: opts.command.cwd } : {}),
    env: {
      ...opts.command.env,
      MCP_CONFORMANCE_SCENARIO: official,
      MCP_CONFORMANCE_CONTEXT: JSON.stringify({ name: official, ...scenario.context }),
    },
  });
  // A start that sleeps (uses no CPU) gives its gate place back before its first sign of life.
  if (client.pid !== undefined && recording.startMs === undefined) stopLooking = whenAsleep(client.pid, () => leaveGate());
  let exited = false;
  void client.exited.then(() => {
    exited = true;
    stopLooking();
    leaveGate();
    wake();
  });
  recording.ending = await new Promise<RunEnding>((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    const arm = (ms: number, ending: RunEnding) => {
      clearTimeout(timer);
      timer = setTimeout(() => finish(ending), ms);
    };
    const onStop = () => finish('stopped');
    const finish = (ending: RunEnding) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onStop);
      wake = () => undefined;
      resolve(ending);
    };
    if (opts.signal?.aborted) return finish('stopped');
    opts.signal?.addEventListener('abort', onStop, { once: true });
    arm(opts.startMs, 'no-start');
    let started = false;
    wake = () => {
      if (exited) return finish('exited');
      if (scenario.done?.(recording)) return finish('done');
      if (!started && recording.startMs !== undefined) {
        // The start is over: the deadline counts from here.
        started = true;
        arm(opts.deadlineMs, 'deadline');
      }
    };
    wake();
  });
  // A finished scenario gives the client a moment to wind down on its own.
  if (recording.ending === 'done' && !exited) await Promise.race([client.exited, new Promise((r) => setTimeout(r, Math.min(WIND_DOWN_MS, opts.timeoutMs)))]);
  recording.exit = exited ? await client.exited : await client.kill();
  recording.endedT = sinceRunStart();
  stopLooking();
  return close();
}
