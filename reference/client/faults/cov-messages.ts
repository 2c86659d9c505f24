// Faults of issue 32's coverage of basic/messages and JSON-RPC batching (client side). Each entry is a FaultSpec;
// the behaviour is guarded once with isOn('<id>') where the rule is implemented.
import { ALL, LEGACY, type FaultSpec } from './types.js';

export const COV_MESSAGES_FAULTS = [
  { id: 'unknown-request-answered', digest: 'BASE-020', transports: ALL, eras: LEGACY, description: 'BASE-020: a server request with a method the client does not know is answered with an empty result instead of an error.' },
] as const satisfies readonly FaultSpec[];
