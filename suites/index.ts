// The registry of every check, in report order. Adding a suite file = one line here.
import type { Check } from '../harness/checks/check.js';
import { baseChecks } from './server/base.js';
import { lifecycleChecks } from './server/lifecycle.js';
import { pingChecks } from './server/ping.js';
import { schemaChecks } from './server/schema.js';
import { stdioChecks } from './server/stdio.js';
import { versionChecks } from './server/version.js';

export const serverChecks: readonly Check[] = [
  ...lifecycleChecks,
  ...versionChecks,
  ...baseChecks,
  ...pingChecks,
  ...stdioChecks,
  ...schemaChecks,
];

export const allChecks: readonly Check[] = [...serverChecks];
