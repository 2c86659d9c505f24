// Hand-built reports for the renderer tests: a hostile one (every string a target could
// control carries markup, script and control characters), and a big one for size limits.
import type { Status } from '../../harness/checks/check.js';
import type { CheckResult, RunReport } from '../../harness/checks/result.js';
import type { WireEntry } from '../../harness/wire-log.js';

export const SPEC = 'https://modelcontextprotocol.io/specification';
/** What a hostile server puts in its tool names, descriptions, errors and stderr. */
export const HOSTILE =
  `<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"></details></pre></div>` +
  `<b>bold</b> & "quoted" 'single' \`tick\` | pipe ]]> -- \u202eevil\u001b[2J\r\n`;

export function result(partial: Partial<CheckResult> & Pick<CheckResult, 'id' | 'status' | 'revision'>): CheckResult {
  return {
    title: `Title of ${partial.id}`,
    area: partial.id.split('.')[0] ?? partial.id,
    side: 'server',
    level: 'MUST',
    spec: `${SPEC}/${partial.revision}/basic/lifecycle#initialization`,
    transport: 'stdio',
    durationMs: 3,
    ...partial,
  };
}

export function summarize(list: CheckResult[]): Record<Status, number> {
  const summary: Record<Status, number> = { pass: 0, fail: 0, warn: 0, skip: 0, error: 0 };
  for (const r of list) summary[r.status]++;
  return summary;
}

export function reportOf(results: CheckResult[], extra: Partial<RunReport> = {}): RunReport {
  return {
    reportVersion: 1,
    tool: { name: 'mcp-conformance', version: '0.1.0' },
    target: { kind: 'stdio', command: 'node server.js', transport: 'stdio' },
    startedAt: '2025-07-01T10:00:00.000Z',
    durationMs: 1234,
    revisions: [...new Set(results.map((r) => r.revision))].map((revision) => ({ revision, status: 'accepted' as const })),
    results,
    summary: summarize(results),
    ...extra,
  };
}

const wire = (text: string): WireEntry[] => [
  { seq: 12, t: 35, dir: 'out', conn: 'c3', text: '{"jsonrpc":"2.0","id":4,"method":"tools/list"}', owner: 'tools.x' },
  { seq: 13, t: 41, dir: 'in', conn: 'c3', text },
];

/** A run against a server whose every string is an attack. */
export function hostileReport(): RunReport {
  const tool = JSON.stringify({ tools: [{ name: HOSTILE, description: HOSTILE }] });
  const results = [
    result({ id: 'lifecycle.initialize-result-fields', status: 'pass', revision: '2025-06-18' }),
    result({
      id: 'tools.list-schema',
      title: 'tools/list results are schema-valid',
      status: 'fail',
      revision: '2025-06-18',
      spec: `${SPEC}/2025-06-18/server/tools#listing-tools`,
      expected: 'a valid Tool for every entry',
      actual: `tool ${HOSTILE} has no inputSchema`,
      reason: HOSTILE,
      wire: wire(`{"jsonrpc":"2.0","id":4,"result":${tool}}`),
    }),
    result({ id: 'tools.call-unknown-tool-is-error', status: 'warn', level: 'SHOULD', revision: '2025-06-18', expected: 'an error', actual: HOSTILE, wire: wire(HOSTILE) }),
    result({ id: 'prompts.list-schema', status: 'skip', revision: '2025-06-18', reason: `not declared: ${HOSTILE}` }),
    result({ id: 'ping.empty-result', status: 'error', revision: '2024-11-05', reason: HOSTILE }),
    // Even our own fields are escaped: a report.json may be edited by hand.
    result({ id: `x${HOSTILE}.y`, area: `x${HOSTILE}`, title: HOSTILE, status: 'fail', revision: '2024-11-05', spec: 'javascript:alert(1)', expected: 'e', actual: 'a' }),
    result({
      id: 'base.huge-frame',
      status: 'fail',
      revision: '2024-11-05',
      expected: 'a short answer',
      actual: 'a megabyte',
      wire: wire(`{"result":"${'A'.repeat(1_000_000)}"}`),
    }),
  ];
  return reportOf(results, {
    target: { kind: 'stdio', command: `node evil.js ${HOSTILE}`, transport: 'stdio' },
    serverInfo: { name: HOSTILE, version: HOSTILE },
    stderr: `${HOSTILE}\n`.repeat(3),
  });
}

/** `n` results over four revisions and a dozen areas, a third of them failing with wire. */
export function bigReport(n: number): RunReport {
  const revisions = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'];
  const statuses: Status[] = ['pass', 'pass', 'fail', 'warn', 'skip', 'pass'];
  const results: CheckResult[] = [];
  for (let i = 0; i < n; i++) {
    const status = statuses[i % statuses.length] as Status;
    const frames: WireEntry[] = Array.from({ length: 40 }, (_, k) => ({ seq: k + 1, t: k, dir: k % 2 ? 'in' : 'out', conn: 'c1', text: `{"jsonrpc":"2.0","id":${k},"result":"${'x'.repeat(600)}"}` }));
    results.push(
      result({
        id: `area${i % 12}.check-${Math.floor(i / 4)}`,
        status,
        revision: revisions[i % 4] as string,
        ...(status === 'fail' || status === 'warn' ? { expected: 'something', actual: 'something else', wire: frames } : {}),
        ...(status === 'skip' ? { reason: 'not declared' } : {}),
      }),
    );
  }
  return reportOf(results);
}
