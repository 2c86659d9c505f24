// basic/transports, client side.
import type { ClientCheck } from '../../../../harness/client/scenario.js';
import { assemble, type PageGroup } from '../../../../harness/checks/page.js';
import { group as stdio } from './stdio/index.js';
import { group as streamable_http } from './streamable-http/index.js';
import { group as sse } from './sse/index.js';
import { httpSseTransportChecks } from './sse/fallback.js';
import { httpHeaderChecks } from './streamable-http/headers.js';
import { httpHeaderCaseChecks } from './streamable-http/header-case.js';
import { httpRequestMetadataChecks } from './streamable-http/request-metadata.js';
import { httpSessionChecks } from './streamable-http/sessions.js';
import { httpStreamChecks } from './streamable-http/streams.js';

export const group: PageGroup<ClientCheck> = assemble(stdio, streamable_http, sse);

/** The checks of the HTTP transports' own scenarios (Streamable HTTP, the HTTP+SSE fallback), as the interop tests of HTTP clients run them. */
export const httpClientChecks: readonly ClientCheck[] = [...httpHeaderChecks, ...httpSessionChecks, ...httpStreamChecks, ...httpRequestMetadataChecks, ...httpSseTransportChecks, ...httpHeaderCaseChecks];
