// basic/authorization: what the authorization server metadata advertises beyond its endpoints:
// Dynamic Client Registration (a SHOULD up to 2025-06-18) and, at 2026-07-28, that its
// authorization responses carry `iss` (RFC 9207). Judged on the metadata the discovery checks
// find (see auth.as-metadata); nothing is registered and no authorization is started.
import { defineChecks } from '../../../../harness/checks/define.js';
import { between, only } from '../../../../harness/revisions.js';
import { expectDocument } from '../../../../harness/verify/http.js';
import { protectedAsMetadata } from './metadata-lookup.js';
import { underOptionalAuthorization, withinOptionalAuthorization } from './optional.js';
import { NO_AS_METADATA } from './unauthenticated-probe.js';

const AS_METADATA = 'the authorization server metadata';

export const asMetadataFeatureChecks = defineChecks({ page: 'basic/authorization', transports: ['streamable-http'], needs: ['connection', 'raw-http'] }, [
  // AUTH-023: 2025-03-26 "MCP clients and servers SHOULD support the OAuth 2.0 Dynamic Client
  // Registration Protocol"; 2025-06-18 "MCP clients and authorization servers SHOULD support"
  // it. RFC 8414 §2: registration_endpoint is where an AS that supports it takes registrations;
  // metadata without one offers clients no registration. (2025-11-25 makes it a MAY.)
  {
    id: 'auth.as-dynamic-registration',
    title: 'Authorization server metadata offers Dynamic Client Registration (registration_endpoint)',
    spec: underOptionalAuthorization({ url: '#dynamic-client-registration', level: 'SHOULD' }),
    requirement: withinOptionalAuthorization(
      'MCP clients and authorization servers SHOULD support the OAuth 2.0 Dynamic Client Registration Protocol RFC7591 to allow MCP clients to obtain OAuth client IDs without user interaction. (2025-03-26: MCP clients and servers SHOULD support ...)',
    ),
    fix: 'Support RFC 7591 registration at the authorization server and publish its registration_endpoint in the metadata',
    digest: ['AUTH-023'],
    revisions: between('2025-03-26', '2025-06-18'),
    faults: ['auth-as-no-registration'],
    async run(ctx) {
      const got = await protectedAsMetadata(ctx);
      if ('status' in got) return got;
      if (!got.found) return ctx.skip('not-offered', NO_AS_METADATA);
      return expectDocument(
        ctx,
        AS_METADATA,
        got.found,
        {
          expected: 'registration_endpoint: the URL of an RFC 7591 registration endpoint',
          problems: (doc) => {
            const endpoint = doc.registration_endpoint;
            return typeof endpoint === 'string' && /^https?:\/\//i.test(endpoint) ? [] : [`registration_endpoint ${ctx.brief(endpoint)}`];
          },
        },
        { reason: 'clients without a pre-registered client id cannot register with this authorization server' },
      );
    },
  },

  // AUTH-025 (2026-07-28 #authorization-response-validation): "MCP authorization servers SHOULD
  // include the iss parameter in authorization responses ... Authorization servers that include
  // the iss parameter MUST advertise this by setting authorization_response_iss_parameter_supported
  // to true". Without the flag the AS either leaves iss out (the SHOULD) or sends it unannounced
  // (the MUST); only an authorization a user completes could tell which, so a missing flag is a warn.
  {
    id: 'auth.as-iss-advertised',
    title: 'Authorization server metadata advertises iss in authorization responses (RFC 9207)',
    spec: underOptionalAuthorization({ url: '#authorization-response-validation', level: 'SHOULD' }),
    requirement: withinOptionalAuthorization(
      'MCP authorization servers SHOULD include the iss parameter in authorization responses, including error responses, as defined in RFC9207 Section 2. Authorization servers that include the iss parameter MUST advertise this by setting authorization_response_iss_parameter_supported to true in their metadata.',
    ),
    fix: 'Send iss (the issuer identifier) in every authorization response and set authorization_response_iss_parameter_supported: true in the metadata',
    digest: ['AUTH-025'],
    revisions: only('2026-07-28'),
    faults: ['auth-as-no-iss-flag'],
    async run(ctx) {
      const got = await protectedAsMetadata(ctx);
      if ('status' in got) return got;
      if (!got.found) return ctx.skip('not-offered', NO_AS_METADATA);
      const flag = (doc: Record<string, unknown>) => doc.authorization_response_iss_parameter_supported;
      // Only a completed authorization could tell a missing iss (the SHOULD) from an unannounced
      // one (the MUST): a missing flag stays a warning.
      return expectDocument(
        ctx,
        AS_METADATA,
        got.found,
        { expected: 'authorization_response_iss_parameter_supported: true', problems: (doc) => (flag(doc) === true ? [] : [`authorization_response_iss_parameter_supported ${ctx.brief(flag(doc))}`]) },
        { doubt: 'the authorization server either sends no iss (SHOULD) or sends it without advertising it (MUST); clients then cannot tell a mix-up attack' },
      );
    },
  },
]);
