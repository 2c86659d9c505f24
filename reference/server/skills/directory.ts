// resources/directory/read (the Skills extension with directoryRead: true): the direct children
// of a directory within the skill namespaces, two per page. A directory is any proper prefix of
// a served skill file's uri below its authority (skill://acme, skill://acme/billing, ... a
// skill root, its subdirectories); its children are the files and directories one segment
// below, directories as inode/directory and written without a trailing slash, a SKILL.md
// named and described from its frontmatter. Anything else,
// a file included, is invalid params.
import { isOn } from '../faults.js';
import { ErrorCode, RpcError, invalidParams } from '../jsonrpc.js';
import { paginate } from '../pagination.js';
import type { RequestContext } from '../session.js';
import { frontmatterOf, servedSkills, skillFiles, type SkillFile } from './catalog.js';

const DIRECTORY_PAGE_SIZE = 2;
export const DIRECTORY_MIME = 'inode/directory';

interface Child {
  uri: string;
  name: string;
  mimeType: string;
  description?: string;
}

const files = (): SkillFile[] => servedSkills().flatMap(skillFiles);

/** Every directory: each proper prefix of a file uri that goes past its authority. */
function directories(): Set<string> {
  const out = new Set<string>();
  for (const f of files()) {
    const start = f.uri.indexOf('://') + 3;
    for (let i = f.uri.indexOf('/', start); i !== -1; i = f.uri.indexOf('/', i + 1)) out.add(f.uri.slice(0, i));
  }
  return out;
}

/** The direct children of a directory, files and directories in uri order. */
function childrenOf(dir: string): Child[] {
  const prefix = `${dir}/`;
  const found = new Map<string, Child>();
  // The skill root that lists a file two levels down as its own child.
  const recursive = isOn('skills-directory-recursive') && dir.endsWith('/refunds');
  for (const f of files()) {
    if (!f.uri.startsWith(prefix)) continue;
    const rest = f.uri.slice(prefix.length);
    const slash = rest.indexOf('/');
    if (slash === -1 || recursive) found.set(f.uri, fileChild(f, rest));
    if (slash !== -1) {
      const sub = `${prefix}${rest.slice(0, slash)}`;
      const uri = isOn('skills-directory-trailing-slash') ? `${sub}/` : sub;
      found.set(sub, { uri, name: rest.slice(0, slash), mimeType: DIRECTORY_MIME });
    }
  }
  return [...found.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, c]) => c);
}

/**
 * A file as a directory child: its ordinary Resource metadata. A SKILL.md takes its name and
 * description from its frontmatter (skills.mdx#resource-metadata), unless a fault keeps the
 * file name or drops the description.
 */
function fileChild(f: SkillFile, fileName: string): Child {
  const skill = servedSkills().find((s) => s.uri === f.uri);
  if (!skill) return { uri: f.uri, name: fileName, mimeType: f.mimeType };
  const fm = frontmatterOf(skill);
  const name = isOn('skills-directory-md-name-wrong') ? fileName : String(fm.name);
  const description = isOn('skills-directory-md-no-description') ? {} : { description: String(fm.description) };
  return { uri: f.uri, name, mimeType: f.mimeType, ...description };
}

export function readDirectory(ctx: RequestContext): Record<string, unknown> {
  if (isOn('skills-directory-read-not-implemented')) throw new RpcError(ErrorCode.MethodNotFound, 'Method not found: resources/directory/read');
  const { uri, cursor } = ctx.params;
  if (typeof uri !== 'string') throw invalidParams('Invalid params: uri must be a string');
  // A subdirectory the server serves files from but will not list.
  if (isOn('skills-directory-subdir-unreadable') && uri.endsWith('/templates')) throw invalidParams('Invalid params: not a directory', { uri });
  const type = isOn('skills-directory-result-type-partial') ? { resultType: 'partial' } : {};
  if (!directories().has(uri)) {
    // A file read as a directory with no children.
    if (isOn('skills-directory-file-as-directory') && files().some((f) => f.uri === uri)) return { ...type, resources: [] };
    throw invalidParams('Invalid params: not a directory', { uri });
  }
  const all = childrenOf(uri);
  const page = paginate(`directory ${uri}`, all, cursor, DIRECTORY_PAGE_SIZE);
  const first = page.items[0] !== undefined ? all.indexOf(page.items[0]) : 0;
  // A later page that starts again with the last child of the page before.
  const items = isOn('skills-directory-pages-overlap') && first > 0 ? [all[first - 1] as Child, ...page.items] : page.items;
  return page.nextCursor === undefined ? { ...type, resources: items } : { ...type, resources: items, nextCursor: page.nextCursor };
}
