// Faults of issue 32's coverage of authorization, tasks and extensions (server side). Each entry: { id, description };
// the behaviour is guarded once with isOn('<id>') where the rule is implemented.

export const COV_AUTH_FAULTS = [
  { id: 'auth-other-scheme-accepted', mode: 'protected', description: 'A request whose Authorization header uses another scheme than Bearer (Basic, any credentials) is served.' },
] as const;
