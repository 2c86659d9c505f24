// Skills, host side: how a client reaches the skills it is asked to load, in the load scenario
// (suites/client/scenarios/skills.ts). The server declares the extension as {} (no
// directoryRead); its listing omits one skill that skills/get serves, holds two skills named
// refunds at different paths, and one entry with no resources at all. The undeclared scenario
// serves a skill through the same methods without declaring the extension.
import { defineClientChecks } from '../../../../harness/checks/define.js';
import { expectNone } from '../../../../harness/verify/index.js';
import { AT_LIMITS, fileUri, HIDDEN, LOAD_SKILLS, MAX_BYTES, MAX_ENTRIES, RESERVED_METADATA, HONEST, NO_RESOURCES, REFUNDS_BILLING, REFUNDS_SUPPORT, rootOf, SKILLS_LOAD, SKILLS_UNDECLARED } from '../../scenarios/skills.js';
import { paramsOf } from '../../support/wire.js';
import { readsOf, SKILLS_PAGE, skillsRun, unused } from './run.js';

export const loadingClientChecks = defineClientChecks({ page: 'extensions/skills', revisions: '2026-07-28' }, [
  // "Clients MUST NOT call resources/directory/read against a server that has not declared
  // directoryRead: true." The scenario's SKILL.md files name a templates/ directory.
  {
    id: 'skills.no-directory-read-undeclared',
    title: 'The client sends no resources/directory/read to a server that did not declare directoryRead: true',
    spec: { url: `${SKILLS_PAGE}#capability-negotiation`, level: 'MUST' },
    requirement: 'Clients MUST NOT call resources/directory/read against a server that has not declared directoryRead: true.',
    fix: 'Call resources/directory/read only when the extension settings in server/discover carry directoryRead: true; answer from the entry otherwise.',
    digest: ['SKILL-006'],
    scenario: SKILLS_LOAD,
    faults: ['skills-directory-read-undeclared'],
    async run(ctx) {
      const run = skillsRun(ctx);
      const gone = unused(run);
      if (gone) return ctx.skip(gone.code, gone.detail);
      if (run.directoryReads.length === 0 && run.reads.length === 0) return ctx.skip('nothing-observed', 'the client loaded no skill: it had no occasion to look into a skill directory');
      return expectNone(
        ctx,
        run.directoryReads.slice(0, 4).map((m) => ({ text: `resources/directory/read ${ctx.brief(m.message.params)}`, seq: m.seq })),
        { expected: 'no resources/directory/read: server/discover declared the Skills extension as {} (directoryRead defaults to false)', judged: run.reads.length, note: `${run.reads.length} skill file read(s), no resources/directory/read` },
      );
    },
  },
  // "Clients issue skills/list and skills/get only after observing the server's declaration."
  // (stated without a BCP 14 keyword; the digest grades it SHOULD NOT)
  {
    id: 'skills.not-used-undeclared',
    title: 'The client sends no skills/list nor skills/get to a server that did not declare the Skills extension',
    spec: { url: `${SKILLS_PAGE}#capability-negotiation`, level: 'SHOULD' },
    requirement: "Clients issue skills/list and skills/get only after observing the server's declaration.",
    fix: 'Use skills/list and skills/get only when server/discover declares capabilities.extensions["io.modelcontextprotocol/skills"].',
    digest: ['SKILL-007'],
    scenario: SKILLS_UNDECLARED,
    faults: ['skills-used-undeclared'],
    async run(ctx) {
      const run = skillsRun(ctx);
      const used = [...run.lists, ...run.gets].sort((a, b) => a.seq - b.seq);
      const other = ctx.recording.requests().filter((m) => m.message.method !== 'server/discover' && !String(m.message.method).startsWith('skills/'));
      if (used.length === 0 && other.length === 0) return ctx.skip('nothing-observed', 'the client sent nothing after server/discover: whether it would have used skills does not show');
      return expectNone(
        ctx,
        used.slice(0, 4).map((m) => ({ text: `${String(m.message.method)} ${ctx.brief(m.message.params)}`, seq: m.seq })),
        { expected: 'no skills/list nor skills/get: server/discover declares resources but not the Skills extension', judged: other.length, note: `${other.length} other request(s), no skills/* request` },
      );
    },
  },
  // "A client resolves a relative reference against the skill's root, as a filesystem path
  // would resolve." The contract names each supporting file by its path from the skill root.
  {
    id: 'skills.relative-paths-from-skill-root',
    title: "A skill's relative file path is resolved against the skill root, not the uri authority",
    spec: { url: `${SKILLS_PAGE}#relative-references`, level: 'MUST' },
    requirement: "A client resolves a relative reference against the skill's root, as a filesystem path would resolve.",
    fix: 'Resolve a relative path of a skill against its root, the SKILL.md uri minus /SKILL.md (skill://acme/billing/refunds/references/GUIDE.md).',
    digest: ['SKILL-119'],
    scenario: SKILLS_LOAD,
    faults: ['skills-relative-from-authority'],
    async run(ctx) {
      const run = skillsRun(ctx);
      const gone = unused(run);
      if (gone) return ctx.skip(gone.code, gone.detail);
      const right = new Set(LOAD_SKILLS.flatMap((s) => [fileUri(s, s.file), ...(s.unlistedFile ? [fileUri(s, s.unlistedFile)] : [])]));
      const paths = LOAD_SKILLS.flatMap((s) => [s.file, ...(s.unlistedFile ? [s.unlistedFile] : [])]);
      const wrong = run.reads.filter((r) => typeof r.uri === 'string' && !right.has(r.uri) && paths.some((p) => (r.uri as string).endsWith(`/${p}`)));
      const resolved = run.reads.filter((r) => typeof r.uri === 'string' && right.has(r.uri));
      if (wrong.length === 0 && resolved.length === 0) return ctx.skip('nothing-observed', 'the client read no supporting file of any skill: it resolved no relative path');
      return expectNone(
        ctx,
        wrong.slice(0, 4).map((r) => ({ text: `resources/read of ${String(r.uri)}, which is no skill root joined with its path`, seq: r.message.seq })),
        {
          expected: `each supporting file read at its skill root joined with its path (for example ${fileUri(REFUNDS_BILLING, REFUNDS_BILLING.file)}, root ${rootOf(REFUNDS_BILLING.uri)})`,
          judged: resolved.length,
          note: `${resolved.length} supporting file(s) read, each under its skill root`,
        },
      );
    },
  },
  // "Hosts MUST support skills up to and including these limits, and MAY support larger ones."
  {
    id: 'skills.limits-supported',
    title: 'A skill of 512 manifest entries summing exactly 16 MiB is loaded',
    spec: { url: `${SKILLS_PAGE}#limits`, level: 'MUST' },
    requirement: 'Hosts MUST support skills up to and including these limits, and MAY support larger ones.',
    fix: 'Accept any skill of at most 512 resources entries whose sizes sum to at most 16,777,216 bytes.',
    digest: ['SKILL-114'],
    scenario: SKILLS_LOAD,
    faults: ['skills-limits-too-low'],
    async run(ctx) {
      const run = skillsRun(ctx);
      const gone = unused(run);
      if (gone) return ctx.skip(gone.code, gone.detail);
      const md = readsOf(run, AT_LIMITS.uri);
      const others = run.reads.filter((r) => typeof r.uri === 'string' && r.uri.endsWith('/SKILL.md') && r.uri !== AT_LIMITS.uri);
      if (md.length === 0 && others.length === 0) return ctx.skip('nothing-observed', 'the client read no SKILL.md at all: its not loading the skill at the limits proves nothing');
      ctx.cite(...md.slice(0, 1).map((m) => m.seq), ...others.slice(0, 1).map((r) => r.message.seq));
      return expectNone(ctx, md.length === 0 ? [`${AT_LIMITS.uri} was never read, while ${others.length} other SKILL.md file(s) were: the skill at the limits was declined`] : [], {
        expected: `a resources/read of ${AT_LIMITS.uri}: its ${MAX_ENTRIES} entries sum to exactly ${MAX_BYTES} bytes, within the limits`,
        judged: 1,
        note: `the client loaded ${AT_LIMITS.uri} (${MAX_ENTRIES} entries, ${MAX_BYTES} bytes)`,
      });
    },
  },
  // "Implementations SHOULD ignore keys under this prefix that they do not recognize." (keys
  // prefixed io.modelcontextprotocol/ in frontmatter metadata; none is defined yet)
  {
    id: 'skills.reserved-metadata-ignored',
    title: 'A skill whose metadata carries an unknown io.modelcontextprotocol/ key is loaded, the key ignored',
    spec: { url: `${SKILLS_PAGE}#frontmatter`, level: 'SHOULD' },
    requirement: 'Implementations SHOULD ignore keys under this prefix that they do not recognize.',
    fix: 'Ignore frontmatter metadata keys under io.modelcontextprotocol/ that the host does not know; load the skill as usual.',
    digest: ['SKILL-033'],
    scenario: SKILLS_LOAD,
    faults: ['skills-reserved-metadata-refused'],
    async run(ctx) {
      const run = skillsRun(ctx);
      const gone = unused(run);
      if (gone) return ctx.skip(gone.code, gone.detail);
      const honest = readsOf(run, fileUri(HONEST, HONEST.file));
      if (honest.length === 0) return ctx.skip('nothing-observed', `the client read no supporting file even of the honest skill ${HONEST.uri}: its not reading this one proves nothing`);
      const file = readsOf(run, fileUri(RESERVED_METADATA, RESERVED_METADATA.file));
      ctx.cite(honest[0]?.seq ?? 0, ...file.slice(0, 1).map((m) => m.seq));
      return expectNone(ctx, file.length === 0 ? [`${fileUri(RESERVED_METADATA, RESERVED_METADATA.file)} was never read: the skill was refused for its metadata key`] : [], {
        expected: `${RESERVED_METADATA.uri} loaded and its supporting file read, as for the honest skill: the unknown metadata key io.modelcontextprotocol/x-unknown is ignored`,
        judged: 1,
        note: `the client loaded ${RESERVED_METADATA.uri} and read its supporting file`,
      });
    },
  },
  // "params.uri MUST be the URI of a skill's SKILL.md."
  {
    id: 'skills.get-uri-is-skill-md',
    title: "Every skills/get names a skill's SKILL.md",
    spec: { url: `${SKILLS_PAGE}#getting-a-skill`, level: 'MUST' },
    requirement: "params.uri MUST be the URI of a skill's SKILL.md.",
    fix: 'Send skills/get with params.uri set to the SKILL.md uri (skill://<skill-path>/SKILL.md), not the skill root.',
    digest: ['SKILL-067'],
    scenario: SKILLS_LOAD,
    faults: ['skills-get-root-uri'],
    async run(ctx) {
      const run = skillsRun(ctx);
      if (run.gets.length === 0) return ctx.skip('nothing-observed', 'the client sent no skills/get');
      const bad = run.gets.filter((m) => {
        const uri = paramsOf(m).uri;
        return typeof uri !== 'string' || !uri.endsWith('/SKILL.md');
      });
      return expectNone(
        ctx,
        bad.slice(0, 4).map((m) => ({ text: `skills/get with params ${ctx.brief(m.message.params)}`, seq: m.seq })),
        { expected: 'skills/get params.uri: a string ending in /SKILL.md', judged: run.gets.length, note: `${run.gets.length} skills/get, each for a SKILL.md` },
      );
    },
  },
  // "Hosts MUST NOT treat an empty or partial listing as proof that a server has no skills, and
  // MUST support loading a skill given only its URI (Getting a Skill)."
  {
    id: 'skills.unlisted-skill-fetched',
    title: 'A skill the listing omits is loaded by its uri through skills/get',
    spec: { url: `${SKILLS_PAGE}#listing-skills`, level: 'MUST' },
    requirement: 'Hosts MUST NOT treat an empty or partial listing as proof that a server has no skills, and MUST support loading a skill given only its URI (Getting a Skill).',
    fix: 'Asked for a skill the listing does not hold, call skills/get with its SKILL.md uri and load it from that entry.',
    digest: ['SKILL-110', 'SKILL-111'],
    scenario: SKILLS_LOAD,
    faults: ['skills-listing-trusted'],
    async run(ctx) {
      const run = skillsRun(ctx);
      const gone = unused(run);
      if (gone) return ctx.skip(gone.code, gone.detail);
      if (run.lists.length === 0) return ctx.skip('nothing-observed', 'the client never listed the skills: it had no partial listing to trust');
      const got = run.gets.filter((m) => paramsOf(m).uri === HIDDEN.uri);
      const read = readsOf(run, HIDDEN.uri);
      if (got.length === 0 && read.length > 0) return ctx.skip('nothing-observed', `the client read ${HIDDEN.uri} without skills/get: whether it loaded it as a skill does not show`);
      const last = run.lists[run.lists.length - 1];
      ctx.cite(last?.seq ?? 0, ...got.slice(0, 1).map((m) => m.seq), ...read.slice(0, 1).map((m) => m.seq));
      const missed =
        got.length === 0
          ? ['the client never asked skills/get for the skill the listing omits: it took the listing as proof the skill does not exist']
          : read.length === 0
            ? ['the client got the entry from skills/get but never read its SKILL.md']
            : [];
      return expectNone(ctx, missed, {
        expected: `skills/get for ${HIDDEN.uri} (the contract asked to load it; skills/list omits it), then a resources/read of it`,
        judged: 1,
        note: `skills/get and resources/read of ${HIDDEN.uri}, which skills/list did not list`,
      });
    },
  },
  // "Hosts MUST NOT assume name uniqueness. When two entries in one listing collide on name,
  // hosts MUST disambiguate them … rather than silently discarding or preferring one."
  {
    id: 'skills.same-name-both-loaded',
    title: 'Two listed skills of one name are both loaded when both are asked for',
    spec: { url: `${SKILLS_PAGE}#names`, level: 'MUST' },
    requirement:
      'Hosts MUST NOT assume name uniqueness. When two entries in one listing collide on name, hosts MUST disambiguate them (for example by their distinguishing path segments) rather than silently discarding or preferring one.',
    fix: 'Key skills by server and uri, not by name; load each of two same-named skills when asked for it.',
    digest: ['SKILL-105', 'SKILL-106'],
    scenario: SKILLS_LOAD,
    faults: ['skills-keyed-on-name'],
    async run(ctx) {
      const run = skillsRun(ctx);
      const gone = unused(run);
      if (gone) return ctx.skip(gone.code, gone.detail);
      const billing = readsOf(run, REFUNDS_BILLING.uri);
      const support = readsOf(run, REFUNDS_SUPPORT.uri);
      if (billing.length === 0 && support.length === 0) return ctx.skip('nothing-observed', 'the client loaded neither skill named refunds');
      ctx.cite(...billing.slice(0, 1).map((m) => m.seq), ...support.slice(0, 1).map((m) => m.seq));
      const dropped = [REFUNDS_BILLING, REFUNDS_SUPPORT].filter((s) => readsOf(run, s.uri).length === 0).map((s) => `${s.uri} was never read: the other skill named refunds took its place`);
      return expectNone(ctx, dropped, {
        expected: `a resources/read of both ${REFUNDS_BILLING.uri} and ${REFUNDS_SUPPORT.uri} (the contract asked to load each)`,
        judged: 2,
        note: `both skills named refunds were read: ${REFUNDS_BILLING.uri} and ${REFUNDS_SUPPORT.uri}`,
      });
    },
  },
  // "An entry with no resources at all, or with any value other than an array or "dynamic", is
  // invalid, and hosts MUST NOT load it."
  {
    id: 'skills.invalid-entry-not-loaded',
    title: 'An entry without resources is not loaded',
    spec: { url: `${SKILLS_PAGE}#resources`, level: 'MUST' },
    requirement: 'An entry with no resources at all, or with any value other than an array or "dynamic", is invalid, and hosts MUST NOT load it.',
    fix: 'Refuse a skill entry whose resources is missing or neither an array nor "dynamic"; do not read its SKILL.md.',
    digest: ['SKILL-112'],
    scenario: SKILLS_LOAD,
    faults: ['skills-invalid-entry-loaded'],
    async run(ctx) {
      const run = skillsRun(ctx);
      const gone = unused(run);
      if (gone) return ctx.skip(gone.code, gone.detail);
      const read = readsOf(run, NO_RESOURCES.uri);
      if (read.length === 0 && run.reads.length === 0) return ctx.skip('nothing-observed', 'the client loaded no skill at all: its refusal of the invalid entry proves nothing');
      return expectNone(
        ctx,
        read.slice(0, 2).map((m) => ({ text: `the client read ${NO_RESOURCES.uri}: it loaded an invalid entry`, seq: m.seq })),
        { expected: `no resources/read of ${NO_RESOURCES.uri}: its entry has no resources, so it is invalid`, judged: run.reads.length, note: `the client read ${run.reads.length} skill file(s) and none of the entry without resources` },
      );
    },
  },
]);
