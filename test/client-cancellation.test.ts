// The client's timeout cancellation, judged on hand-made recordings: a cancellation that a
// killed server may never have read is not counted against the client.
import { describe, expect, it } from 'vitest';
import { cancellationClientChecks } from '../suites/client/basic/utilities/cancellation.js';
import { ASKS, TOOL, asksScenario } from '../suites/client/scenarios/asks.js';
import { ClientRunContext } from '../harness/client/context.js';
import { Recording, type ClientMessage } from '../harness/client/recording.js';
import type { RunSettings } from '../harness/settings.js';
import type { StdinEnd } from '../harness/transports/serve/relay-endpoint.js';

class HandMade extends Recording {
  constructor(private readonly sent: ClientMessage[]) {
    super(ASKS, '2025-11-25', 'stdio');
  }
  override get fromClient(): ClientMessage[] {
    return this.sent;
  }
}

const call: ClientMessage = { message: { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: TOOL.neverAnswers } }, seq: 5, t: 10, conn: 'stdio#1' };
const cancel: ClientMessage = { message: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } }, seq: 6, t: 20, conn: 'stdio#1' };

async function judge(sent: ClientMessage[], end: StdinEnd) {
  const recording = new HandMade(sent);
  recording.stdioEnds.push({ conn: 'stdio#1', how: end, t: 30 });
  const check = cancellationClientChecks.find((c) => c.id === 'cancellation.timeout-notified');
  if (!check) throw new Error('cancellation.timeout-notified is not registered');
  return check.run(new ClientRunContext(asksScenario, recording, 2000, {} as RunSettings));
}

describe('cancellation.timeout-notified', () => {
  it('passes when the abandoned call was cancelled', async () => {
    expect((await judge([call, cancel], 'closed-stdin')).status).toBe('pass');
  });

  it('fails when the client closed its server normally without cancelling', async () => {
    expect((await judge([call], 'closed-stdin')).status).toBe('fail');
  });

  it('skips when the server was killed, since the cancellation may be unread in its pipe', async () => {
    const verdict = await judge([call], 'connection-lost');
    expect(verdict).toMatchObject({ status: 'skip', reason: expect.stringMatching(/killed its server/) });
  });
});
