// The HTML reports as a person sees them, in Debian's Chromium: failures first on the first
// screen, nothing overlapping or overflowing at a desktop (1280 px) and a phone (390 px)
// width, the failing exchange drawn as an SVG sequence chart with the target's text kept as
// text, compliance per revision, and the combined page over three targets. Screenshots of
// each page at both widths are written to a temp folder named in the assertion messages.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHtml } from '../reports/html.js';
import { renderCombinedHtml } from '../reports/html/combined.js';
import { renderChart } from '../reports/html/chart.js';
import { hasChromium, launch, watchedPage, type Browser } from './helpers/browser.js';
import { combinedFixture, HOSTILE, richReport, verdictReport } from './helpers/report-fixtures.js';
import { reportSchemaErrors } from './helpers/report-schema.js';

const WIDTHS = [1280, 390] as const;
const SVG_ELEMENTS = new Set(['svg', 'title', 'g', 'rect', 'line', 'polygon', 'text']);

describe('sequence chart as markup', () => {
  it('draws one arrow per frame, notes for events, a mark per connection, capped at 40 with a note', () => {
    const wire = richReport().results.find((r) => r.id === 'transport.terminated-session-404')?.wire ?? [];
    expect(wire.length).toBeGreaterThan(40);
    const svg = renderChart(wire, { side: 'server' });
    const drawn = (svg.match(/<g class="(out|in|err)">/g) ?? []).length + (svg.match(/<g class="nt">/g) ?? []).length;
    expect(drawn).toBe(40);
    expect(svg).toContain(`… ${wire.length - 40} frames not drawn`);
    expect(svg.match(/<g class="cn">/g)).toHaveLength(2);
    expect(svg).toContain('resources/read (id 2)');
    expect(svg).toContain('result (id 40)');
    expect(svg).toContain('HTTP 200 with a body: &lt;script&gt;');
    expect(svg).not.toMatch(/<(script|img|foreignObject|a)\b/i);
    expect(svg).not.toContain('\u202e');
  });

  it('names the roles after the side tested, labels errors with their code and times relative to the first frame', () => {
    const wire = richReport().results.find((r) => r.id === 'base.unknown-method-error')?.wire ?? [];
    const client = renderChart(wire, { side: 'client' });
    expect(client).toContain('as the server');
    expect(client).toContain('client under test');
    expect(client).toContain('<g class="err">');
    expect(client).toContain('error -32603 (id 3)');
    expect(client).toContain('+15 ms');
    expect(renderChart(wire, { side: 'server' })).toContain('server under test');
  });

  it('breaks a long event into two lines and marks a frame the wire log cut', () => {
    const svg = renderChart(
      [
        { seq: 1, t: 0, dir: 'out', conn: 'c1', text: '{"jsonrpc":"2.0","id":"call-9","method":"tools/call"}' },
        { seq: 2, t: 2008, dir: 'event', conn: 'c1', text: 'no response to tools/call (id "mcp-conformance-call-9") within 2000 ms' },
        { seq: 3, t: 12_500, dir: 'in', conn: 'c1', text: `{"jsonrpc":"2.0","result":{"content":"${'x'.repeat(2000)}… [5000 more characters cut]` },
      ],
      { side: 'server' },
    );
    expect(svg).toMatch(/&quot;\) within<\/text><text x="\d+" y="\d+">2000 ms<\/text>/);
    expect(svg).toContain('result (frame cut)');
    expect(svg).toContain('+12.5 s');
  });
});

describe.skipIf(!hasChromium)('HTML reports in headless Chromium: layout and content', () => {
  let browser: Browser;
  let shots: string;
  beforeAll(async () => {
    browser = await launch();
    shots = await mkdtemp(join(tmpdir(), 'mcpc-html-shots-'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(name: string, html: string) {
    const path = join(shots, `${name}.html`);
    await writeFile(path, html, 'utf8');
    const url = pathToFileURL(path).href;
    const watched = await watchedPage(browser);
    const before = browser.requests.length;
    await watched.page.goto(url);
    await watched.page.waitForLoadState('load');
    return { ...watched, url, requests: () => browser.requests.slice(before) };
  }

  /** Page width, the main blocks' boxes, and any element sticking out of the viewport outside a scroll box. */
  function layout(page: Page, blocks: string[]) {
    return page.evaluate((selectors) => {
      const box = (el: Element) => {
        const r = el.getBoundingClientRect();
        return { top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right };
      };
      const scrolls = (el: Element | null): boolean => {
        for (let e = el; e && e !== document.body; e = e.parentElement) if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(e).overflowX)) return true;
        return false;
      };
      const sticking = [...document.body.querySelectorAll('*')]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && (r.right > innerWidth + 0.5 || r.left < -0.5) && !scrolls(el.parentElement);
        })
        .map((el) => `${el.tagName.toLowerCase()}.${el.className} ${el.textContent?.slice(0, 40)}`);
      return {
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth,
        blocks: selectors.map((s) => ({ s, ...(document.querySelector(s) ? box(document.querySelector(s) as Element) : { top: NaN, bottom: NaN, left: NaN, right: NaN }) })),
        cards: [...document.querySelectorAll('.rule')].map(box),
        sticking,
      };
    }, blocks);
  }

  type Box = { top: number; bottom: number; left: number; right: number };
  const intersect = (a: Box, b: Box) => a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5 && a.left < b.right - 0.5 && b.left < a.right - 0.5;

  /** At each width: a screenshot, no horizontal overflow, main blocks and cards apart. */
  async function checkLayout(page: Page, name: string, blocks: string[]) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      const shot = join(shots, `${name}-${width}.png`);
      await page.screenshot({ path: shot, fullPage: true });
      const l = await layout(page, blocks);
      const where = `${name} at ${width} px, screenshot ${shot}`;
      expect(l.scrollWidth, where).toBeLessThanOrEqual(l.innerWidth);
      expect(l.sticking, where).toEqual([]);
      for (const b of l.blocks) expect(b.bottom - b.top, `${b.s} missing or empty: ${where}`).toBeGreaterThan(0);
      const all = [...l.blocks, ...l.cards.map((c, i) => ({ s: `card ${i}`, ...c }))];
      for (let i = 0; i < l.blocks.length; i++)
        for (let j = i + 1; j < all.length; j++) {
          if (j >= l.blocks.length && i === 1) continue; // cards sit inside #failures
          expect(intersect(all[i] as Box, all[j] as Box), `${all[i]?.s} overlaps ${all[j]?.s}: ${where}`).toBe(false);
        }
      for (let i = 0; i < l.cards.length; i++)
        for (let j = i + 1; j < l.cards.length; j++) expect(intersect(l.cards[i] as Box, l.cards[j] as Box), `cards ${i} and ${j} overlap: ${where}`).toBe(false);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    return shots;
  }

  it('a rich failing report: failures on the first screen, laid out at 1280 and 390 px, hostile text inert', async () => {
    const report = richReport();
    expect(reportSchemaErrors(report)).toBeUndefined();
    const { page, errors, dialogs, requests, url } = await open('rich', renderHtml(report));
    expect(requests()).toEqual([url]);
    expect(errors).toEqual([]);
    expect(dialogs).toEqual([]);
    const dir = await checkLayout(page, 'rich', ['#top', '#failures', '#summary', '#checks']);

    // The first screen (top 800 px at 1280 wide) shows the failures block and its first card.
    const first = await page.evaluate(() => ({
      failures: document.querySelector('#failures')?.getBoundingClientRect().top ?? Infinity,
      card: document.querySelector('#failures .rule')?.getBoundingClientRect().top ?? Infinity,
      pwned: (window as unknown as { __pwned?: number }).__pwned,
      scripts: document.querySelectorAll('script').length,
    }));
    expect(first.failures, `screenshot in ${dir}`).toBeLessThan(800);
    expect(first.card, `screenshot in ${dir}`).toBeLessThan(800);
    expect(first.pwned).toBeUndefined();
    expect(first.scripts).toBe(1);

    // Failures first, each rule once, in severity order.
    const ids = await page.$$eval('#failures .rule .id', (els) => els.map((e) => e.textContent));
    expect(ids).toEqual(['tools.list-schema', 'transport.terminated-session-404', 'resources.read-timeout', 'base.unknown-method-error', 'completion.complete-schema']);
    const tools = page.locator('[id="rule-tools.list-schema"]');
    expect(await tools.locator('.where').textContent()).toBe('Broke at 2025-06-18 streamable-http, 2025-11-25 streamable-http, 2026-07-28 streamable-http');
    expect(await tools.locator('.req').count()).toBe(1);
    expect(await tools.locator('.req').textContent()).toContain('MUST have an inputSchema');
    expect(await tools.locator('.req a').count()).toBe(3);
    expect(await tools.locator('.fix').textContent()).toContain('How to fix: Give every tool an inputSchema');
    // Identical evidence at two revisions is shown once; the differing one on its own.
    expect(await tools.locator('.ev').count()).toBe(2);
    expect(await tools.locator('.ev h4').allTextContents()).toEqual(['At 2025-06-18 streamable-http, 2025-11-25 streamable-http', 'At 2026-07-28 streamable-http']);
    expect(await tools.locator('.ev').first().innerText()).toContain(`tool ${HOSTILE.slice(0, 60)}`);

    // Every failing rule with wire has its chart; the chart holds only drawing elements and the target's text as text.
    for (const id of ['tools.list-schema', 'transport.terminated-session-404', 'resources.read-timeout', 'base.unknown-method-error']) {
      expect(await page.locator(`[id="rule-${id}"] svg.msc`).count(), id).toBeGreaterThan(0);
    }
    const chart = await page.$eval('[id="rule-transport.terminated-session-404"] svg.msc', (svg) => ({
      tags: [...new Set([svg, ...svg.querySelectorAll('*')].map((e) => e.tagName))],
      text: svg.textContent ?? '',
      arrows: svg.querySelectorAll('g.out, g.in, g.err').length,
      notes: svg.querySelectorAll('g.nt').length,
      width: svg.getBoundingClientRect().width,
    }));
    expect(chart.tags.filter((t) => !SVG_ELEMENTS.has(t))).toEqual([]);
    expect(chart.text).toContain('HTTP 200 with a body: <script>window.__pwned=1</script>');
    expect(chart.arrows + chart.notes).toBe(40);
    expect(chart.width).toBeGreaterThan(500);
    // The raw frames are one click away.
    const frames = page.locator('[id="rule-resources.read-timeout"] details.frames');
    expect(await frames.locator('pre').isVisible()).toBe(false);
    await frames.locator('summary').click();
    expect(await frames.locator('pre').textContent()).toContain('no response to resources/read (id 7) within 2000 ms');

    // Compliance per revision: not offered is not a failure; MUST and SHOULD over applicable.
    const compliance = await page.$$eval('table.compliance tr', (rows) => rows.map((r) => [...r.children].map((c) => (c as HTMLElement).innerText)));
    expect(compliance).toEqual([
      ['revision', 'era', 'status', 'MUST', 'SHOULD'],
      ['2024-11-05', 'legacy', 'not offered by the target (answered with 2025-06-18)', '–', '–'],
      ['2025-03-26', 'legacy', 'not offered by the target (answered with 2025-06-18)', '–', '–'],
      ['2025-06-18', 'legacy', 'accepted', '6/8', '0/1'],
      ['2025-11-25', 'legacy', 'accepted', '6/8', '0/1'],
      ['2026-07-28', 'modern', 'accepted', '6/8', '0/1'],
    ]);
    expect(await page.locator('#summary').innerText()).toContain('Eras: dual-era');

    // The passing checks are folded, one closed <details> per area; a matrix link opens its fold.
    const folds = await page.$$eval('#checks details.fold', (ds) => ds.map((d) => (d as HTMLDetailsElement).open));
    expect(folds.length).toBeGreaterThan(3);
    expect(folds.every((open) => !open)).toBe(true);
    const link = page.locator('table.matrix a[href$="p"]').first();
    const target = (await link.getAttribute('href'))?.slice(1) ?? '';
    await link.click();
    expect(await page.locator(`[id="${target}"] .r`).first().isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('a passing report says nothing broke, and a client-side report names the roles that way round', async () => {
    const { page, errors } = await open('pass', renderHtml(verdictReport('pass')));
    expect(await page.locator('#failures .ok').textContent()).toBe('Nothing broke: all 8 checks that applied passed.');
    await checkLayout(page, 'pass', ['#top', '#failures', '#summary', '#checks']);
    const client = richReport();
    client.side = 'client';
    const { page: clientPage } = await open('client', renderHtml(client));
    const heads = await clientPage.$eval('[id="rule-tools.list-schema"] svg.msc', (svg) => svg.textContent ?? '');
    expect(heads).toContain('as the server');
    expect(heads).toContain('client under test');
    expect(errors).toEqual([]);
  });

  it('the combined page: a link per target, laid out at both widths, no request, no script', async () => {
    const combined = combinedFixture();
    for (const t of combined.targets) expect(reportSchemaErrors(t.report)).toBeUndefined();
    const { page, errors, requests, url } = await open('combined', renderCombinedHtml(combined));
    expect(requests()).toEqual([url]);
    expect(errors).toEqual([]);
    await checkLayout(page, 'combined', ['#top', '#failures', '#summary']);
    const facts = await page.evaluate(() => ({
      scripts: document.querySelectorAll('script').length,
      targetLinks: [...document.querySelectorAll('table.targets a')].map((a) => a.getAttribute('href')),
      headerRows: document.querySelectorAll('table.matrix tr.target').length,
      cellLinks: document.querySelectorAll('table.matrix td a').length,
      text: document.body.innerText,
      rules: [...document.querySelectorAll('#failures .rule .id')].map((e) => e.textContent),
    }));
    expect(facts.scripts).toBe(0);
    expect(facts.targetLinks).toEqual(['targets/everything/report.html', 'targets/memory/report.html', 'targets/file%20system/report.html']);
    expect(facts.headerRows).toBe(3);
    expect(facts.cellLinks).toBeGreaterThan(20);
    expect(facts.text).toContain(`filesystem <script>window.__pwned=1</script>`);
    expect(facts.rules.slice(0, 2)).toEqual(['tools.list-schema', 'transport.terminated-session-404']);
    expect(facts.rules).toContain('base.unknown-method-error');
    // A rule links to its card in the target's own report.
    expect(await page.locator('#failures a[href="targets/everything/report.html#rule-tools.list-schema"]').count()).toBe(1);
  });
});
