// server/resources: list, templates/list, read, subscribe, unsubscribe.
import { RESOURCES, TEMPLATES, matchTemplate, renderResource, renderTemplate } from '../catalog/resources.js';
import { ErrorCode, RpcError, invalidParams } from '../jsonrpc.js';
import { paginate } from '../pagination.js';
import type { RequestContext } from '../session.js';

export function listResources(ctx: RequestContext): Record<string, unknown> {
  const page = paginate('resources', RESOURCES, ctx.params.cursor);
  const resources = page.items.map((r) => renderResource(r, ctx.revision));
  return page.nextCursor === undefined ? { resources } : { resources, nextCursor: page.nextCursor };
}

export function listTemplates(ctx: RequestContext): Record<string, unknown> {
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
  const uri = uriParam(ctx);
  const res = RESOURCES.find((r) => r.uri === uri);
  if (res) {
    const item: Record<string, unknown> = { uri, mimeType: res.mimeType };
    if (res.blob !== undefined) item.blob = res.blob;
    else item.text = res.text ?? '';
    return { contents: [item] };
  }
  const match = matchTemplate(uri);
  if (match) return { contents: [{ uri, mimeType: match.def.mimeType, text: match.def.render(match.value) }] };
  // server/resources#error-handling: resource not found is -32002.
  throw new RpcError(ErrorCode.ResourceNotFound, 'Resource not found', { uri });
}

/** resources/subscribe and resources/unsubscribe: accepted for any URI (nothing ever changes). */
export function subscription(ctx: RequestContext): Record<string, never> {
  uriParam(ctx);
  return {};
}
