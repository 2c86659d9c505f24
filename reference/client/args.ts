// Command-line options of the reference client.
import { findMode, modesUsage, type Mode } from './modes/index.js';
import { OFFER_NAMES, type Offer } from './revisions.js';

export const USAGE =
  `usage: main.js [--fault ID[,ID]]... [--timeout MS] [--call-timeout MS] [--deadline MS] [--capabilities LIST] ${modesUsage()} [--verbose] (<url> | --server "<command line>")\n` +
  '       main.js --list-faults [--json]';

export interface Options {
  url?: URL;
  server?: string;
  faults: string[];
  timeoutMs: number;
  /** How long a tools/call may take before it is given up and cancelled (default: timeoutMs). */
  callTimeoutMs?: number;
  deadlineMs: number;
  offer: Offer;
  /** The behaviour modes turned on (modes/index.ts), each with its value. */
  modes: { mode: Mode; value: string }[];
  verbose: boolean;
  listFaults: boolean;
  json: boolean;
}

export class UsageError extends Error {}

export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function parseOffer(value: string): Offer {
  const names = splitList(value);
  const unknown = names.filter((n) => !(OFFER_NAMES as readonly string[]).includes(n));
  if (unknown.length > 0) throw new UsageError(`unknown capability: ${unknown.join(', ')} (known: ${OFFER_NAMES.join(', ')})`);
  return {
    roots: names.includes('roots'),
    sampling: names.includes('sampling') || names.includes('sampling-tools'),
    samplingTools: names.includes('sampling-tools'),
    elicitation: names.includes('elicitation'),
    elicitationUrl: names.includes('elicitation-url'),
  };
}

function positiveInt(flag: string, v: string): number {
  if (!/^\d+$/.test(v) || Number(v) === 0) throw new UsageError(`${flag} needs a positive number of milliseconds`);
  return Number(v);
}

export function parseArgs(argv: string[], env: NodeJS.ProcessEnv): Options {
  const opts: Options = {
    faults: splitList(env.MCP_REF_CLIENT_FAULTS ?? ''),
    timeoutMs: 5000,
    deadlineMs: 30_000,
    offer: parseOffer('roots,sampling,elicitation'),
    modes: [],
    verbose: false,
    listFaults: false,
    json: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    const value = (): string => {
      const v = eq === -1 ? argv[++i] : arg.slice(eq + 1);
      if (v === undefined) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--fault':
      case '--faults':
        opts.faults.push(...splitList(value()));
        break;
      case '--server':
        opts.server = value();
        break;
      case '--timeout':
        opts.timeoutMs = positiveInt(flag, value());
        break;
      case '--call-timeout':
        opts.callTimeoutMs = positiveInt(flag, value());
        break;
      case '--deadline':
        opts.deadlineMs = positiveInt(flag, value());
        break;
      case '--capabilities':
        opts.offer = parseOffer(value());
        break;
      case '--verbose':
        opts.verbose = true;
        break;
      case '--list-faults':
        opts.listFaults = true;
        break;
      case '--json':
        opts.json = true;
        break;
      default: {
        const mode = findMode(flag);
        if (mode) {
          opts.modes.push({ mode, value: value() });
          break;
        }
        if (arg.startsWith('-') || opts.url) throw new UsageError(`unexpected argument: ${arg}`);
        try {
          opts.url = new URL(arg);
        } catch {
          throw new UsageError(`not a URL: ${arg}`);
        }
        if (!/^https?:$/.test(opts.url.protocol)) throw new UsageError(`not an http(s) URL: ${arg}`);
      }
    }
  }
  if (!opts.listFaults && (opts.url === undefined) === (opts.server === undefined)) throw new UsageError('give either a URL or --server "<command line>"');
  return opts;
}
