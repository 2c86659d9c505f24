// basic/versioning, client side: the per-request version metadata (2026-07-28), then what a
// client does when its version is refused, and the server/discover probe that opens a stdio server.
import type { ClientCheck } from '../../../../harness/client/scenario.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { eraCachedClientChecks } from './era-cached.js';
import { extensionFallbackClientChecks } from './extension-fallback.js';
import { requestMetaClientChecks } from './request-meta.js';
import { stdioProbeClientChecks } from './stdio-probe.js';
import { unsupportedVersionClientChecks } from './unsupported-version.js';

export const group: PageGroup<ClientCheck> = {
  checks: [...requestMetaClientChecks, ...unsupportedVersionClientChecks, ...stdioProbeClientChecks, ...extensionFallbackClientChecks, ...eraCachedClientChecks],
  excluded: {
    'VER-018': { reason: 'missing', side: 'client', detail: 'A check would run the client against two scripted servers that differ only in serverInfo and warn when its requests differ; a client\'s requests also follow its host, so it needs a deterministic client.' },
    'VER-019': { reason: 'informative', side: 'client', detail: 'Calling server/discover first is optional (MAY): any RPC may be sent inline.' },
  },
};
