// `--version`: the tool's version and the MCP schema revisions it carries (their generated
// validators are present). Reads two small files and loads nothing else.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toolVersion } from '../api/version.js';
import { projectRoot } from '../harness/schema.js';

export function versionText(): string {
  const root = projectRoot();
  const { revisions } = JSON.parse(readFileSync(join(root, 'schema', 'revisions.json'), 'utf8')) as { revisions: { id: string }[] };
  const carried = revisions.map((r) => (existsSync(join(root, 'schema', 'generated', r.id, 'validators.js')) ? r.id : `${r.id} (not generated)`));
  return `mcp-conformance ${toolVersion()}\nMCP schema revisions: ${carried.join(', ')}\n`;
}
