// Real servers nobody here wrote, from the npm registry (pinned in package.json), over stdio,
// every revision each accepts, the whole suite with the default --call-tools readonly policy;
// one test file per server (stdio/<name>.test.ts), so that vitest spreads them over the cores.
// 1. The set of non-passing results must be exactly the reviewed set in
//    test/expected/<server>/*.json (every file of the folder; each entry says why it is true).
// 2. Safety, proven from outside the harness: each server runs behind a small tap that logs
//    every line sent to it and by it. No tools/call may name a listed tool that the policy does
//    not allow (readOnlyHint: true and not destructiveHint: true), and the world is unchanged.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChecks } from '../../harness/checks/runner.js';
import type { RunReport } from '../../harness/checks/result.js';
import { defaultSettings, mayCallTool, type ToolLike } from '../../harness/settings.js';
import { allChecks } from '../../suites/index.js';
import { expectFindings, keepReport } from './http-support.js';

/** Forwards stdin/stdout between the harness and the server, logging both (one file pair per process). */
const TAP = `
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
const [dir, cmd, ...args] = process.argv.slice(2);
const base = join(dir, String(process.pid));
const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'inherit'] });
process.stdin.on('data', (d) => { appendFileSync(base + '.in', d); child.stdin.write(d); });
process.stdin.on('end', () => child.stdin.end());
child.stdin.on('error', () => {});
child.stdout.on('data', (d) => { appendFileSync(base + '.out', d); process.stdout.write(d); });
process.stdout.on('error', () => {});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const s of ['SIGTERM', 'SIGINT']) process.on(s, () => child.kill(s));
`;

interface RealServer {
  /** The folder under test/expected/. */
  name: string;
  entry: string;
  args?(work: string): string[];
  env?(work: string): Record<string, string>;
  /** Listed tools that change the world (never annotated read-only): never to be called. */
  changesWorld?: string[];
  /** Prepare the server's world; returns a check that it was left untouched. */
  world?(work: string): () => void;
}

export const SERVERS: RealServer[] = [
  {
    name: 'server-memory',
    entry: 'node_modules/@modelcontextprotocol/server-memory/dist/index.js',
    // README: "MEMORY_FILE_PATH: Path to the memory storage JSONL file".
    env: (work) => ({ MEMORY_FILE_PATH: join(work, 'memory.jsonl') }),
    changesWorld: ['create_entities', 'create_relations', 'add_observations', 'delete_entities', 'delete_observations', 'delete_relations'],
    // Only the mutating tools write the file: it must not exist afterwards.
    world: (work) => () => expect(existsSync(join(work, 'memory.jsonl'))).toBe(false),
  },
  {
    name: 'server-filesystem',
    entry: 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js',
    args: (work) => [join(work, 'root')],
    changesWorld: ['write_file', 'edit_file', 'create_directory', 'move_file'],
    world: (work) => {
      const root = join(work, 'root');
      mkdirSync(root);
      writeFileSync(join(root, 'keep.txt'), 'left untouched\n');
      return () => {
        expect(readdirSync(root)).toEqual(['keep.txt']);
        expect(readFileSync(join(root, 'keep.txt'), 'utf8')).toBe('left untouched\n');
      };
    },
  },
  {
    name: 'server-sequential-thinking',
    entry: 'node_modules/@modelcontextprotocol/server-sequential-thinking/dist/index.js',
  },
  {
    // Dual era: the TypeScript SDK v2 (serveStdio), tested at 2026-07-28 too.
    name: 'sdk-v2-server',
    entry: 'test/fixtures/sdk-v2-server.mjs',
    args: () => ['stdio'],
    changesWorld: [],
  },
];

const quote = (s: string): string => `"${s.replace(/(["\\$`])/g, '\\$1')}"`;

/** Every JSON-RPC message in the tap's logs, by direction. */
function tapped(dir: string, suffix: '.in' | '.out'): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith(suffix))) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      try {
        const value = JSON.parse(line) as unknown;
        for (const m of Array.isArray(value) ? value : [value]) if (typeof m === 'object' && m !== null) out.push(m as Record<string, unknown>);
      } catch {
        // not a whole JSON line (hostile input of the suite, or a partial frame): not a call
      }
    }
  }
  return out;
}

/** The tests of one server (a file of its own under stdio/): its findings, and the tap's safety. */
export function testTappedServer(name: string): void {
  const server = SERVERS.find((s) => s.name === name);
  if (!server) throw new Error(`no tapped stdio server named ${name} in test/interop/stdio-tapped.ts`);
  const work = mkdtempSync(join(tmpdir(), 'mcp-conformance-interop-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  describe(`${server.name} over stdio (default --call-tools readonly)`, () => defineTests(server, work));
}

function defineTests(server: RealServer, work: string): void {
  const dir = join(work, server.name);
  const logs = join(dir, 'tap');
  let report: RunReport;
  let untouched: (() => void) | undefined;

  beforeAll(async () => {
    mkdirSync(logs, { recursive: true });
    const tap = join(dir, 'tap.mjs');
    writeFileSync(tap, TAP);
    untouched = server.world?.(dir);
    const command = [process.execPath, tap, logs, process.execPath, resolve(server.entry), ...(server.args?.(dir) ?? [])].map(quote).join(' ');
    report = await runChecks({
      target: { kind: 'stdio', command, ...(server.env ? { env: server.env(dir) } : {}) },
      checks: allChecks,
      timeoutMs: 5000,
      concurrency: 4,
      toolVersion: 'test',
      // A fixed seed: the same fuzz inputs in every run, so the findings are the same.
      settings: { ...defaultSettings(), fuzz: { enabled: true, seed: 42, runs: 25 } },
    });
    keepReport(server.name, report);
  }, 170_000);

  it('gets exactly the reviewed findings, each with its reason', () => {
    expect(report.aborted).toBeUndefined();
    expect(report.revisions.filter((r) => r.status === 'accepted').length).toBeGreaterThan(0);
    expectFindings(report, server.name);
  });

  // Every tools/call the server received named a tool it did not list (a probe for an unknown
  // tool) or a listed tool the readonly policy allows; and the server's world is unchanged.
  it('never gets a call to a tool the readonly policy does not allow', () => {
    // name -> allowed in every listing the server sent (the strictest reading across revisions)
    const listed = new Map<string, boolean>();
    for (const m of tapped(logs, '.out')) {
      const tools = (m.result as { tools?: unknown } | undefined)?.tools;
      if (!Array.isArray(tools)) continue;
      for (const t of tools as ToolLike[]) {
        if (typeof t.name === 'string') listed.set(t.name, (listed.get(t.name) ?? true) && mayCallTool({ kind: 'readonly' }, t));
      }
    }
    // The tools that change the world are listed, and the policy forbids them.
    for (const name of server.changesWorld ?? []) expect(listed.get(name), name).toBe(false);
    const called = tapped(logs, '.in')
      .filter((m) => m.method === 'tools/call')
      .map((m) => (m.params as { name?: unknown } | undefined)?.name)
      .filter((n): n is string => typeof n === 'string');
    expect(called.filter((n) => listed.get(n) === false)).toEqual([]);
    // The tap really sees the calls: some allowed tool was called.
    expect(called.filter((n) => listed.get(n) === true).length).toBeGreaterThan(0);
    untouched?.();
  });
}
