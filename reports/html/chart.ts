// The failing exchange as a picture: a message sequence chart in inline SVG. Two lifelines
// (the tool and the target, in the roles of the report's side), one arrow per frame labelled
// with its JSON-RPC method or "result"/"error <code>" and id, the time since the excerpt's
// first entry on the left, harness events (timeouts, HTTP statuses, exits) as notes across
// the lifelines, and a dashed rule wherever the connection changes. Every label is escaped
// and cut; a long excerpt is drawn as its first and last frames with a note between.
import type { WireEntry } from '../../harness/wire-log.js';
import { label } from './escape.js';
import { frameLabel } from './frame-label.js';

const MAX_DRAWN = 40;
const HEAD_DRAWN = 15;
// Geometry in SVG units; the chart scales down to fit a narrow screen (style.ts).
const W = 560;
const X_TIME = 58;
const X_TOOL = 130;
const X_TARGET = 490;
const BOX_W = 130;
const ROW = { arrow: 30, note: 26, conn: 22, gap: 30 };
const CHARS = { arrow: 52, note: 64, box: 18, time: 9 };

export interface ChartRoles {
  /** What was tested: a server (the tool is its client) or a client (the tool is its server). */
  side: 'server' | 'client';
  /** The target's name as it introduced itself, when known. */
  targetName?: string;
}

type Row = { kind: 'entry'; entry: WireEntry } | { kind: 'gap'; count: number };

function rowsOf(entries: readonly WireEntry[]): Row[] {
  const rows = (list: readonly WireEntry[]): Row[] => list.map((entry) => ({ kind: 'entry', entry }));
  if (entries.length <= MAX_DRAWN) return rows(entries);
  const tail = MAX_DRAWN - HEAD_DRAWN;
  return [...rows(entries.slice(0, HEAD_DRAWN)), { kind: 'gap', count: entries.length - MAX_DRAWN }, ...rows(entries.slice(-tail))];
}

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : NaN);

function head(x: number, title: string, role: string): string {
  return (
    `<rect class="box" x="${x - BOX_W / 2}" y="6" width="${BOX_W}" height="36" rx="4"/>` +
    `<text class="hd" x="${x}" y="21" text-anchor="middle">${label(title, CHARS.box)}</text>` +
    `<text class="t" x="${x}" y="36" text-anchor="middle">${label(role, CHARS.box)}</text>`
  );
}

function arrow(y: number, entry: WireEntry, time: string): string {
  const { kind, text } = frameLabel(String(entry.text));
  const toTarget = entry.dir === 'out';
  const [x1, x2] = toTarget ? [X_TOOL, X_TARGET] : [X_TARGET, X_TOOL];
  const tip = toTarget ? -8 : 8;
  const lineY = y + 20;
  const cls = kind === 'error' ? 'err' : toTarget ? 'out' : 'in';
  return (
    `<g class="${cls}"><text class="t" x="${X_TIME}" y="${lineY + 4}" text-anchor="end">${time}</text>` +
    `<text x="${(X_TOOL + X_TARGET) / 2}" y="${y + 13}" text-anchor="middle">${label(text, CHARS.arrow)}</text>` +
    `<line x1="${x1}" y1="${lineY}" x2="${x2 + tip}" y2="${lineY}"/>` +
    `<polygon points="${x2},${lineY} ${x2 + tip},${lineY - 4} ${x2 + tip},${lineY + 4}"/></g>`
  );
}

/** A note's text in at most two lines, broken at a space where one is near. */
function noteLines(value: string): string[] {
  const max = CHARS.note;
  if (value.length <= max) return [value];
  const space = value.lastIndexOf(' ', max);
  const split = space > max * 0.6 ? space : max;
  return [value.slice(0, split), value.slice(split).trimStart()];
}

function note(y: number, entry: WireEntry, time: string): { svg: string; height: number } {
  const left = X_TOOL - 40;
  const lines = noteLines(String(entry.text));
  const extra = (lines.length - 1) * 14;
  const texts = lines.map((line, i) => `<text x="${left + 6}" y="${y + 17 + 14 * i}">${label(line, CHARS.note)}</text>`).join('');
  return {
    svg:
      `<g class="nt"><text class="t" x="${X_TIME}" y="${y + 17}" text-anchor="end">${time}</text>` +
      `<rect x="${left}" y="${y + 3}" width="${X_TARGET + 40 - left}" height="${20 + extra}" rx="3"/>${texts}</g>`,
    height: ROW.note + extra,
  };
}

/** The chart as an inline <svg> element. */
export function renderChart(entries: readonly WireEntry[], roles: ChartRoles): string {
  const t0 = num(entries[0]?.t);
  const time = (e: WireEntry): string => {
    const dt = num(e.t) - t0;
    if (!Number.isFinite(dt)) return '?';
    return Math.abs(dt) < 10_000 ? `+${dt} ms` : `+${(dt / 1000).toFixed(1)} s`;
  };
  const parts: string[] = [];
  let y = 52;
  let conn: string | undefined;
  for (const row of rowsOf(entries)) {
    if (row.kind === 'gap') {
      parts.push(`<text class="t" x="${(X_TOOL + X_TARGET) / 2}" y="${y + 18}" text-anchor="middle">… ${row.count} frames not drawn (all in report.json) …</text>`);
      y += ROW.gap;
      continue;
    }
    const e = row.entry;
    if (String(e.conn) !== conn) {
      conn = String(e.conn);
      parts.push(
        `<g class="cn"><line class="conn" x1="${X_TIME + 6}" y1="${y + 11}" x2="${W - 4}" y2="${y + 11}"/>` +
          `<text class="t" x="${X_TIME}" y="${y + 15}" text-anchor="end">${label(conn, CHARS.time)}</text></g>`,
      );
      y += ROW.conn;
    }
    if (e.dir === 'out' || e.dir === 'in') {
      parts.push(arrow(y, e, time(e)));
      y += ROW.arrow;
    } else {
      const drawn = note(y, e, time(e));
      parts.push(drawn.svg);
      y += drawn.height;
    }
  }
  const height = y + 10;
  const tool = roles.side === 'client' ? 'as the server' : 'as the client';
  const target = roles.side === 'client' ? 'client under test' : 'server under test';
  const lifelines =
    `<line class="life" x1="${X_TOOL}" y1="42" x2="${X_TOOL}" y2="${height - 4}"/>` +
    `<line class="life" x1="${X_TARGET}" y1="42" x2="${X_TARGET}" y2="${height - 4}"/>`;
  const arrows = entries.filter((e) => e.dir === 'out' || e.dir === 'in').length;
  const summary = `Message sequence chart: ${arrows} messages and ${entries.length - arrows} events between mcp-conformance and the ${target}`;
  return (
    `<svg class="msc" xmlns="http://www.w3.org/2000/svg" width="${W}" height="${height}" viewBox="0 0 ${W} ${height}" role="img" aria-label="${label(summary, 200)}">` +
    `<title>${label(summary, 200)}</title>${lifelines}` +
    head(X_TOOL, 'mcp-conformance', tool) +
    head(X_TARGET, roles.targetName ?? target, roles.targetName ? target : roles.side === 'client' ? 'the client' : 'the server') +
    `${parts.join('')}</svg>`
  );
}
