// Escaping for the HTML report. Every string that reaches the page goes through text() or
// attr(): markup characters become entities, and characters that could hide or reorder what
// the reader sees (controls, bidi overrides) become visible escapes such as \x1b or \u202e.
import { clip, unsafe } from '../terminal.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function visible(value: string, keepNewlines: boolean): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if (!unsafe(code) || (keepNewlines && (code === 0x0a || code === 0x09))) out += ch;
    else if (code === 0x0a) out += '\\n';
    else if (code === 0x0d) out += '\\r';
    else if (code === 0x09) out += '\\t';
    else if (code < 0x100) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += `\\u${code.toString(16).padStart(4, '0')}`;
  }
  return out;
}

/** Text content: one line, at most `max` characters (a note says how many were cut). */
export function text(value: string, max = 4000): string {
  return visible(clip(value, max), false).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** Text content that keeps its line breaks (stderr, pretty-printed frames). */
export function block(value: string, max = 4000): string {
  return visible(clip(value, max), true).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** An attribute value (always written in double quotes). */
export function attr(value: string): string {
  return text(value, 400);
}

/** Only absolute http(s) URLs become links; anything else (javascript:, data:) stays text. */
export function safeHref(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? attr(url.href) : undefined;
  } catch {
    return undefined;
  }
}

/** A short label (charts, badges): made visible, cut hard at `max` characters with "…", escaped. */
export function label(value: string, max: number): string {
  const chars = [...visible(value.length > max * 8 ? value.slice(0, max * 8) : value, false)];
  const cut = chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
  return cut.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}
