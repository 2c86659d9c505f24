// The Skills extension with directoryRead: true (SEP-2640, "Directory reads and the held
// entry"), host side, at 2026-07-28. One skill, whose entry lists its SKILL.md and
// templates/refund-note.md; resources/directory/read of its templates/ directory lists a newer
// child too, templates/credit-note.md, that no entry ever lists (skills/get answers the same
// entry): the live view has run ahead of the held entry. The server serves that file if asked.
//
// The contract asks the client to load the skill, read its note, and use the files of its
// templates/ directory as it finds them (`browse`). A host may answer from the entry alone
// (SKILL-141) or read the directory; either way it must never read credit-note.md (SKILL-142,
// SKILL-144).
import type { HandlerAnswer } from '../../../harness/jsonrpc/types.js';
import type { ClientScenario, ScriptContext } from '../../../harness/client/scenario.js';
import { finished } from '../../../harness/client/scripted-server.js';
import { ErrorCode } from '../../../harness/rules/error-codes.js';
import { fileUri, rootOf, serveSkills, skill, SKILLS_EXTENSION } from './skills.js';

export const SKILLS_DIRECTORY = 'skills.directory';

/** The skill whose templates/ directory runs ahead of its entry. */
export const BROWSED = skill('acme/finance/refund-policy', 'Apply the refund policy to a request.', { file: 'templates/refund-note.md' });
/** The child only the directory read lists. */
export const NEWER_CHILD = 'templates/credit-note.md';

const DIRECTORY_MIME = 'inode/directory';

function serveDirectory(): (method: string, ctx: ScriptContext) => HandlerAnswer | undefined {
  const skills = serveSkills([BROWSED]);
  const root = rootOf(BROWSED.uri);
  const children: Record<string, { uri: string; name: string; mimeType: string }[]> = {
    [root]: [
      { uri: BROWSED.uri, name: 'SKILL.md', mimeType: 'text/markdown' },
      { uri: `${root}/templates`, name: 'templates', mimeType: DIRECTORY_MIME },
    ],
    [`${root}/templates`]: [
      { uri: fileUri(BROWSED, NEWER_CHILD), name: 'credit-note.md', mimeType: 'text/markdown' },
      { uri: fileUri(BROWSED, BROWSED.file), name: 'refund-note.md', mimeType: 'text/markdown' },
    ],
  };
  return (method, ctx) => {
    if (method === 'resources/directory/read') {
      const uri = ctx.params.uri;
      const list = typeof uri === 'string' ? children[uri] : undefined;
      if (!list) return { error: { code: ErrorCode.InvalidParams, message: `Invalid params: not a directory ${JSON.stringify(uri)}` } };
      return { result: finished(ctx.revision, { resources: list, ttlMs: 0, cacheScope: 'public' }) };
    }
    if (method === 'resources/read' && ctx.params.uri === fileUri(BROWSED, NEWER_CHILD)) {
      return { result: finished(ctx.revision, { contents: [{ uri: ctx.params.uri, mimeType: 'text/markdown', text: '# Credit note\n\nAdded after the entry was issued.\n' }], ttlMs: 0, cacheScope: 'public' }) };
    }
    return skills(method, ctx);
  };
}

export const skillsDirectoryScenario: ClientScenario = {
  id: SKILLS_DIRECTORY,
  title: 'A Skills server with directoryRead: true whose templates/ directory lists a file the skill entry does not; the client is asked to load the skill and use that directory',
  revisions: '2026-07-28',
  transports: 'any',
  context: { skills: [{ uri: BROWSED.uri, read: [BROWSED.file], browse: ['templates'] }] },
  server: { capabilities: { resources: {}, extensions: { [SKILLS_EXTENSION]: { directoryRead: true } } }, resources: [], onRequest: serveDirectory() },
};
