// The README badge: a well-formed standalone SVG whose colour follows the worst news (red for
// a failed MUST, amber for warnings only, green otherwise, grey when nothing was tested) and
// whose text is the newest accepted revision's MUST compliance, escaped like the reports.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { BADGE_COLOURS, renderBadge, writeBadge } from '../reports/badge.js';
import { HOSTILE, reportOf, result, richReport, verdictReport } from './helpers/report-fixtures.js';

interface Shape {
  colour: string;
  texts: string[];
  title: string;
  width: number;
}

/** Parse the badge (throws unless well formed) and read what a viewer would see. */
function shape(svg: string): Shape {
  expect(XMLValidator.validate(svg)).toBe(true);
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['rect', 'text', 'g'].includes(name) }).parse(svg) as {
    svg: { '@width': string; title: string; g: { rect?: { '@class'?: string; '@fill': string }[]; text?: { '#text': string }[] }[] };
  };
  const groups = doc.svg.g;
  const rects = groups.flatMap((g) => g.rect ?? []);
  const texts = groups.flatMap((g) => g.text ?? []).map((t) => String(t['#text']));
  return { colour: rects.find((r) => r['@class'] === 'value')?.['@fill'] ?? '', texts, title: String(doc.svg.title), width: Number(doc.svg['@width']) };
}

describe('badge', () => {
  it('is green with the newest accepted revision and its MUST count when everything passes', () => {
    const s = shape(renderBadge(verdictReport('pass')));
    expect(s.colour).toBe(BADGE_COLOURS.green);
    expect(s.texts).toContain('MCP conformance');
    expect(s.texts).toContain('2025-11-25 ✓ 3/3 MUST');
    expect(s.width).toBeGreaterThan(150);
    expect(s.width).toBeLessThan(300);
  });

  it('is amber for warnings only, red when a MUST fails', () => {
    expect(shape(renderBadge(verdictReport('warn'))).colour).toBe(BADGE_COLOURS.amber);
    const red = shape(renderBadge(verdictReport('fail')));
    expect(red.colour).toBe(BADGE_COLOURS.red);
    expect(red.texts).toContain('2025-11-25 ✗ 2/3 MUST');
    expect(red.title).toContain('1 failed');
    // The rich report: the modern revision is the newest accepted one.
    expect(shape(renderBadge(richReport())).texts).toContain('2026-07-28 ✗ 6/8 MUST');
  });

  it('is grey when nothing was tested or the run was cut short', () => {
    expect(shape(renderBadge(reportOf([]))).texts).toContain('no revision tested');
    const cut = shape(renderBadge({ ...verdictReport('pass'), aborted: `interrupted ${HOSTILE}` }));
    expect(cut.colour).toBe(BADGE_COLOURS.grey);
    expect(cut.title).toContain('<script>');
  });

  it('keeps a hostile revision string as text and stays well formed', () => {
    const report = reportOf([result({ id: 'ping.empty-result', status: 'pass', revision: HOSTILE })]);
    const svg = renderBadge(report);
    expect(svg).not.toMatch(/<(script|img|foreignObject)\b/i);
    expect(svg).not.toContain('\u202e');
    const s = shape(svg);
    expect(s.texts.some((t) => t.startsWith('<script>window.__pwned=1</script>'))).toBe(true);
    expect(s.width).toBeLessThan(600);
  });

  it('writes the file and returns its path', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcpc-badge-'));
    const path = await writeBadge(verdictReport('pass'), join(dir, 'nested', 'badge.svg'));
    expect(path).toBe(join(dir, 'nested', 'badge.svg'));
    expect(await readFile(path, 'utf8')).toBe(renderBadge(verdictReport('pass')));
  });
});
