// --shard i/n: round-robin by the order of the config file, every target in exactly one
// shard, the same split on every machine; and the concurrency budget split between targets.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseShard, shardOf, type Shard } from '../harness/config/shard.js';
import { splitBudget } from '../api/run-targets.js';
import type { CombinedReport } from '../reports/combined.js';
import { runCli } from './helpers/cli.js';
import { referenceCommand } from './helpers/reference.js';

describe('parseShard', () => {
  it('reads i/n and refuses anything else in one sentence', () => {
    expect(parseShard('1/3')).toEqual({ index: 1, count: 3 });
    expect(parseShard(' 3 / 3 ')).toEqual({ index: 3, count: 3 });
    expect(parseShard('0/3')).toEqual({ error: '--shard 0/3: i must be between 1 and n, and n at least 1' });
    expect(parseShard('4/3')).toEqual({ error: '--shard 4/3: i must be between 1 and n, and n at least 1' });
    expect(parseShard('1of3')).toEqual({ error: '--shard takes "i/n" (e.g. 1/3), got "1of3"' });
  });
});

describe('shardOf', () => {
  const items = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
  const all = (count: number) => Array.from({ length: count }, (_, i) => shardOf(items, { index: i + 1, count }));

  it('is round-robin by position', () => {
    expect(all(3)).toEqual([['a', 'd', 'g'], ['b', 'e'], ['c', 'f']]);
  });

  it('puts every item in exactly one shard, with sizes at most one apart, for any n', () => {
    for (let count = 1; count <= 10; count++) {
      const shards = all(count);
      expect(shards.flat().sort()).toEqual(items);
      const sizes = shards.map((s) => s.length);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    }
  });

  it('leaves shards beyond the number of items empty', () => {
    const shard: Shard = { index: 9, count: 9 };
    expect(shardOf(items, shard)).toEqual([]);
  });
});

describe('splitBudget', () => {
  it('runs as many targets at once as the budget allows and gives the rest to their checks', () => {
    expect(splitBudget(4, 1)).toEqual({ targetsAtOnce: 1, checksPerTarget: 4 });
    expect(splitBudget(4, 2)).toEqual({ targetsAtOnce: 2, checksPerTarget: 2 });
    expect(splitBudget(4, 3)).toEqual({ targetsAtOnce: 3, checksPerTarget: 1 });
    expect(splitBudget(4, 10)).toEqual({ targetsAtOnce: 4, checksPerTarget: 1 });
    expect(splitBudget(8, 3)).toEqual({ targetsAtOnce: 3, checksPerTarget: 2 });
    expect(splitBudget(1, 5)).toEqual({ targetsAtOnce: 1, checksPerTarget: 1 });
  });
});

describe('--shard through the CLI', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('runs only its share, records it in combined.json, and an empty shard passes', { timeout: 60_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcpc-shard-'));
    dirs.push(dir);
    const target = (name: string) => ({ name, server: referenceCommand() });
    await writeFile(
      join(dir, 'mcp-conformance.config.json'),
      JSON.stringify({ suite: 'ping', spec: '2025-06-18', fuzz: false, targets: [target('one'), target('two'), target('three')] }),
    );
    const second = await runCli(['--shard', '2/2', '--out', 'shard-2'], { cwd: dir });
    expect(second.code, second.stderr).toBe(0);
    const combined = JSON.parse(await readFile(join(dir, 'shard-2', 'combined.json'), 'utf8')) as CombinedReport;
    expect(combined.targets.map((t) => t.name)).toEqual(['two']);
    expect(combined.shards).toEqual([{ index: 2, count: 2 }]);
    expect(second.stdout).toContain('1 target from mcp-conformance.config.json, shard 2/2');

    const empty = await runCli(['--shard', '4/4', '--report', 'json', '--out', 'shard-4'], { cwd: dir });
    expect(empty.code, empty.stderr).toBe(0);
    const none = JSON.parse(await readFile(join(dir, 'shard-4', 'combined.json'), 'utf8')) as CombinedReport;
    expect(none.targets).toEqual([]);
    expect(none.exitCode).toBe(0);

    const picked = await runCli(['--target', 'three,one', '--shard', '2/2', '--out', 'picked'], { cwd: dir });
    const pickedReport = JSON.parse(await readFile(join(dir, 'picked', 'combined.json'), 'utf8')) as CombinedReport;
    expect(picked.code).toBe(0);
    expect(pickedReport.targets.map((t) => t.name)).toEqual(['three']); // --target keeps the file's order: one, three

    const bad = await runCli(['--shard', '3/2'], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('mcp-conformance: --shard 3/2: i must be between 1 and n, and n at least 1\n');
  });
});
