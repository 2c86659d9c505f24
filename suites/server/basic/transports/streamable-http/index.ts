// basic/transports/streamable-http: the transport of 2025-03-26..2025-11-25 (sessions, the GET
// stream, resumption) and its 2026-07-28 shape (stateless POSTs with mirrored request headers),
// in the order of the spec pages. Rules that hold in both shapes are one check each.
// Spec: basic/transports (legacy), basic/transports/streamable-http (2026-07-28).
import type { Check } from '../../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../../harness/checks/page.js';
import { cancellationChecks } from './cancellation.js';
import { encodingChecks } from './encoding.js';
import { errorBodiesChecks } from './error-bodies.js';
import { headersChecks } from './headers.js';
import { metaErrorStatusChecks } from './meta-error-status.js';
import { httpBatchChecks } from './no-batches.js';
import { originChecks } from './origin.js';
import { paramHeadersChecks } from './param-headers.js';
import { requestStreamsChecks } from './request-streams.js';
import { sendingMessagesChecks } from './sending-messages.js';
import { sessionsChecks } from './sessions.js';
import { statelessChecks } from './stateless.js';
import { streamsChecks } from './streams.js';
import { versionHeaderChecks } from './version-header.js';

export const group: PageGroup<Check> = {
  checks: [
    ...originChecks,
    ...sendingMessagesChecks,
    ...streamsChecks,
    ...requestStreamsChecks,
    ...cancellationChecks,
    ...sessionsChecks,
    ...statelessChecks,
    ...versionHeaderChecks,
    ...metaErrorStatusChecks,
    ...headersChecks,
    ...encodingChecks,
    ...paramHeadersChecks,
    ...errorBodiesChecks,
    ...httpBatchChecks,
  ],
  excluded: {},
};
