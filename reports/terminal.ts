// Terminal helpers for the console report: a tiny ANSI painter (no colour library) and
// the filter every target-originated string goes through before it reaches a terminal.

const CODES = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  cyan: [36, 39],
} as const;

export type Paint = Record<keyof typeof CODES, (text: string) => string>;

/** Colour functions; identity when colour is off, so callers never branch on it. */
export function paint(enabled: boolean): Paint {
  const entries = Object.entries(CODES).map(([name, [on, off]]) => [
    name,
    enabled ? (text: string) => `\x1b[${on}m${text}\x1b[${off}m` : (text: string) => text,
  ]);
  return Object.fromEntries(entries) as Paint;
}

/** Back to column 0 and erase the line: how the live progress line is rewritten. */
export const CLEAR_LINE = '\r\x1b[2K';

const NAMED: Record<number, string> = { 0x09: '\\t', 0x0a: '\\n', 0x0d: '\\r', 0x1b: '\\x1b' };

/**
 * True for characters a hostile target could use to rewrite the terminal or hide text:
 * C0 controls, DEL, C1 controls (0x9b is a one-byte CSI), bidi marks, overrides and
 * isolates (they reorder what the reader sees), and the Unicode line separators.
 */
export function unsafe(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0x2028 ||
    code === 0x2029
  );
}

/** Escape unsafe characters visibly (`\x1b`, `\r`, `\u202e`); the result is one line. */
export function safe(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (!unsafe(code)) out += ch;
    else if (NAMED[code]) out += NAMED[code];
    else if (code < 0x100) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += `\\u${code.toString(16).padStart(4, '0')}`;
  }
  return out;
}

/** Cut to `max` characters (before escaping, so a cut never splits an escape). */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… [${text.length - max} more]`;
}

/** Clip, then make safe: the one call for any string that may come from the target. */
export function show(text: string, max: number): string {
  return safe(clip(text, max));
}
