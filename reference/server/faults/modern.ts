// The faults of the 2026-07-28 (modern, stateless) era, one file per area. Each entry names
// the digest rule it breaks, `transports` where it can show (test/self-proof.test.ts starts
// the reference there), and `mode: 'modern-only'` when the reference must run with
// --modern-only for it to matter. Each is guarded once with isOn('<id>').
import { MODERN_BASE_FAULTS } from './modern-base.js';
import { MODERN_FEATURES_FAULTS } from './modern-features.js';
import { MODERN_HTTP_FAULTS } from './modern-http.js';
import { MODERN_SUBSCRIPTIONS_FAULTS } from './modern-subscriptions.js';
import { MODERN_UTILITIES_FAULTS } from './modern-utilities.js';

export type FaultTransport = 'stdio' | 'http';

export interface ModernFault {
  id: string;
  description: string;
  transports: readonly FaultTransport[];
  mode?: 'modern-only';
  /** The one revision the self-proof shows it at, when its claimants also run at legacy revisions. */
  revision?: string;
}

export const MODERN_FAULTS = [
  ...MODERN_BASE_FAULTS,
  ...MODERN_UTILITIES_FAULTS,
  ...MODERN_FEATURES_FAULTS,
  ...MODERN_SUBSCRIPTIONS_FAULTS,
  ...MODERN_HTTP_FAULTS,
] as const;
