// Which eras this process serves (main.ts sets it from --modern-only / --legacy-only).
import { MODERN_VERSIONS, REVISIONS } from '../revisions.js';

export type EraMode = 'dual' | 'modern-only' | 'legacy-only';

let mode: EraMode = 'dual';

export function setEraMode(m: EraMode): void {
  mode = m;
}

export function eraMode(): EraMode {
  return mode;
}

/** Every version this process speaks, newest first (server/discover, -32022 data.supported). */
export function supportedVersions(): string[] {
  const legacy = mode === 'modern-only' ? [] : [...REVISIONS].reverse();
  return [...(mode === 'legacy-only' ? [] : MODERN_VERSIONS), ...legacy];
}
