// The checks as data, without running anything: what `--list` prints, what docs/checks.md is
// generated from, and what a test runner may iterate over (one test per check, say).
import type { Capability, CheckMeta, Level, Side } from '../harness/checks/check.js';
import { areaOf, specFor } from '../harness/checks/spec-ref.js';
import { revisionsIn } from '../harness/revisions.js';
import type { TransportKind } from '../harness/transport.js';

export interface CheckInfo {
  /** `area.what-is-checked`: stable (baselines name it). */
  id: string;
  area: string;
  side: Side;
  title: string;
  /** Its levels over its revisions, strongest first when they differ ("SHOULD" then "MUST" from a later revision). */
  levels: Level[];
  /** The revision range as declared: `A..B`, `A..` (open end) or one revision. */
  revisions: string;
  /** The revisions of this tool's table in that range. */
  revisionList: string[];
  transports: 'any' | TransportKind[];
  /** Capabilities the target must declare for it to apply (server checks). */
  requires?: Capability[];
  /** The client scenario whose recording it judges (client checks). */
  scenario?: string;
  /** The spec section, at each revision where the section or level changes. */
  spec: { from: string; url: string; level: Level }[];
  /** The spec sentence it enforces, verbatim, where the check quotes one. */
  requirement?: string;
}

type Listed = CheckMeta & { requires?: Capability[]; scenario?: string };

export function checkInfo(check: Listed): CheckInfo {
  const revisionList = revisionsIn(check.revisions);
  const spec: CheckInfo['spec'] = [];
  for (const revision of revisionList) {
    const { url, level } = specFor(check, revision);
    const last = spec.at(-1);
    // The URL carries the revision: a new entry only when the page, anchor or level changes.
    if (!last || last.level !== level || last.url.replace(last.from, '') !== url.replace(revision, '')) spec.push({ from: revision, url, level });
  }
  return {
    id: check.id,
    area: areaOf(check.id),
    side: check.side,
    title: check.title,
    levels: [...new Set(spec.map((s) => s.level))],
    revisions: check.revisions,
    revisionList,
    transports: check.transports,
    ...(check.requires?.length ? { requires: check.requires } : {}),
    ...(check.scenario ? { scenario: check.scenario } : {}),
    spec,
    ...(check.requirement ? { requirement: check.requirement } : {}),
  };
}

/** Every check of one side, in report order (the suites' order). */
export async function listChecks(side: Side = 'server'): Promise<CheckInfo[]> {
  const checks: readonly Listed[] = side === 'client' ? (await import('../suites/client/index.js')).clientChecks : (await import('../suites/index.js')).allChecks;
  return checks.map(checkInfo);
}
