// The end of a stdout stream: a last line without its newline is judged as a line, unless the
// process was killed while writing it (a 50 MB answer cut off when the run closed the server
// is not a line of junk).
import { describe, expect, it } from 'vitest';
import { LineFramer } from '../harness/transports/line-framer.js';
import { ObservationLog } from '../harness/observations.js';
import { WireLog } from '../harness/wire-log.js';

function framer(maxUnaskedBytes?: number): { framer: LineFramer; observations: ObservationLog; wire: WireLog; delivered: unknown[] } {
  const wire = new WireLog();
  const observations = new ObservationLog();
  const delivered: unknown[] = [];
  return { framer: new LineFramer(wire, observations, (m) => delivered.push(m), maxUnaskedBytes), observations, wire, delivered };
}

describe('LineFramer at the end of the stream', () => {
  it('judges an unended last line when the server ended on its own', () => {
    const f = framer();
    f.framer.push(Buffer.from('{"jsonrpc":"2.0","id":1,"result":{}}\nstarting up'));
    f.framer.end();
    expect(f.delivered).toHaveLength(1);
    expect(f.observations.of('not-json-line').map((o) => o.detail)).toEqual(['stdout line is not a JSON value']);
  });

  it('delivers an unended last line that is a whole message', () => {
    const f = framer();
    f.framer.push(Buffer.from('{"jsonrpc":"2.0","id":1,"result":{}}'));
    f.framer.end();
    expect(f.delivered).toHaveLength(1);
    expect(f.observations.items).toEqual([]);
  });

  it('drops a line cut off by the kill, and says so on the wire', () => {
    const f = framer();
    f.framer.push(Buffer.from('{"jsonrpc":"2.0","id":1,"result":{}}\n{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"huge","description":"xxxx'));
    f.framer.end(true);
    expect(f.delivered).toHaveLength(1);
    expect(f.observations.items).toEqual([]);
    expect(f.wire.entries.at(-1)?.text).toMatch(/cut off when the process was ended/);
  });

  it('counts a flood from the last thing sent: answers asked for never add up to one', () => {
    const answer = Buffer.from(`{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"huge","description":"${'x'.repeat(900)}"}]}}\n`);
    const asked = framer(1000);
    for (let i = 0; i < 20; i++) {
      asked.framer.asked();
      asked.framer.push(answer);
    }
    expect(asked.framer.flooded).toBe(false);
    expect(asked.delivered).toHaveLength(20);
    const unasked = framer(1000);
    unasked.framer.push(answer);
    unasked.framer.push(answer.subarray(0, 500));
    expect(unasked.framer.flooded).toBe(true);
  });

  it('does not judge the line a flood was cut off in: the kill ended it', () => {
    const f = framer(1000);
    f.framer.push(Buffer.from(`{"jsonrpc":"2.0","id":2,"result":{"text":"${'y'.repeat(600)}`));
    f.framer.push(Buffer.from('y'.repeat(600)));
    expect(f.framer.flooded).toBe(true);
    f.framer.end();
    expect(f.observations.items).toEqual([]);
    expect(f.wire.entries.at(-1)?.text).toMatch(/cut off when the process was ended/);
  });
});
