// basic/authorization (2025-03-26..2025-11-25), in the spec's order: the 401 challenge,
// protected resource metadata, authorization server discovery, tokens, insufficient scope,
// communication security.
import type { Check } from '../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { challengeChecks } from './challenge.js';
import { protectedResourceMetadataChecks } from './protected-resource-metadata.js';
import { authorizationServerDiscoveryChecks } from './authorization-server-discovery.js';
import { tokenChecks } from './tokens.js';
import { insufficientScopeChecks } from './insufficient-scope.js';
import { endpointsHttpsChecks } from './endpoints-https.js';

export const group: PageGroup<Check> = {
  checks: [...challengeChecks, ...protectedResourceMetadataChecks, ...authorizationServerDiscoveryChecks, ...tokenChecks, ...insufficientScopeChecks, ...endpointsHttpsChecks],
  excluded: {},
};
