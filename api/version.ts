// The tool's own version, from its package.json (reports carry it).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../harness/schema.js';

let version: string | undefined;

export function toolVersion(): string {
  version ??= (JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { version: string }).version;
  return version;
}
