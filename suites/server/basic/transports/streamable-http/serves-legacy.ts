// Whether a 2026-07-28 target also speaks a legacy revision: several 2026-07-28 rules are written
// for "a server that supports only this revision", and a dual-era server serves older clients'
// traffic by the older rules.
import type { CheckContext } from '../../../../../harness/checks/check.js';
import type { HttpConversation } from '../../../../../harness/checks/http-access.js';
import { LEGACY_REVISIONS, NEWEST_LEGACY } from '../../../../../harness/revisions.js';
import { initializeParams } from '../../../../../harness/sessions/legacy.js';

/** Does the target also speak a legacy revision? The probe knows, or one initialize tells. */
export async function servesLegacy(ctx: CheckContext, t: HttpConversation): Promise<boolean> {
  if (ctx.probe.accepted.some((r) => (LEGACY_REVISIONS as readonly string[]).includes(r))) return true;
  if (LEGACY_REVISIONS.some((r) => ctx.probe.answers[r] !== undefined)) return false;
  const body = JSON.stringify({ jsonrpc: '2.0', id: 'legacy-era-probe', method: 'initialize', params: initializeParams(NEWEST_LEGACY) });
  const r = await t.raw({ method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body, sseWindowMs: ctx.timeoutMs });
  const sid = r.headers['mcp-session-id'];
  if (sid !== undefined) await t.raw({ method: 'DELETE', headers: { 'Mcp-Session-Id': sid, 'MCP-Protocol-Version': NEWEST_LEGACY }, timeoutMs: ctx.timeoutMs });
  const initialized = (m: unknown) => typeof m === 'object' && m !== null && typeof (m as { result?: { protocolVersion?: unknown } }).result?.protocolVersion === 'string';
  return r.status >= 200 && r.status < 300 && (initialized(r.json) || (r.events ?? []).some((e) => e.data.includes('"protocolVersion"')));
}
