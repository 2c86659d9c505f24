#!/usr/bin/env node
// The CLI shim: answers --version without loading anything, then hands over to the
// compiled CLI (built by `npm ci` through the prepare script).
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  process.stdout.write(`${pkg.version}\n`);
} else {
  let cli;
  try {
    cli = await import('../dist/bin/cli.js');
  } catch (error) {
    if (error && error.code === 'ERR_MODULE_NOT_FOUND') {
      process.stderr.write('mcp-conformance: the tool is not built; run `npm ci` (or `npm run build`) in its folder first.\n');
      process.exit(2);
    }
    throw error;
  }
  process.exitCode = await cli.main(args);
}
