// The verdicts of a build, id by id, to compare two builds (a refactor must not move them):
//   node scripts/verdicts.mjs [--out FILE] [--check PATTERN] [--targets a,b] [--compare OLD.json]
// Runs the built CLI at a fixed seed against the reference server (stdio, Streamable HTTP,
// HTTP+SSE), server-everything over stdio, and the reference client (HTTP and stdio), and writes
// { "<target> <id>@<revision>": "status[/skipCode]" }. With --compare, prints what moved.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repo = fileURLToPath(new URL('..', import.meta.url));
const { values: opts } = parseArgs({ options: { out: { type: 'string' }, check: { type: 'string' }, targets: { type: 'string' }, compare: { type: 'string' } } });
const node = process.execPath;
const ref = join(repo, 'dist/reference/server/main.js');
const client = join(repo, 'dist/reference/client/main.js');
const everything = join(repo, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');

const TARGETS = {
  'ref-stdio': { args: ['--server', `"${node}" "${ref}"`] },
  'ref-http': { serve: ['--http'], url: (u) => ['--url', u] },
  'ref-sse': { serve: ['--sse'], url: (u) => ['--url', u, '--transport', 'sse'] },
  'everything-stdio': { args: ['--server', `"${node}" "${everything}" stdio`] },
  'client-http': { args: ['client', '--client', `"${node}" "${client}" {url}`], client: true },
  'client-stdio': { args: ['client', '--client', `"${node}" "${client}" --server {server}`], client: true },
};

const wanted = opts.targets ? opts.targets.split(',') : Object.keys(TARGETS);
const verdicts = {};
for (const name of wanted) {
  const t = TARGETS[name];
  if (!t) throw new Error(`unknown target ${name} (known: ${Object.keys(TARGETS).join(', ')})`);
  const out = mkdtempSync(join(tmpdir(), 'mcpc-verdicts-'));
  let server;
  let args = t.args;
  if (t.serve) {
    server = spawn(node, [ref, ...t.serve, '--port', '0'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const url = await new Promise((resolve, reject) => {
      let text = '';
      server.stdout.on('data', (c) => {
        text += c;
        const m = /listening (http:\/\/\S+)/.exec(text);
        if (m) resolve(m[1]);
      });
      server.once('exit', () => reject(new Error(`the reference server for ${name} exited: ${text}`)));
    });
    args = t.url(url);
  }
  const check = opts.check && !t.client ? ['--check', opts.check] : opts.check && t.client ? ['--check', opts.check] : [];
  const run = spawnSync(node, [join(repo, 'bin/mcp-conformance.js'), ...args, ...check, '--seed', '42', '--report', 'json', '--out', out, '-q', '--fail-on', 'none'], { encoding: 'utf8', shell: false });
  server?.kill();
  let report;
  try {
    report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
  } catch {
    console.error(`${name}: no report (exit ${run.status}): ${(run.stderr || run.stdout).trim().split('\n').slice(-1)[0]}`);
    continue;
  }
  rmSync(out, { recursive: true, force: true });
  for (const r of report.results) verdicts[`${name} ${r.id}@${r.revision}`] = r.status === 'skip' ? `skip/${r.skipCode}` : r.status;
  console.error(`${name}: ${report.results.length} results, ${JSON.stringify(report.summary)}`);
}

if (opts.out) writeFileSync(opts.out, `${JSON.stringify(verdicts, null, 1)}\n`);
if (opts.compare) {
  const old = JSON.parse(readFileSync(opts.compare, 'utf8'));
  const keys = [...new Set([...Object.keys(old), ...Object.keys(verdicts)])].sort();
  const targetsRun = new Set(wanted);
  const moved = keys.filter((k) => targetsRun.has(k.split(' ')[0]) && old[k] !== verdicts[k]);
  for (const k of moved) console.log(`${k}: ${old[k] ?? '(none)'} -> ${verdicts[k] ?? '(none)'}`);
  console.log(moved.length === 0 ? 'no verdict moved' : `${moved.length} verdict(s) moved`);
  process.exitCode = moved.length === 0 ? 0 : 1;
}
