// basic/transports/stdio: stdout framing and encoding, then (from 2025-06-18) no batches.
import type { Check } from '../../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../../harness/checks/page.js';
import { stdoutFramingChecks } from './stdout-framing.js';
import { stdioBatchChecks } from './no-batches.js';

export const group: PageGroup<Check> = {
  checks: [...stdoutFramingChecks, ...stdioBatchChecks],
  excluded: {
    'STDIO-005': { reason: 'informative', detail: 'A MAY: the server may log anything to stderr; the suite keeps stderr as evidence and never judges it.' },
    'STDIO-006': { reason: 'informative', detail: 'A MAY of 2025-03-26 (a stdio line may be a batch); how batches are answered is judged under BATCH-003.' },
    'STDIO-011': { reason: 'missing', detail: 'Observable on stdio at 2026-07-28: close the server stdin after its last check and warn if it has not exited within its measured patience; today the harness reaps it (SIGTERM, then SIGKILL) without recording which step ended it.' },
    'STDIO-012': { reason: 'informative', detail: 'A MAY: the server may end by closing stdout and exiting; an early exit is reported as such, never as a violation.' },
    'STDIO-020': { reason: 'judged-elsewhere', detail: 'The server side (no JSON-RPC requests on stdout at 2026-07-28) is judged on every transport, stdio included, by input-required.no-server-requests (MRTR-105).' },
    'STDIO-030': { reason: 'not-observable', detail: 'Whether a stdio implementation takes its credentials from the environment rather than an OAuth flow happens off the wire: stdio has no channel on which OAuth could be asked for.' },
    'STDIO-031': { reason: 'not-observable', detail: 'It binds custom byte-stream transports (Unix sockets, TCP); the tool speaks only stdio and HTTP, so it never meets one.' },
  },
};
