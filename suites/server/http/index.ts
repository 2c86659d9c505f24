// Streamable HTTP (SHTTP-*): the transport of 2025-03-26..2025-11-25 (sessions, the GET
// stream, resumption) and its 2026-07-28 shape (stateless POSTs with mirrored request headers),
// in the order of the spec pages. Rules that hold in both shapes are one check each.
// Spec: basic/transports (legacy), basic/transports/streamable-http (2026-07-28).
import type { Check } from '../../../harness/checks/check.js';
import { cancelChecks } from './cancel.js';
import { encodingChecks } from './encoding.js';
import { errorBodiesChecks } from './error-bodies.js';
import { headersChecks } from './headers.js';
import { messagesChecks } from './messages.js';
import { metaStatusChecks } from './meta-status.js';
import { modernStreamsChecks } from './modern-streams.js';
import { originChecks } from './origin.js';
import { paramHeadersChecks } from './param-headers.js';
import { sessionsChecks } from './sessions.js';
import { statelessChecks } from './stateless.js';
import { streamsChecks } from './streams.js';
import { versionHeaderChecks } from './version-header.js';

export const httpChecks: Check[] = [
  ...originChecks,
  ...messagesChecks,
  ...streamsChecks,
  ...modernStreamsChecks,
  ...cancelChecks,
  ...sessionsChecks,
  ...statelessChecks,
  ...versionHeaderChecks,
  ...metaStatusChecks,
  ...headersChecks,
  ...encodingChecks,
  ...paramHeadersChecks,
  ...errorBodiesChecks,
];
