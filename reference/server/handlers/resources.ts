// server/resources: list, templates/list, read, subscribe, unsubscribe.
import { RESOURCES, TEMPLATES, matchTemplate, renderResource, renderTemplate, resourcesHidden, type ResourceDef } from '../catalog/resources.js';
import { SERVED_DIR, fakeFile, filePath } from '../catalog/fake-files.js';
import { isOn } from '../faults.js';
import { servesAnyFile } from '../modes/serves-any-file.js';
import { ErrorCode, RpcError, invalidParams } from '../jsonrpc.js';
import { paginate } from '../pagination.js';
import { atLeast } from '../revisions.js';
import type { RequestContext } from '../session.js';

/** The resource of the fault modern-resources-list-side-effect (RES-003). */
const SESSION_STATE: ResourceDef = {
  uri: 'test://session/state',
  name: 'session-state',
  title: 'Session state',
  description: 'Appears once this connection has called a tool.',
  mimeType: 'text/plain',
  text: 'called',
};

/** The resource of the fault resources-uri-invalid: after "//" a ":" starts a port, which must be digits (RFC 3986). */
const BAD_URI: ResourceDef = {
  uri: 'test://static:notes',
  name: 'notes',
  title: 'Notes',
  description: 'A resource whose URI is not RFC 3986 (a port that is not a number).',
  mimeType: 'text/plain',
  text: 'notes',
};

/**
 * Under the fault, the classic bug: a file:// URI whose path starts with the served directory
 * passes the check, and only then are its dot segments resolved (fake-files.ts):
 * file:///etc/passwd itself is refused, climbing to it with ../ is not. Under --serves-any-file
 * every path is served (a server rooted at "/").
 */
function fileRead(uri: string): string | undefined {
  const path = filePath(uri);
  if (path === undefined) return undefined;
  if (servesAnyFile()) return fakeFile(path);
  return isOn('resources-read-path-traversal') && path.startsWith(SERVED_DIR) ? fakeFile(path) : undefined;
}

/** The resources offered (a fault lists one more once the connection called a tool; it can then be read anywhere). */
function resourcesFor(ctx: RequestContext, reading: boolean): readonly ResourceDef[] {
  const extra = isOn('modern-resources-list-side-effect') && ctx.modern !== undefined && (reading || ctx.modern.conn.sawCall);
  // server/resources#custom-uri-schemes: URIs MUST be in accordance with RFC 3986.
  const bad = isOn('resources-uri-invalid') ? [BAD_URI] : [];
  return [...RESOURCES, ...(extra ? [SESSION_STATE] : []), ...bad];
}

function refuseIfHidden(method: string): void {
  if (resourcesHidden()) throw new RpcError(ErrorCode.MethodNotFound, `Method not found: ${method}`);
}

export function listResources(ctx: RequestContext): Record<string, unknown> {
  refuseIfHidden('resources/list');
  const page = paginate('resources', resourcesFor(ctx, false), ctx.params.cursor);
  const resources = page.items.map((r) => renderResource(r, ctx.revision));
  return page.nextCursor === undefined ? { resources } : { resources, nextCursor: page.nextCursor };
}

export function listTemplates(ctx: RequestContext): Record<string, unknown> {
  refuseIfHidden('resources/templates/list');
  const page = paginate('templates', TEMPLATES, ctx.params.cursor);
  const resourceTemplates = page.items.map((t) => renderTemplate(t, ctx.revision));
  return page.nextCursor === undefined ? { resourceTemplates } : { resourceTemplates, nextCursor: page.nextCursor };
}

function uriParam(ctx: RequestContext): string {
  const { uri } = ctx.params;
  if (typeof uri !== 'string') throw invalidParams('Invalid params: uri must be a string');
  return uri;
}

export function readResource(ctx: RequestContext): Record<string, unknown> {
  refuseIfHidden('resources/read');
  const uri = uriParam(ctx);
  const res = resourcesFor(ctx, true).find((r) => r.uri === uri);
  // This server subscribes nobody to anything it did not ask for; the fault reports a change unasked.
  if (isOn('resources-updated-unsubscribed') && !atLeast(ctx.revision, '2026-07-28')) ctx.notify('notifications/resources/updated', { uri });
  if (res) {
    const item: Record<string, unknown> = { uri, mimeType: res.mimeType };
    if (res.blob !== undefined) item.blob = isOn('resources-read-blob-not-base64') ? 'not base64!' : res.blob;
    else item.text = res.text ?? '';
    if (isOn('resources-read-text-and-blob') && 'text' in item) item.blob = Buffer.from(String(item.text)).toString('base64');
    return { contents: [item] };
  }
  const match = matchTemplate(uri);
  if (match) return { contents: [{ uri, mimeType: match.def.mimeType, text: match.def.render(match.value) }] };
  // server/resources#security-considerations: file:// paths MUST be sanitized against traversal (fileRead: a fault, a mode).
  const file = fileRead(uri);
  if (file !== undefined) return { contents: [{ uri, mimeType: 'text/plain', text: file }] };
  // server/resources#error-handling: resource not found is -32002, and -32602 from 2026-07-28 (never an empty contents).
  if (isOn('resources-unknown-uri-result')) return { contents: [] };
  const modernCode = isOn('modern-resource-not-found-legacy-code') ? ErrorCode.ResourceNotFound : ErrorCode.InvalidParams;
  throw new RpcError(atLeast(ctx.revision, '2026-07-28') ? modernCode : ErrorCode.ResourceNotFound, 'Resource not found', { uri });
}

/** resources/subscribe and resources/unsubscribe: accepted for any URI (nothing ever changes). */
export function subscription(ctx: RequestContext): Record<string, never> {
  refuseIfHidden('resources/subscribe');
  uriParam(ctx);
  if (isOn('resources-subscribe-error')) throw new RpcError(ErrorCode.MethodNotFound, 'Method not found');
  return {};
}
