// What the Skills extension says a skill, its uri and its files are, as pure functions the
// checks share: the skill path of a SKILL.md uri, the naming rule of Agent Skills, the YAML
// frontmatter block of a SKILL.md and the raw bytes of a read-back.
import { createHash } from 'node:crypto';
import { parse } from 'yaml';
import { isObject, type Json } from '../../../../harness/rules/json.js';

const SKILL_MD = '/SKILL.md';

/** The skill root (the uri minus "/SKILL.md") and its final segment, the skill's name; undefined for any other uri. */
export function skillPath(uri: string): { root: string; name: string } | undefined {
  if (!uri.endsWith(SKILL_MD)) return undefined;
  const root = uri.slice(0, -SKILL_MD.length);
  return { root, name: root.slice(root.lastIndexOf('/') + 1) };
}

/** Manifest digests: "sha256:" and 64 lowercase hex characters. */
export const DIGEST = /^sha256:[0-9a-f]{64}$/;

/** A manifest size: a byte count. */
export const isSize = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/**
 * Agent Skills names: 1-64 characters, lowercase letters, digits and hyphens, no leading,
 * trailing or consecutive hyphen. Readings differ on "--" and on non-ASCII lowercase letters
 * (the digest's SKILL-A08): those come back with a doubt; any other break is sure.
 */
export function nameProblem(name: string): { text: string; doubt?: string } | undefined {
  if (/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name) && name.length <= 64) return undefined;
  const bad = { text: `${JSON.stringify(name)} is not 1-64 lowercase letters, digits and single hyphens` };
  if ([...name].length > 64 || name.length === 0 || /^-|-$/.test(name)) return bad;
  const doubt = 'readings of the Agent Skills naming rule differ on consecutive hyphens and non-ASCII lowercase letters';
  if (/^[\p{Ll}\p{Nd}-]+$/u.test(name)) return { ...bad, doubt };
  return bad;
}

/** The frontmatter of a SKILL.md: a YAML mapping between "---" lines at its very start (after an optional BOM). */
export function frontmatterOf(text: string): { frontmatter: Json } | { problem: string } {
  const m = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(\r?\n|$)/.exec(text);
  if (!m) return { problem: `it does not begin with a "---" frontmatter block: ${JSON.stringify(text.slice(0, 60))}` };
  let value: unknown;
  try {
    value = parse(m[1] ?? '');
  } catch (e) {
    return { problem: `its frontmatter is not YAML: ${(e as Error).message.split('\n')[0]}` };
  }
  if (!isObject(value)) return { problem: 'its frontmatter is not a YAML mapping' };
  return { frontmatter: value };
}

/**
 * The raw bytes of a resources/read result: UTF-8 of its text, or its decoded blob. Which
 * item a digest covers when a read returns several is unstated (SKILL-A10): only a read with
 * exactly one item has bytes to compare.
 */
export function bytesOf(result: Json): { bytes: Buffer; item: Json } | { problem: string } {
  const contents = Array.isArray(result.contents) ? result.contents : [];
  if (contents.length !== 1 || !isObject(contents[0])) return { problem: `${contents.length} content item(s), not one` };
  const item = contents[0];
  if (typeof item.text === 'string') return { bytes: Buffer.from(item.text, 'utf8'), item };
  if (typeof item.blob === 'string') return { bytes: Buffer.from(item.blob, 'base64'), item };
  return { problem: 'a content item with neither text nor blob' };
}

/** The digest label of some bytes, as a manifest writes it. */
export const digestOf = (bytes: Buffer): string => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

/** A value with its object keys sorted, scalars as `scalar` makes them: two mappings compare regardless of key order. */
function canonical(v: unknown, scalar: (x: unknown) => unknown): unknown {
  if (Array.isArray(v)) return v.map((x) => canonical(x, scalar));
  if (isObject(v)) return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical(v[k], scalar)]));
  return scalar(v);
}

/**
 * How two frontmatters compare: the same content, the same but for scalar typing ("1.0" and
 * 1.0: YAML-to-JSON typing is unspecified, the digest's SKILL-A09), or different.
 */
export function compareFrontmatter(a: unknown, b: unknown): 'same' | 'typing' | 'different' {
  const same = (scalar: (x: unknown) => unknown) => JSON.stringify(canonical(a, scalar)) === JSON.stringify(canonical(b, scalar));
  if (same((x) => x)) return 'same';
  return same((x) => (x === null || x === undefined ? x : String(x))) ? 'typing' : 'different';
}
