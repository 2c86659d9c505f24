// basic/transports/streamable-http: the transport of 2025-03-26..2025-11-25 (sessions, the GET
// stream, resumption) and its 2026-07-28 shape (stateless POSTs with mirrored request headers),
// in the order of the spec pages. Rules that hold in both shapes are one check each.
// Spec: basic/transports (legacy), basic/transports/streamable-http (2026-07-28).
import type { Check } from '../../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../../harness/checks/page.js';
import { cancellationChecks } from './cancellation.js';
import { encodingChecks } from './encoding.js';
import { endpointChecks } from './endpoint.js';
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
    ...endpointChecks,
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
  excluded: {
    'SHTTP-003': { reason: 'not-observable', detail: 'Which interfaces a server binds, and whether it authenticates a local user, are its deployment: a black box sees only the URL it was given (the Origin checks judge the DNS-rebinding risk this guards against).' },
    'SHTTP-015': { reason: 'missing', detail: 'Observable with resumption: drop the SSE answer of a slow request, resume with GET Last-Event-ID and expect its response rather than a cancellation; needs a slow tool the server offers and event ids.' },
    'SHTTP-046': { reason: 'judged-elsewhere', detail: 'The observable half, a session id is no credential, is judged by auth.session-needs-credentials (AUTH-010): a request with the session id but no token must get 401; how random the ids are cannot be seen.' },
  },
};
