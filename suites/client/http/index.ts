// Client checks of the HTTP transports (Streamable HTTP of every revision, the HTTP+SSE
// fallback), in the order of the spec pages: sending (headers), sessions, streams, the
// 2026-07-28 request metadata, backwards compatibility.
import type { ClientCheck } from '../../../harness/client/scenario.js';
import { httpHeaderChecks } from './headers.js';
import { httpRequestMetadataChecks } from './request-metadata.js';
import { httpSessionChecks } from './sessions.js';
import { httpSseTransportChecks } from './sse-transport.js';
import { httpStreamChecks } from './streams.js';

export const httpClientChecks: ClientCheck[] = [...httpHeaderChecks, ...httpSessionChecks, ...httpStreamChecks, ...httpRequestMetadataChecks, ...httpSseTransportChecks];
