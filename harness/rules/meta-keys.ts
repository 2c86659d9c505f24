// The `_meta` key grammar (basic#meta, 2025-06-18 on) and the W3C formats of the trace
// context keys (2026-07-28). Extension identifiers follow the same grammar with a mandatory
// prefix (basic/versioning#extension-negotiation).

/** "Labels MUST start with a letter and end with a letter or digit; interior characters can be letters, digits, or hyphens." */
const LABEL = '[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const PREFIX = `${LABEL}(?:\\.${LABEL})*/`;
/** "Unless empty, MUST begin and end with an alphanumeric character"; hyphens, underscores, dots and alphanumerics between. */
const NAME = '(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?';

const META_KEY = new RegExp(`^(?:${PREFIX})?${NAME}$`);
const EXTENSION_ID = new RegExp(`^${PREFIX}${NAME}$`);

export const isMetaKey = (key: string): boolean => META_KEY.test(key);
export const isExtensionId = (key: string): boolean => EXTENSION_ID.test(key);

/** W3C Trace Context traceparent: version-traceid-parentid-flags, lower-case hex; version ff and all-zero ids are invalid. */
export function traceparentProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return `is ${typeof value}, not a string`;
  const m = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/.exec(value);
  if (!m) return 'is not version-traceid-parentid-flags in lower-case hex (2-32-16-2 digits)';
  if (m[1] === 'ff') return 'has the invalid version ff';
  if (m[1] === '00' && m[5] !== undefined) return 'has members after the flags, which version 00 does not allow';
  if (/^0+$/.test(m[2] ?? '')) return 'has an all-zero trace-id';
  if (/^0+$/.test(m[3] ?? '')) return 'has an all-zero parent-id';
  return undefined;
}

/** W3C Trace Context tracestate: up to 32 comma-separated key=value members. */
export function tracestateProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return `is ${typeof value}, not a string`;
  const key = '(?:[a-z0-9][_0-9a-z*/-]{0,255}|[a-z0-9][_0-9a-z*/-]{0,240}@[a-z][_0-9a-z*/-]{0,13})';
  const val = '[\\x20-\\x2b\\x2d-\\x3c\\x3e-\\x7e]{0,255}[\\x21-\\x2b\\x2d-\\x3c\\x3e-\\x7e]';
  const member = new RegExp(`^${key}=${val}$`);
  const members = value.split(',').map((m) => m.trim()).filter((m) => m !== '');
  if (members.length > 32) return `has ${members.length} members (at most 32)`;
  const bad = members.find((m) => !member.test(m));
  return bad === undefined ? undefined : `has the malformed member ${JSON.stringify(bad.slice(0, 80))}`;
}

/** W3C Baggage: comma-separated key=value members (key a token), each with optional ;properties. */
export function baggageProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return `is ${typeof value}, not a string`;
  const member = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+\s*=\s*[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*\s*(;.*)?$/;
  const bad = value
    .split(',')
    .map((m) => m.trim())
    .find((m) => m !== '' && !member.test(m));
  return bad === undefined ? undefined : `has the malformed member ${JSON.stringify(bad.slice(0, 80))}`;
}
