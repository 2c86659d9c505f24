// extensions/skills: the Skills extension (io.modelcontextprotocol/skills, SEP-2640), final since
// 2026-09-13, its own page outside the revisions. Its checks judge one recorded look at the
// server's skills (look.ts), in the page's order; every other requirement of the digest
// (13-skills-extension.md) that binds a server is excluded with the digest's reason.
import type { Check } from '../../../../harness/checks/check.js';
import type { Exclusions } from '../../../../harness/checks/exclusion.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { declarationChecks } from './declaration.js';
import { entryChecks } from './entries.js';
import { byteChecks } from './bytes.js';
import { directoryChecks } from './directory.js';
import { fileChecks } from './files.js';
import { manifestChecks } from './manifest.js';
import { methodChecks } from './methods.js';
import { nameChecks } from './names.js';
import { nestingChecks } from './nesting.js';
import { getEntryChecks } from './get-entry.js';
import { uriPartChecks } from './uri-parts.js';
import { resourceMetadataChecks } from './resource-metadata.js';
import { frontmatterMetadataChecks } from './frontmatter-metadata.js';
import { limitChecks } from './limits.js';
import { errorMessageChecks } from './error-messages.js';
import { resultChecks } from './results.js';


/** Server rules of the digest that no check can or need judge, each with the digest's reason. */
const NOT_JUDGED: Exclusions = {
  'SKILL-010': { reason: 'judged-elsewhere', detail: 'Only the parts of the Agent Skills format the page restates are checkable: SKILL-011, -012, -016 and -017 judge them.', side: 'server' },
  'SKILL-013': { reason: 'informative', detail: 'A skill MAY contain additional files and subdirectories.', side: 'server' },
  'SKILL-015': { reason: 'informative', detail: 'A skill path MAY be one segment or nested; the name is taken from the segment before /SKILL.md.', side: 'server' },
  'SKILL-020': { reason: 'informative', detail: "Skills MAY nest; a nested skill is an ordinary entry (whose files the enclosing manifest lists: skills.nested-files-in-enclosing-manifest, SKILL-040).", side: 'server' },
  'SKILL-021': { reason: 'informative', detail: 'A server MAY use another scheme; skills.uri-scheme only warns.', side: 'server' },
  'SKILL-025': { reason: 'informative', detail: 'Servers MAY expose more frontmatter fields in _meta.', side: 'server' },
  'SKILL-041': { reason: 'judged-elsewhere', detail: 'Not directly observable: its symptom, a digest or size that does not match the bytes read back, is skills.file-bytes-match-manifest (SKILL-038/-039).', side: 'server' },
  'SKILL-042': { reason: 'not-observable', detail: 'An expectation on server authors with no wire behaviour.', side: 'server' },
  'SKILL-051': { reason: 'informative', detail: 'The listing MAY be empty or partial; an empty one skips the entry checks with a reason.', side: 'server' },
  'SKILL-076': { reason: 'informative', detail: 'A server MAY serve resources/directory/read on any directory resource.', side: 'server' },
  'SKILL-077': { reason: 'informative', detail: 'A server without directoryRead need not know the method; the tool never calls it there (SKILL-006).', side: 'server' },
  'SKILL-081': { reason: 'not-observable', detail: 'An internal error cannot be provoked from outside.', side: 'server' },
  'SKILL-083': { reason: 'not-observable', detail: 'Methods cannot be enumerated, so a reserved name used otherwise is not seen; the frontmatter part is SKILL-033.', side: 'server' },
  'SKILL-084': { reason: 'not-observable', detail: 'An intermediary looks like the origin server, which may use the prefix (SKILL-026).', side: 'server' },
};

export const group: PageGroup<Check> = {
  checks: [...declarationChecks, ...methodChecks, ...nameChecks, ...uriPartChecks, ...entryChecks, ...frontmatterMetadataChecks, ...manifestChecks, ...nestingChecks, ...limitChecks, ...resultChecks, ...getEntryChecks, ...fileChecks, ...resourceMetadataChecks, ...byteChecks, ...directoryChecks, ...errorMessageChecks],
  excluded: NOT_JUDGED,
};
