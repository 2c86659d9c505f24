// extensions/tasks: the tasks extension of 2026-07-28 (io.modelcontextprotocol/tasks), its own
// pages outside the revision's spec text. Its checks judge one recorded run (run.ts).
import type { Check } from '../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { withoutExtensionChecks } from './without-extension.js';
import { taskGetChecks } from './task-get.js';

export const group: PageGroup<Check> = {
  checks: [...withoutExtensionChecks, ...taskGetChecks],
  excluded: {},
};
