// --discover-versions LIST (2026-07-28 era): server/discover lists exactly LIST in
// supportedVersions (a comma list; it may be empty, or name legacy versions only), and a
// 2026-07-28-era request at a version not in LIST gets UnsupportedProtocolVersionError
// (-32022, data.supported = LIST, data.requested; HTTP 400), as basic/versioning#protocol-
// version-negotiation says. The legacy handshake (initialize) is not affected.
// Acts in modern/mode.ts (supportedVersions, servesModernVersion).
import type { Mode } from './mode.js';

let listed: readonly string[] | undefined;

export const DISCOVER_VERSIONS: Mode = {
  flag: '--discover-versions',
  arg: 'LIST',
  summary: 'server/discover lists only LIST (comma list, may be empty); other 2026-07-28 versions get -32022',
  enable: (value) => {
    listed = value
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== '');
  },
};

/** The versions the mode names, or undefined when it is off. */
export function listedVersions(): readonly string[] | undefined {
  return listed;
}
