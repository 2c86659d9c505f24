// Discovery variants: metadata found only through the well-known URIs (no resource_metadata
// in the challenge, AS metadata only at the last URL of the probe order), and documents a
// client must not use (a protected resource metadata for another resource, AS metadata whose
// issuer is not the one it was fetched for), and a server that moves to another AS.
import { baseProfile } from '../../../harness/client/auth/profile.js';
import { inRange, only, since } from '../../../harness/revisions.js';
import { authScenario } from './auth-common.js';

export const AUTH_WELL_KNOWN = 'auth.well-known-discovery';
export const AUTH_RESOURCE_MISMATCH = 'auth.resource-mismatch';
export const AUTH_ISSUER_MISMATCH = 'auth.metadata-issuer-mismatch';
export const AUTH_MIGRATION = 'auth.authorization-server-migration';

export const authWellKnownScenario = authScenario({
  id: AUTH_WELL_KNOWN,
  title: 'Metadata at well-known URIs only: protected resource metadata at the root, AS metadata at the last URL of the revision\'s order',
  revisions: since('2025-06-18'),
  official: 'auth/metadata-var2',
  profile: (rev) => {
    const base = baseProfile(rev);
    const { challengeScope: _scope, ...rest } = base;
    // 2025-06-18 servers MUST name the metadata in the challenge, and its ASes MUST serve RFC 8414.
    const header = !inRange(rev.id, since('2025-11-25'));
    return {
      ...rest,
      prm: { ...base.prm, at: 'root-well-known', inChallenge: header },
      metadata: rev.authorizationMetadata === 'oauth' ? ['oauth-insert'] : ['oidc-append'],
    };
  },
});

export const authResourceMismatchScenario = authScenario({
  id: AUTH_RESOURCE_MISMATCH,
  title: 'The protected resource metadata names another resource',
  revisions: since('2025-06-18'),
  official: 'auth/resource-mismatch',
  profile: (rev) => {
    const base = baseProfile(rev);
    return { ...base, prm: { ...base.prm, resource: 'foreign' } };
  },
});

export const authIssuerMismatchScenario = authScenario({
  id: AUTH_ISSUER_MISMATCH,
  title: 'The AS metadata states an issuer other than the one it was fetched for',
  revisions: only('2026-07-28'),
  official: 'auth/metadata-issuer-mismatch',
  profile: (rev) => ({ ...baseProfile(rev), metadataIssuer: 'wrong' }),
});

export const authMigrationScenario = authScenario({
  id: AUTH_MIGRATION,
  title: 'The server moves to another authorization server after two authorized requests (the first one\'s tokens get 401)',
  revisions: since('2025-06-18'),
  official: 'auth/authorization-server-migration',
  profile: (rev) => ({ ...baseProfile(rev), migration: { after: 2, issuerPath: '/tenant2' } }),
});
