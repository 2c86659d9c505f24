// The recording of an auth scenario as the checks read it: every HTTP request to either
// origin, in order, with its role (MCP, resource metadata, AS metadata, authorize, token,
// register), what the scripted servers answered, and the grants and tokens behind it.
import type { HttpRequestRecord } from '../../transports/serve/http-endpoint.js';
import type { Recording } from '../recording.js';
import { bearerOf, formOf, jsonOf, queryOf } from './http.js';
import { traceOf, type Answer, type AuthTrace, type Grant, type IssuedToken, type Role } from './trace.js';

export const NOT_AUTHORIZING = 'the client does not authorize: it did not react to the 401 (no metadata, registration, authorization or token request followed)';

export interface Exchange {
  seq: number;
  method: string;
  /** The absolute URL requested (path and query on its origin). */
  url: URL;
  /** Origin, path and query, as the client wrote them. */
  href: string;
  role: Role;
  /** Which listener it reached: the MCP server's origin or the AS's own origin. */
  at: 'mcp-origin' | 'as-origin';
  headers: Record<string, string>;
  query: URLSearchParams;
  /** A form body (token requests). */
  form: URLSearchParams;
  /** A JSON body (registration requests). */
  json?: Record<string, unknown>;
  /** The token of `Authorization: Bearer`. */
  bearer?: string;
  status?: number;
  answer?: Answer;
}

/** The request target on its origin; a target no URL parser takes (a hostile client) becomes the origin. */
function urlOf(target: string, origin: string): URL {
  try {
    return new URL(target, origin);
  } catch {
    return new URL(origin);
  }
}

export class AuthView {
  readonly exchanges: Exchange[];

  constructor(
    readonly trace: AuthTrace,
    http: readonly HttpRequestRecord[],
  ) {
    const mcpOrigin = new URL(trace.mcpUrl).origin;
    this.exchanges = [...http]
      .sort((a, b) => a.seq - b.seq)
      .map((r) => {
        const at = r.connection === 'authorization-server' ? 'as-origin' : 'mcp-origin';
        const url = urlOf(r.path, at === 'as-origin' ? trace.asOrigin : mcpOrigin);
        const answer = trace.answers.get(r.seq);
        const bearer = bearerOf(r.headers);
        const json = r.method === 'POST' ? jsonOf(r.body) : undefined;
        return {
          seq: r.seq,
          method: r.method,
          url,
          href: url.href,
          role: trace.roles.get(r.seq) ?? 'other',
          at,
          headers: r.headers,
          query: queryOf(r.path),
          form: r.method === 'POST' && !json ? formOf(r.body) : new URLSearchParams(),
          ...(json ? { json } : {}),
          ...(bearer !== undefined ? { bearer } : {}),
          ...(answer?.status ?? r.status ? { status: answer?.status ?? r.status } : {}),
          ...(answer ? { answer } : {}),
        };
      });
  }

  of(role: Role): Exchange[] {
    return this.exchanges.filter((e) => e.role === role);
  }

  /** The first 401 the MCP server answered. */
  get firstChallenge(): Exchange | undefined {
    return this.exchanges.find((e) => e.role === 'mcp' && e.status === 401);
  }

  /** Did the client react to the 401 with anything but more MCP requests? */
  get reacted(): boolean {
    const first = this.firstChallenge;
    return first !== undefined && this.exchanges.some((e) => e.seq > first.seq && e.role !== 'mcp');
  }

  grantOf(authorization: Exchange): Grant | undefined {
    return this.trace.grants.find((g) => g.seq === authorization.seq);
  }

  /** The token a token request obtained. */
  tokenOf(tokenRequest: Exchange): IssuedToken | undefined {
    return this.trace.tokens.find((t) => t.seq === tokenRequest.seq);
  }

  /** The first MCP request that carried an issued token (the client's authorized traffic starts there). */
  get firstAuthorized(): Exchange | undefined {
    return this.exchanges.find((e) => e.role === 'mcp' && this.trace.token(e.bearer) !== undefined);
  }
}

/** The view of an auth scenario's recording (undefined when the scenario has no scripted AS). */
export function authView(recording: Recording): AuthView | undefined {
  const trace = traceOf(recording);
  return trace ? new AuthView(trace, recording.http) : undefined;
}

/** A header value with its name for evidence. */
export function shown(e: Exchange, header: string): string {
  const v = e.headers[header];
  return v === undefined ? `no ${header} header` : `${header}: ${v}`;
}
