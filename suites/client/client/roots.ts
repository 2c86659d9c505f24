// Roots, client side (ROOTS-*): roots answered only when declared, as file:// URIs, and
// list_changed only when declared. Legacy: the server's roots/list request; 2026-07-28: a
// roots/list input request. Spec: client/roots.
import { defineClientChecks } from '../../../harness/checks/define.js';
import { RANGE } from '../../../harness/revisions.js';
import { ASKS } from '../scenarios/asks.js';
import { BASIC } from '../scenarios/basic.js';
import { asksOf, capability, givenSeq, givenUndeclared } from '../support/asks.js';
import { expectNone } from '../../../harness/verify/index.js';
import { declaredFor, isObject } from '../support/wire.js';

export const rootsClientChecks = defineClientChecks({ page: 'client/roots' }, [
  // ROOTS-001: "Clients that support roots MUST declare the roots capability during
  // initialization" (2026-07-28: on each request, in its clientCapabilities). This server asks
  // for roots whatever the client declared: a legacy roots/list request; at 2026-07-28 a roots
  // input request of the ask-regardless tool, given or not in the retry's inputResponses.
  {
    id: 'roots.answered-only-when-declared',
    title: 'The client gives roots only if it declared the roots capability',
    spec: { url: '#capabilities', level: 'MUST' },
    requirement: 'Clients that support roots MUST declare the roots capability during initialization',
    digest: ['ROOTS-001'],
    scenario: ASKS,
    revisions: RANGE.all,
    faults: ['roots-answered-undeclared'],
    async run(ctx) {
      const asks = asksOf(ctx.recording, ctx.era === 'modern', 'roots/list');
      if (asks.length === 0) return ctx.skip('nothing-observed', 'the client never called the tool during which the server asks for roots');
      const { unknown, given } = givenUndeclared(asks, 'roots');
      if (unknown) return ctx.skip('capabilities-unknown', 'the client declared no capabilities object (see lifecycle.initialize-params)');
      ctx.cite(...given.map((a) => a.sent.seq));
      return expectNone(ctx, given.map((a) => ({ text: `roots given: ${ctx.brief(a.outcome.kind === 'result' ? a.outcome.value : undefined)}`, seq: givenSeq(a) })), {
        expected: ctx.era === 'modern' ? 'no roots in inputResponses of a request that did not declare roots' : 'roots/list refused (roots was not declared)',
        judged: asks.length,
        note: `${asks.length} roots/list request(s), roots given only where declared`,
      });
    },
  },

  // ROOTS-002: "uri: Unique identifier for the root. This MUST be a file:// URI in the current specification."
  {
    id: 'roots.file-uris',
    title: 'Every root the client gives is a file:// URI',
    spec: { url: '#root', level: 'MUST' },
    requirement: 'uri: Unique identifier for the root. This MUST be a file:// URI in the current specification.',
    digest: ['ROOTS-002'],
    scenario: ASKS,
    revisions: RANGE.all,
    faults: ['roots-not-file-uri'],
    async run(ctx) {
      const given = asksOf(ctx.recording, ctx.era === 'modern', 'roots/list').filter((a) => a.outcome.kind === 'result');
      if (given.length === 0) return ctx.skip('nothing-observed', 'the client gave no roots (it was not asked, or refused)');
      const violations = given.flatMap((a) => {
        if (a.outcome.kind !== 'result') return [];
        const value = a.outcome.value;
        const roots = isObject(value) && Array.isArray(value.roots) ? value.roots : undefined;
        const bad = roots ? roots.find((r) => !isObject(r) || typeof r.uri !== 'string' || !r.uri.startsWith('file://')) : value;
        if (roots && bad === undefined) return [];
        return [{ text: roots ? `a root ${ctx.brief(bad)}` : `no roots array: ${ctx.brief(value)}`, seq: a.outcome.seq }];
      });
      return expectNone(ctx, violations, { expected: 'roots: [{ uri: "file://..." }]', judged: given.length, note: `${given.length} roots/list answer(s), every root a file:// URI` });
    },
  },

  // LIFE-010, for roots: listChanged "indicates whether the client will emit notifications
  // when the list of roots changes"; "Both parties MUST: ... Only use capabilities that were
  // successfully negotiated" (SHOULD in 2024-11-05 and 2025-03-26).
  {
    id: 'roots.list-changed-only-when-declared',
    title: 'notifications/roots/list_changed only from a client that declared roots.listChanged',
    spec: [
      { url: 'basic/lifecycle#operation', level: 'SHOULD' },
      { from: '2025-06-18', url: 'basic/lifecycle#operation', level: 'MUST' },
    ],
    requirement: 'Both parties MUST: Respect the negotiated protocol version; Only use capabilities that were successfully negotiated',
    digest: ['LIFE-010'],
    scenario: BASIC,
    revisions: RANGE.legacy,
    faults: ['roots-list-changed-undeclared'],
    async run(ctx) {
      const sent = ctx.recording.notifications('notifications/roots/list_changed');
      const violations = sent.flatMap((n) => {
        const roots = capability(declaredFor(ctx.recording, n, false), 'roots');
        return roots?.listChanged === true ? [] : [{ text: `sent although the client declared roots ${ctx.brief(roots ?? 'not at all')}`, seq: n.seq }];
      });
      return expectNone(ctx, violations, { expected: 'notifications/roots/list_changed only after declaring roots.listChanged' });
    },
  },
]);
