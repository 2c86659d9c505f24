// `--shard i/n`: the i-th of n shares of the targets, round-robin by their order in the
// config file, so each shard is the same on every machine and shards differ by at most one.

export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

/** Parse "i/n"; undefined with the reason when it is not one. */
export function parseShard(text: string): Shard | { error: string } {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!m) return { error: `--shard takes "i/n" (e.g. 1/3), got "${text}"` };
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || index < 1 || index > count) return { error: `--shard ${text}: i must be between 1 and n, and n at least 1` };
  return { index, count };
}

/** The items of this shard: positions index-1, index-1+count, ... of the list. */
export function shardOf<T>(items: readonly T[], shard: Shard): T[] {
  return items.filter((_, i) => i % shard.count === shard.index - 1);
}
