// `npm run compat`: the public compatibility table, docs/compatibility.md and .html, made from the
// reviewed findings the interop tests pin: test/expected/<target>/*.json for the servers (their
// packages and labels are scripts/docs.mjs's EXPECTED_TARGETS), scripts/compat/clients.mjs for the
// clients. It runs nothing and reads no clock: test/compat.test.ts renders it again and compares.
// `node scripts/compat.mjs --out <dir>` writes the two files under <dir> instead of docs/.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CLIENTS } from './compat/clients.mjs';
import { renderHtml } from './compat/html.mjs';
import { EXPECTED_TARGETS } from './docs.mjs';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const readJson = (path) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));
export const REVISIONS = readJson('schema/revisions.json').revisions.map((r) => r.id);
const LEGACY = readJson('schema/revisions.json')
  .revisions.filter((r) => r.era === 'legacy')
  .map((r) => r.id);

/**
 * What the interop tests record of the revisions a server target was run at, beyond its findings
 * (a finding at a revision proves it was run there). accepted: the test asserts exactly these;
 * refused: recorded as refused; notRun: not run there (with the reason); note: said under its heading.
 */
const HTTP_AREAS_ONLY = 'only the HTTP areas (http, sse, auth) are run against it, and Streamable HTTP and authorization begin at 2025-03-26';
const SOMETIMES = 'lifecycle.no-requests-before-initialized (warn, 2024-11-05 – 2025-11-25) shows in some runs only (its own timer racing the handshake): test/interop/published.ts tolerates it, and it is not counted here';
const RECORDED = {
  fastmcp: { note: SOMETIMES },
  'fastmcp-http': { note: SOMETIMES },
  'server-everything-http': { accepted: LEGACY, notRun: { '2024-11-05': HTTP_AREAS_ONLY }, source: 'test/interop/http-everything.test.ts' },
  'server-everything-sse': { accepted: LEGACY, source: 'test/interop/http-everything.test.ts' },
  'sdk-example-http': { notRun: { '2024-11-05': HTTP_AREAS_ONLY }, source: 'test/interop/http-sdk.test.ts' },
  'sdk-v2-server-http': { accepted: REVISIONS, source: 'test/interop/http-sdk-v2.test.ts' },
  'kubernetes-http': { refused: ['2026-07-28'], source: 'test/expected/kubernetes-http ("over HTTP it refuses 2026-07-28")' },
};

/** The transport, from the target's label (scripts/docs.mjs words them all "over stdio", "HTTP+SSE" or an HTTP one). */
const transportOf = (label) => (/over stdio/.test(label) ? 'stdio' : /HTTP\+SSE/.test(label) ? 'HTTP+SSE' : 'Streamable HTTP');

/** GitHub's anchor of a heading (the same rule test/docs.test.ts checks links with). */
export const anchorOf = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

/** A list of revisions as ranges of the revision table ("2024-11-05 – 2025-06-18, 2026-07-28"). */
export function rangesOf(revisions) {
  const at = revisions.map((r) => REVISIONS.indexOf(r)).sort((a, b) => a - b);
  const runs = [];
  for (const i of at) {
    const last = runs.at(-1);
    if (last && i === last[1] + 1) last[1] = i;
    else runs.push([i, i]);
  }
  return runs.map(([a, b]) => (a === b ? REVISIONS[a] : `${REVISIONS[a]} – ${REVISIONS[b]}`)).join(', ');
}

/**
 * One cell: { kind, fail, warn, note }. kind: 'findings' | 'clean' (run, nothing found) |
 * 'refused' | 'not-run' | 'unrecorded' (no finding, and whether it was run is not recorded).
 */
function cellOf(target, revision) {
  const at = target.findings.filter((f) => f.revisions.includes(revision));
  const fail = at.filter((f) => f.status === 'fail').length;
  const warn = at.filter((f) => f.status === 'warn').length;
  if (at.length) return { kind: 'findings', fail, warn };
  const rec = target.recorded;
  if (rec.notRun?.[revision]) return { kind: 'not-run', note: rec.notRun[revision] };
  if (rec.refused?.includes(revision) || (rec.accepted && !rec.accepted.includes(revision))) return { kind: 'refused' };
  if (rec.accepted?.includes(revision)) return { kind: 'clean' };
  return { kind: 'unrecorded' };
}

export const cellText = (c) =>
  ({
    findings: [c.fail && `${c.fail} fail`, c.warn && `${c.warn} warn`].filter(Boolean).join(' · '),
    clean: 'clean',
    refused: '—',
    'not-run': 'not run',
    unrecorded: 'not recorded',
  })[c.kind];

/** Every row: the servers of test/expected/, then the clients, each with its findings and cells. */
export function model() {
  const { devDependencies } = readJson('package.json');
  const dirs = readdirSync(join(ROOT, 'test/expected')).sort();
  const unknown = dirs.filter((d) => !EXPECTED_TARGETS[d]);
  if (unknown.length) throw new Error(`scripts/compat.mjs: scripts/docs.mjs EXPECTED_TARGETS has no entry for test/expected/${unknown.join(', ')}`);
  const servers = dirs.map((name) => {
    const { label, package: pkg } = EXPECTED_TARGETS[name];
    const files = readdirSync(join(ROOT, 'test/expected', name)).sort();
    const findings = files.flatMap((f) => readJson(`test/expected/${name}/${f}`).nonPassing);
    return { kind: 'server', name, label, package: pkg, version: devDependencies[pkg], transport: transportOf(label), findings, recorded: RECORDED[name] ?? {}, source: `test/expected/${name}/` };
  });
  const clients = CLIENTS.map((c) => ({ kind: 'client', ...c, version: devDependencies[c.package], recorded: { accepted: c.accepted, notRun: c.notRun, source: c.findings[0]?.source }, source: [...new Set(c.findings.map((f) => f.source))].join(', ') }));
  const rows = [...servers, ...clients].map((t) => ({ ...t, anchor: anchorOf(t.name), cells: REVISIONS.map((r) => cellOf(t, r)) }));
  const rules = new Map();
  for (const t of rows) {
    for (const f of t.findings) {
      if (!rules.has(f.id)) rules.set(f.id, []);
      rules.get(f.id).push({ target: t, ...f });
    }
  }
  const ruleList = [...rules.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, entries]) => ({ id, anchor: anchorOf(`\`${id}\``), entries }));
  return { rows, rules: ruleList };
}

export const INTRO = [
  'Which published MCP implementations follow which rules of the specification, revision by revision.',
  'Nothing here is typed in by hand: it is made by `npm run compat` from the findings the interop',
  'tests of this repository pin (`npm run test:interop`, also run in CI). Each server, at the version',
  '`package.json` pins, is run through the whole suite (fuzz seed 42, the default `--call-tools',
  'readonly`), every revision it accepts; each client through the client suites (no fuzzing). Every',
  "non-passing result was reviewed against the sentence of the spec it breaks, at that revision, and",
  "the test fails when a run's findings differ from the reviewed ones (`test/expected/<target>/` for",
  'the servers, the client tests for the clients). The fuzz checks run once per target, at its newest',
  'accepted revision. Passing counts are not recorded in the repository, so only findings are shown.',
];

export const LEGEND = [
  ['"2 fail · 3 warn"', 'the reviewed findings at that revision: a fail breaks a MUST, a warn departs from a SHOULD (or JSON-RPC text MCP does not restate)'],
  ['clean', 'run at that revision (recorded by its test), no finding'],
  ['—', 'the target does not support that revision (recorded by its test)'],
  ['not run', 'its test does not run it at that revision (the reason is under the target)'],
  ['not recorded', 'no finding at that revision, and its test does not record whether the target accepted it: it either refused the revision or passed'],
];

/** The sentences under a target's heading: what its run was, and where its revisions are recorded. */
export function notesOf(t, revisions) {
  const notes = t.cells.map((c, i) => (c.note ? `${revisions[i]} not run: ${c.note}.` : '')).filter(Boolean);
  if (t.kind === 'client') notes.push(`Run: ${t.run}.`);
  if (t.recorded.note) notes.push(`${t.recorded.note}.`);
  if (t.recorded.source) notes.push(`The revisions it was run at are recorded in ${t.recorded.source}.`);
  return notes;
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const md = (s) => String(s).replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/\s+/g, ' ');
const whatOf = (t) => `\`${t.package}\`${t.version ? ` ${t.version}` : ''}`;

function table(rows) {
  const out = [`| Target | Package | Transport | ${REVISIONS.join(' | ')} |`, `|---|---|---|${REVISIONS.map(() => '---').join('|')}|`];
  for (const t of rows) {
    const cells = t.cells.map((c) => (c.kind === 'findings' ? `[${cellText(c)}](#${t.anchor})` : cellText(c)));
    out.push(`| [${t.name}](#${t.anchor}) | ${whatOf(t)} | ${t.transport} | ${cells.join(' | ')} |`);
  }
  return out;
}

export function renderMarkdown({ rows, rules }) {
  const ruleOf = new Map(rules.map((r) => [r.id, r]));
  const out = ['# Compatibility: which implementations follow which rules', '', '<!-- Generated by `npm run compat` from test/expected/ and scripts/compat/clients.mjs; do not edit. -->', '', ...INTRO, ''];
  out.push(...LEGEND.map(([k, v]) => `- ${k}: ${v}.`), '');
  out.push('## Servers', '', ...table(rows.filter((t) => t.kind === 'server')), '');
  out.push('## Clients', '', ...table(rows.filter((t) => t.kind === 'client')), '');
  out.push('## Findings by target', '');
  for (const t of rows) {
    out.push(`### ${t.name}`, '', `${md(cap(t.label))} (${whatOf(t)}). Pinned in ${t.source.split(', ').map((s) => `\`${s}\``).join(', ')}.`);
    const notes = notesOf(t, REVISIONS);
    if (notes.length) out.push('', md(notes.join(' ')));
    out.push('');
    if (t.findings.length === 0) out.push('No findings.', '');
    for (const f of t.findings) out.push(`- [\`${f.id}\`](#${ruleOf.get(f.id).anchor}): ${f.status} at ${rangesOf(f.revisions)}`);
    if (t.findings.length) out.push('');
  }
  out.push('## Rules broken', '', 'Each rule some implementation breaks, who breaks it, where, and why (the reviewed text).', '');
  for (const r of rules) {
    const who = new Set(r.entries.map((e) => e.target.name)).size;
    out.push(`### \`${r.id}\``, '', `Broken by ${who} target${who === 1 ? '' : 's'}.`, '');
    for (const e of r.entries) out.push(`- [${e.target.name}](#${e.target.anchor}) (${whatOf(e.target)}, ${e.target.transport}): **${e.status}** at ${rangesOf(e.revisions)}. ${md(e.why)}`);
    out.push('');
  }
  return `${out.join('\n').trimEnd()}\n`;
}

/** The two files: [{ path (relative to the root), content }]. */
export function renderCompat() {
  const m = model();
  return [
    { path: 'docs/compatibility.md', content: renderMarkdown(m) },
    { path: 'docs/compatibility.html', content: renderHtml(m, { revisions: REVISIONS, intro: INTRO, legend: LEGEND, cellText, rangesOf, notesOf }) },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--out');
  const out = at >= 0 ? resolve(process.argv[at + 1] ?? '.') : ROOT;
  for (const { path, content } of renderCompat()) {
    const file = join(out, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
    process.stdout.write(`wrote ${file}\n`);
  }
}
