// A tiny scanner over JSON text that JSON.parse has already accepted. It recovers the
// exact source text of a top-level member or of array elements, so a numeric request id
// is echoed with its exact lexeme (e.g. 9007199254740993 or 1.0), not a rounded double.

function skipWs(s: string, i: number): number {
  while (i < s.length && (s[i] === ' ' || s[i] === '\t' || s[i] === '\n' || s[i] === '\r')) i++;
  return i;
}

function skipString(s: string, i: number): number {
  // s[i] is the opening quote
  i++;
  while (i < s.length) {
    const c = s[i];
    if (c === '\\') i += 2;
    else if (c === '"') return i + 1;
    else i++;
  }
  return i;
}

/** Index just past the JSON value starting at i (whitespace before it is skipped). */
function skipValue(s: string, i: number): number {
  i = skipWs(s, i);
  const c = s[i];
  if (c === '"') return skipString(s, i);
  if (c === '{' || c === '[') {
    let depth = 0;
    while (i < s.length) {
      const d = s[i];
      if (d === '"') {
        i = skipString(s, i);
        continue;
      }
      if (d === '{' || d === '[') depth++;
      else if (d === '}' || d === ']') {
        depth--;
        if (depth === 0) return i + 1;
      }
      i++;
    }
    return i;
  }
  while (i < s.length && !',}] \t\r\n'.includes(s[i] as string)) i++;
  return i;
}

/** The source text of each element of a top-level JSON array. */
export function arrayElementTexts(s: string): string[] {
  const out: string[] = [];
  let i = skipWs(s, 0);
  if (s[i] !== '[') return out;
  i = skipWs(s, i + 1);
  if (s[i] === ']') return out;
  while (i < s.length) {
    const start = skipWs(s, i);
    const end = skipValue(s, start);
    out.push(s.slice(start, end));
    i = skipWs(s, end);
    if (s[i] !== ',') break;
    i++;
  }
  return out;
}

/** The source text of member `key` of a top-level JSON object (the last one wins, as in JSON.parse). */
export function memberText(s: string, key: string): string | undefined {
  let i = skipWs(s, 0);
  if (s[i] !== '{') return undefined;
  i = skipWs(s, i + 1);
  let found: string | undefined;
  while (i < s.length && s[i] === '"') {
    const keyEnd = skipString(s, i);
    let name: unknown;
    try {
      name = JSON.parse(s.slice(i, keyEnd));
    } catch {
      return found;
    }
    i = skipWs(s, keyEnd);
    if (s[i] !== ':') return found;
    const start = skipWs(s, i + 1);
    const end = skipValue(s, start);
    if (name === key) found = s.slice(start, end);
    i = skipWs(s, end);
    if (s[i] !== ',') break;
    i = skipWs(s, i + 1);
  }
  return found;
}
