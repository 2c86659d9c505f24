// The README badge: a small self-contained SVG in the usual shields.io "flat" style, e.g.
// "MCP conformance | 2025-11-25 ✓ 120/120 MUST". It shows the newest revision the target
// accepted and its MUST compliance; red when any MUST check fails (a baseline does not hide
// it: the badge is about conformance, not about CI), amber for warnings or harness errors
// only, green otherwise, grey when nothing was tested or the run was cut short.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { RunReport } from '../harness/checks/result.js';
import { newestAccepted } from './html/compliance.js';
import { label as escapeLabel } from './html/escape.js';
import { countOf } from './model.js';

export const BADGE_COLOURS = { green: '#4c1', amber: '#dfb317', red: '#e05d44', grey: '#9f9f9f' } as const;
export type BadgeColour = keyof typeof BADGE_COLOURS;

const LABEL = 'MCP conformance';
const MAX_VALUE = 60;

/** Approximate advance widths of Verdana at 11px (the shields font); textLength makes it exact. */
function widthOf(value: string): number {
  let width = 0;
  for (const ch of value) {
    if ('il.,:;|!\''.includes(ch)) width += 3.6;
    else if (ch === ' ') width += 3.9;
    else if ('fjtrI/-()[]'.includes(ch)) width += 4.9;
    else if (ch === 'm') width += 10.7;
    else if (ch === 'w') width += 8.9;
    else if (/[0-9]/.test(ch)) width += 7;
    else if (/[a-z]/.test(ch)) width += 6.6;
    else if (/[A-Z]/.test(ch)) width += ch === 'M' || ch === 'W' ? 10 : 7.6;
    else width += 8;
  }
  return Math.ceil(width);
}

export interface BadgeContent {
  colour: BadgeColour;
  /** The right-hand text. */
  value: string;
  /** The tooltip: the counts behind the colour. */
  title: string;
}

/** What the badge says, before drawing. */
export function badgeContent(report: RunReport): BadgeContent {
  const newest = newestAccepted(report);
  const counts = countOf(report.results);
  if (report.aborted) return { colour: 'grey', value: 'run cut short', title: `The run was cut short: ${report.aborted}` };
  if (!newest) return { colour: 'grey', value: 'no revision tested', title: 'No revision was accepted and tested' };
  const colour: BadgeColour = counts.fail > 0 ? 'red' : counts.warn > 0 || counts.error > 0 ? 'amber' : 'green';
  const mark = colour === 'red' ? '✗' : '✓';
  const must = newest.must.applicable ? `${newest.must.passed}/${newest.must.applicable} MUST` : 'no MUST applied';
  const title =
    `${LABEL}: ${must} at ${newest.revision}; over all ${report.revisions.filter((p) => p.status === 'accepted').length} accepted revisions ` +
    `${counts.fail} failed, ${counts.warn} warnings, ${counts.error} errors, ${counts.pass} passed`;
  return { colour, value: `${newest.revision} ${mark} ${must}`, title };
}

/** The badge as a standalone SVG document. */
export function renderBadge(report: RunReport): string {
  const content = badgeContent(report);
  const value = escapeLabel(content.value, MAX_VALUE);
  const shown = [...content.value].length > MAX_VALUE ? `${[...content.value].slice(0, MAX_VALUE - 1).join('')}…` : content.value;
  const labelWidth = widthOf(LABEL);
  const valueWidth = widthOf(shown);
  const left = labelWidth + 10;
  const right = valueWidth + 10;
  const width = left + right;
  const text = (x: number, body: string, length: number) =>
    `<text x="${x}" y="15" fill="#010101" fill-opacity=".3" textLength="${length}" lengthAdjust="spacingAndGlyphs">${body}</text>` +
    `<text x="${x}" y="14" textLength="${length}" lengthAdjust="spacingAndGlyphs">${body}</text>`;
  const title = escapeLabel(content.title, 400);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${escapeLabel(LABEL, 40)}: ${value}">`,
    `<title>${title}</title>`,
    '<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>',
    `<clipPath id="r"><rect width="${width}" height="20" rx="3" fill="#fff"/></clipPath>`,
    `<g clip-path="url(#r)"><rect width="${left}" height="20" fill="#555"/>` +
      `<rect class="value" x="${left}" width="${right}" height="20" fill="${BADGE_COLOURS[content.colour]}"/>` +
      `<rect width="${width}" height="20" fill="url(#s)"/></g>`,
    '<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" text-rendering="geometricPrecision" font-size="11">',
    text(left / 2, escapeLabel(LABEL, 40), labelWidth),
    text(left + right / 2, value, valueWidth),
    '</g></svg>',
    '',
  ].join('\n');
}

/** Write the badge to `path` (creating its folder) and return the absolute path. */
export async function writeBadge(report: RunReport, path: string): Promise<string> {
  const file = resolve(path);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, renderBadge(report), 'utf8');
  return file;
}
