// Elicitation, client side (ELIC-*; 2025-06-18 on): answered only when declared, a valid
// action, form content that matches the requested schema, a form request without `mode`
// handled as a form, and a mode the client did not declare refused with {code:InvalidParams}. Legacy: the
// server's elicitation/create requests; 2026-07-28: a form input request. Spec: client/elicitation.
import { defineClientChecks } from '../../../harness/checks/define.js';
import { loadRevisionSchema } from '../../../harness/schema.js';
import { only, since } from '../../../harness/revisions.js';
import { ASKS } from '../scenarios/asks.js';
import { asksOf, capability, givenSeq, givenUndeclared, type Ask } from '../support/asks.js';
import { contentProblem } from '../support/form-content.js';
import { endedByTool, errorCode, isObject } from '../support/wire.js';
import { expectError, expectNone, expectNoneOrDoubt, givenExchange, type MaybeViolation } from '../../../harness/verify/index.js';

const isForm = (a: Ask) => a.params.mode === undefined || a.params.mode === 'form';
const isUrl = (a: Ask) => a.params.mode === 'url';

export const elicitationClientChecks = defineClientChecks({ page: 'client/elicitation' }, [
  // ELIC-001: "Clients that support elicitation MUST declare the elicitation capability during
  // initialization" (2026-07-28: on each request). This server elicits whatever the client
  // declared (2026-07-28: the ask-regardless tool's form input request).
  {
    id: 'elicitation.answered-only-when-declared',
    title: 'The client answers elicitation only if it declared the elicitation capability',
    spec: { url: '#capabilities', level: 'MUST' },
    requirement: 'Clients that support elicitation MUST declare the elicitation capability during initialization',
    digest: ['ELIC-001'],
    scenario: ASKS,
    revisions: since('2025-06-18'),
    faults: ['elicitation-answered-undeclared'],
    async run(ctx) {
      const asks = asksOf(ctx.recording, ctx.era === 'modern', 'elicitation/create');
      if (asks.length === 0) return ctx.skip('nothing-observed', 'the client never called the tool during which the server elicits');
      const { unknown, given } = givenUndeclared(asks, 'elicitation');
      if (unknown) return ctx.skip('capabilities-unknown', 'the client declared no capabilities object (see lifecycle.initialize-params)');
      ctx.cite(...given.map((a) => a.sent.seq));
      return expectNone(ctx, given.map((a) => ({ text: `answered ${ctx.brief(a.outcome.kind === 'result' ? a.outcome.value : undefined)}`, seq: givenSeq(a) })), {
        expected: ctx.era === 'modern' ? 'no elicitation answer in inputResponses of a request that did not declare elicitation' : 'elicitation/create refused (elicitation was not declared)',
        judged: asks.length,
        note: `${asks.length} elicitation request(s), answered only where declared`,
      });
    },
  },

  // ELIC-005: the answer is an ElicitResult: action accept, decline or cancel (the schema is the
  // source of truth for all protocol messages and structures).
  {
    id: 'elicitation.result-valid',
    title: 'An elicitation answer is a valid ElicitResult (action accept, decline or cancel)',
    spec: { url: '#response-actions', level: 'MUST' },
    requirement: 'Elicitation responses use a three-action model: accept, decline, cancel (ElicitResult; the schema is the source of truth for all protocol messages and structures).',
    digest: ['ELIC-005'],
    scenario: ASKS,
    revisions: since('2025-06-18'),
    faults: ['elicitation-action-invalid'],
    async run(ctx) {
      const given = asksOf(ctx.recording, ctx.era === 'modern', 'elicitation/create').filter((a) => a.outcome.kind === 'result');
      if (given.length === 0) return ctx.skip('nothing-observed', 'the client answered no elicitation (it was not asked, or refused)');
      const schema = await loadRevisionSchema(ctx.revision);
      const violations = given.flatMap((a) => {
        if (a.outcome.kind !== 'result') return [];
        const check = schema.validate('ElicitResult', a.outcome.value);
        return check.ok ? [] : [{ text: `${ctx.brief(a.outcome.value)}: ${check.error}`, seq: a.outcome.seq }];
      });
      return expectNone(ctx, violations, { expected: 'a valid ElicitResult', judged: given.length, note: `${given.length} elicitation answer(s), each a valid ElicitResult` });
    },
  },

  // ELIC-005, URL mode (2025-11-25 #response-actions): "Accept (action: "accept"): User
  // explicitly approved and submitted with data - For form mode: The content field contains the
  // submitted data matching the requested schema - For URL mode: The content field is omitted".
  // The digest's level (MUST): a URL-mode accept only means consent, so data beside it is made
  // up. Only 2025-11-25: this server asks in URL mode as an elicitation/create request; its
  // 2026-07-28 input requests are forms only.
  {
    id: 'elicitation.url-accept-without-content',
    title: 'A URL-mode elicitation accepted carries no content',
    spec: { url: '#response-actions', level: 'MUST' },
    requirement: 'Accept (action: "accept"): User explicitly approved and submitted with data. For form mode: The content field contains the submitted data matching the requested schema. For URL mode: The content field is omitted.',
    digest: ['ELIC-005'],
    scenario: ASKS,
    revisions: only('2025-11-25'),
    faults: ['elicitation-url-content'],
    async run(ctx) {
      const accepted = asksOf(ctx.recording, false, 'elicitation/create').filter((a) => isUrl(a) && a.outcome.kind === 'result' && isObject(a.outcome.value) && a.outcome.value.action === 'accept');
      const violations = accepted.flatMap((a) =>
        a.outcome.kind === 'result' && isObject(a.outcome.value) && 'content' in a.outcome.value ? [{ text: `the URL-mode accept carries content ${ctx.brief(a.outcome.value.content)}`, seq: a.outcome.seq }] : [],
      );
      return expectNone(ctx, violations, {
        expected: 'a URL-mode accept without content',
        judged: accepted.length,
        nothing: { code: 'nothing-observed', detail: 'the client accepted no URL-mode elicitation (it declined, refused or was not asked: a client asked in URL mode needs elicitation.url declared)' },
      });
    },
  },

  // ELIC-008 (2025-11-25 #safe-url-handling): "Clients handling URL mode elicitation requests
  // MUST: Not automatically pre-fetch the URL or any of its metadata; Not open the URL without
  // explicit consent from the user". The URL is the run's canary (harness/client/canary.ts): a
  // request to it with no consent ever given (no answer, an error, decline, cancel) fails; one
  // that came before an accept is in doubt (a pre-fetch, or a user who consented and opened it
  // before the client answered: the same on the wire). 2026-07-28: the URL comes as an input
  // request (the ask-url tool, to a request declaring elicitation.url), the consent as an accept
  // in the retry's inputResponses.
  {
    id: 'elicitation.url-not-prefetched',
    title: "A URL-mode elicitation's URL is not fetched without the user's consent",
    spec: { url: '#safe-url-handling', level: 'MUST' },
    requirement: 'Clients handling URL mode elicitation requests MUST: Not automatically pre-fetch the URL or any of its metadata; Not open the URL without explicit consent from the user.',
    digest: ['ELIC-008'],
    scenario: ASKS,
    revisions: since('2025-11-25'),
    faults: ['elicitation-url-prefetched'],
    async run(ctx) {
      const asks = asksOf(ctx.recording, ctx.era === 'modern', 'elicitation/create').filter(isUrl);
      const hits = ctx.recording.canary?.hits ?? [];
      const consent = (a: Ask): { seq: number } | undefined =>
        a.outcome.kind === 'result' && isObject(a.outcome.value) && a.outcome.value.action === 'accept' ? { seq: a.outcome.seq } : undefined;
      const violations: MaybeViolation[] = [];
      for (const a of asks) {
        const accepted = consent(a);
        const answer = a.outcome.kind === 'none' ? (a.key !== undefined ? 'never gave it in a retry' : 'never answered') : a.outcome.kind === 'error' ? 'refused it' : `answered ${ctx.brief(a.outcome.value)}`;
        for (const hit of hits.filter((h) => h.seq > a.sent.seq && (!accepted || h.seq < accepted.seq))) {
          ctx.cite(a.sent.seq);
          violations.push(
            accepted
              ? { text: `${hit.method} ${hit.path} before the client accepted`, seq: hit.seq, doubt: 'the request came before the accept: a pre-fetch, unless a user consented and opened the URL before the client answered' }
              : { text: `${hit.method} ${hit.path}, and the client ${answer}: nobody consented`, seq: hit.seq },
          );
        }
      }
      return expectNoneOrDoubt(ctx, violations, {
        expected: 'no request to the URL before the user consents (an accept)',
        judged: asks.length,
        note: `${asks.length} URL-mode elicitation(s); their URL got ${hits.length} request(s), none before an accept`,
        nothing: { code: 'nothing-observed', detail: 'the client never called the tool during which the server elicits in URL mode' },
      });
    },
  },

  // "Clients SHOULD validate all responses against the provided schema" (2025-06-18: "Both
  // parties SHOULD validate elicitation content against the provided schema"); an accepted form
  // carries "the submitted data matching the requested schema".
  {
    id: 'elicitation.content-matches-schema',
    title: 'An accepted form carries content that matches the requested schema',
    spec: [
      { url: '#security-considerations', level: 'SHOULD' },
      { from: '2025-11-25', url: '#form-mode-security', level: 'SHOULD' },
    ],
    requirement: 'Clients SHOULD validate all responses against the provided schema. Accept: for form mode, the content field contains the submitted data matching the requested schema.',
    digest: ['ELIC-005'],
    scenario: ASKS,
    revisions: since('2025-06-18'),
    faults: ['elicitation-content-invalid', 'elicitation-content-missing'],
    async run(ctx) {
      const accepted = asksOf(ctx.recording, ctx.era === 'modern', 'elicitation/create').filter((a) => isForm(a) && a.outcome.kind === 'result' && isObject(a.outcome.value) && a.outcome.value.action === 'accept');
      if (accepted.length === 0) return ctx.skip('nothing-observed', 'the client accepted no form (it declined, cancelled or was not asked)');
      const violations = accepted.flatMap((a) => {
        if (a.outcome.kind !== 'result' || !isObject(a.outcome.value)) return [];
        const problem = contentProblem(a.outcome.value.content, a.params.requestedSchema);
        return problem ? [{ text: `${problem}: ${ctx.brief(a.outcome.value)}`, seq: a.outcome.seq }] : [];
      });
      return expectNone(ctx, violations, { expected: 'content matching the requested schema', judged: accepted.length, note: `${accepted.length} accepted form(s), content matching the requested schema` });
    },
  },

  // ELIC-003: "For backwards compatibility, servers MAY omit the mode field for form mode
  // elicitation requests. Clients MUST treat requests without a mode field as form mode."
  // 2026-07-28: the form without mode is an input request alone in its round (the
  // ask-form-without-mode tool); errors are not sent back in this era, so a client that refuses
  // it does not retry at all, while it retried with an answer to the form with mode "form".
  {
    id: 'elicitation.form-without-mode',
    title: 'A form elicitation without `mode` is handled as a form',
    spec: { url: '#elicitation-requests', level: 'MUST' },
    requirement: 'For backwards compatibility, servers MAY omit the mode field for form mode elicitation requests. Clients MUST treat requests without a mode field as form mode.',
    digest: ['ELIC-003'],
    scenario: ASKS,
    revisions: since('2025-11-25'),
    faults: ['elicitation-no-mode-rejected'],
    async run(ctx) {
      const modern = ctx.era === 'modern';
      const forms = asksOf(ctx.recording, modern, 'elicitation/create').filter(isForm);
      const withMode = forms.find((a) => a.params.mode === 'form');
      const without = forms.find((a) => a.params.mode === undefined);
      if (!withMode || !without) return ctx.skip('nothing-observed', 'the client never called the tool during which the server elicits');
      if (withMode.outcome.kind !== 'result') return ctx.skip('cannot-set-up', 'the client does not answer form requests (it refused the one with mode "form" too)');
      if (modern && without.outcome.kind === 'none' && without.replies.length === 0) {
        // No retry: the refusal of this era, unless the tool ended the client first.
        if (endedByTool(ctx.recording)) return ctx.skip('inconclusive', 'the tool ended the client before it retried the request with the form without mode');
        ctx.cite(without.sent.seq);
        return expectNone(ctx, [{ text: 'no retry: the form input request without mode was not answered (the one with mode "form" was)', seq: without.sent.seq }], {
          expected: 'a retry whose inputResponses answer the form request without mode, as the one with mode "form"',
        });
      }
      // A retry without the answer breaks input-required.retry-answers-every-input, not this rule.
      if (without.outcome.kind === 'none') return ctx.skip('no-answer', 'the client did not answer the form request without mode');
      ctx.cite(without.sent.seq, without.outcome.seq);
      return expectNone(ctx, without.outcome.kind === 'error' ? [{ text: `error ${ctx.brief(without.outcome.value)}`, seq: without.outcome.seq }] : [], {
        expected: 'the request without mode answered like the form request with mode "form"',
        note: 'the form request without mode was answered with a result',
      });
    },
  },

  // ELIC-007: "Clients MUST return standard JSON-RPC errors for common failure cases: Server
  // sends an elicitation/create request with a mode not declared in client capabilities:
  // {code:InvalidParams} (Invalid params)". This server asks in URL mode whatever the client declared.
  {
    id: 'elicitation.undeclared-mode-refused',
    title: 'A URL-mode elicitation to a client that did not declare elicitation.url gets error {code:InvalidParams}',
    spec: { url: '#error-handling', level: 'MUST' },
    requirement: 'Clients MUST return standard JSON-RPC errors for common failure cases: Server sends an elicitation/create request with a mode not declared in client capabilities: {code:InvalidParams} (Invalid params)',
    digest: ['ELIC-007'],
    scenario: ASKS,
    revisions: only('2025-11-25'),
    faults: ['elicitation-url-accepted-undeclared'],
    async run(ctx) {
      const a = asksOf(ctx.recording, false, 'elicitation/create').find(isUrl);
      if (!a) return ctx.skip('nothing-observed', 'the client never called the tool during which the server elicits in URL mode');
      const elicitation = capability(a.declared, 'elicitation');
      if (!elicitation) return ctx.skip('not-declared', 'the client did not declare elicitation at all (see elicitation.answered-only-when-declared)');
      if (isObject(elicitation.url)) return ctx.pass('elicitation.url was declared');
      if (a.outcome.kind === 'none') return ctx.skip('no-answer', 'the client did not answer the URL-mode request');
      ctx.cite(a.sent.seq);
      const code = a.outcome.kind === 'error' ? errorCode(a.outcome.value) : undefined;
      if (code === 'malformed') return ctx.skip('not-applicable', 'the error is malformed (see base.responses-well-formed)');
      return expectError(ctx, givenExchange('a URL-mode elicitation/create (URL mode was not declared)', a.outcome), ['InvalidParams']);
    },
  },
]);
