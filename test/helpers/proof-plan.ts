// The self-proof's plan, from data: for every fault of the reference server, the ways the
// reference must run for the fault to show (stdio, Streamable HTTP, HTTP+SSE, protected,
// modern-only), and in each, the newest revision of each era at which a claiming check
// applies. Under the fault there, exactly the applicable claimants must change: a MUST to
// fail, a SHOULD to warn.
import type { Check } from '../../harness/checks/check.js';
import { REVISIONS, inRange, type RevisionId } from '../../harness/revisions.js';
import type { TransportKind } from '../../harness/transport.js';
import { FAULTS } from '../../reference/server/faults.js';
import { allChecks } from '../../suites/index.js';

/** How the reference server runs (and what the tool is given) for a proof. */
export type Mode = 'stdio' | 'http' | 'sse' | 'protected' | 'protected-limited' | 'modern-only-stdio' | 'modern-only-http';

export const MODE_TRANSPORT: Record<Mode, TransportKind> = {
  stdio: 'stdio',
  http: 'streamable-http',
  sse: 'sse',
  protected: 'streamable-http',
  'protected-limited': 'streamable-http',
  'modern-only-stdio': 'stdio',
  'modern-only-http': 'streamable-http',
};

/** Modes a fault without its own placement is proven in: every transport. */
const EVERYWHERE: readonly Mode[] = ['stdio', 'http', 'sse'];

export interface Proof {
  fault: string;
  mode: Mode;
  revision: RevisionId;
  /** The checks that claim the fault and apply here: exactly these must change. */
  claimants: Check[];
}

type FaultEntry = (typeof FAULTS)[number] & { mode?: string; revision?: string; transports?: readonly string[] };

/** Where a fault can show, from its entry in the fault registry. */
export function modesOf(entry: FaultEntry): { mode: Mode; revision?: string }[] {
  const revision = entry.revision ? { revision: entry.revision } : {};
  if (entry.transports) {
    return entry.transports.map((t) => ({
      mode: (entry.mode === 'modern-only' ? (t === 'stdio' ? 'modern-only-stdio' : 'modern-only-http') : t === 'stdio' ? 'stdio' : t === 'sse' ? 'sse' : 'http') as Mode,
      ...revision,
    }));
  }
  if (entry.mode) return [{ mode: entry.mode as Mode, ...revision }];
  return EVERYWHERE.map((mode) => ({ mode, ...revision }));
}

/** Revisions a mode can serve: HTTP+SSE has no modern era; modern-only no legacy one. */
function modeAllows(mode: Mode, revision: RevisionId): boolean {
  const era = REVISIONS.find((r) => r.id === revision)?.era;
  if (mode === 'sse') return era === 'legacy';
  if (mode.startsWith('modern-only')) return era === 'modern';
  return true;
}

const applies = (c: Check, revision: string, transport: TransportKind) => inRange(revision, c.revisions) && (c.transports === 'any' || c.transports.includes(transport));

export function proofs(checks: readonly Check[] = allChecks): Proof[] {
  const out: Proof[] = [];
  for (const entry of FAULTS as readonly FaultEntry[]) {
    const claiming = checks.filter((c) => c.faults.includes(entry.id));
    if (claiming.length === 0) continue;
    const claimsAt = (c: Check, r: string) => inRange(r, c.faultRevisions?.[entry.id] ?? '..');
    for (const { mode, revision } of modesOf(entry)) {
      const transport = MODE_TRANSPORT[mode];
      for (const era of ['legacy', 'modern'] as const) {
        const candidates = REVISIONS.filter((r) => r.era === era && modeAllows(mode, r.id) && (!revision || r.id === revision)).map((r) => r.id);
        const at = candidates.filter((r) => claiming.some((c) => applies(c, r, transport) && claimsAt(c, r))).at(-1);
        if (!at) continue;
        out.push({ fault: entry.id, mode, revision: at, claimants: claiming.filter((c) => applies(c, at, transport) && claimsAt(c, at)) });
      }
    }
  }
  return out;
}
