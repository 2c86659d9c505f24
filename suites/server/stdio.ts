// stdio framing and stdout discipline (STDIO-001..003), every era. Spec: basic/transports#stdio
// (2024-11-05..2025-11-25), basic/transports/stdio and basic/transports#messages (2026-07-28).
// All passive: they judge every stdout line of every connection of the revision.
import type { Check, SpecRef } from '../../harness/checks/check.js';
import type { ObservationKind } from '../../harness/observations.js';
import { RANGE } from '../../harness/revisions.js';

const SPEC_URL = 'basic/transports#stdio';
/** 2026-07-28 gave stdio its own page; UTF-8 moved to the transports overview. */
const MODERN_URL = { framing: 'basic/transports/stdio', encoding: 'basic/transports#messages' } as const;

function framingCheck(spec: {
  id: string;
  title: string;
  level: 'MUST' | 'SHOULD';
  requirement: string;
  kinds: ObservationKind[];
  expected: string;
  faults: string[];
  from?: { revision: string; level: 'MUST' | 'SHOULD' };
  modern: keyof typeof MODERN_URL;
}): Check {
  const refs: SpecRef[] = [{ url: SPEC_URL, level: spec.level }];
  if (spec.from) refs.push({ url: SPEC_URL, level: spec.from.level, from: spec.from.revision });
  refs.push({ url: MODERN_URL[spec.modern], level: 'MUST', from: '2026-07-28' });
  return {
    id: spec.id,
    title: spec.title,
    spec: refs,
    requirement: spec.requirement,
    side: 'server',
    revisions: RANGE.all,
    transports: ['stdio'],
    faults: spec.faults,
    connection: 'passive',
    async run(ctx) {
      const bad = ctx.observations().filter((o) => spec.kinds.includes(o.kind));
      if (bad.length === 0) return ctx.pass();
      ctx.cite(...bad.slice(0, 5).map((o) => o.seq));
      return ctx.fail({ expected: spec.expected, actual: `${bad.length} violation(s); first: ${bad[0]?.detail}` });
    },
  };
}

export const stdioChecks: Check[] = [
  // STDIO-003: "The server MUST NOT write anything to its stdout that is not a valid MCP message."
  framingCheck({
    id: 'stdio.stdout-only-messages',
    title: 'stdout carries nothing but JSON-RPC messages (no banners, no logs)',
    level: 'MUST',
    requirement: 'The server MUST NOT write anything to its stdout that is not a valid MCP message.',
    modern: 'framing',
    kinds: ['not-json-line', 'not-jsonrpc'],
    expected: 'every stdout line is one JSON-RPC message',
    faults: ['stdout-banner'],
  }),
  // STDIO-002: "Messages are delimited by newlines, and MUST NOT contain embedded newlines."
  framingCheck({
    id: 'stdio.no-embedded-newlines',
    title: 'Each message is on one line (no pretty-printed JSON)',
    level: 'MUST',
    requirement: 'Messages are delimited by newlines, and MUST NOT contain embedded newlines.',
    modern: 'framing',
    kinds: ['multi-line-message'],
    expected: 'one message per line, no embedded newlines',
    faults: ['pretty-print-json'],
  }),
  // STDIO-001: "Messages ... MUST be UTF-8 encoded" from 2025-03-26; 2024-11-05 only says
  // stderr is UTF-8, so there it is a warning.
  framingCheck({
    id: 'stdio.utf8-output',
    title: 'stdout is valid UTF-8',
    level: 'SHOULD',
    from: { revision: '2025-03-26', level: 'MUST' },
    requirement: 'JSON-RPC messages MUST be UTF-8 encoded.',
    modern: 'encoding',
    kinds: ['invalid-utf8'],
    expected: 'valid UTF-8 bytes',
    faults: ['stdout-invalid-utf8'],
  }),
];
