// extensions/skills: the Skills extension (io.modelcontextprotocol/skills, SEP-2640), final since
// 2026-09-13, its own page outside the revisions. Its checks judge one recorded look at the
// server's skills (look.ts), in the page's order; every other requirement of the digest
// (13-skills-extension.md) that binds a server is listed as missing (issue 39).
import type { Check } from '../../../../harness/checks/check.js';
import type { Exclusions } from '../../../../harness/checks/exclusion.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { declarationChecks } from './declaration.js';
import { entryChecks } from './entries.js';
import { byteChecks } from './bytes.js';
import { fileChecks } from './files.js';
import { manifestChecks } from './manifest.js';
import { methodChecks } from './methods.js';
import { nameChecks } from './names.js';

const NOT_YET = 'The Skills extension (SEP-2640) became final in September 2026; no server check judges this rule yet.';

const SERVER_REQUIREMENTS = [
  'SKILL-003',
  'SKILL-005',
  'SKILL-010',
  'SKILL-013',
  'SKILL-015',
  'SKILL-018',
  'SKILL-019',
  'SKILL-020',
  'SKILL-021',
  'SKILL-023',
  'SKILL-024',
  'SKILL-025',
  'SKILL-026',
  'SKILL-033',
  'SKILL-034',
  'SKILL-040',
  'SKILL-041',
  'SKILL-042',
  'SKILL-043',
  'SKILL-051',
  'SKILL-052',
  'SKILL-053',
  'SKILL-054',
  'SKILL-062',
  'SKILL-063',
  'SKILL-064',
  'SKILL-065',
  'SKILL-066',
  'SKILL-070',
  'SKILL-071',
  'SKILL-072',
  'SKILL-073',
  'SKILL-074',
  'SKILL-075',
  'SKILL-076',
  'SKILL-077',
  'SKILL-080',
  'SKILL-081',
  'SKILL-082',
  'SKILL-083',
  'SKILL-084',
];

export const group: PageGroup<Check> = {
  checks: [...declarationChecks, ...methodChecks, ...nameChecks, ...entryChecks, ...manifestChecks, ...fileChecks, ...byteChecks],
  excluded: Object.fromEntries(SERVER_REQUIREMENTS.map((id) => [id, { reason: 'missing', detail: NOT_YET, side: 'server' }])) as Exclusions,
};
