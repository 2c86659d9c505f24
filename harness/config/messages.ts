// Config mistakes as one sentence each: which file, which target, which field, what is wrong.
import type { ErrorObject } from 'ajv';

/** Where in the file: `target "api"` (or `target #2` when it has no usable name) and a field path. */
export interface Place {
  target?: string;
  field?: string;
}

export function targetLabel(raw: unknown, index: number): string {
  const name = (raw as { name?: unknown } | null)?.name;
  return typeof name === 'string' && /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(name) ? `target "${name}"` : `target #${index + 1}`;
}

/** `file: target "x": field "y" <problem>` (parts left out when unknown). */
export function sentence(display: string, place: Place, problem: string): string {
  const where = [place.target, place.field !== undefined ? `field "${place.field}"` : undefined].filter(Boolean).join(': ');
  return `${display}: ${where ? `${where} ` : ''}${problem}`;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] as number;
      row[j] = Math.min(above + 1, (row[j - 1] as number) + 1, diagonal + (a[i - 1]?.toLowerCase() === b[j - 1]?.toLowerCase() ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length] as number;
}

/** ` (did you mean "x"?)` for a near miss, else the known names. */
export function suggestion(word: string, known: readonly string[]): string {
  const near = known.map((k) => ({ k, d: distance(word, k) })).sort((a, b) => a.d - b.d)[0];
  if (near && near.d <= Math.max(1, Math.floor(word.length / 3))) return ` (did you mean "${near.k}"?)`;
  return ` (known: ${known.join(', ')})`;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'a mapping',
  array: 'a list',
};

function typeWords(type: unknown): string {
  const types = Array.isArray(type) ? type : String(type).split(',');
  return types.map((t: string) => TYPE_WORDS[t] ?? t).join(' or ');
}

/** The place of an ajv error: the target (from /targets/<i>) and the field path below it. */
export function placeOf(error: ErrorObject, root: unknown): Place {
  const parts = error.instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const place: Place = {};
  if (parts[0] === 'targets' && parts.length >= 2) {
    const index = Number(parts[1]);
    const targets = (root as { targets?: unknown[] }).targets ?? [];
    place.target = targetLabel(targets[index], index);
    parts.splice(0, 2);
  }
  const field = parts.map((p, i) => (/^\d+$/.test(p) ? `[${Number(p) + 1}]` : `${i > 0 ? '.' : ''}${p}`)).join('');
  if (field) place.field = field;
  return place;
}

/** What is wrong, in words, for one ajv error (its place said separately). */
export function problemOf(error: ErrorObject, knownFields: (place: Place) => readonly string[], place: Place): string {
  const p = error.params as Record<string, unknown>;
  const field = place.field ?? '';
  switch (error.keyword) {
    case 'type':
      return `must be ${typeWords(p.type)}`;
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'additionalProperties': {
      const name = String(p.additionalProperty);
      return `has an unknown field "${name}"${suggestion(name, knownFields(place))}`;
    }
    case 'required':
      return `is missing the field "${String(p.missingProperty)}"`;
    case 'dependentRequired':
      return `needs the field "${String(p.missingProperty)}" beside "${String(p.property)}"`;
    case 'minimum':
      return `must be at least ${String(p.limit)}`;
    case 'maximum':
      return `must be at most ${String(p.limit)}`;
    case 'minLength':
    case 'minItems':
      return 'must not be empty';
    case 'pattern':
      if (field === 'name') return 'must be letters, digits, ".", "_" or "-" (at most 64; it names the report folder)';
      if (field === 'url') return 'must be an http:// or https:// URL';
      if (/^spec/.test(field)) return 'must be a revision date such as 2025-11-25';
      return `must match ${String(p.pattern)}`;
    default:
      return error.message ?? 'is not valid';
  }
}
