// The requirements of the spec digest that are neither claimed by a check nor excluded, per
// digest prefix: `node scripts/untraced.mjs [PREFIX ...]` (reads dist/: build first).
// Each is shown as ID(side,level), side s/c and level M/S/(M)AY.
import { coverage, readDigest, registry } from './coverage.mjs';

const only = process.argv.slice(2);
const digest = readDigest();
const level = new Map(digest.map((d) => [d.id, d.level]));
const rows = coverage(digest, await registry());
const byPrefix = new Map();
for (const r of rows) {
  const prefix = r.id.split('-')[0];
  if (only.length > 0 && !only.includes(prefix)) continue;
  const entry = byPrefix.get(prefix) ?? { total: 0, untraced: [] };
  entry.total++;
  if (r.claimants.length === 0 && !r.exclusion) entry.untraced.push(`${r.id}(${r.side[0]},${level.get(r.id)?.[0]})`);
  byPrefix.set(prefix, entry);
}
let untraced = 0;
for (const [prefix, e] of byPrefix) {
  untraced += e.untraced.length;
  console.log(`${prefix}: ${e.untraced.length} of ${e.total} untraced ${e.untraced.join(' ')}`);
}
console.log(`${untraced} untraced`);
