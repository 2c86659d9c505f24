// report.md: a short summary for $GITHUB_STEP_SUMMARY and PR comments. Verdict, counts,
// the matrix, failures with spec links; nothing a target sends can become markup or a link.
import { describe, expect, it } from 'vitest';
import { applyBaseline } from '../reports/baseline.js';
import { code, plain, renderMarkdown } from '../reports/markdown.js';
import { bigReport, HOSTILE, hostileReport, reportOf, result } from './helpers/report-fixtures.js';
import { reportSchemaErrors } from './helpers/report-schema.js';

const SPEC = 'https://modelcontextprotocol.io/specification';
const results = [
  result({ id: 'lifecycle.initialize-result-fields', status: 'pass', revision: '2024-11-05' }),
  result({ id: 'lifecycle.initialize-result-fields', status: 'pass', revision: '2025-06-18' }),
  result({ id: 'ping.empty-result', status: 'fail', revision: '2024-11-05', spec: `${SPEC}/2024-11-05/basic/utilities/ping#behavior-requirements`, expected: 'result {}', actual: 'result {"status":"ok"}' }),
  result({ id: 'ping.empty-result', status: 'fail', revision: '2025-06-18', expected: 'result {}', actual: 'result {"status":"ok"}' }),
  result({ id: 'base.parse-error', status: 'warn', level: 'SHOULD', revision: '2025-06-18', expected: '-32700', actual: 'no response' }),
  result({ id: 'tools.list-schema', status: 'skip', revision: '2025-06-18', reason: 'not declared' }),
];

describe('Markdown report', () => {
  it('leads with the verdict and the counts, then the matrix', () => {
    const report = reportOf(results);
    expect(reportSchemaErrors(report)).toBeUndefined();
    const md = renderMarkdown(report);
    const lines = md.split('\n');
    expect(lines[0]).toBe('## MCP conformance: ❌ failed');
    expect(md).toContain('**2 passed, 2 failed, 1 warnings, 1 skipped, 0 errors** (fails on: must).');
    expect(md).toContain('| area | 2024-11-05 stdio | 2025-06-18 stdio |\n| --- | --- | --- |\n');
    expect(md).toContain('| lifecycle | ✅ 1/1 | ✅ 1/1 |');
    expect(md).toContain('| ping | ❌ 0/1 (1 fail) | ❌ 0/1 (1 fail) |');
    expect(md).toContain('| tools | – | ➖ 0/1 (1 skip) |');
    expect(md).toContain('| **total** | ❌ 1/2 (1 fail) | ❌ 1/4 (1 fail, 1 warn, 1 skip) |');
  });

  it('lists each failing check once, with its revisions, spec link and evidence', () => {
    const md = renderMarkdown(reportOf(results));
    expect(md).toContain(
      '### Failures (2)\n\n- ` ping.empty-result ` Title of ping.empty-result (MUST; 2024-11-05, 2025-06-18) ' +
        `[spec](${SPEC}/2024-11-05/basic/utilities/ping#behavior-requirements)\n` +
        '  expected ` result {} `, got ` result {"status":"ok"} `\n',
    );
    expect(md).toContain('### Warnings (1)\n\n- ` base.parse-error `');
    expect(renderMarkdown(reportOf(results.filter((r) => r.status !== 'fail'))).split('\n')[0]).toBe('## MCP conformance: ✅ passed');
    expect(renderMarkdown(reportOf(results), 'should')).toContain('### Failures (3)');
  });

  it('shows expected failures and stale baseline entries apart', () => {
    const report = applyBaseline(
      reportOf(results),
      [
        { text: 'ping.empty-result', id: 'ping.empty-result', area: 'ping' },
        { text: 'lifecycle.initialize-result-fields', id: 'lifecycle.initialize-result-fields', area: 'lifecycle' },
      ],
      'b.yml',
    );
    const md = renderMarkdown(report);
    expect(md).not.toContain('### Failures');
    expect(md).toContain('### Stale baseline entries (they pass now: delete them)\n\n- ` lifecycle.initialize-result-fields `');
    expect(md).toContain('### Expected failures (baseline, 2)');
    expect(md).toContain('; baseline: 2 expected failures, 1 stale');
  });

  it('keeps what the target sent inside code spans it cannot close, and makes no link of it', () => {
    const md = renderMarkdown(hostileReport());
    expect(md).not.toContain('\u001b');
    expect(md).not.toContain('\u202e');
    expect(md).not.toContain('](javascript');
    // Outside code spans (a run of N backticks closed by the next run of exactly N), no
    // markup character is left unescaped.
    const outside = md.split('\n').map((line) => line.replace(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g, ''));
    for (const line of outside) expect(line, line).not.toMatch(/(?<!\\)</);
    expect(md).toContain('`` node evil.js <script>');
    expect(code('a `b` c')).toBe('`` a `b` c ``');
    expect(code('x\ny')).toBe('` x\\ny `');
    expect(plain('<b>[x](y)</b> | *z*')).toBe('\\<b\\>\\[x\\]\\(y\\)\\</b\\> \\| \\*z\\*');
    expect(HOSTILE).toContain('`tick`');
  });

  it('stays short for $GITHUB_STEP_SUMMARY even for a big run', () => {
    const md = renderMarkdown(bigReport(400));
    expect(md.length).toBeLessThan(20_000);
    expect(md).toContain('- … and ');
  });
});
