// The authorization response at 2026-07-28 (RFC 9207): iss in it, and the metadata flag that
// says so.
import { defineAsChecks, type AsCheck } from '../../harness/authorization/check.js';
import { expectDocument, ownJudgement } from '../../harness/verify/index.js';
import { AUTH, codeFlow, isVerdict } from './setup.js';

export const responseChecks: AsCheck[] = defineAsChecks(AUTH, [
  {
    id: 'as-authorization.iss-in-response',
    title: 'The authorization response carries iss (RFC 9207)',
    spec: { url: '#authorization-response-validation', level: 'SHOULD' },
    requirement: 'Authorization servers SHOULD include the iss parameter in authorization responses as defined in RFC 9207.',
    revisions: '2026-07-28',
    digest: ['AUTH-025'],
    faults: ['as-no-iss'],
    run: async (ctx) => {
      const x = await codeFlow(ctx, 'response');
      if (isVerdict(x)) return x;
      const iss = x.params.get('iss');
      return ownJudgement(ctx, iss === null ? { broken: { expected: 'an iss parameter in the authorization response', actual: `none: ${x.auth.answer.headers?.location ?? ''}` } } : iss === ctx.as.issuer ? { note: `iss ${iss}` } : { broken: { expected: `iss ${ctx.as.issuer}`, actual: `iss ${iss}` } }, 'a redirect\'s query is no document');
    },
  },
  {
    id: 'as-metadata.iss-parameter-flag',
    title: 'authorization_response_iss_parameter_supported is true exactly when iss comes in the authorization response',
    spec: { url: '#authorization-response-validation', level: 'MUST' },
    requirement: 'Authorization servers that include iss MUST advertise authorization_response_iss_parameter_supported: true in their metadata.',
    revisions: '2026-07-28',
    digest: ['AUTH-025'],
    faults: ['as-iss-flag-missing'],
    run: async (ctx) => {
      const x = await codeFlow(ctx, 'response');
      if (isVerdict(x)) return x;
      const hasIss = x.params.get('iss') !== null;
      const flag = x.ready.meta.authorization_response_iss_parameter_supported;
      if (!hasIss && flag !== true) return ctx.skip('not-offered', 'the authorization response carries no iss and the metadata does not claim it');
      const d = await ctx.use(ctx.as.discover(ctx.revision));
      return expectDocument(ctx, 'the metadata', d.found, { expected: hasIss ? 'authorization_response_iss_parameter_supported: true (iss came in the authorization response)' : 'iss in the authorization response (the metadata claims it)', problems: () => (hasIss ? (flag === true ? [] : [`authorization_response_iss_parameter_supported ${ctx.brief(flag)}`]) : ['the authorization response carried no iss']) });
    },
  },
]);
