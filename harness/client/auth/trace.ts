// What the scripted resource server and authorization server did in one run: the role of
// every HTTP request they saw, what they answered, the codes, tokens and clients they issued.
// Checks read it beside the recording (the requests themselves are in `recording.http`).
import type { Recording } from '../recording.js';
import type { AuthProfile } from './profile.js';

/** What an HTTP request was, as the scripted servers routed it. */
export type Role = 'mcp' | 'prm' | 'as-metadata' | 'authorize' | 'token' | 'register' | 'opened' | 'other';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  /** The body, capped (JSON documents, token responses). */
  body?: string;
}

/** An authorization request the AS answered with a code. */
export interface Grant {
  /** Sequence number of the authorization request. */
  seq: number;
  code: string;
  clientId: string;
  redirectUri: string;
  challenge: string;
  method: string;
  /** The scopes asked for, and those granted (minus what is never granted). */
  asked: string[];
  granted: string[];
  resource?: string;
  /** Sequence number of the token request that redeemed it. */
  redeemedAt?: number;
}

export interface IssuedToken {
  token: string;
  /** The AS that issued it. */
  issuer: string;
  /** Sequence number of the token request. */
  seq: number;
  scopes: string[];
  audience: string;
  clientId: string;
}

export interface RegisteredClient {
  clientId: string;
  /** The AS it is registered with (a metadata document URL is good at any). */
  issuer: string;
  secret?: string;
  redirectUris: string[];
  how: 'dynamic' | 'pre-registered' | 'metadata-document';
}

export class AuthTrace {
  readonly roles = new Map<number, Role>();
  readonly answers = new Map<number, Answer>();
  readonly grants: Grant[] = [];
  readonly tokens: IssuedToken[] = [];
  readonly clients = new Map<string, RegisteredClient>();

  constructor(
    readonly profile: AuthProfile,
    readonly revision: string,
    /** The MCP endpoint the client was given. */
    readonly mcpUrl: string,
    /** The AS's origin and issuer identifier. */
    readonly asOrigin: string,
    readonly issuer: string,
  ) {}

  /** The second AS's issuer (migration scenarios). */
  nextIssuer: string | undefined;
  /** Sequence number of the first request the resource server refused after moving to it. */
  migratedAt: number | undefined;
  /** Sequence number of the first request the resource server refused because its first token expired. */
  expiredAt: number | undefined;

  token(value: string | undefined): IssuedToken | undefined {
    return value === undefined ? undefined : this.tokens.find((t) => t.token === value);
  }
}

const traces = new WeakMap<Recording, AuthTrace>();

export function attachTrace(recording: Recording, trace: AuthTrace): void {
  traces.set(recording, trace);
}

/** The trace of an auth scenario's run (undefined for any other scenario). */
export function traceOf(recording: Recording): AuthTrace | undefined {
  return traces.get(recording);
}
