// Faults of the Skills extension (io.modelcontextprotocol/skills, SEP-2640), the host side:
// what the client does with a server that declares the extension, driven by the skills contract
// of MCP_CONFORMANCE_CONTEXT (reference/client/skills/). 2026-07-28 only.
import { MODERN, MODERN_TRANSPORTS, type FaultSpec } from './types.js';

export const SKILLS_FAULTS = [
  { id: 'skills-prefetched', digest: 'SKILL-138', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'SKILL-138: reads the SKILL.md of every valid listed skill right after skills/list, ahead of any need.' },
  { id: 'skills-digest-unverified', digest: 'SKILL-130', transports: MODERN_TRANSPORTS, eras: MODERN, description: "SKILL-130: a skill file's bytes are not compared with the entry's digest, so a tampered SKILL.md of the right size is used." },
  { id: 'skills-size-unverified', digest: 'SKILL-131', transports: MODERN_TRANSPORTS, eras: MODERN, description: "SKILL-131: a skill file's byte length is not compared with the entry's size, so a SKILL.md whose digest matches but whose size does not is used." },
  { id: 'skills-frontmatter-unverified', digest: 'SKILL-136', transports: MODERN_TRANSPORTS, eras: MODERN, description: "SKILL-136: a fetched SKILL.md's frontmatter is not compared with the entry's frontmatter, so a skill whose description changed is loaded." },
  { id: 'skills-unlisted-read', digest: 'SKILL-134', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'SKILL-134: a file the contract asks for is read even though the held entry does not list it.' },
  { id: 'skills-directory-extends-manifest', digest: 'SKILL-142', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'SKILL-142/144: a file that resources/directory/read lists but the held entry does not is read as one of the skill\'s files.' },
  { id: 'skills-directory-read-undeclared', digest: 'SKILL-006', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'SKILL-006: after loading a skill, resources/directory/read of its root is sent although the server did not declare directoryRead: true.' },
  { id: 'skills-get-root-uri', digest: 'SKILL-067', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'SKILL-067: skills/get is first sent for the skill root (the SKILL.md uri without /SKILL.md), then for its SKILL.md.' },
  { id: 'skills-listing-trusted', digest: 'SKILL-110', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'SKILL-110: a skill the listing omits is taken not to exist: no skills/get, nothing loaded.' },
  { id: 'skills-keyed-on-name', digest: 'SKILL-106', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'SKILL-106: loaded skills are keyed on their name, so a second skill of the same name counts as loaded and is never read.' },
  { id: 'skills-invalid-entry-loaded', digest: 'SKILL-112', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'SKILL-112: an entry without resources is loaded (its SKILL.md read) instead of refused.' },
  { id: 'skills-relative-from-authority', digest: 'SKILL-119', transports: MODERN_TRANSPORTS, eras: MODERN, description: "SKILL-119: a nested skill's relative file path is resolved against the uri authority (skill://acme/references/GUIDE.md) instead of the skill root, and read unverified." },
  { id: 'skills-used-undeclared', digest: 'SKILL-007', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'SKILL-007: asked to load skills, the client sends skills/list and skills/get to a server whose server/discover does not declare the extension.' },
  { id: 'skills-limits-too-low', digest: 'SKILL-114', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'SKILL-114: a skill whose manifest sums over 8 MiB is declined, although hosts must support up to 512 entries and 16 MiB.' },
  { id: 'skills-reserved-metadata-refused', digest: 'SKILL-033', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'SKILL-033: a skill whose frontmatter metadata carries an unknown io.modelcontextprotocol/ key is refused instead of the key ignored.' },
] as const satisfies readonly FaultSpec[];
