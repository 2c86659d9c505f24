// One undici Agent per connect timeout while runs are going on: sessions, raw probes and legacy
// streams reuse each other's idle keep-alive sockets instead of opening a TCP connection
// each (a run makes ~2,000 requests). A transport ends its own requests by aborting them;
// an aborted request's socket is destroyed by undici, so a misbehaving response never
// reaches the next user of the socket.
import { Agent } from 'undici';

const agents = new Map<number, Agent>();

/** The run's agent for this connect timeout. Our own timers bound headers and bodies. */
export function sharedAgent(connectTimeoutMs: number): Agent {
  let agent = agents.get(connectTimeoutMs);
  if (!agent) agents.set(connectTimeoutMs, (agent = new Agent({ connect: { timeout: connectTimeoutMs }, headersTimeout: 0, bodyTimeout: 0 })));
  return agent;
}

let holders = 0;

/** A run holds the agents while it goes on; the last run to let go closes every socket. */
export function holdSharedAgents(): () => Promise<void> {
  holders++;
  let held = true;
  return async () => {
    if (!held) return;
    held = false;
    if (--holders === 0) await closeSharedAgents();
  };
}

/** Destroy every socket (no run is going on). */
async function closeSharedAgents(): Promise<void> {
  const all = [...agents.values()];
  agents.clear();
  await Promise.all(all.map((a) => a.destroy().catch(() => undefined)));
}
