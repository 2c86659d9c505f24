// basic/transports#stdio: newline-delimited JSON-RPC on stdin/stdout, logs on stderr.
// Exits on stdin EOF.
import { isUtf8 } from 'node:buffer';
import { isOn } from './faults.js';
import { encode, isPlainObject, parseFrame, unreadableIdError, type Outbound } from './jsonrpc.js';
import { eraMode } from './modern/mode.js';
import { closeSubscriptions } from './modern/listen.js';
import { allAnswersSent } from './modes/answer-delay.js';
import { Session, type Channel, type SendInfo } from './session.js';

/** Lines longer than this are discarded (answered as a parse error). */
const MAX_LINE = 16 * 1024 * 1024;

function writeLine(data: string | Buffer): void {
  process.stdout.write(data);
}

/** The era's opening answer: initialize, or server/discover at 2026-07-28. */
const OPENINGS: ReadonlySet<string> = new Set(['initialize', 'server/discover']);

/** Objects spread over lines, arrays kept on one: no line is a JSON value by itself. */
function pretty(v: unknown, indent = ''): string {
  if (!isPlainObject(v)) return JSON.stringify(v) ?? 'null';
  const inner = `${indent}  `;
  const members = Object.entries(v).map(([k, x]) => `${inner}${JSON.stringify(k)}: ${pretty(x, inner)}`);
  return members.length === 0 ? '{}' : `{\n${members.join(',\n')}\n${indent}}`;
}

function serialize(msg: Outbound, info: SendInfo | undefined): string | Buffer {
  if (isOn('pretty-print-json') && OPENINGS.has(info?.answers ?? '')) return `${pretty(msg)}\n`;
  if (isOn('stdout-invalid-utf8') && info?.answers === 'tools/list' && !Array.isArray(msg) && isPlainObject(msg.result)) {
    const marker = 'MCP_REF_INVALID_UTF8';
    const tools = Array.isArray(msg.result.tools) ? (msg.result.tools as Record<string, unknown>[]) : [];
    const [first, ...rest] = tools;
    if (first) {
      const tagged = { ...first, description: `${String(first.description ?? '')} ${marker}` };
      const [before, after] = encode({ ...msg, result: { ...msg.result, tools: [tagged, ...rest] } }).split(marker) as [string, string];
      return Buffer.concat([Buffer.from(before, 'utf8'), Buffer.from([0xff]), Buffer.from(`${after}\n`, 'utf8')]);
    }
  }
  return `${encode(msg)}\n`;
}

export function runStdio(): void {
  if (isOn('stdout-banner')) writeLine('reference server ready\n');
  const out: Channel = { send: (msg, info) => writeLine(serialize(msg, info)), sendTogether: (msgs) => writeLine(msgs.map((m) => `${encode(m)}\n`).join('')) };
  const session = new Session(out);

  const onLine = (line: Buffer): void => {
    let end = line.length;
    if (end > 0 && line[end - 1] === 0x0d) end--; // tolerate CRLF
    const bytes = line.subarray(0, end);
    if (bytes.every((b) => b === 0x20 || b === 0x09)) return; // blank line: not a message
    if (isOn('fuzz-crash-invalid-utf8') && !isUtf8(bytes)) process.exit(1); // framing fault (faults/fuzz.ts)
    const parsed = parseFrame(bytes);
    if (!parsed.ok) {
      // No legacy session was initialized on this process: its requests are 2026-07-28 ones.
      out.send(unreadableIdError(parsed.reply, session.revision === null && eraMode() !== 'legacy-only'));
      return;
    }
    session.receive(parsed.value, parsed.text, out).catch((e: unknown) => {
      process.stderr.write(`reference server: ${(e as Error).stack ?? String(e)}\n`);
    });
  };

  let pending: Buffer[] = [];
  let pendingLength = 0;
  let discarding = false;
  process.stdin.on('data', (chunk: Buffer) => {
    let start = 0;
    for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
      const piece = chunk.subarray(start, nl);
      start = nl + 1;
      if (discarding) {
        discarding = false;
        continue;
      }
      const line = pending.length === 0 ? piece : Buffer.concat([...pending, piece]);
      pending = [];
      pendingLength = 0;
      onLine(line);
    }
    if (start < chunk.length && !discarding) {
      pending.push(chunk.subarray(start));
      pendingLength += chunk.length - start;
      if (pendingLength > MAX_LINE) {
        process.stderr.write('reference server: line over 16 MB discarded\n');
        pending = [];
        pendingLength = 0;
        discarding = true;
        onLine(Buffer.from('{')); // answered as a parse error, like any unreadable frame
      }
    }
  });
  process.stdin.on('end', () => {
    if (pending.length > 0 && !discarding) onLine(Buffer.concat(pending));
    process.stderr.write('reference server: stdin closed, exiting\n');
    // subscriptions#graceful-closure: open subscriptions end with their result before the exit.
    closeSubscriptions();
    // Let answers to what was already read go out (synchronous handlers settle first; answers
    // held by --answer-delay go out when due).
    setImmediate(() => void allAnswersSent().then(() => process.stdout.write('', () => process.exit(0))));
  });
  process.stdout.on('error', () => process.exit(0)); // the reader went away
  process.stderr.write('reference server: stdio ready\n');
}
