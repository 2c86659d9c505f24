// Small HTTP pieces of the scripted OAuth servers: reading forms, queries and credentials,
// writing challenges (RFC 6750 §3), and answering while keeping a trace and a wire entry.
import type { ServerResponse } from 'node:http';
import type { WireLog } from '../../wire-log.js';
import type { HttpRequestRecord } from '../../transports/serve/http-endpoint.js';
import type { Answer, AuthTrace, Role } from './trace.js';

const MAX_TRACE_BODY = 4000;

export function queryOf(path: string): URLSearchParams {
  const at = path.indexOf('?');
  return new URLSearchParams(at === -1 ? '' : path.slice(at + 1));
}

export function pathOf(path: string): string {
  return path.split('?')[0] ?? path;
}

export function formOf(body: string | undefined): URLSearchParams {
  return new URLSearchParams(body ?? '');
}

export function jsonOf(body: string | undefined): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(body ?? '');
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The token of an `Authorization: Bearer <token>` header (the scheme is case-insensitive). */
export function bearerOf(headers: Record<string, string>): string | undefined {
  const m = /^bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '');
  return m?.[1];
}

/** Client credentials of `Authorization: Basic` (RFC 6749 §2.3.1: form-encoded id and secret). */
export function basicOf(headers: Record<string, string>): { id: string; secret: string } | undefined {
  const m = /^basic\s+(\S+)\s*$/i.exec(headers.authorization ?? '');
  if (!m?.[1]) return undefined;
  const text = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon === -1) return undefined;
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch {
      return s;
    }
  };
  return { id: decode(text.slice(0, colon)), secret: decode(text.slice(colon + 1)) };
}

/** `Bearer a="b", c="d"` from the parameters that are set. */
export function bearerChallenge(params: Record<string, string | undefined>): string {
  const parts = Object.entries(params)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([k, v]) => `${k}="${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`);
  return parts.length ? `Bearer ${parts.join(', ')}` : 'Bearer';
}

/** Answers one request and notes it: the trace keeps the answer, the wire log shows it. */
export class Answerer {
  constructor(
    private readonly trace: AuthTrace,
    private readonly wire: WireLog,
  ) {}

  role(req: HttpRequestRecord, role: Role): void {
    this.trace.roles.set(req.seq, role);
  }

  send(req: HttpRequestRecord, res: ServerResponse, answer: Answer): true {
    this.trace.answers.set(req.seq, { ...answer, ...(answer.body !== undefined ? { body: answer.body.slice(0, MAX_TRACE_BODY) } : {}) });
    const shown = Object.entries(answer.headers)
      .filter(([k]) => k.toLowerCase() !== 'content-type')
      .map(([k, v]) => `${k}: ${v}`)
      .join('; ');
    this.wire.record('out', `${answer.status} to ${req.method} ${req.path}${shown ? ` [${shown}]` : ''}${answer.body ? ` ${answer.body}` : ''}`);
    res.writeHead(answer.status, answer.headers).end(answer.body);
    return true;
  }

  json(req: HttpRequestRecord, res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): true {
    return this.send(req, res, { status, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers }, body: JSON.stringify(body) });
  }

  text(req: HttpRequestRecord, res: ServerResponse, status: number, body: string): true {
    return this.send(req, res, { status, headers: { 'Content-Type': 'text/plain' }, body });
  }

  redirect(req: HttpRequestRecord, res: ServerResponse, location: string): true {
    return this.send(req, res, { status: 302, headers: { Location: location } });
  }
}
