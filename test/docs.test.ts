// The documentation says what the code does. The generated docs (scripts/docs.mjs: the checks,
// the real servers' findings, and the marked regions of the README and docs/) are rendered
// again in memory, the failure example included (a real run of the CLI), and must equal the
// files: `npm run docs` rewrites them. The hand-written parts are held to the code where they
// name it: report.json's fields, links between the files, the README's promises.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderDocs } from '../scripts/docs.mjs';

const ROOT = resolve('.');
const read = (file: string) => readFile(join(ROOT, file), 'utf8');

/** Durations change from run to run: the failure example's times are not compared. */
const withoutTimes = (text: string) => text.replace(/\b\d+(\.\d+)?s\b/g, 'Ns');

async function markdownFiles(): Promise<string[]> {
  return ['README.md', 'CONTRIBUTING.md', ...(await readdir(join(ROOT, 'docs'))).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

describe('generated docs', () => {
  it('match the code (run `npm run docs` after changing checks, options, the Action or the expected findings)', { timeout: 180_000 }, async () => {
    for (const { path, content } of await renderDocs()) {
      expect(withoutTimes(await read(path)), `${path} is out of date: run npm run docs`).toBe(withoutTimes(content));
    }
  });
});

describe('hand-written docs', () => {
  it('the README stays short, keeps the fresh-machine commands and shows the Action on its first screen', async () => {
    const readme = await read('README.md');
    const lines = readme.split('\n');
    expect(lines.length).toBeLessThanOrEqual(200);
    expect(readme).toContain('\n    npm ci && npm run demo\n');
    expect(readme).toContain('\n    npm ci && npm test\n');
    expect(lines.findIndex((l) => /uses: OWNER\/mcp-conformance@/.test(l))).toBeLessThan(50);
  });

  it("docs/reports.md describes exactly report.json's fields", async () => {
    const schema = JSON.parse(await read('reports/report.schema.json')) as { properties: Record<string, unknown>; $defs?: Record<string, { properties?: object }> };
    const doc = await read('docs/reports.md');
    const section = doc.slice(doc.indexOf('## report.json'), doc.indexOf('## Baselines'));
    const [top, result] = section.split('Each result:').map((part) => [...part.matchAll(/^\| ([^|]+) \|/gm)].flatMap((m) => [...(m[1] ?? '').matchAll(/`(\w+)`/g)].map((n) => n[1])));
    expect(new Set(top)).toEqual(new Set(Object.keys(schema.properties)));
    const items = (schema.properties.results as { items: { $ref?: string; properties?: object } }).items;
    const resultSchema = items.$ref ? schema.$defs?.[items.$ref.split('/').at(-1) ?? ''] : items;
    expect(new Set(result)).toEqual(new Set(Object.keys(resultSchema?.properties ?? {})));
  });

  it('every relative link points at a file that exists, and at a heading it has', async () => {
    const broken: string[] = [];
    for (const file of await markdownFiles()) {
      const text = await read(file);
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (!target || /^[a-z]+:/.test(target)) continue;
        const [path, anchor] = target.split('#') as [string, string | undefined];
        const linked = path ? join(dirname(file), path) : file;
        if (!existsSync(join(ROOT, linked))) {
          broken.push(`${file}: ${target} (no such file)`);
          continue;
        }
        if (anchor && linked.endsWith('.md')) {
          const headings = [...(await read(linked)).matchAll(/^#+ (.+)$/gm)].map((m) => anchorOf(m[1] ?? ''));
          if (!headings.includes(anchor)) broken.push(`${file}: ${target} (no heading #${anchor} in ${linked})`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
