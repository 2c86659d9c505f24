// Faults of issue 32's coverage of authorization, tasks and extensions (server side). Each entry: { id, description };
// the behaviour is guarded once with isOn('<id>') where the rule is implemented.

export const COV_AUTH_FAULTS = [
  { id: 'auth-other-scheme-accepted', mode: 'protected', description: 'A request whose Authorization header uses another scheme than Bearer (Basic, any credentials) is served.' },
  { id: 'auth-as-no-registration', mode: 'protected', description: 'The authorization server metadata has no registration_endpoint (no Dynamic Client Registration).' },
  { id: 'auth-as-no-iss-flag', mode: 'protected', description: 'The authorization server metadata lacks authorization_response_iss_parameter_supported.' },
  { id: 'auth-offline-access-scope', mode: 'protected', description: 'The protected resource metadata lists offline_access in scopes_supported.' },
] as const;
