// basic/transports/stdio#backward-compatibility, client side (2026-07-28, VER-030, VER-033): a
// client that speaks a modern version opens a stdio server with server/discover. A dual-era
// client SHOULD, so that a legacy server is found out before anything else; a modern-only one
// is RECOMMENDED to, so that a legacy server fails at once rather than running an
// era-ambiguous request (tools/call) under legacy rules. Either way a warning.
import { defineClientChecks } from '../../../../harness/checks/define.js';
import { RANGE } from '../../../../harness/revisions.js';
import { META_KEYS } from '../../../../harness/sessions/session.js';
import { BASIC } from '../../scenarios/basic.js';
import { metaOf } from '../../support/wire.js';
import { ownJudgement } from '../../../../harness/verify/index.js';

export const stdioProbeClientChecks = defineClientChecks({ page: 'basic/versioning', revisions: RANGE.modern, transports: ['stdio'] }, [
  {
    id: 'version.stdio-probe-first',
    title: 'On stdio, a client that speaks a modern version sends server/discover before any other request',
    spec: { url: 'basic/transports/stdio#backward-compatibility', level: 'SHOULD' },
    requirement:
      'A client that supports both modern (per-request-metadata) MCP versions and a legacy version that requires an initialize handshake SHOULD probe with server/discover before sending any other request. A client that only supports modern versions does not need to probe, but probing is still RECOMMENDED.',
    fix: 'Open every stdio server with server/discover (your preferred modern version in _meta), and send other requests only after its answer.',
    digest: ['VER-030', 'VER-033'],
    scenario: BASIC,
    faults: ['stdio-request-before-probe'],
    async run(ctx) {
      const requests = ctx.recording.requests();
      // Only a client that speaks a modern version is bound; one that only initializes is legacy.
      if (!requests.some((m) => typeof metaOf(m)?.[META_KEYS.protocolVersion] === 'string')) {
        return ctx.skip('nothing-observed', 'the client sent no request with a modern _meta protocolVersion: a client that speaks only legacy versions need not probe');
      }
      // The run's first server process only: the era found there MAY be remembered for later ones (basic/versioning).
      const first = requests[0];
      if (!first) return ctx.skip('nothing-observed', 'the client sent no request');
      ctx.cite(first.seq);
      const broken = first.message.method === 'server/discover' ? undefined : { expected: 'server/discover as the first request to the server process', actual: `${String(first.message.method)} first, before any server/discover` };
      return ownJudgement(ctx, broken ? { broken } : {}, 'which request came first: an order, not a rule over each message');
    },
  },
]);
