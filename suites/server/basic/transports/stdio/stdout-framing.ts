// basic/transports (stdio), every era: what the server writes to stdout is one JSON-RPC message
// per line, in UTF-8, and nothing else (STDIO-001..003). Spec: basic/transports#stdio
// (2024-11-05..2025-11-25), basic/transports/stdio and basic/transports#messages (2026-07-28).
// All passive: they judge every stdout line of every connection of the revision. One table: each
// rule is the observation kinds that break it.
import type { SpecRef } from '../../../../../harness/checks/check.js';
import { defineChecks, type ServerEntry } from '../../../../../harness/checks/define.js';
import type { ObservationKind } from '../../../../../harness/observations.js';
import { RANGE } from '../../../../../harness/revisions.js';
import { expectNone } from '../../../../../harness/verify/index.js';

const SPEC_URL = 'basic/transports#stdio';
/** 2026-07-28 gave stdio its own page; UTF-8 moved to the transports overview. */
const MODERN_URL = { framing: 'basic/transports/stdio', encoding: 'basic/transports#messages' } as const;

interface FramingRule {
  id: string;
  title: string;
  level: 'MUST' | 'SHOULD';
  /** The level from a later revision on, where it changed. */
  from?: { revision: string; level: 'MUST' | 'SHOULD' };
  requirement: string;
  digest: string[];
  modern: keyof typeof MODERN_URL;
  /** The observations of a stdout line that break the rule. */
  kinds: ObservationKind[];
  expected: string;
  faults: string[];
}

const FRAMING_RULES: FramingRule[] = [
  // STDIO-003: "The server MUST NOT write anything to its stdout that is not a valid MCP message."
  {
    id: 'stdio.stdout-only-messages',
    title: 'stdout carries nothing but JSON-RPC messages (no banners, no logs)',
    level: 'MUST',
    requirement: 'The server MUST NOT write anything to its stdout that is not a valid MCP message.',
    digest: ['STDIO-003'],
    modern: 'framing',
    kinds: ['not-json-line', 'not-jsonrpc'],
    expected: 'every stdout line is one JSON-RPC message',
    faults: ['stdout-banner'],
  },
  // STDIO-002: "Messages are delimited by newlines, and MUST NOT contain embedded newlines."
  {
    id: 'stdio.no-embedded-newlines',
    title: 'Each message is on one line (no pretty-printed JSON)',
    level: 'MUST',
    requirement: 'Messages are delimited by newlines, and MUST NOT contain embedded newlines.',
    digest: ['STDIO-002'],
    modern: 'framing',
    kinds: ['multi-line-message'],
    expected: 'one message per line, no embedded newlines',
    faults: ['pretty-print-json'],
  },
  // STDIO-001: "Messages ... MUST be UTF-8 encoded" from 2025-03-26; 2024-11-05 only says
  // stderr is UTF-8, so there it is a warning.
  {
    id: 'stdio.utf8-output',
    title: 'stdout is valid UTF-8',
    level: 'SHOULD',
    from: { revision: '2025-03-26', level: 'MUST' },
    requirement: 'JSON-RPC messages MUST be UTF-8 encoded.',
    digest: ['STDIO-001'],
    modern: 'encoding',
    kinds: ['invalid-utf8'],
    expected: 'valid UTF-8 bytes',
    faults: ['stdout-invalid-utf8'],
  },
];

function framingEntry(rule: FramingRule): ServerEntry {
  const spec: SpecRef[] = [{ url: SPEC_URL, level: rule.level }];
  if (rule.from) spec.push({ url: SPEC_URL, level: rule.from.level, from: rule.from.revision });
  spec.push({ url: MODERN_URL[rule.modern], level: 'MUST', from: '2026-07-28' });
  return {
    id: rule.id,
    title: rule.title,
    spec,
    requirement: rule.requirement,
    digest: rule.digest,
    faults: rule.faults,
    async run(ctx) {
      const bad = ctx.observations().filter((o) => rule.kinds.includes(o.kind));
      return expectNone(ctx, bad.map((o) => ({ text: o.detail, seq: o.seq })), { expected: rule.expected });
    },
  };
}

export const stdoutFramingChecks = defineChecks(
  { page: 'basic/transports/stdio', revisions: RANGE.all, transports: ['stdio'], needs: ['passive'] },
  FRAMING_RULES.map(framingEntry),
);
