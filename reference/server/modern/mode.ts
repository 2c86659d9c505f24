// Which eras this process serves (main.ts sets it from --modern-only / --legacy-only), and
// which versions it names (--discover-versions can narrow them: modes/discover-versions.ts).
import { listedVersions } from '../modes/discover-versions.js';
import { MODERN_VERSIONS, REVISIONS } from '../revisions.js';

export type EraMode = 'dual' | 'modern-only' | 'legacy-only';

let mode: EraMode = 'dual';

export function setEraMode(m: EraMode): void {
  mode = m;
}

export function eraMode(): EraMode {
  return mode;
}

/** Every version this process speaks, newest first (server/discover, -32022 data.supported); --discover-versions names them itself. */
export function supportedVersions(): string[] {
  const listed = listedVersions();
  if (listed) return [...listed];
  const legacy = mode === 'modern-only' ? [] : [...REVISIONS].reverse();
  return [...(mode === 'legacy-only' ? [] : MODERN_VERSIONS), ...legacy];
}

/** Is a 2026-07-28-era request at this version served (else -32022)? */
export function servesModernVersion(version: string): boolean {
  return MODERN_VERSIONS.includes(version) && (listedVersions()?.includes(version) ?? true);
}
