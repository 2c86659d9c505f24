// The end of a stdout stream: a last line without its newline is judged as a line, unless the
// process was killed while writing it (a 50 MB answer cut off when the run closed the server
// is not a line of junk).
import { describe, expect, it } from 'vitest';
import { LineFramer } from '../harness/transports/line-framer.js';
import { ObservationLog } from '../harness/observations.js';
import { WireLog } from '../harness/wire-log.js';

function framer(): { framer: LineFramer; observations: ObservationLog; wire: WireLog; delivered: unknown[] } {
  const wire = new WireLog();
  const observations = new ObservationLog();
  const delivered: unknown[] = [];
  return { framer: new LineFramer(wire, observations, (m) => delivered.push(m)), observations, wire, delivered };
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
});
