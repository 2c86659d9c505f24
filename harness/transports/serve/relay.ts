// The stdio relay: the command that `{server}` becomes when a stdio client is tested. The
// client spawns it as its MCP server; it carries the client's stdin bytes to the tool and the
// tool's bytes to stdout, exactly, over loopback TCP:
//   node relay.js <port> <token>
// It exits when the tool says so or the connection ends, and tells the tool when the client
// closed stdin or signalled it (graceful shutdown is a rule the tool judges).
import { connect } from 'node:net';
import { FRAME, FrameReader, frame } from './relay-frames.js';

const [port, token] = process.argv.slice(2);
if (!port || !token) {
  process.stderr.write('mcp-conformance relay: usage: relay.js <port> <token>\n');
  process.exit(2);
}

const socket = connect({ host: '127.0.0.1', port: Number(port), noDelay: true }, () => socket.write(`${token}\n`));
const send = (type: number, payload?: Buffer) => {
  if (!socket.destroyed) socket.write(frame(type, payload));
};

process.stdin.on('data', (chunk: Buffer) => send(FRAME.data, chunk));
process.stdin.on('end', () => send(FRAME.stdinEnd));
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
  process.on(signal, () => {
    send(FRAME.signal, Buffer.from(signal));
    socket.end(() => process.exit(0));
    setTimeout(() => process.exit(0), 200).unref();
  });
}

const reader = new FrameReader((type, payload) => {
  if (type === FRAME.data) process.stdout.write(payload);
  else if (type === FRAME.quit) {
    process.stdout.end(() => process.exit(payload[0] ?? 0));
  }
});
socket.on('data', (chunk: Buffer) => reader.push(chunk));
socket.on('close', () => process.exit(0));
socket.on('error', (error) => {
  process.stderr.write(`mcp-conformance relay: ${error.message}\n`);
  process.exit(1);
});
