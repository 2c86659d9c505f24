// report.html: one self-contained file, checked as a string and then in Debian's Chromium
// (playwright-core, offline profile): it makes no request at all, logs no error, keeps a
// hostile server's markup as text, filters with JavaScript and reads without it. A real run
// against server-everything writes all four reports; each is validated here, and a
// screenshot of its HTML is kept in test-output/report.png.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../harness/checks/result.js';
import { applyBaseline } from '../reports/baseline.js';
import { renderHtml } from '../reports/html.js';
import { hasChromium, launch, watchedPage, type Browser } from './helpers/browser.js';
import { EVERYTHING, runCli } from './helpers/cli.js';
import { parseJunit } from './helpers/junit-shape.js';
import { bigReport, hostileReport, reportOf, result } from './helpers/report-fixtures.js';
import { reportSchemaErrors } from './helpers/report-schema.js';

const OUT = resolve('test-output');
const SCRIPT_TAGS = /<script\b/gi;

/** A small run with known counts for the filter tests. */
function filterReport(): RunReport {
  const r = [
    result({ id: 'lifecycle.initialize-result-fields', status: 'pass', revision: '2024-11-05' }),
    result({ id: 'lifecycle.initialize-result-fields', status: 'pass', revision: '2025-06-18' }),
    result({ id: 'ping.empty-result', status: 'fail', revision: '2024-11-05', expected: 'result {}', actual: 'result {"status":"ok"}' }),
    result({ id: 'ping.empty-result', status: 'fail', revision: '2025-06-18', expected: 'result {}', actual: 'result {"status":"ok"}' }),
    result({ id: 'base.parse-error', status: 'warn', level: 'SHOULD', revision: '2025-06-18', expected: '-32700', actual: 'no response' }),
    result({ id: 'tools.list-schema', status: 'skip', revision: '2025-06-18', reason: 'not declared' }),
  ];
  return applyBaseline(reportOf(r), [{ text: 'ping.empty-result@2024-11-05', id: 'ping.empty-result', area: 'ping', revision: '2024-11-05' }], 'baseline.yml');
}

async function save(name: string, html: string): Promise<string> {
  await mkdir(join(OUT, 'html'), { recursive: true });
  const path = join(OUT, 'html', name);
  await writeFile(path, html, 'utf8');
  return pathToFileURL(path).href;
}

describe('HTML report as a file', () => {
  it('escapes everything from the target and keeps only its own script', () => {
    const report = hostileReport();
    expect(reportSchemaErrors(report)).toBeUndefined();
    const html = renderHtml(report);
    expect(html.match(SCRIPT_TAGS)).toHaveLength(1);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toContain('\u001b');
    expect(html).not.toContain('\u202e');
    expect(html).not.toContain('href="javascript');
    expect(html).toContain('&lt;script&gt;window.__pwned=1&lt;/script&gt;&lt;img src=x onerror=&quot;window.__pwned=2&quot;&gt;&lt;/details&gt;');
    expect(html).toContain('\\u202eevil\\x1b[2J\\r');
    expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'none'; [^"]*script-src 'sha256-[A-Za-z0-9+/=]+'/);
  });

  it('cuts a megabyte frame with a note and stays small for a few hundred checks', () => {
    const hostile = renderHtml(hostileReport());
    expect(hostile).toContain('more characters not shown (full frame in report.json)');
    expect(Buffer.byteLength(hostile)).toBeLessThan(100_000);
    const big = bigReport(400);
    expect(reportSchemaErrors(big)).toBeUndefined();
    const size = Buffer.byteLength(renderHtml(big));
    expect(size).toBeLessThan(700_000);
    expect(renderHtml(big)).toContain('Wire excerpt left out to keep this file small');
  });
});

// Skipped on a machine without Chromium, but never in CI: .ci/run installs it.
it.runIf(process.env.CI)('CI has Chromium at /usr/bin/chromium', () => {
  expect(hasChromium).toBe(true);
});

describe.skipIf(!hasChromium)('HTML report in headless Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(url: string) {
    const watched = await watchedPage(browser);
    const before = browser.requests.length;
    await watched.page.goto(url);
    await watched.page.waitForLoadState('load');
    return { ...watched, requests: () => browser.requests.slice(before) };
  }

  it('renders a hostile server as text: no script runs, no element is injected, nothing is fetched', async () => {
    const report = hostileReport();
    const url = await save('hostile.html', renderHtml(report));
    const { page, errors, dialogs, requests } = await open(url);
    expect(requests()).toEqual([url]);
    expect(errors).toEqual([]);
    expect(dialogs).toEqual([]);
    const facts = await page.evaluate(() => ({
      pwned: (window as unknown as { __pwned?: number }).__pwned,
      scripts: document.querySelectorAll('script').length,
      images: document.querySelectorAll('img').length,
      bold: document.querySelectorAll('b:not(.count b)').length,
      rows: document.querySelectorAll('.g > .r').length,
      allRows: document.querySelectorAll('.r').length,
      detailsInRows: [...document.querySelectorAll('details')].filter((d) => d.closest('.r')).length,
      text: document.body.innerText,
    }));
    expect(facts.pwned).toBeUndefined();
    expect(facts.scripts).toBe(1);
    expect(facts.images).toBe(0);
    expect(facts.bold).toBe(0);
    // `</details>` in the data closed nothing: every row is still in its group.
    expect(facts.rows).toBe(report.results.length);
    expect(facts.allRows).toBe(report.results.length);
    expect(facts.detailsInRows).toBe(report.results.filter((r) => r.status !== 'pass' && r.status !== 'skip').length);
    expect(facts.text).toContain('<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"></details>');
  });

  it('filters by status, level, revision, area and text', async () => {
    const { page, errors } = await open(await save('filters.html', renderHtml(filterReport())));
    const shown = () => page.locator('#shown').textContent();
    const visibleIds = () => page.$$eval('.r:not([hidden]) .id', (els) => els.map((e) => e.textContent));
    expect(await shown()).toBe('6 of 6 results shown');
    for (const kind of ['pass', 'warn', 'skip', 'expected-fail']) await page.locator(`input[name="kind"][value="${kind}"]`).uncheck();
    expect(await shown()).toBe('1 of 6 results shown');
    expect(await visibleIds()).toEqual(['ping.empty-result']);
    await page.locator('input[name="kind"][value="expected-fail"]').check();
    expect(await shown()).toBe('2 of 6 results shown');
    await page.selectOption('select[name="rev"]', '2024-11-05 stdio');
    expect(await shown()).toBe('1 of 6 results shown');
    await page.selectOption('select[name="rev"]', '');
    for (const kind of ['pass', 'warn', 'skip']) await page.locator(`input[name="kind"][value="${kind}"]`).check();
    await page.locator('input[name="level"][value="MUST"]').uncheck();
    expect(await visibleIds()).toEqual(['base.parse-error']);
    await page.locator('input[name="level"][value="MUST"]').check();
    await page.selectOption('select[name="area"]', 'lifecycle');
    expect(await shown()).toBe('2 of 6 results shown');
    await page.selectOption('select[name="area"]', '');
    await page.fill('input[name="q"]', 'NOT DECLARED');
    expect(await visibleIds()).toEqual(['tools.list-schema']);
    // Groups with nothing left are hidden too.
    expect(await page.locator('section.g:not([hidden])').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('reads without JavaScript: every result listed (the passing ones a click away), the filter form hidden', async () => {
    const offline = await launch({ javaScriptEnabled: false });
    try {
      const page = await offline.context.newPage();
      const url = await save('filters.html', renderHtml(filterReport()));
      await page.goto(url);
      expect(await page.locator('.r').count()).toBe(6);
      expect(await page.locator('.r:visible').count()).toBe(4);
      for (const fold of await page.locator('details.fold > summary').all()) await fold.click();
      expect(await page.locator('.r:visible').count()).toBe(6);
      expect(await page.locator('#failures .rule').count()).toBe(2);
      expect(await page.locator('#filters').isVisible()).toBe(false);
      expect(await page.locator('table.matrix a[href^="#g"]').count()).toBeGreaterThan(0);
      expect(offline.requests).toEqual([url]);
    } finally {
      await offline.close();
    }
  });

  it('a real run against server-everything writes all four reports; each validates', { timeout: 180_000 }, async () => {
    const dir = join(OUT, 'server-everything');
    const run = await runCli(['--server', EVERYTHING, '--report', 'console,json,html,junit,markdown', '--out', dir, '-q'], { timeoutMs: 170_000 });
    expect([0, 1], run.stderr).toContain(run.code);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as RunReport;
    expect(reportSchemaErrors(report)).toBeUndefined();
    expect(report.results.length).toBeGreaterThan(20);
    const junit = parseJunit(await readFile(join(dir, 'junit.xml'), 'utf8'));
    expect(Number(junit.testsuites['@tests'])).toBe(report.results.length);
    const md = await readFile(join(dir, 'report.md'), 'utf8');
    expect(md).toMatch(/^## MCP conformance: /);
    expect(md).toContain('| area |');
    const html = await readFile(join(dir, 'report.html'), 'utf8');
    expect(Buffer.byteLength(html)).toBeLessThan(1_000_000);

    const url = pathToFileURL(join(dir, 'report.html')).href;
    const { page, errors, requests } = await open(url);
    expect(requests()).toEqual([url]);
    expect(errors).toEqual([]);
    expect(await page.locator('.g > .r').count()).toBe(report.results.length);
    expect(await page.locator('#shown').textContent()).toBe(`${report.results.length} of ${report.results.length} results shown`);
    // A matrix cell links to its rows.
    const first = page.locator('table.matrix a[href^="#g"]').first();
    const target = (await first.getAttribute('href'))?.slice(1) ?? '';
    expect(await page.locator(`[id="${target}"] .r`).count()).toBeGreaterThan(0);
    // The top of the page (summary, matrix, first checks) as the test artifact.
    await page.screenshot({ path: join(OUT, 'report.png'), fullPage: true, clip: { x: 0, y: 0, width: 1280, height: 2400 } });
  });
});
