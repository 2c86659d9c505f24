// Faults for the fuzzing suite: crashes, hangs, wrong codes and double answers, each on one
// input shape the fuzzer's canonical inputs always contain. Each entry: { id, description };
// guard it once with isOn('<id>') (in fuzz-hooks.ts, or stdio.ts for framing). `revision`: the
// one revision where it shows, when a claimant also applies in the other era.
/** A crash ends the one process a stdio check talks to; over HTTP it would end every session: proven on stdio. */
const STDIO_ONLY = ['stdio'] as const;

export const FUZZ_FAULTS = [
  { id: 'fuzz-crash-deep-nesting', transports: STDIO_ONLY, description: 'A message nested more than 1000 levels deep makes the process exit with code 1.' },
  { id: 'fuzz-hang-long-id', description: 'A request whose string id is longer than 1000 characters is never answered.' },
  {
    id: 'fuzz-double-answer-extra-member',
    description: 'A request with a top-level member besides jsonrpc, id, method and params is answered twice.',
  },
  {
    id: 'fuzz-answers-request-notification',
    description: 'A notification whose method is a request method (a request without its id) is answered with a result and id null.',
  },
  {
    id: 'fuzz-array-params-internal-error',
    // At 2026-07-28 params that are an array cannot carry the per-request _meta: such a request
    // is of no era, and any error is acceptable there.
    revision: '2025-11-25',
    description: 'A request of a known method whose params are an array gets -32603 (Internal error) instead of -32602 (handshake era).',
  },
  { id: 'fuzz-crash-invalid-utf8', transports: STDIO_ONLY, description: '(stdio) A line that is not valid UTF-8 makes the process exit with code 1.' },
] as const satisfies readonly { id: string; description: string; transports?: readonly string[]; revision?: string }[];
