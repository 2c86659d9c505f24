// x-mcp-header annotations in tool inputSchemas (TOOL-007, TOOL-008; 2026-07-28). Spec:
// server/tools#x-mcp-header and basic/transports/streamable-http#custom-headers-from-tool-
// parameters. Judged on what tools/list shows: nothing is called.
import type { CheckContext, Verdict } from '../../../../harness/checks/check.js';
import { defineChecks } from '../../../../harness/checks/define.js';
import { RANGE } from '../../../../harness/revisions.js';
import { isObject, type Json } from '../../../../harness/rules/json.js';
import { listedTools } from '../../../../harness/target/tool-calls.js';
import { expectNone } from '../../../../harness/verify/index.js';
import { citeTools } from './cite-tools.js';

/** RFC 9110 section 5.6.2: token = 1*tchar. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PRIMITIVE = new Set(['string', 'integer', 'boolean']);
/** Keywords whose values are data, not schemas: an "x-mcp-header" key inside them is no annotation. */
const DATA = new Set(['enum', 'const', 'default', 'examples', 'example']);
/** Keywords whose values map names to schemas (their keys are names, not keywords). */
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

interface Annotation {
  tool: string;
  value: unknown;
  /** The keyword path from the schema root, e.g. properties/region or items/properties/x. */
  path: string[];
  /** The annotated schema (its type decides what may be mirrored). */
  schema: Json;
}

/** Every x-mcp-header annotation anywhere in a schema. */
function annotations(tool: string, root: unknown): Annotation[] {
  const out: Annotation[] = [];
  const walk = (node: unknown, path: string[], depth: number): void => {
    if (depth > 64) return;
    if (Array.isArray(node)) {
      node.forEach((n, i) => walk(n, [...path, String(i)], depth + 1));
      return;
    }
    if (!isObject(node)) return;
    if (Object.hasOwn(node, 'x-mcp-header')) out.push({ tool, value: node['x-mcp-header'], path, schema: node });
    for (const [k, v] of Object.entries(node)) {
      if (DATA.has(k) || k === 'x-mcp-header') continue;
      if (NAME_MAPS.has(k) && isObject(v)) for (const [name, sub] of Object.entries(v)) walk(sub, [...path, k, name], depth + 1);
      else walk(v, [...path, k], depth + 1);
    }
  };
  walk(root, [], 0);
  return out;
}

/** Statically reachable: a chain of `properties` keys from the root, and nothing else. */
const reachable = (path: string[]): boolean => path.length >= 2 && path.length % 2 === 0 && path.every((p, i) => i % 2 === 1 || p === 'properties');

/** What breaks the constraints on x-mcp-header values, if anything (uniqueness is judged per schema). */
function problemOf(a: Annotation): string | undefined {
  const v = a.value;
  if (typeof v !== 'string') return `a ${v === null ? 'null' : typeof v} value ${JSON.stringify(v)}`;
  if (v === '') return 'empty';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(v)) return `${JSON.stringify(v)} holds control characters`;
  if (!TOKEN.test(v)) return `${JSON.stringify(v)} is not an HTTP token (1*tchar)`;
  if (!reachable(a.path)) return `${JSON.stringify(v)} at ${a.path.join('/') || '(root)'} is not reachable through properties alone`;
  const types = Array.isArray(a.schema.type) ? a.schema.type : [a.schema.type];
  const bad = types.filter((t) => t !== undefined && !PRIMITIVE.has(String(t)));
  if (bad.length > 0) return `${JSON.stringify(v)} on a parameter of type ${JSON.stringify(a.schema.type)} (only string, integer, boolean)`;
  return undefined;
}

async function judgeValid(ctx: CheckContext): Promise<Verdict> {
  const tools = await listedTools(ctx);
  if (!Array.isArray(tools)) return tools;
  const bad: string[] = [];
  let seen = 0;
  for (const tool of tools) {
    const found = annotations(String(tool.name), tool.inputSchema);
    seen += found.length;
    const names = new Map<string, number>();
    for (const a of found) {
      const problem = problemOf(a);
      if (problem) bad.push(`${a.tool}: ${problem}`);
      if (typeof a.value === 'string') names.set(a.value.toLowerCase(), (names.get(a.value.toLowerCase()) ?? 0) + 1);
    }
    for (const [name, n] of names) if (n > 1) bad.push(`${String(tool.name)}: "${name}" used ${n} times (case-insensitively)`);
  }
  if (seen === 0) return ctx.skip('not-offered', `no listed tool annotates a parameter with x-mcp-header (${tools.length} tool(s))`);
  if (bad.length > 0) await citeTools(ctx);
  return expectNone(ctx, bad, { expected: 'x-mcp-header values that are unique HTTP tokens on string, integer or boolean parameters reachable through properties alone', judged: seen, note: `${seen} annotation(s) judged` });
}

/** Words that name secrets or personal data (TOOL-008), matched against a name's words. */
const SENSITIVE = new Set(['password', 'passwd', 'passphrase', 'pwd', 'secret', 'secrets', 'token', 'apikey', 'credential', 'credentials', 'ssn', 'cookie', 'authorization', 'bearer', 'privatekey', 'accesskey']);
/** A "token" word next to these counts tokens (max_tokens), it is not one. */
const COUNTING = new Set(['max', 'min', 'count', 'limit', 'num', 'number', 'budget']);

/** The words of a name: camelCase, kebab-case and snake_case split, lower-cased; pairs joined too (api_key -> apikey). */
function words(name: string): string[] {
  const parts = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  return [...parts, ...parts.slice(1).map((p, i) => `${parts[i] as string}${p}`)];
}

function sensitive(name: string): boolean {
  const w = words(name);
  return w.some((x) => SENSITIVE.has(x) && !(x === 'token' && w.some((y) => COUNTING.has(y))));
}

async function judgeSensitive(ctx: CheckContext): Promise<Verdict> {
  const tools = await listedTools(ctx);
  if (!Array.isArray(tools)) return tools;
  const found = tools.flatMap((t) => annotations(String(t.name), t.inputSchema)).filter((a) => typeof a.value === 'string');
  if (found.length === 0) return ctx.skip('not-offered', `no listed tool annotates a parameter with x-mcp-header (${tools.length} tool(s))`);
  const bad = found.filter((a) => sensitive(a.value as string) || sensitive(a.path.at(-1) ?? ''));
  if (bad.length > 0) await citeTools(ctx);
  return expectNone(
    ctx,
    bad.map((a) => `${a.tool}: parameter ${JSON.stringify(a.path.at(-1))} mirrored into Mcp-Param-${String(a.value)}`),
    { expected: 'no password, key, token or personal data mirrored into a header', judged: found.length, note: `${found.length} annotated parameter(s), none named like a secret` },
  );
}

export const toolHeaderChecks = defineChecks({ page: 'server/tools', revisions: RANGE.modern, needs: ['shared-session'], requires: ['tools'] }, [
  // server/tools#x-mcp-header, "Constraints on x-mcp-header values": MUST NOT be empty; MUST
  // match HTTP field-name token syntax; MUST NOT contain control characters; MUST be
  // case-insensitively unique; MUST only be applied to parameters with primitive types
  // (integer, string, boolean); MUST only be applied to statically reachable properties.
  {
    id: 'tools.x-mcp-header-valid',
    title: 'x-mcp-header annotations are unique HTTP tokens on string, integer or boolean parameters reachable through properties',
    spec: { url: '#x-mcp-header', level: 'MUST' },
    requirement:
      'MUST NOT be empty; MUST match HTTP field-name token syntax (1*tchar, RFC 9110 Section 5.1); MUST NOT contain control characters, including carriage return (CR, \\r) or line feed (LF, \\n); MUST be case-insensitively unique among all x-mcp-header values in the inputSchema; MUST only be applied to parameters with primitive types (integer, string, boolean). Parameters with type number are not permitted.; MUST only be applied to properties that are statically reachable from the schema root',
    digest: ['TOOL-007'],
    fix: 'Annotate only top-level (or properties-nested) string, integer or boolean parameters, with distinct token names such as "Region"',
    faults: ['modern-x-mcp-header-invalid'],
    run: judgeValid,
  },
  // server/tools#x-mcp-header: "Server developers SHOULD NOT mark sensitive parameters
  // (passwords, API keys, tokens, PII) with x-mcp-header, as header values are visible to
  // network intermediaries." Judged by name: a warning, never a failure.
  {
    id: 'tools.x-mcp-header-not-sensitive',
    title: 'No parameter named like a secret (password, key, token) is mirrored into a header',
    spec: { url: '#x-mcp-header', level: 'SHOULD' },
    requirement: 'Server developers SHOULD NOT mark sensitive parameters (passwords, API keys, tokens, PII) with x-mcp-header, as header values are visible to network intermediaries.',
    digest: ['TOOL-008'],
    fix: 'Keep secrets in the body (or in the Authorization header), never in Mcp-Param-* headers',
    faults: ['modern-x-mcp-header-sensitive'],
    run: judgeSensitive,
  },
]);
