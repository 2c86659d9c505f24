// Faults of the Skills extension (io.modelcontextprotocol/skills, SEP-2640), served at
// 2026-07-28 only, hence `transports` (HTTP+SSE has no 2026-07-28 era). Each entry names the
// digest rule it breaks; each is guarded once with isOn('<id>') under reference/server/skills/.
const BOTH = ['stdio', 'http'] as const;

export const SKILLS_FAULTS = [
  { id: 'skills-without-resources-capability', transports: BOTH, description: 'SKILL-004: server/discover declares the Skills extension but leaves out the resources capability.' },
  { id: 'skills-list-not-implemented', transports: BOTH, description: 'SKILL-002: skills/list answers -32601 though the extension is declared.' },
  { id: 'skills-get-unknown-wrong-code', transports: BOTH, description: 'SKILL-061: skills/get of a uri that names no skill gets -32603 instead of -32602.' },
  { id: 'skills-list-result-type-partial', transports: BOTH, description: 'SKILL-050: skills/list results carry resultType "partial" instead of "complete".' },
  { id: 'skills-entry-without-resources', transports: BOTH, description: 'SKILL-035: Skill entries (skills/list and skills/get) leave out `resources`.' },
  { id: 'skills-name-differs-from-uri', transports: BOTH, description: 'SKILL-032/016: the refunds skill is named "refund" in its entry and its SKILL.md, though its path ends in refunds.' },
  { id: 'skills-name-invalid', transports: BOTH, description: 'SKILL-017: a skill named Release_Notes (uppercase and an underscore) is served at skill://Release_Notes/SKILL.md.' },
  { id: 'skills-md-without-frontmatter', transports: BOTH, description: 'SKILL-012: every SKILL.md is served without its YAML frontmatter block (the body alone; manifests match those bytes).' },
  { id: 'skills-entry-frontmatter-extra', transports: BOTH, description: 'SKILL-030: Skill entries carry a frontmatter field (version) their SKILL.md does not have.' },
  { id: 'skills-manifest-omits-skill-md', transports: BOTH, description: "SKILL-036: array manifests leave out the item for the skill's own SKILL.md." },
  { id: 'skills-digest-uppercase', transports: BOTH, description: 'SKILL-039: manifest digests are written in uppercase hex (sha256:ABC...).' },
  { id: 'skills-digest-over-crlf', transports: BOTH, description: 'SKILL-039: manifest digests cover the files with CRLF line endings, though they are served with LF (sizes stay right).' },
  { id: 'skills-md-mime-plain', transports: BOTH, description: 'SKILL-022: resources/read of a SKILL.md says mimeType text/plain instead of text/markdown.' },
  { id: 'skills-foreign-scheme', transports: BOTH, description: 'SKILL-014: a skill is served under github:// instead of skill://.' },
] as const satisfies readonly { id: string; description: string; transports?: readonly string[] }[];
