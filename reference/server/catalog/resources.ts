// The resources (13 static: 12 text, 1 blob) and resource templates (2) of the reference server.
// One is a file:// resource (under file:///srv/reference/docs/), served from memory like the
// rest: nothing of the reference is ever read from disk.
import { isOn } from '../faults.js';
import { atLeast, type AnyRevision } from '../revisions.js';
import { BLOB_BYTES, ICONS } from './media.js';

export interface ResourceDef {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
  text?: string;
  blob?: string;
  annotations?: { audience: ('user' | 'assistant')[]; priority: number };
}

const TEXTS: [string, string][] = [
  ['readme', 'This is the reference server of mcp-conformance.'],
  ['unicode', 'héllo 世界 🙂 — UTF-8 text survives the round trip.'],
  ['lorem', 'Lorem ipsum dolor sit amet, consectetur adipiscing elit.'],
  ['multiline', 'line one\nline two\nline three'],
  ['empty', ''],
  ['numbers', '1 2 3 4 5 6 7 8 9 10'],
  ['quote', '"Simplicity is prerequisite for reliability." (Dijkstra)'],
  ['json-like', '{"this": "is text, not parsed"}'],
  ['markdown', '# Title\n\nSome *markdown* text.'],
  ['csv', 'a,b,c\n1,2,3'],
];

export const RESOURCES: readonly ResourceDef[] = [
  ...TEXTS.map(([slug, body], i): ResourceDef => ({
    uri: `test://static/${slug}`,
    name: slug,
    title: `Static text ${i + 1}: ${slug}`,
    description: `Static text resource "${slug}".`,
    mimeType: slug === 'markdown' ? 'text/markdown' : slug === 'csv' ? 'text/csv' : 'text/plain',
    text: body,
    ...(i === 0 ? { annotations: { audience: ['user', 'assistant'], priority: 0.5 } as ResourceDef['annotations'] } : {}),
  })),
  {
    uri: 'test://static/config.json',
    name: 'config.json',
    title: 'Static JSON',
    description: 'A JSON document.',
    mimeType: 'application/json',
    text: JSON.stringify({ name: 'reference', pages: 3 }),
  },
  {
    uri: 'test://static/blob.bin',
    name: 'blob.bin',
    title: 'Static binary',
    description: 'Sixteen bytes 0x00..0x0f, base64-encoded.',
    mimeType: 'application/octet-stream',
    blob: BLOB_BYTES,
  },
  {
    uri: 'file:///srv/reference/docs/guide.txt',
    name: 'guide.txt',
    title: 'Guide (a file:// resource)',
    description: 'A small text file under file:///srv/reference/docs/, served from memory.',
    mimeType: 'text/plain',
    text: 'The reference server serves its resources from memory; this one has a file:// URI.',
  },
];

/**
 * tools#embedded-resources: the fault tools-embedded-resource-undeclared leaves resources out of
 * the capabilities (handlers/lifecycle.ts asks here), refuses resources/* as unknown methods
 * (handlers/resources.ts) and has get_image embed a resource (catalog/tools.ts).
 */
export function resourcesHidden(): boolean {
  return isOn('tools-embedded-resource-undeclared');
}

export interface TemplateDef {
  uriTemplate: string;
  /** The URI prefix before the single trailing {variable}. */
  prefix: string;
  variable: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
  /** The values the variable may take (and the completion candidates). */
  values: readonly string[];
  render(value: string): string;
}

export const TEMPLATES: readonly TemplateDef[] = [
  {
    uriTemplate: 'test://template/greeting/{name}',
    prefix: 'test://template/greeting/',
    variable: 'name',
    name: 'greeting',
    title: 'Greeting for a name',
    description: 'A greeting; any name works, completion suggests a few.',
    mimeType: 'text/plain',
    values: ['alice', 'bob', 'carol', 'dave', 'eve', 'mallory', 'trent'],
    render: (name) => `Hello, ${name}!`,
  },
  {
    uriTemplate: 'test://template/item/{id}',
    prefix: 'test://template/item/',
    variable: 'id',
    name: 'item',
    title: 'Numbered item',
    description: 'Items 1 to 150 (completion returns at most 100 at a time).',
    mimeType: 'application/json',
    values: Array.from({ length: 150 }, (_, i) => String(i + 1)),
    render: (id) => JSON.stringify({ id: Number(id), label: `Item ${id}` }),
  },
];

/** The template (and decoded variable value) a URI expands from, if any. */
export function matchTemplate(uri: string): { def: TemplateDef; value: string } | undefined {
  for (const def of TEMPLATES) {
    if (!uri.startsWith(def.prefix)) continue;
    const tail = uri.slice(def.prefix.length);
    if (tail === '' || /[/?#]/.test(tail)) continue;
    let value: string;
    try {
      value = decodeURIComponent(tail);
    } catch {
      continue;
    }
    if (def.name === 'item' && !def.values.includes(value)) continue;
    return { def, value };
  }
  return undefined;
}

export function renderResource(def: ResourceDef, rev: AnyRevision): Record<string, unknown> {
  const out: Record<string, unknown> = { uri: def.uri, name: def.name };
  if (atLeast(rev, '2025-06-18')) out.title = def.title;
  out.description = def.description;
  out.mimeType = def.mimeType;
  if (def.annotations) out.annotations = def.annotations;
  if (atLeast(rev, '2025-11-25')) out.icons = ICONS;
  return out;
}

export function renderTemplate(def: TemplateDef, rev: AnyRevision): Record<string, unknown> {
  const out: Record<string, unknown> = { uriTemplate: def.uriTemplate, name: def.name };
  if (atLeast(rev, '2025-06-18')) out.title = def.title;
  out.description = def.description;
  out.mimeType = def.mimeType;
  if (atLeast(rev, '2025-11-25')) out.icons = ICONS;
  return out;
}
