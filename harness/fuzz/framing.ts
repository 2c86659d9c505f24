// Framing fuzz on stdio (basic/transports#stdio: newline-delimited UTF-8 JSON-RPC): invalid
// UTF-8, two messages on one line, a message split across writes, blank lines, CRLF, a huge
// line, a burst of lines in one write. The server must survive all of it and answer every
// well-framed request once; CRLF and huge lines owe an answer only softly (a warning). The
// requests are the era's fence (ping; 2026-07-28: server/discover with its _meta).
import fc from 'fast-check';
import { brief } from '../checks/context.js';
import type { JsonRpcId } from '../jsonrpc/types.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { SOFT_SETTLE_MS, isResponse, within } from './exchange.js';
import type { Session } from '../sessions/session.js';
import { idKey, type IdSource } from './messages.js';
import { OK, type FuzzProperty, type Judgement } from './properties.js';

export type FramingOp =
  | { kind: 'invalid-utf8'; bytes: number[]; inString: boolean }
  | { kind: 'two-on-one-line' }
  | { kind: 'split'; at: number }
  | { kind: 'blank-lines'; lines: string }
  | { kind: 'crlf' }
  | { kind: 'huge-line'; length: number }
  | { kind: 'burst'; count: number };

/** Byte sequences that are not UTF-8: stray continuation, overlong, surrogate, out of range. */
const INVALID_UTF8 = [[0xff], [0xfe, 0xff], [0xc3, 0x28], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0x80], [0xe2, 0x82]];

export const framingOp: fc.Arbitrary<FramingOp> = fc.oneof(
  fc.record({ kind: fc.constant('invalid-utf8' as const), bytes: fc.constantFrom(...INVALID_UTF8), inString: fc.boolean() }),
  fc.constant({ kind: 'two-on-one-line' as const }),
  fc.record({ kind: fc.constant('split' as const), at: fc.double({ min: 0.01, max: 0.99, noNaN: true }) }),
  fc.record({ kind: fc.constant('blank-lines' as const), lines: fc.constantFrom('\n', '\n\n\n', ' \n', '\t\n', '\r\n', ' \t \n\n') }),
  fc.constant({ kind: 'crlf' as const }),
  fc.record({ kind: fc.constant('huge-line' as const), length: fc.constantFrom(100_000, 1_048_576) }),
  fc.record({ kind: fc.constant('burst' as const), count: fc.integer({ min: 2, max: 50 }) }),
);

interface Plan {
  /** Written in order; a number is a pause in milliseconds (so a split really is two reads). */
  chunks: (string | Buffer | number)[];
  owed: { id: JsonRpcId; soft: boolean }[];
}

/** The text of one request of the era's fence (ping; 2026-07-28: server/discover, with its _meta). */
type Frame = (id: JsonRpcId, params?: Record<string, unknown>) => string;

const frameOf = (session: Session): Frame => (id, params) => JSON.stringify(session.build(session.rev.fence, params ?? {}, { id }));

function plan(op: FramingOp, ids: IdSource, pingText: Frame): Plan {
  const next = (): JsonRpcId => ids.make({ kind: 'string' }) as JsonRpcId;
  switch (op.kind) {
    case 'invalid-utf8': {
      const bytes = Buffer.from(op.bytes);
      if (!op.inString) return { chunks: [Buffer.concat([bytes, Buffer.from('\n')])], owed: [] };
      const [head, tail] = pingText(next(), { fuzz: '\u0000MARK\u0000' }).split('\\u0000MARK\\u0000') as [string, string];
      return { chunks: [Buffer.concat([Buffer.from(head), bytes, Buffer.from(`${tail}\n`)])], owed: [] };
    }
    case 'two-on-one-line':
      return { chunks: [`${pingText(next())}${pingText(next())}\n`], owed: [] };
    case 'split': {
      const id = next();
      const text = pingText(id);
      const cut = Math.min(text.length - 1, Math.max(1, Math.floor(text.length * op.at)));
      return { chunks: [text.slice(0, cut), 1, `${text.slice(cut)}\n`], owed: [{ id, soft: false }] };
    }
    case 'blank-lines': {
      const id = next();
      return { chunks: [`${op.lines}${pingText(id)}\n`], owed: [{ id, soft: false }] };
    }
    case 'crlf': {
      const id = next();
      return { chunks: [`${pingText(id)}\r\n`], owed: [{ id, soft: true }] };
    }
    case 'huge-line': {
      const id = next();
      return { chunks: [`${pingText(id, { fuzz: 'x'.repeat(op.length) })}\n`], owed: [{ id, soft: true }] };
    }
    case 'burst': {
      const owed = Array.from({ length: op.count }, () => ({ id: next(), soft: false }));
      return { chunks: [`${owed.map((o) => pingText(o.id)).join('\n')}\n`], owed };
    }
  }
}

/** In words; "request" is the era's fence request (a ping; 2026-07-28: a server/discover). */
export function describeOp(op: FramingOp): string {
  const request = 'request';
  switch (op.kind) {
    case 'invalid-utf8':
      return `the bytes ${op.bytes.map((b) => b.toString(16).padStart(2, '0')).join(' ')} (not UTF-8)${op.inString ? ` inside a ${request}` : ' on a line of their own'}`;
    case 'two-on-one-line':
      return `two ${request}s on one line`;
    case 'split':
      return `a ${request} split across two writes at ${Math.round(op.at * 100)}%`;
    case 'blank-lines':
      return `blank lines ${JSON.stringify(op.lines)} before a ${request}`;
    case 'crlf':
      return `a ${request} ended by CRLF`;
    case 'huge-line':
      return `a ${request} of about ${op.length + 40} bytes on one line`;
    case 'burst':
      return `${op.count} ${request}s in one write`;
  }
}

// basic/transports#stdio: messages are newline-delimited; the server reads them from stdin.
export const stdioFraming: FuzzProperty<FramingOp[]> = {
  name: 'stdio-framing',
  arbitrary: () => fc.array(framingOp, { minLength: 1, maxLength: 3 }),
  examples: () => [
    [{ kind: 'invalid-utf8', bytes: [0xff, 0xfe], inString: false }],
    [{ kind: 'invalid-utf8', bytes: [0xc3, 0x28], inString: true }],
    [{ kind: 'split', at: 0.5 }],
    [{ kind: 'two-on-one-line' }],
    [{ kind: 'blank-lines', lines: '\n \n\t\n' }],
    [{ kind: 'crlf' }],
    [{ kind: 'huge-line', length: 1_048_576 }],
    [{ kind: 'burst', count: 20 }],
  ],
  describe: (ops) => ops.map(describeOp).join('; then '),
  async check(env, ops): Promise<Judgement> {
    const conn = await env.conns.get();
    const { session } = conn;
    const plans = ops.map((op) => plan(op, conn.ids, frameOf(session)));
    const fence = session.rev.fence;
    const owed = plans.flatMap((p) => p.owed);
    const mark = session.mark();
    const waits = owed.map((o) => session.waitFor((m) => isResponse(m.message) && idKey(m.message.id) === idKey(o.id), env.timeoutMs));
    for (const chunk of plans.flatMap((p) => p.chunks)) {
      if (typeof chunk === 'number') await sleep(chunk);
      else if (typeof chunk === 'string') await session.sendRaw(chunk, { noNewline: true });
      else await session.sendBytes(chunk);
    }
    const answer = await session.fence(env.timeoutMs);
    env.stats.inputs += ops.length;
    env.stats.messages += owed.length + 1;
    if (answer.kind !== 'result' && answer.kind !== 'error') {
      await env.conns.discard();
      const actual = answer.kind === 'closed' ? `the server went away (${answer.reason})` : `${fence} got no answer within ${env.timeoutMs} ms`;
      return { ok: false, expected: `the server keeps reading stdin and answers ${fence} after any framing`, actual };
    }
    // Well-framed requests may take the whole timeout; soft ones are judged by the fence.
    await Promise.all(waits.map((w, i) => (owed[i]?.soft ? within(w, SOFT_SETTLE_MS) : w)));
    const responses = session.since(mark).map((m) => m.message).filter(isResponse);
    let soft: Judgement | undefined;
    for (const o of owed) {
      const n = responses.filter((m) => idKey(m.id) === idKey(o.id)).length;
      if (n === 1) continue;
      const expected = `one response to the well-framed ${fence} ${brief(o.id)}`;
      const actual = n === 0 ? `no response within ${env.timeoutMs} ms` : `${n} responses`;
      if (!o.soft || n > 1) return { ok: false, expected, actual };
      soft ??= { ok: false, expected, actual, soft: true };
    }
    return soft ?? OK;
  },
};
