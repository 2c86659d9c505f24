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
  { id: 'skills-list-no-cache-hints', transports: BOTH, description: 'SKILL-054: skills/list results carry neither ttlMs nor cacheScope.' },
  { id: 'skills-get-no-cache-hints', transports: BOTH, description: 'SKILL-064: skills/get results carry neither ttlMs nor cacheScope.' },
  { id: 'skills-entry-split-across-pages', transports: BOTH, description: "SKILL-053: the refunds skill's entry is split in two, each with half of its supporting files, on consecutive skills/list pages." },
  { id: 'skills-list-cursor-loop', transports: BOTH, description: 'SKILL-052: the last skills/list page hands out the cursor that led to it, so the listing never ends.' },
  { id: 'skills-get-next-cursor', transports: BOTH, description: 'SKILL-065: skills/get results carry a nextCursor.' },
  { id: 'skills-get-answers-other-skill', transports: BOTH, description: "SKILL-062: skills/get of the listed refunds skill answers with git-workflow's entry." },
  { id: 'skills-read-unserved-file-empty', transports: BOTH, description: 'SKILL-080: resources/read of an unserved file under a skill root gets an empty contents instead of -32602.' },
  { id: 'skills-directory-read-not-implemented', transports: BOTH, description: 'SKILL-003: resources/directory/read answers -32601 though directoryRead: true is declared.' },
  { id: 'skills-directory-result-type-partial', transports: BOTH, description: 'SKILL-070: resources/directory/read results carry resultType "partial" instead of "complete".' },
  { id: 'skills-directory-file-as-directory', transports: BOTH, description: 'SKILL-071: resources/directory/read of a skill file (not a directory) answers an empty listing instead of -32602.' },
  { id: 'skills-directory-recursive', transports: BOTH, description: "SKILL-072: the refunds skill root's directory read also lists templates/credit-note.md, a grandchild." },
  { id: 'skills-directory-subdir-unreadable', transports: BOTH, description: "SKILL-075: resources/directory/read of the refunds skill's templates directory gets -32602, though its file is served." },
  { id: 'skills-directory-trailing-slash', transports: BOTH, description: 'SKILL-073: subdirectories are listed with a trailing slash (.../templates/).' },
  { id: 'skills-directory-pages-overlap', transports: BOTH, description: 'SKILL-074: each later page of a directory read repeats the last child of the page before.' },
] as const satisfies readonly { id: string; description: string; transports?: readonly string[] }[];
