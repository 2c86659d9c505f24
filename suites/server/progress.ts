// The progress suite (filled in by its own work; registered in suites/index.ts).
import type { Check } from '../../harness/checks/check.js';

export const progressChecks: Check[] = [];
