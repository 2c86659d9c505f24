// A server whose tool points the client at the network: icons (basic#icons, 2025-11-25 on) at
// a plain-http URL and as a data: URI, and, at 2026-07-28, an inputSchema holding a `$ref` to a
// schema on the network (basic#ref-resolution). Both URLs are on the MCP endpoint's own origin
// (a conscientious client fetches same-origin icons first), answered by this scenario and
// recorded like every HTTP request, so checks judge exactly what the client fetched and with
// which headers. Every answer of the MCP endpoint also sets a cookie: a client that reuses its
// cookie jar (or its Authorization header) for icon fetches shows it there.
//
// HTTP only: the URLs need a listener that lives and dies with the run, and the harness opens
// one per run (the `prepare` hook) only when it serves HTTP; a stdio client's icon fetches would
// need that hook on stdio runs too.
import type { ServerResponse } from 'node:http';
import type { Recording } from '../../../harness/client/recording.js';
import type { ClientScenario, ScriptTool } from '../../../harness/client/scenario.js';
import { inRange, since } from '../../../harness/revisions.js';
import type { HttpRequestRecord } from '../../../harness/transports/serve/http-endpoint.js';

export const NETWORK_REFERENCES = 'base.network-references';

/** Where the scenario serves what the tool points at (paths on the MCP endpoint's origin). */
export const ICON_PATH = '/icons/tool-icon.png';
export const SCHEMA_REF_PATH = '/schemas/ext.json';
/** The cookie every MCP answer sets: a credential a client could wrongly send with an icon fetch. */
export const SESSION_COOKIE = 'mcp-conformance-session=not-for-icons';

/** The revisions whose text has the `$ref` rule. */
const REF_RULE = since('2026-07-28');

/** A 1x1 transparent PNG: a real image for a client that does render the icons. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const EXTERNAL_SCHEMA = { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'string' };

/** Each run's origin, known once its endpoint listens (runs of several revisions overlap). */
const origins = new WeakMap<Recording, string>();

/** A tool with the Icon list of 2025-11-25 (ScriptTool passes every field it does not know on). */
type IconTool = ScriptTool & { icons: { src: string; mimeType: string; sizes: string[] }[] };

function toolFor(origin: string, revision: string): IconTool {
  const inputSchema: Record<string, unknown> = { type: 'object', properties: { text: { $ref: '#/$defs/text' } }, $defs: { text: { type: 'string' } } };
  // The network reference sits on an optional property: a client that leaves it unresolved
  // still has a usable schema (the required-free object with a local `$defs` reference).
  if (inRange(revision, REF_RULE)) (inputSchema.properties as Record<string, unknown>).extra = { $ref: `${origin}${SCHEMA_REF_PATH}` };
  return {
    name: 'test-tool',
    description: 'Echoes its arguments',
    inputSchema,
    icons: [
      { src: `${origin}${ICON_PATH}`, mimeType: 'image/png', sizes: ['1x1'] },
      { src: `data:image/png;base64,${PNG.toString('base64')}`, mimeType: 'image/png', sizes: ['1x1'] },
    ],
  };
}

/** The icon and the external schema; every other answer gets the cookie and goes on. */
function answer(req: HttpRequestRecord, res: ServerResponse): boolean {
  const path = req.path.split('?')[0];
  if (path === ICON_PATH) {
    res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': PNG.length }).end(PNG);
    return true;
  }
  if (path === SCHEMA_REF_PATH) {
    res.writeHead(200, { 'Content-Type': 'application/schema+json' }).end(JSON.stringify(EXTERNAL_SCHEMA));
    return true;
  }
  res.setHeader('Set-Cookie', `${SESSION_COOKIE}; Path=/; HttpOnly; SameSite=Strict`);
  return false;
}

export const networkReferencesScenario: ClientScenario = {
  id: NETWORK_REFERENCES,
  title: 'A server whose tool has an http: icon and a data: icon, and (2026-07-28) an inputSchema with a network $ref',
  revisions: since('2025-11-25'),
  transports: ['streamable-http'],
  official: 'initialize',
  server: {
    capabilities: { tools: {} },
    toolsNow: (recording) => {
      const origin = origins.get(recording);
      return origin ? [toolFor(origin, recording.revision)] : [];
    },
  },
  prepare(run) {
    origins.set(run.recording, new URL(run.url).origin);
    return { intercept: answer };
  },
};
