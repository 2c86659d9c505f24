// npm run bench, second section: fuzz throughput against the reference stdio server, in
// messages per second (inputs plus ping fences, both directions' work included), per property
// and overall. Each property runs on its own connection, one after the other, with a fixed
// seed; the time counted is the fuzzing itself (not the start of the server or discovery).
//   node scripts/bench-fuzz.mjs [runs per property, default 1000] [--json <file>]
// (scripts/bench.mjs runs it as its second section and keeps the --json figures.)
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runChecks } from '../dist/harness/checks/runner.js';
import { stdioFraming } from '../dist/harness/fuzz/framing.js';
import { answersOnce, errorCodes, notificationsUnanswered, survives } from '../dist/harness/fuzz/properties.js';
import { corpusFor } from '../dist/harness/fuzz/corpus.js';
import { runProperty } from '../dist/harness/fuzz/run.js';

const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const jsonFile = jsonAt >= 0 ? args.splice(jsonAt, 2)[1] : undefined;
const runs = Number(args[0] ?? 1000);
const command = `"${process.execPath}" "${fileURLToPath(new URL('../dist/reference/server/main.js', import.meta.url))}"`;
const properties = [survives, answersOnce, errorCodes, notificationsUnanswered, stdioFraming];
const rows = [];

const check = {
  id: 'fuzz.bench',
  title: 'fuzz throughput benchmark',
  spec: { url: 'basic', level: 'MUST' },
  side: 'server',
  revisions: '2025-11-25',
  transports: 'any',
  faults: [],
  connection: 'own',
  deadlineMs: () => 600_000,
  async run(ctx) {
    await corpusFor(ctx);
    for (const prop of properties) {
      const started = performance.now();
      const r = await runProperty(ctx, prop, { seed: 42, runs, budgetMs: 300_000 });
      const seconds = (performance.now() - started) / 1000;
      // A finding is not a bench failure (it is the fuzzing's job): only a broken harness is.
      if (r.problem) throw new Error(`${prop.name}: ${r.problem}`);
      if (r.failure) console.log(`fuzz ${prop.name}: the reference answered one input as it should not (${r.failure.judgement.actual.slice(0, 160)})`);
      rows.push({ name: prop.name, messages: r.stats.messages, inputs: r.stats.inputs, seconds });
    }
    return ctx.pass();
  },
};

const report = await runChecks({ target: { kind: 'stdio', command }, checks: [check], revisions: ['2025-11-25'], timeoutMs: 5000, concurrency: 1, toolVersion: 'bench' });
const result = report.results[0];
if (result?.status !== 'pass') throw new Error(`benchmark run failed: ${result?.status} ${result?.reason ?? ''}`);
let messages = 0;
let seconds = 0;
for (const r of rows) {
  messages += r.messages;
  seconds += r.seconds;
  console.log(`fuzz ${r.name.padEnd(26)} ${String(r.messages).padStart(6)} messages in ${r.seconds.toFixed(2)} s  ${Math.round(r.messages / r.seconds)} msg/s`);
}
console.log(`fuzz throughput (reference, stdio)  ${messages} messages in ${seconds.toFixed(2)} s  ${Math.round(messages / seconds)} msg/s`);
if (jsonFile) {
  const properties = rows.map((r) => ({ ...r, seconds: Math.round(r.seconds * 100) / 100, perSecond: Math.round(r.messages / r.seconds) }));
  writeFileSync(jsonFile, JSON.stringify({ runsPerProperty: runs, messages, seconds: Math.round(seconds * 100) / 100, perSecond: Math.round(messages / seconds), properties }));
}
