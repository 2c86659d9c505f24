// junit.xml: well-formed XML (fast-xml-parser) in the JUnit shape CI reporters read (a JSON
// Schema of the Jenkins/Ant XSD, test/helpers/junit-shape.ts), one suite per revision x area,
// one case per check, and outcomes that agree with the exit code.
import { describe, expect, it } from 'vitest';
import { applyBaseline } from '../reports/baseline.js';
import { renderJunit, xml } from '../reports/junit.js';
import { HOSTILE, hostileReport, reportOf, result } from './helpers/report-fixtures.js';
import { parseJunit, type JunitCase, type JunitDoc } from './helpers/junit-shape.js';

const results = [
  result({ id: 'lifecycle.initialize-result-fields', status: 'pass', revision: '2025-06-18', durationMs: 12 }),
  result({ id: 'ping.empty-result', status: 'fail', revision: '2025-06-18', expected: 'result {}', actual: 'result {"status":"ok"}', wire: [{ seq: 3, t: 4, dir: 'in', conn: 'c1', text: '{"result":{"status":"ok"}}' }] }),
  result({ id: 'ping.empty-result', status: 'pass', revision: '2024-11-05' }),
  result({ id: 'base.parse-error', status: 'warn', level: 'SHOULD', revision: '2025-06-18', expected: '-32700', actual: 'no response' }),
  result({ id: 'tools.list-schema', status: 'skip', revision: '2025-06-18', reason: 'not-declared: the server does not declare the `tools` capability' }),
  result({ id: 'base.invalid-request', status: 'error', revision: '2024-11-05', reason: 'could not open a session' }),
];

function cases(doc: JunitDoc): Map<string, JunitCase> {
  const map = new Map<string, JunitCase>();
  for (const suite of doc.testsuites.testsuite ?? []) {
    const revision = suite.properties?.property.find((p) => p['@name'] === 'revision')?.['@value'];
    for (const c of suite.testcase ?? []) map.set(`${c['@name']}@${revision}`, c);
  }
  return map;
}

describe('JUnit XML', () => {
  it('has one testsuite per revision x area and one testcase per check', () => {
    const doc = parseJunit(renderJunit(reportOf(results)));
    const suites = doc.testsuites.testsuite ?? [];
    expect(suites.map((s) => s['@name']).sort()).toEqual([
      'base @ 2024-11-05 stdio',
      'base @ 2025-06-18 stdio',
      'lifecycle @ 2025-06-18 stdio',
      'ping @ 2024-11-05 stdio',
      'ping @ 2025-06-18 stdio',
      'tools @ 2025-06-18 stdio',
    ]);
    const all = suites.flatMap((s) => s.testcase ?? []);
    expect(all).toHaveLength(results.length);
    for (const c of all) expect(c['@classname']).toBe(c['@name'].split('.')[0]);
    expect(doc.testsuites).toMatchObject({ '@tests': '6', '@failures': '1', '@errors': '1', '@skipped': '1' });
  });

  it('writes failures with message and wire, skips with reason, warnings visible but passing', () => {
    const byKey = cases(parseJunit(renderJunit(reportOf(results))));
    const fail = byKey.get('ping.empty-result@2025-06-18');
    expect(fail?.failure?.['@message']).toBe('expected result {}; actual result {"status":"ok"}');
    expect(fail?.failure?.['@type']).toBe('MUST');
    expect(fail?.failure?.['#text']).toContain('Requirement: MUST https://modelcontextprotocol.io/specification/2025-06-18/');
    expect(fail?.failure?.['#text']).toContain('#3 +4ms <- c1  {"result":{"status":"ok"}}');
    expect(byKey.get('ping.empty-result@2024-11-05')).toEqual({ '@name': 'ping.empty-result', '@classname': 'ping', '@time': '0.003' });
    expect(byKey.get('tools.list-schema@2025-06-18')?.skipped?.['@message']).toContain('does not declare the `tools` capability');
    const warn = byKey.get('base.parse-error@2025-06-18');
    expect(warn?.failure).toBeUndefined();
    expect(warn?.['system-out']).toMatch(/^WARNING \(SHOULD; does not fail the run\)/);
    expect(byKey.get('base.invalid-request@2024-11-05')?.error?.['@message']).toBe('the harness could not decide: could not open a session');
  });

  it('agrees with the exit policy: --fail-on should makes warnings failures, none makes nothing fail', () => {
    const should = cases(parseJunit(renderJunit(reportOf(results), 'should')));
    expect(should.get('base.parse-error@2025-06-18')?.failure?.['@type']).toBe('SHOULD');
    const none = parseJunit(renderJunit(reportOf(results), 'none'));
    expect(none.testsuites['@failures']).toBe('0');
    expect(cases(none).get('ping.empty-result@2025-06-18')?.['system-out']).toMatch(/^FAILED/);
  });

  it('reports expected failures as skipped and stale baseline entries as failures', () => {
    const report = applyBaseline(
      reportOf(results),
      [
        { text: 'ping.empty-result@2025-06-18', id: 'ping.empty-result', area: 'ping', revision: '2025-06-18' },
        { text: 'lifecycle.initialize-result-fields', id: 'lifecycle.initialize-result-fields', area: 'lifecycle' },
      ],
      'b.yml',
    );
    const byKey = cases(parseJunit(renderJunit(report)));
    expect(byKey.get('ping.empty-result@2025-06-18')?.skipped?.['@message']).toMatch(/^expected fail \(listed in the baseline\): expected result \{\}/);
    expect(byKey.get('lifecycle.initialize-result-fields@2025-06-18')?.failure?.['@type']).toBe('stale-baseline');
  });

  it('says why a run was cut short, as an error of its own', () => {
    const doc = parseJunit(renderJunit(reportOf([], { aborted: 'target could not be started or reached: exit 127' })));
    const run = doc.testsuites.testsuite?.[0]?.testcase?.[0];
    expect(run?.error?.['@message']).toBe('the run was cut short: target could not be started or reached: exit 127');
    expect(doc.testsuites['@errors']).toBe('1');
  });

  it('stays well-formed whatever the target sends, and keeps it as text', () => {
    const out = renderJunit(hostileReport());
    const doc = parseJunit(out);
    const fail = cases(doc).get('tools.list-schema@2025-06-18');
    // Markup survives as text; controls XML forbids become visible escapes.
    expect(fail?.failure?.['#text']).toContain('<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"></details>');
    expect(fail?.failure?.['#text']).toContain('\\u202eevil\\x1b[2J\\x0d');
    expect(out).not.toContain('\u001b');
    expect(out).not.toMatch(/<script/i);
    // A megabyte frame is cut.
    expect(out.length).toBeLessThan(100_000);
  });

  it('escapes every character XML 1.0 forbids', () => {
    expect(xml('a\u0000b\u0008c\u000bd\u001be\ufffe\uffff\ud800f\r')).toBe('a\\x00b\\x08c\\x0bd\\x1be\\ufffe\\uffff\\ud800f\\x0d');
    expect(xml(`<&>"'${HOSTILE.slice(0, 10)}`)).toBe('&lt;&amp;&gt;&quot;&apos;&lt;script&gt;wi');
    expect(xml('tab\tnewline\n😀')).toBe('tab\tnewline\n😀');
  });

  it('the shape check has teeth: it rejects two outcomes, a missing classname and wrong counts', () => {
    const good = renderJunit(reportOf(results));
    expect(() => parseJunit(good.replace('<skipped message', '<failure message="x"/><skipped message'))).toThrow(/JUnit shape/);
    expect(() => parseJunit(good.replace(' classname="ping"', ''))).toThrow(/JUnit shape/);
    expect(() => parseJunit(good.replace('tests="6"', 'tests="7"'))).toThrow(/add up/);
    expect(() => parseJunit(good.replace('</testsuites>', ''))).toThrow(/well-formed/);
  });
});
