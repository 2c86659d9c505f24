// resources/directory/read, which a server that declares directoryRead: true serves: answered
// for each skill's directories (the root, and each directory between it and a file its manifest
// lists), resultType "complete", InvalidParams for what is no directory, every direct child and only
// those, subdirectories as inode/directory without a trailing slash, and cursors that lead on.
// Judged on the recorded look's directory walks (look.ts); never called without the setting.
import { defineChecks } from '../../../../harness/checks/define.js';
import type { CheckContext } from '../../../../harness/checks/check.js';
import type { Reply } from '../../../../harness/jsonrpc/types.js';
import { ErrorCode } from '../../../../harness/rules/error-codes.js';
import { isObject } from '../../../../harness/rules/json.js';
import { unanswered } from '../../../../harness/rules/no-answer.js';
import { expectNone, replyLine, type Violation } from '../../../../harness/verify/index.js';
import type { Unjudged } from '../../../../harness/verify/utilities.js';
import { directoryReadDeclared, isLook, noDirectoryRead, resultOf, seqOf, skillsLook, SKILLS_NEEDS, SKILLS_PAGE, type DirWalk, type SkillsLook } from './look.js';

const PAGE = { page: 'extensions/skills', revisions: '2026-07-28', needs: SKILLS_NEEDS } as const;
const DIRECTORY = 'inode/directory';

type Directories = NonNullable<SkillsLook['directories']>;

/** The directory walks of this revision's look, or why there are none. */
async function directories(ctx: CheckContext): Promise<Directories | Unjudged> {
  const look = await skillsLook(ctx);
  if (!isLook(look)) return look;
  if (!directoryReadDeclared(ctx) || !look.directories) return noDirectoryRead;
  return look.directories;
}

const isDirs = (d: Directories | Unjudged): d is Directories => !('code' in d);

/** MethodNotFound: the method is not there at all, which skills.directory-read-implemented judges. */
const notImplemented = (reply: Reply): boolean => reply.kind === 'error' && reply.error.code === ErrorCode.MethodNotFound;

/** A uri without a trailing slash (how children are compared; the slash itself is judged apart). */
const bare = (uri: string): string => uri.replace(/\/+$/, '');

/** The children of a walk whose every page was a result, each page's in order. */
function childrenOf(w: DirWalk): { page: number; child: unknown; reply: Reply }[] | undefined {
  if (w.pages.some((p) => !resultOf(p))) return undefined;
  return w.pages.flatMap((reply, i) => {
    const r = resultOf(reply);
    return (r && Array.isArray(r.resources) ? r.resources : []).map((child) => ({ page: i + 1, child, reply }));
  });
}

/** What a manifest says a directory's direct children are: files, and the directories between. */
function expectedChildren(w: DirWalk): Map<string, 'file' | 'directory'> {
  const out = new Map<string, 'file' | 'directory'>();
  for (const file of w.manifest) {
    if (!file.startsWith(`${w.uri}/`)) continue;
    const rest = file.slice(w.uri.length + 1);
    const slash = rest.indexOf('/');
    if (slash === -1) out.set(file, 'file');
    else out.set(`${w.uri}/${rest.slice(0, slash)}`, 'directory');
  }
  return out;
}

const NO_WALK = { code: 'nothing-observed', detail: 'no skill directory to read (no listed skill with a .../SKILL.md uri)' } as const;
const NO_LISTING = { code: 'nothing-observed', detail: 'no directory read answered with results on every page' } as const;

export const directoryChecks = defineChecks(PAGE, [
  // capability-negotiation: "A server that additionally declares directoryRead: true MUST
  // implement resources/directory/read."
  {
    id: 'skills.directory-read-implemented',
    title: 'A server that declares directoryRead: true answers resources/directory/read (not {code:MethodNotFound})',
    spec: { url: `${SKILLS_PAGE}#capability-negotiation`, level: 'MUST' },
    requirement: 'A server that additionally declares `directoryRead: true` MUST implement `resources/directory/read`.',
    digest: ['SKILL-003'],
    faults: ['skills-directory-read-not-implemented'],
    judgesDeclared: true,
    async run(ctx) {
      const dirs = await directories(ctx);
      if (!isDirs(dirs)) return ctx.skip(dirs.code, dirs.detail);
      const asked = [...dirs.walks.map((w) => ({ uri: w.uri, reply: w.pages[0] as Reply })), ...dirs.probes].filter((a) => !unanswered(a.reply));
      const bad = asked.filter((a) => notImplemented(a.reply)).map((a) => ({ text: `resources/directory/read of ${a.uri}: ${replyLine(ctx, a.reply)}`, ...seqOf(a.reply) }));
      return expectNone(ctx, bad, { expected: 'resources/directory/read implemented: a result, or an error other than method not found', judged: asked.length, nothing: { code: 'no-answer', detail: 'no resources/directory/read was answered' } });
    },
  },

  // reading-directories: "The resultType field MUST be set to "complete" on
  // ReadResourceDirectoryResult".
  {
    id: 'skills.directory-result-type-complete',
    title: 'resources/directory/read results carry resultType "complete"',
    spec: { url: `${SKILLS_PAGE}#reading-directories`, level: 'MUST' },
    requirement: 'The `resultType` field MUST be set to `"complete"` on `ReadResourceDirectoryResult`, as it is the standard result shape for the `resources/directory/read` request.',
    digest: ['SKILL-070'],
    faults: ['skills-directory-result-type-partial'],
    judgesDeclared: true,
    async run(ctx) {
      const dirs = await directories(ctx);
      if (!isDirs(dirs)) return ctx.skip(dirs.code, dirs.detail);
      const results = [...dirs.walks.flatMap((w) => w.pages.map((reply) => ({ uri: w.uri, reply }))), ...dirs.probes].filter((a) => resultOf(a.reply));
      const bad = results.filter((a) => resultOf(a.reply)?.resultType !== 'complete').map((a) => ({ text: `resources/directory/read of ${a.uri}: resultType ${ctx.brief(resultOf(a.reply)?.resultType)}`, ...seqOf(a.reply) }));
      return expectNone(ctx, bad, { expected: 'resultType "complete" on every resources/directory/read result', judged: results.length, nothing: { code: 'nothing-observed', detail: 'no resources/directory/read answered with a result' } });
    },
  },

  // reading-directories: "If the URI does not exist, or exists but is not a directory resource,
  // the server MUST return error {code:InvalidParams} (Invalid params)."
  {
    id: 'skills.directory-read-not-a-directory',
    title: 'resources/directory/read of a file or of a uri that does not exist gets {code:InvalidParams}',
    spec: { url: `${SKILLS_PAGE}#reading-directories`, level: 'MUST' },
    requirement: 'If the URI does not exist, or exists but is not a directory resource, the server MUST return error {code:InvalidParams} (Invalid params).',
    digest: ['SKILL-071'],
    faults: ['skills-directory-file-as-directory'],
    judgesDeclared: true,
    async run(ctx) {
      const dirs = await directories(ctx);
      if (!isDirs(dirs)) return ctx.skip(dirs.code, dirs.detail);
      // Unanswered, or no method at all (skills.directory-read-implemented's): nothing to judge.
      const judged = dirs.probes.filter((p) => !unanswered(p.reply) && !notImplemented(p.reply));
      const bad = judged
        .filter((p) => !(p.reply.kind === 'error' && p.reply.error.code === ErrorCode.InvalidParams))
        .map((p) => ({ text: `${p.what}, ${p.uri}: ${p.reply.kind === 'result' ? `a result ${ctx.brief(p.reply.result, 100)}` : replyLine(ctx, p.reply)}`, ...seqOf(p.reply) }));
      return expectNone(ctx, bad, { expected: 'error InvalidParams for a file and for a uri that does not exist', judged: judged.length, nothing: { code: 'no-answer', detail: 'no probe of resources/directory/read was answered with anything to judge' } });
    },
  },

  // reading-directories: "The result contains every direct child of the directory. Files carry
  // their ordinary Resource metadata and subdirectories are listed as directory resources
  // (mimeType: "inode/directory"). The listing is not recursive". Compared with the manifest
  // of the skill's entry: each file and directory it implies one level down must be there; a
  // child that is not one level down must not. A child the manifest lacks may be the live view
  // running ahead (SKILL-144): not judged here.
  {
    id: 'skills.directory-direct-children',
    title: "A directory read lists every direct child the skill's manifest implies, subdirectories as inode/directory, and nothing deeper",
    spec: { url: `${SKILLS_PAGE}#reading-directories`, level: 'MUST' },
    requirement: 'The result contains every direct child of the directory. Files carry their ordinary `Resource` metadata and subdirectories are listed as directory resources (`mimeType: "inode/directory"`). The listing is not recursive, and clients descend by calling the method again on a child directory.',
    digest: ['SKILL-072'],
    faults: ['skills-directory-recursive'],
    judgesDeclared: true,
    async run(ctx) {
      const dirs = await directories(ctx);
      if (!isDirs(dirs)) return ctx.skip(dirs.code, dirs.detail);
      if (dirs.walks.length === 0) return ctx.skip(NO_WALK.code, NO_WALK.detail);
      let judged = 0;
      const bad: Violation[] = dirs.walks.flatMap((w) => {
        const children = childrenOf(w);
        if (!children) return [];
        judged++;
        const out: Violation[] = [];
        const seen = new Map<string, unknown>();
        for (const { child, reply } of children) {
          const uri = isObject(child) && typeof child.uri === 'string' ? child.uri : undefined;
          if (uri === undefined || !isObject(child) || typeof child.name !== 'string') {
            out.push({ text: `${w.uri}: a child that is no Resource (uri and name): ${ctx.brief(child, 100)}`, ...seqOf(reply) });
            continue;
          }
          const rest = bare(uri).startsWith(`${w.uri}/`) ? bare(uri).slice(w.uri.length + 1) : undefined;
          if (rest === undefined || rest === '' || rest.includes('/')) out.push({ text: `${w.uri}: ${uri} is not a direct child`, ...seqOf(reply) });
          seen.set(bare(uri), child.mimeType);
        }
        const last = w.pages[w.pages.length - 1] as Reply;
        for (const [uri, kind] of expectedChildren(w)) {
          if (!seen.has(uri)) out.push({ text: `${w.uri}: no ${kind} ${uri}, which the manifest of ${w.skill} implies`, ...seqOf(last) });
          else if (kind === 'directory' && seen.get(uri) !== DIRECTORY) out.push({ text: `${w.uri}: the subdirectory ${uri} with mimeType ${ctx.brief(seen.get(uri))}, not ${DIRECTORY}`, ...seqOf(last) });
        }
        return out;
      });
      return expectNone(ctx, bad, { expected: "each directory's direct children, as the manifest implies them; subdirectories as inode/directory; nothing deeper", judged, nothing: NO_LISTING, note: `${judged} directory listing(s)` });
    },
  },

  // directory-resources: "A directory resource is a resource whose mimeType is inode/directory."
  // ... "Directory URIs are written without a trailing slash."
  {
    id: 'skills.directory-no-trailing-slash',
    title: 'Directory resources (inode/directory) are written without a trailing slash',
    spec: { url: `${SKILLS_PAGE}#directory-resources`, level: 'MUST' },
    requirement: 'Directory URIs are written without a trailing slash.',
    digest: ['SKILL-073'],
    faults: ['skills-directory-trailing-slash'],
    judgesDeclared: true,
    async run(ctx) {
      const dirs = await directories(ctx);
      if (!isDirs(dirs)) return ctx.skip(dirs.code, dirs.detail);
      const subdirs = dirs.walks.flatMap((w) => (childrenOf(w) ?? []).filter((c) => isObject(c.child) && c.child.mimeType === DIRECTORY && typeof c.child.uri === 'string').map((c) => ({ uri: String((c.child as { uri: string }).uri), w, reply: c.reply })));
      const bad = subdirs.filter((d) => d.uri.endsWith('/')).map((d) => ({ text: `${d.w.uri} lists ${d.uri}`, ...seqOf(d.reply) }));
      return expectNone(ctx, bad, { expected: 'inode/directory uris without a trailing slash', judged: subdirs.length, nothing: { code: 'not-offered', detail: 'no directory read listed a subdirectory' } });
    },
  },

  // reading-directories: "Pagination mirrors resources/list. When the result includes
  // nextCursor, the client passes it back as cursor to retrieve the next page." A cursor that
  // leads back, or a child on two pages, is no next page.
  {
    id: 'skills.directory-pagination',
    title: 'A directory read nextCursor, passed back, gets the next page: no loop, and no child on two pages',
    spec: { url: `${SKILLS_PAGE}#reading-directories`, level: 'MUST' },
    requirement: 'Pagination mirrors `resources/list`. When the result includes `nextCursor`, the client passes it back as `cursor` to retrieve the next page.',
    digest: ['SKILL-074'],
    faults: ['skills-directory-pages-overlap'],
    judgesDeclared: true,
    async run(ctx) {
      const dirs = await directories(ctx);
      if (!isDirs(dirs)) return ctx.skip(dirs.code, dirs.detail);
      const paged = dirs.walks.filter((w) => w.pages.length > 1);
      if (paged.length === 0) return ctx.skip('not-offered', 'every directory read fits on one page: no cursor to follow');
      const bad: Violation[] = paged.flatMap((w) => {
        const out: Violation[] = [];
        const pageOf = new Map<string, number>();
        const handed = new Map<string, number>();
        w.pages.forEach((reply, i) => {
          const r = resultOf(reply);
          if (!r) {
            if (!unanswered(reply)) out.push({ text: `${w.uri} page ${i + 1} (the cursor of page ${i}): ${replyLine(ctx, reply)}`, ...seqOf(reply) });
            return;
          }
          for (const child of Array.isArray(r.resources) ? r.resources : []) {
            if (!isObject(child) || typeof child.uri !== 'string') continue;
            const first = pageOf.get(bare(child.uri));
            if (first === undefined) pageOf.set(bare(child.uri), i + 1);
            else if (first !== i + 1) out.push({ text: `${w.uri}: ${child.uri} on page ${first} and page ${i + 1}`, ...seqOf(reply) });
          }
          if (typeof r.nextCursor !== 'string') return;
          const again = handed.get(r.nextCursor);
          if (again !== undefined) out.push({ text: `${w.uri} page ${i + 1} hands out the nextCursor of page ${again} again: the listing loops`, ...seqOf(reply) });
          else handed.set(r.nextCursor, i + 1);
        });
        return out;
      });
      return expectNone(ctx, bad, { expected: 'each cursor leads to a new page, each child on one page', judged: paged.length, note: `${paged.length} paginated directory read(s)` });
    },
  },

  // reading-directories: "A server that declares directoryRead MUST support the method for
  // every directory within the skill namespaces it serves as individual files."
  {
    id: 'skills.directory-read-every-directory',
    title: "resources/directory/read answers with a result for each skill's root and each directory its manifest implies",
    spec: { url: `${SKILLS_PAGE}#reading-directories`, level: 'MUST' },
    requirement: 'A server that declares `directoryRead` MUST support the method for every directory within the skill namespaces it serves as individual files.',
    digest: ['SKILL-075'],
    faults: ['skills-directory-subdir-unreadable'],
    judgesDeclared: true,
    async run(ctx) {
      const dirs = await directories(ctx);
      if (!isDirs(dirs)) return ctx.skip(dirs.code, dirs.detail);
      // The first page of each: a later page is skills.directory-pagination's; no method at all is skills.directory-read-implemented's.
      const firsts = dirs.walks.map((w) => ({ w, reply: w.pages[0] as Reply })).filter((f) => !unanswered(f.reply) && !notImplemented(f.reply));
      const bad = firsts.filter((f) => f.reply.kind !== 'result').map((f) => ({ text: `${f.w.uri} (of ${f.w.skill}): ${replyLine(ctx, f.reply)}`, ...seqOf(f.reply) }));
      return expectNone(ctx, bad, { expected: 'a result for every directory of each skill', judged: firsts.length, nothing: NO_WALK, note: `${firsts.length} directory read(s)` });
    },
  },
]);
