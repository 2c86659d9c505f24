// node scripts/verdicts.mjs OUT.json: the verdict of every check against the reference server
// (clean, every revision, stdio, Streamable HTTP and HTTP+SSE) and the reference client (stdio
// and HTTP), at a fixed seed, as {"<id>@<revision> <transport>": status}. Run before and after
// a refactoring that must not change a verdict, and compare (`--compare A.json B.json`).
// It runs against dist/: `npm run build` first.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const args = process.argv.slice(2);

if (args[0] === '--compare') {
  const [a, b] = [JSON.parse(readFileSync(args[1], 'utf8')), JSON.parse(readFileSync(args[2], 'utf8'))];
  const renamed = args[3] ? JSON.parse(readFileSync(args[3], 'utf8')) : {};
  const rename = (key) => key.replace(/^[^@]+/, (id) => renamed[id] ?? id);
  const before = new Map(Object.entries(a).map(([k, v]) => [rename(k), v]));
  const diffs = [];
  for (const [k, v] of Object.entries(b)) if (before.get(k) !== v) diffs.push(`${k}: ${before.get(k) ?? 'absent'} -> ${v}`);
  for (const k of before.keys()) if (!(k in b)) diffs.push(`${k}: ${before.get(k)} -> absent`);
  console.log(diffs.length ? diffs.join('\n') : `identical: ${Object.keys(b).length} verdicts`);
  process.exit(diffs.length ? 1 : 0);
}

const out = args[0];
if (!out) throw new Error('usage: node scripts/verdicts.mjs OUT.json | --compare A.json B.json [renamed.json]');
const { testServer, testClient } = await import(pathToFileURL(join(ROOT, 'dist/api/index.js')).href);
const { spawn } = await import('node:child_process');
const MAIN = join(ROOT, 'dist/reference/server/main.js');
const CLIENT = join(ROOT, 'dist/reference/client/main.js');
const common = { timeout: 3000, seed: 42, fuzzRuns: 5, concurrency: 8 };
const verdicts = {};
const keep = (report) => {
  for (const r of report.results) verdicts[`${r.id}@${r.revision} ${r.transport}`] = r.status;
};

async function http(flag, use) {
  const child = spawn(process.execPath, [MAIN, flag, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((ok) => child.stdout.on('data', (d) => { const m = /listening (http:\/\/\S+)/.exec(String(d)); if (m) ok(m[1]); }));
  try {
    return await use(url);
  } finally {
    child.kill();
  }
}

keep(await testServer({ ...common, server: `"${process.execPath}" "${MAIN}"` }));
keep(await http('--http', (url) => testServer({ ...common, url })));
keep(await http('--sse', (url) => testServer({ ...common, url, transport: 'sse' })));
keep(await testClient({ ...common, client: `"${process.execPath}" "${CLIENT}" {url}` }));
keep(await testClient({ ...common, client: `"${process.execPath}" "${CLIENT}" {server}` }));
writeFileSync(out, `${JSON.stringify(Object.fromEntries(Object.entries(verdicts).sort()), null, 1)}\n`);
console.log(`${Object.keys(verdicts).length} verdicts written to ${out}`);
