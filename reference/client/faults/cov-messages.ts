// Faults of issue 32's coverage of basic/messages and JSON-RPC batching (client side). Each entry is a FaultSpec;
// the behaviour is guarded once with isOn('<id>') where the rule is implemented.
import { ALL, BOTH, LEGACY, MODERN, SHTTP, type FaultSpec } from './types.js';

export const COV_MESSAGES_FAULTS = [
  { id: 'unknown-request-answered', digest: 'BASE-020', transports: ALL, eras: LEGACY, description: 'BASE-020: a server request with a method the client does not know is answered with an empty result instead of an error.' },
  // The scenario that offers icons and network $refs serves them on its HTTP origin only (suites/client/scenarios/network-references.ts).
  { id: 'icon-fetched-over-http', digest: 'BASE-050', transports: SHTTP, eras: BOTH, description: 'BASE-050: every http(s) icon of a listed tool is fetched, plain http: included (no credentials sent).' },
  { id: 'icon-fetched-with-credentials', digest: 'BASE-050', transports: SHTTP, eras: BOTH, description: 'BASE-050: every http(s) icon of a listed tool is fetched, plain http: included, with an Authorization header (a credential of the client\'s own).' },
  { id: 'schema-ref-dereferenced', digest: 'BASE-043', transports: SHTTP, eras: MODERN, description: 'BASE-043: every network $ref in a listed tool\'s inputSchema is fetched (GET) as the list arrives.' },
] as const satisfies readonly FaultSpec[];
