// basic/transports/streamable-http, client side, in the order of the page: sending (headers,
// one message per POST), sessions, streams, the 2026-07-28 request metadata.
import type { ClientCheck } from '../../../../../harness/client/scenario.js';
import type { PageGroup } from '../../../../../harness/checks/page.js';
import { httpHeaderChecks } from './headers.js';
import { httpHeaderCaseChecks } from './header-case.js';
import { noBatchesHttpClientChecks } from './no-batches.js';
import { noResponsesHttpClientChecks } from './no-responses.js';
import { httpRequestMetadataChecks } from './request-metadata.js';
import { httpSessionChecks } from './sessions.js';
import { httpStreamChecks } from './streams.js';

export const group: PageGroup<ClientCheck> = {
  checks: [...httpHeaderChecks, ...noBatchesHttpClientChecks, ...noResponsesHttpClientChecks, ...httpSessionChecks, ...httpStreamChecks, ...httpRequestMetadataChecks, ...httpHeaderCaseChecks],
  excluded: {
    'SHTTP-053': { reason: 'judged-elsewhere', detail: 'The same 2025-03-26 SHOULD as AUTH-051: auth.metadata-protocol-version warns when the metadata discovery request lacks MCP-Protocol-Version.' },
  },
};
