// basic#resulttype, basic#meta and server/utilities/caching: what every 2026-07-28 result
// carries beside what the (era-neutral) handler returned.
import { isOn } from '../faults.js';
import { isPlainObject } from '../jsonrpc.js';
import { serverInfo } from '../handlers/lifecycle.js';
import { MODERN } from '../revisions.js';
import { META } from './meta.js';
import { skillsHintsDropped } from '../skills/extension.js';

/** caching#cacheable-results: freshness hints (ms) of the cacheable operations; one public scope (nothing varies by caller). */
const TTL_MS: Record<string, number> = {
  'server/discover': 3_600_000,
  'tools/list': 300_000,
  'prompts/list': 300_000,
  'resources/list': 300_000,
  'resources/templates/list': 300_000,
  'resources/read': 60_000,
  // Skills: the list like resources/list, skills/get like resources/read (the extension's "same semantics").
  'skills/list': 300_000,
  'skills/get': 60_000,
};

export function decorate(method: string, params: unknown, result: unknown): Record<string, unknown> {
  const body = isPlainObject(result) ? result : {};
  const p = isPlainObject(params) ? params : {};
  const out: Record<string, unknown> = { resultType: 'complete', ...body };
  if (method === 'tools/call' && p.name === 'echo' && isOn('modern-result-type-unknown')) out.resultType = 'task';
  if (method === 'completion/complete' && isOn('modern-input-required-wrong-method')) {
    out.resultType = 'input_required';
    out.requestState = 'completion-state';
  }
  if (!(method === 'tools/call' && isOn('modern-no-server-info'))) {
    const meta = isPlainObject(out._meta) ? out._meta : {};
    out._meta = { ...meta, [META.serverInfo]: serverInfo(MODERN) };
  }
  if (method === 'tools/list' && isOn('modern-traceparent-invalid')) out._meta = { ...(out._meta as Record<string, unknown>), traceparent: 'trace-1' };
  cacheHints(method, p, out);
  // Last, so that only resultType is missing (the caching hints stay).
  if (method === 'prompts/list' && isOn('modern-result-type-missing')) delete out.resultType;
  return out;
}

function cacheHints(method: string, params: Record<string, unknown>, out: Record<string, unknown>): void {
  const ttl = TTL_MS[method];
  if (out.resultType === 'input_required') {
    // caching: interim results are not cacheable and carry no hints.
    if (isOn('modern-input-required-cacheable')) Object.assign(out, { ttlMs: 60_000, cacheScope: 'public' });
    return;
  }
  if (ttl === undefined || out.resultType !== 'complete') return;
  if ((method === 'resources/read' && isOn('modern-cache-fields-missing')) || skillsHintsDropped(method)) return;
  // caching#interaction-with-pagination: one cacheScope for every page of a list.
  const scope = method === 'tools/list' && params.cursor !== undefined && isOn('modern-cache-scope-varies') ? 'private' : 'public';
  out.ttlMs = ttl;
  out.cacheScope = scope;
}
