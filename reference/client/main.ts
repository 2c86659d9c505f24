// Entry of the reference MCP client:
//   node dist/reference/client/main.js [--fault ID[,ID]]... [--timeout MS] [--call-timeout MS] <url>
//   node dist/reference/client/main.js [--fault ...] --server "<command line>"
//   node dist/reference/client/main.js --list-faults [--json]
// Behaviour modes (modes/index.ts: --slow-start, --answer-delay, --cpu-bound MS) imitate slow
// and busy real clients and stay conformant; they combine with faults.
// Faults also come from MCP_REF_CLIENT_FAULTS (comma list). Exit 0 after a clean run; 1 with
// one line on stderr when it cannot proceed; 2 on bad usage. A global deadline ends any run.
import { USAGE, UsageError, parseArgs, type Options } from './args.js';
import { OAuthClient } from './auth-oauth.js';
import { connectHttp, connectStdio, type Connection } from './connect.js';
import { afterOpen, beforeShutdown } from './extra-messages.js';
import { FAULTS, TRACE_PREFIX, activeFaults, consultedFaults, enableFaults } from './faults.js';
import { describe, setVerbose, verbose } from './log.js';
import { ModeError } from './modes/index.js';
import { slowStart } from './modes/slow-start.js';
import { doWork } from './work.js';

function listFaults(json: boolean): void {
  if (json) return void process.stdout.write(`${JSON.stringify(FAULTS, null, 2)}\n`);
  for (const f of FAULTS) process.stdout.write(`${f.id}\t${f.digest}\t${f.transports.join(',')}\t${f.eras.join(',')}\t${f.description}\n`);
}

async function run(opts: Options): Promise<void> {
  await slowStart();
  const connectOpts = { offer: opts.offer, timeoutMs: opts.timeoutMs, ...(opts.callTimeoutMs !== undefined ? { callTimeoutMs: opts.callTimeoutMs } : {}) };
  const conn: Connection =
    opts.server !== undefined ? await connectStdio(opts.server, connectOpts) : await connectHttp(opts.url as URL, { ...connectOpts, auth: new OAuthClient(opts.url as URL, opts.timeoutMs) });
  verbose(`connected: ${conn.session.era} era, ${conn.session.revision}, ${conn.channel.kind}`);
  try {
    await afterOpen(conn);
    await doWork(conn.session);
    await beforeShutdown(conn);
  } finally {
    await conn.close();
  }
  if (conn.peer.closed) throw new Error(conn.peer.closed);
}

function exit(code: number, line?: string): never {
  if (line) process.stderr.write(`reference client: ${line}\n`);
  // For the self-proof's coverage (test/helpers/client-proof.ts): the last stderr line.
  if (process.env.MCP_REF_CLIENT_TRACE_FAULTS === '1') process.stderr.write(`${TRACE_PREFIX}${consultedFaults().join(',')}\n`);
  process.exit(code);
}

async function main(): Promise<void> {
  let opts: Options;
  try {
    opts = parseArgs(process.argv.slice(2), process.env);
  } catch (e) {
    if (e instanceof UsageError) exit(2, `${e.message}\n${USAGE}`);
    throw e;
  }
  if (opts.listFaults) return listFaults(opts.json);
  for (const { mode, value } of opts.modes) {
    try {
      mode.enable(value);
    } catch (e) {
      if (e instanceof ModeError) exit(2, `${e.message}\n${USAGE}`);
      throw e;
    }
  }
  setVerbose(opts.verbose);
  const unknown = enableFaults(opts.faults);
  if (unknown.length > 0) exit(2, `unknown fault id: ${unknown.join(', ')} (see --list-faults)`);
  verbose(`faults: ${activeFaults().join(', ') || 'none'}; scenario: ${process.env.MCP_CONFORMANCE_SCENARIO ?? '(none)'}`);

  // Never hang: whatever happens, the run ends by the deadline (children die with us: stdio.ts).
  setTimeout(() => exit(1, `no clean end within ${opts.deadlineMs} ms`), opts.deadlineMs);
  process.on('unhandledRejection', (e) => exit(1, `internal error: ${describe(e)}`));
  process.on('SIGTERM', () => exit(143));
  process.on('SIGINT', () => exit(130));
  try {
    await run(opts);
  } catch (e) {
    exit(1, describe(e));
  }
  exit(0);
}

main().catch((e: unknown) => exit(1, describe(e)));
