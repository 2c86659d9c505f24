// After `tsc`: one-file (or few-file) builds of what Node starts most often. Node loads one
// file much faster than the hundreds of modules tsc writes.
// - The reference server and client, each as one file in place of its compiled entry. The
//   tests and the self-proof start them thousands of times (56 and 37 modules; about 40 ms
//   less per start on the 2-core machine).
// - The CLI, in dist/cli/: its entry, the --version answer and the relay program, with a chunk
//   per part it loads only on demand (reports, config, client testing). Its 340 modules cost
//   about 70 ms of CPU per run; the dependencies stay in node_modules. The shim in bin/ runs
//   this build; dist/bin, dist/harness and the rest stay for the scripts and tests.
import { rename, rm } from 'node:fs/promises';
import { build } from 'rolldown';

for (const entry of ['dist/reference/server/main.js', 'dist/reference/client/main.js']) {
  const bundled = `${entry}.bundle.js`;
  await build({ input: entry, platform: 'node', logLevel: 'warn', output: { file: bundled, format: 'esm' } });
  await rename(bundled, entry);
}

await rm('dist/cli', { recursive: true, force: true });
await build({
  // relay.js must sit beside the code that spawns it (RELAY_SCRIPT).
  input: { cli: 'dist/bin/cli.js', version: 'dist/bin/version.js', relay: 'dist/harness/transports/serve/relay.js' },
  platform: 'node',
  // Every bare import is a dependency: it stays in node_modules.
  external: [/^[^./]/],
  logLevel: 'warn',
  output: { dir: 'dist/cli', format: 'esm', chunkFileNames: '[name]-[hash].js' },
});
