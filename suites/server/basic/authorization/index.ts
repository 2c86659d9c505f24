// basic/authorization (2025-03-26..2026-07-28), in the spec's order: the 401 challenge,
// protected resource metadata, authorization server discovery and what its metadata offers, tokens, insufficient scope,
// communication security.
import type { Check } from '../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { challengeChecks } from './challenge.js';
import { protectedResourceMetadataChecks } from './protected-resource-metadata.js';
import { authorizationServerDiscoveryChecks } from './authorization-server-discovery.js';
import { asMetadataFeatureChecks } from './as-metadata-features.js';
import { tokenChecks } from './tokens.js';
import { insufficientScopeChecks } from './insufficient-scope.js';
import { endpointsHttpsChecks } from './endpoints-https.js';

export const group: PageGroup<Check> = {
  checks: [...challengeChecks, ...protectedResourceMetadataChecks, ...authorizationServerDiscoveryChecks, ...asMetadataFeatureChecks, ...tokenChecks, ...insufficientScopeChecks, ...endpointsHttpsChecks],
  excluded: {
    'AUTH-001': {
      reason: 'informative',
      side: 'server',
      detail:
        'Authorization is OPTIONAL: the checks of the page hold a server to its sentences once it advertises MCP authorization (optional.ts), skip a server that serves requests without credentials or protects itself some other way, and a stdio server taking credentials from its environment shows nothing on the wire.',
    },
    'AUTH-024': {
      reason: 'not-observable',
      detail:
        "What an AS does with a URL-form client_id (fetching the document, comparing its client_id and redirect URIs) shows only in an authorization a user completes at the AS, with a metadata document the AS can reach over https: a black-box client of the MCP server cannot drive that.",
    },
  },
};
