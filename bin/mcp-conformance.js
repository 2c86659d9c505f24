#!/usr/bin/env node
// The CLI shim: hands over to the bundled CLI in dist/cli/ (built by `npm pack`, or by
// `npm run build` in a checkout; see scripts/bundle.mjs), which loads the rest only as far as
// the command needs; a lone --version loads only the file that answers it.
import { existsSync } from 'node:fs';
import module from 'node:module';

// Node 22.1+ keeps compiled code between runs (the generated validators are large): about
// 0.25 s less CPU per run. Absent on Node 20; NODE_DISABLE_COMPILE_CACHE=1 turns it off.
module.enableCompileCache?.();

const cli = new URL('../dist/cli/cli.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write('mcp-conformance: the tool is not built; run `npm run build` in its folder first.\n');
  process.exit(2);
}
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  const { versionText } = await import(new URL('../dist/cli/version.js', import.meta.url).href);
  process.stdout.write(versionText());
} else {
  const { main } = await import(cli.href);
  process.exitCode = await main(args);
}
