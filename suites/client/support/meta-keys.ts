// The `_meta` key name rules (basic#meta, 2025-06-18 on), also used for extension ids
// (2026-07-28 basic/versioning#extension-negotiation: the same rules, the prefix mandatory).
const LABEL = /^[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
const NAME = /^(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?$/;
/** Reserved keys exempt from the prefix rule (OpenTelemetry trace context). */
const EXEMPT = new Set(['traceparent', 'tracestate', 'baggage']);

/** Why `key` breaks the rules, or undefined when it is a valid `_meta` key. */
export function metaKeyProblem(key: string, prefixRequired = false): string | undefined {
  if (EXEMPT.has(key) && !prefixRequired) return undefined;
  const slash = key.lastIndexOf('/');
  if (slash === -1) return prefixRequired ? 'no prefix (a reverse-DNS prefix followed by "/" is required)' : NAME.test(key) ? undefined : 'the name must begin and end with a letter or digit';
  const prefix = key.slice(0, slash);
  const name = key.slice(slash + 1);
  if (prefix === '' || !prefix.split('.').every((l) => LABEL.test(l))) return `the prefix "${prefix}/" is not dot-separated labels that start with a letter and end with a letter or digit`;
  if (!NAME.test(name)) return `the name "${name}" must begin and end with a letter or digit`;
  return undefined;
}
