// The seam an OAuth module plugs into: a hook that decorates every HTTP request (e.g. adds
// Authorization) and a handler for 401/403 that may obtain credentials and ask for a retry.
// Without a module the client has no credentials: a 401 ends the run with one line. The
// OAuth module (auth-oauth.ts) is the reference client's.
import type { IncomingHttpHeaders } from 'node:http';

export interface AuthContext {
  method: string;
  /** The request's URL (the MCP endpoint, or the HTTP+SSE message endpoint). */
  url: URL;
  /** The request's headers before decoration (MCP-Protocol-Version, Mcp-Method...). */
  headers: Readonly<Record<string, string>>;
  body?: string | Uint8Array;
}

export interface AuthHooks {
  /** Adds credentials to the headers of an outgoing request. */
  decorate(headers: Record<string, string>, ctx: AuthContext): Promise<void>;
  /** Called on 401 and 403; true means "credentials changed, send the request again" (once). */
  unauthorized(status: number, headers: IncomingHttpHeaders, ctx: AuthContext): Promise<boolean>;
}

export const NO_AUTH: AuthHooks = {
  decorate: async () => undefined,
  unauthorized: async () => false,
};
