// Hand-built reports for the renderer tests: a hostile one (every string a target could
// control carries markup, script and control characters), a big one for size limits, a rich
// one with everything the HTML report shows, verdict-shaped ones for the badge, and a
// combined run over three targets.
import type { Status } from '../../harness/checks/check.js';
import type { CheckResult, RunReport } from '../../harness/checks/result.js';
import type { WireEntry } from '../../harness/wire-log.js';
import type { CombinedReport, CombinedTarget } from '../../reports/combined.js';

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

// ---- Richer fixtures for the HTML report, the badge and the combined report ----

const URL_MCP = 'http://127.0.0.1:3000/mcp';

/** A short legacy exchange that ends in the frame under judgement. */
function exchange(conn: string, t0: number, last: { out: string; in: string }): WireEntry[] {
  return [
    { seq: t0, t: t0, dir: 'out', conn, text: '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}' },
    { seq: t0 + 1, t: t0 + 4, dir: 'in', conn, text: '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}}}}' },
    { seq: t0 + 2, t: t0 + 5, dir: 'out', conn, text: '{"jsonrpc":"2.0","method":"notifications/initialized"}' },
    { seq: t0 + 3, t: t0 + 9, dir: 'out', conn, text: last.out, owner: 'x' },
    { seq: t0 + 4, t: t0 + 15, dir: 'in', conn, text: last.in, owner: 'x' },
  ];
}

/** A long exchange over two connections, with HTTP events, for the chart's cap and connection marks. */
function sessionWire(): WireEntry[] {
  const frames: WireEntry[] = [{ seq: 100, t: 200, dir: 'event', conn: 'c4', text: `POST ${URL_MCP} Accept: application/json, text/event-stream` }];
  for (let k = 0; k < 24; k++) {
    frames.push({ seq: 101 + 2 * k, t: 201 + 3 * k, dir: 'out', conn: 'c4', text: `{"jsonrpc":"2.0","id":${k + 2},"method":"resources/read","params":{"uri":"test://${k}"}}` });
    frames.push({ seq: 102 + 2 * k, t: 202 + 3 * k, dir: 'in', conn: 'c4', text: `{"jsonrpc":"2.0","id":${k + 2},"result":{"contents":[]}}` });
  }
  frames.push(
    { seq: 160, t: 300, dir: 'event', conn: 'c5', text: 'DELETE accepted (HTTP 204); POST with the terminated Mcp-Session-Id' },
    { seq: 161, t: 301, dir: 'out', conn: 'c5', text: '{"jsonrpc":"2.0","id":40,"method":"tools/list"}' },
    { seq: 162, t: 309, dir: 'event', conn: 'c5', text: `HTTP 200 with a body: ${HOSTILE}` },
    { seq: 163, t: 310, dir: 'in', conn: 'c5', text: '{"jsonrpc":"2.0","id":40,"result":{"tools":[]}}' },
  );
  return frames;
}

/**
 * A dual-era run over Streamable HTTP against a hostile server, with everything the HTML
 * report shows: requirement and fix, eras, a revision not offered, identical and differing
 * evidence across revisions, a warning, a harness error, an expected failure, a stale
 * baseline entry, skips, a long two-connection exchange and passing checks in every area.
 */
export function richReport(): RunReport {
  const revisions = ['2025-06-18', '2025-11-25', '2026-07-28'];
  const http = { transport: 'streamable-http' };
  const spec = (rev: string, page: string) => `${SPEC}/${rev}/${page}`;
  const results: CheckResult[] = [];
  const toolsRequirement = 'Each tool in the tools/list result MUST have an inputSchema that is a valid JSON Schema object.';
  for (const revision of revisions) {
    const r = (partial: Partial<CheckResult> & Pick<CheckResult, 'id' | 'status'>) => results.push(result({ revision, ...http, ...partial }));
    r({ id: 'lifecycle.initialize-result-fields', status: 'pass' });
    r({ id: 'lifecycle.version-negotiation', status: 'pass', reason: 'the server answered with the version asked for' });
    r({ id: 'ping.empty-result', status: 'pass' });
    r({ id: 'tools.call-readonly', status: 'pass', reason: 'called echo' });
    r({ id: 'resources.list-schema', status: 'pass' });
    r({
      id: 'tools.list-schema',
      title: 'tools/list results are schema-valid',
      status: 'fail',
      spec: spec(revision, 'server/tools#listing-tools'),
      requirement: toolsRequirement,
      fix: 'Give every tool an inputSchema of type "object" (an empty {"type":"object"} when it takes no arguments).',
      expected: 'a valid Tool for every entry',
      actual: revision === '2026-07-28' ? `tool ${HOSTILE} has inputSchema null` : `tool ${HOSTILE} has no inputSchema`,
      wire: exchange('c2', 20, { out: '{"jsonrpc":"2.0","id":2,"method":"tools/list"}', in: `{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":${JSON.stringify(HOSTILE)}}]}}` }),
    });
    r({
      id: 'base.unknown-method-error',
      title: 'An unknown method is answered with -32601',
      level: 'SHOULD',
      status: 'warn',
      spec: spec(revision, 'basic#responses'),
      requirement: 'Servers SHOULD respond to an unknown method with the error code -32601 (Method not found).',
      fix: 'Answer methods you do not implement with {"code":-32601,"message":"Method not found"}.',
      expected: 'error -32601',
      actual: 'error -32603 "Internal error"',
      wire: exchange('c3', 60, { out: '{"jsonrpc":"2.0","id":3,"method":"no/such-method"}', in: '{"jsonrpc":"2.0","id":3,"error":{"code":-32603,"message":"Internal error"}}' }),
    });
    r({ id: 'prompts.list-schema', status: 'skip', reason: 'the server does not declare prompts' });
    r({ id: 'logging.set-level', status: 'pass', baseline: 'stale' });
  }
  results.push(
    result({
      id: 'transport.terminated-session-404',
      title: 'Requests on a terminated session get HTTP 404',
      revision: '2025-11-25',
      ...http,
      status: 'fail',
      spec: spec('2025-11-25', 'basic/transports#session-management'),
      requirement:
        'The server MAY terminate the session at any time, after which it MUST respond to requests containing that session ID with HTTP 404 Not Found.',
      fix: 'Keep a set of terminated session ids and answer any request carrying one with 404.',
      expected: 'HTTP 404',
      actual: 'HTTP 200 with a result',
      wire: sessionWire(),
    }),
    result({
      id: 'resources.read-timeout',
      title: 'resources/read answers within the timeout',
      revision: '2026-07-28',
      ...http,
      status: 'error',
      reason: 'no response to resources/read (id 7) within 2000 ms',
      wire: [
        { seq: 300, t: 900, dir: 'out', conn: 'c9', text: '{"jsonrpc":"2.0","id":7,"method":"resources/read","params":{"uri":"file:///x"}}' },
        { seq: 301, t: 2900, dir: 'event', conn: 'c9', text: 'no response to resources/read (id 7) within 2000 ms' },
      ],
    }),
    result({
      id: 'completion.complete-schema',
      title: 'completion/complete results are schema-valid',
      revision: '2025-06-18',
      ...http,
      status: 'fail',
      baseline: 'expected-fail',
      expected: 'values is an array',
      actual: 'values is a string',
    }),
  );
  return reportOf(results, {
    side: 'server',
    eras: { classification: 'dual-era', detail: 'answered initialize at 2025-06-18 and 2025-11-25, and server/discover at 2026-07-28' },
    target: { kind: 'http', url: `${URL_MCP}?q=${HOSTILE}`, transport: 'streamable-http' },
    revisions: [
      { revision: '2024-11-05', status: 'not-supported', era: 'legacy', detail: 'answered with 2025-06-18' },
      { revision: '2025-03-26', status: 'not-supported', era: 'legacy', detail: 'answered with 2025-06-18' },
      { revision: '2025-06-18', status: 'accepted', era: 'legacy' },
      { revision: '2025-11-25', status: 'accepted', era: 'legacy' },
      { revision: '2026-07-28', status: 'accepted', era: 'modern' },
    ],
    serverInfo: { name: HOSTILE, version: '1.0.0' },
    baseline: { file: 'conformance-baseline.yml', stale: ['logging.set-level'], expectedFail: 1 },
    settings: { callTools: 'readonly', fuzz: false, seed: 42, fuzzRuns: 100 },
  });
}

/** A report whose worst news is `worst`: every check passes, one SHOULD warns, or one MUST fails. */
export function verdictReport(worst: 'pass' | 'warn' | 'fail'): RunReport {
  const results = ['2025-06-18', '2025-11-25'].flatMap((revision) => [
    result({ id: 'lifecycle.initialize-result-fields', status: 'pass', revision }),
    result({ id: 'ping.empty-result', status: 'pass', revision }),
    result({ id: 'prompts.list-schema', status: 'skip', revision, reason: 'not declared' }),
    result({ id: 'base.unknown-method-error', level: 'SHOULD', status: worst === 'warn' ? 'warn' : 'pass', revision }),
    result({ id: 'tools.list-schema', status: worst === 'fail' && revision === '2025-11-25' ? 'fail' : 'pass', revision, expected: 'x', actual: 'y' }),
  ]);
  return reportOf(results, {
    revisions: [
      { revision: '2024-11-05', status: 'not-supported', era: 'legacy' },
      { revision: '2025-06-18', status: 'accepted', era: 'legacy' },
      { revision: '2025-11-25', status: 'accepted', era: 'legacy' },
    ],
  });
}

/** Three targets: the rich hostile one, one that passes, one that only warns (with a hostile name). */
export function combinedFixture(): CombinedReport {
  const targets: CombinedTarget[] = [
    { name: 'everything', report: richReport(), dir: 'targets/everything', exitCode: 1 },
    { name: 'memory', report: verdictReport('pass'), dir: 'targets/memory', exitCode: 0 },
    { name: `filesystem ${HOSTILE}`, report: verdictReport('warn'), dir: 'targets/file system', exitCode: 0 },
  ];
  const all = targets.flatMap((t) => t.report.results);
  return {
    combinedReportVersion: 1,
    tool: { name: 'mcp-conformance', version: '0.1.0' },
    startedAt: '2025-07-01T10:00:00.000Z',
    durationMs: 4321,
    targets,
    summary: summarize(all),
    exitCode: 1,
  };
}
