// Entry of the reference server:
//   node dist/reference/server/main.js [--http] [--port N] [--fault ID[,ID]] [--list-faults] [modes]
// Faults also come from MCP_REF_FAULTS (comma list). stdio is the default transport.
// --http also hosts the 2024-11-05 HTTP+SSE endpoints (/sse, /message); --sse implies --http
// and prints the /sse URL; --protected requires a bearer token (see auth.ts for the tokens).
// Eras: dual-era by default (modern _meta selects 2026-07-28 per request, initialize selects a
// legacy revision); --modern-only refuses initialize; --legacy-only has no 2026-07-28 handling.
// Modes (modes/index.ts) imitate slow, busy and strict real servers and stay conformant (all
// but --never-answer): --slow-start MS, --answer-delay MS, --cpu-bound MS, --never-answer NAME,
// --stateless-process, --strict-body, --plain-400, --batch-as-events, --discover-versions LIST.
// A flag's value may also be given as --flag=value (--discover-versions= is the empty list).
import { FAULTS, activeFaults, enableFaults } from './faults.js';
import { runHttp } from './http.js';
import { IssuerProtection } from './issuer-auth.js';
import { ModeError, findMode, modesUsage, type Mode } from './modes/index.js';
import { slowStart } from './modes/slow-start.js';
import { setEraMode, type EraMode } from './modern/mode.js';
import { runStdio } from './stdio.js';

const USAGE = 'usage: main.js [--http | --sse] [--protected | --protected-by <issuer-url>] [--modern-only | --legacy-only] [--port N] [--fault ID[,ID]]... [--list-faults] [mode]...';

interface Options {
  http: boolean;
  sse: boolean;
  protected: boolean;
  /** --protected-by <issuer-url>: JWT access tokens of that issuer (issuer-auth.ts). */
  protectedBy?: string;
  port: number;
  faults: string[];
  listFaults: boolean;
  era: EraMode;
  /** The behaviour modes turned on, each with its value ('' for a switch). */
  modes: { mode: Mode; value: string }[];
}

function die(message: string): never {
  process.stderr.write(`reference server: ${message}\n`);
  process.exit(2);
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function parseArgs(argv: string[]): Options {
  const opts: Options = { http: false, sse: false, protected: false, port: 0, faults: splitList(process.env.MCP_REF_FAULTS ?? ''), listFaults: false, era: 'dual', modes: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) die(`${flag} needs a value (${USAGE})`);
      return v;
    };
    switch (flag) {
      case '--http':
        opts.http = true;
        break;
      case '--sse':
        opts.http = opts.sse = true;
        break;
      case '--protected':
        opts.protected = true;
        break;
      case '--protected-by':
        opts.protectedBy = value();
        break;
      case '--modern-only':
      case '--legacy-only': {
        const era = flag === '--modern-only' ? 'modern-only' : 'legacy-only';
        if (opts.era !== 'dual' && opts.era !== era) die(`--modern-only and --legacy-only exclude each other (${USAGE})`);
        opts.era = era;
        break;
      }
      case '--port': {
        const v = value();
        const port = Number(v);
        if (!/^\d+$/.test(v) || port > 65535) die(`invalid port: ${v}`);
        opts.port = port;
        break;
      }
      case '--fault':
      case '--faults':
        opts.faults.push(...splitList(value()));
        break;
      case '--list-faults':
        opts.listFaults = true;
        break;
      case '--help':
      case '-h':
        process.stdout.write(`${USAGE}\n${modesUsage()}`);
        process.exit(0);
        break;
      default: {
        const mode = findMode(flag);
        if (!mode) die(`unknown argument: ${arg} (${USAGE})`);
        if (!mode.arg && inline !== undefined) die(`${flag} takes no value`);
        opts.modes.push({ mode, value: mode.arg ? value() : '' });
      }
    }
  }
  return opts;
}

function enableModes(opts: Options): void {
  for (const { mode, value } of opts.modes) {
    if (mode.httpOnly && !opts.http) die(`${mode.flag} needs --http`);
    try {
      mode.enable(value);
    } catch (e) {
      if (e instanceof ModeError) die(e.message);
      throw e;
    }
  }
  if (opts.modes.length > 0) process.stderr.write(`reference server: modes: ${opts.modes.map(({ mode, value }) => (mode.arg ? `${mode.flag} ${value}` : mode.flag)).join(' ')}\n`);
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.listFaults) {
    process.stdout.write(FAULTS.map((f) => `${f.id}\t${f.description}\n`).join(''));
    return;
  }
  const unknown = enableFaults(opts.faults);
  if (unknown.length > 0) die(`unknown fault id: ${unknown.join(', ')} (see --list-faults)`);
  const faults = activeFaults();
  process.stderr.write(`reference server: faults: ${faults.length > 0 ? faults.join(', ') : 'none'}\n`);
  setEraMode(opts.era);
  enableModes(opts);
  await slowStart();

  if (!opts.http) {
    process.on('SIGTERM', () => process.exit(0));
    process.on('SIGINT', () => process.exit(0));
    runStdio();
    return;
  }
  if (opts.protected && opts.protectedBy !== undefined) die('--protected and --protected-by exclude each other');
  const protectedBy = opts.protectedBy !== undefined ? new IssuerProtection(opts.protectedBy) : undefined;
  const server = await runHttp(opts.port, { protected: opts.protected, ...(protectedBy ? { protectedBy } : {}) }).catch((e: unknown) => die(`cannot listen: ${(e as Error).message}`));
  const stop = (): void => {
    server.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.stdout.write(`listening http://127.0.0.1:${server.port}${opts.sse ? '/sse' : '/mcp'}${opts.protected ? ' (protected)' : opts.protectedBy !== undefined ? ` (protected by ${opts.protectedBy})` : ''}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`reference server: ${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
