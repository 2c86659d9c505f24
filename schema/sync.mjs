// Copies the official MCP schema.json of every revision in revisions.json from
// MCP_SCHEMA_DIR (default <project>/../shared/mcp-schema) into schema/official/<rev>/,
// refusing any file whose sha256 differs from the pinned one. Runs during `npm ci`, so a
// failure is one plain sentence on stderr and exit code 1, never a stack trace.
// MCP_SCHEMA_OUT overrides the destination (tests sync into a temp dir).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = dirname(here); // schema/ sits directly in the project root
const sourceDir = resolve(process.env.MCP_SCHEMA_DIR || join(root, '..', 'shared', 'mcp-schema'));
const outDir = resolve(process.env.MCP_SCHEMA_OUT || join(here, 'official'));

function fail(sentence) {
  process.stderr.write(`mcp-conformance: ${sentence}\n`);
  process.exit(1);
}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

function readIfPresent(file) {
  try {
    return readFileSync(file);
  } catch (err) {
    if (err && err.code === 'ENOENT') return undefined;
    throw err;
  }
}

function main() {
  const { revisions } = JSON.parse(readFileSync(join(here, 'revisions.json'), 'utf8'));
  // Verify every revision before writing any, so a bad source leaves the destination alone.
  const todo = [];
  for (const { id, sha256: expected } of revisions) {
    const src = join(sourceDir, id, 'schema.json');
    const dest = join(outDir, id, 'schema.json');
    const present = readIfPresent(dest);
    if (present && sha256(present) === expected) continue; // already in place: keep re-runs fast
    const bytes = readIfPresent(src);
    if (bytes === undefined) {
      fail(`schema for ${id} not found at ${src}; set MCP_SCHEMA_DIR to the folder holding the official MCP schemas.`);
    }
    const actual = sha256(bytes);
    if (actual !== expected) {
      fail(`schema for ${id} at ${src} has sha256 ${actual} but schema/revisions.json pins ${expected}; it is not the official file.`);
    }
    todo.push({ dest, bytes });
  }
  for (const { dest, bytes } of todo) {
    // Write the bytes that were hashed; temp + rename also replaces a read-only stale copy.
    mkdirSync(dirname(dest), { recursive: true });
    writeFileSync(`${dest}.tmp`, bytes);
    renameSync(`${dest}.tmp`, dest);
  }
  console.log(`schema: ${revisions.length} revisions in ${outDir} (${todo.length} copied)`);
}

try {
  main();
} catch (err) {
  // Anything unexpected (unreadable dir, bad revisions.json): still one line, no stack.
  fail(`schema sync failed: ${err instanceof Error ? err.message : String(err)}`);
}
