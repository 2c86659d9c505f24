// server/prompts#image-content, #audio-content, #embedded-resources: the media a prompt's
// messages carry. Every listed prompt is fetched (read-only by the spec; capped), required
// arguments given generated values (arguments.ts), on the shared session, so
// schema.server-messages-valid also judges each GetPromptResult (PROMPT-003: a message's role,
// its content blocks) and each base64 `data` (format byte). This check judges what the schema
// cannot: the MIME type's syntax and what an embedded resource must include.
import { defineChecks } from '../../../../harness/checks/define.js';
import type { Reply } from '../../../../harness/jsonrpc/types.js';
import { RANGE } from '../../../../harness/revisions.js';
import { isObject, type Json } from '../../../../harness/rules/json.js';
import { expectNone } from '../../../../harness/verify/index.js';
import { promptArguments, requiredArguments } from './arguments.js';

const MAX_GETS = 10;
/** RFC 6838 type "/" subtype (restricted-name), parameters allowed after ";". */
const MIME_TYPE = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}\s*(;.*)?$/;

/** What is wrong with one content block of a prompt message ('' when nothing). */
function problemOf(content: Json): string {
  if (content.type === 'image' || content.type === 'audio') {
    return typeof content.mimeType === 'string' && MIME_TYPE.test(content.mimeType) ? '' : `${content.type} with mimeType ${JSON.stringify(content.mimeType)}`;
  }
  if (content.type !== 'resource' || !isObject(content.resource)) return '';
  const r = content.resource;
  if (typeof r.mimeType !== 'string' || !MIME_TYPE.test(r.mimeType)) return `embedded resource ${JSON.stringify(r.uri)} with mimeType ${JSON.stringify(r.mimeType)}`;
  if (('text' in r) === ('blob' in r)) return `embedded resource ${JSON.stringify(r.uri)} with ${'text' in r ? 'both text and blob' : 'neither text nor blob'}`;
  return '';
}

export const promptContentChecks = defineChecks({ page: 'server/prompts', revisions: RANGE.all, needs: ['shared-session'], requires: ['prompts'] }, [
  // "The image data MUST be base64-encoded and include a valid MIME type" (audio likewise,
  // 2025-03-26 on); embedded resources "MUST include: A valid resource URI; The appropriate
  // MIME type; Either text content or base64-encoded blob data" (every revision).
  {
    id: 'prompts.get-media-valid',
    title: 'Images, audio and embedded resources in prompt messages carry a valid MIME type (and a resource its text or blob)',
    spec: { url: '#image-content', level: 'MUST' },
    requirement:
      'The image data MUST be base64-encoded and include a valid MIME type. Embedded resources ... MUST include: A valid resource URI; The appropriate MIME type; Either text content or base64-encoded blob data',
    fix: 'Give every image and audio block, and every embedded resource, a MIME type of the form type/subtype (image/png), and an embedded resource either text or blob.',
    digest: ['PROMPT-004'],
    faults: ['prompts-image-mime-invalid'],
    async run(ctx) {
      const { prompts } = await ctx.discovery();
      if (!prompts) return ctx.skip('not-declared', 'no prompts capability');
      const named = prompts.items.filter((p) => typeof p.name === 'string');
      if (named.length === 0) return ctx.skip('not-offered', 'no prompt is listed');
      const picked = [...new Map(named.map((p) => [p.name as string, p])).values()].slice(0, MAX_GETS);
      const names = picked.map((p) => p.name as string);
      const completions = ctx.facts.serverCapabilities.completions !== undefined;
      const replies: Reply[] = [];
      for (const p of picked) {
        const required = requiredArguments(p);
        const args = required.length > 0 ? await promptArguments(ctx, p.name as string, required, completions) : undefined;
        replies.push(await ctx.request('prompts/get', { name: p.name, ...(args ? { arguments: args } : {}) }));
      }
      const problems: { text: string; seq?: number }[] = [];
      let media = 0;
      for (const [i, reply] of replies.entries()) {
        if (reply.kind !== 'result' || !isObject(reply.result) || !Array.isArray(reply.result.messages)) continue;
        for (const m of reply.result.messages) {
          const content = isObject(m) ? m.content : undefined;
          // 2026-07-28 allows an array of blocks per message; earlier, one block.
          for (const block of (Array.isArray(content) ? content : [content]).filter(isObject)) {
            if (!['image', 'audio', 'resource'].includes(String(block.type))) continue;
            media++;
            const problem = problemOf(block);
            if (problem) problems.push({ text: `${names[i]}: ${problem}`, ...(reply.seq ? { seq: reply.seq } : {}) });
          }
        }
      }
      return expectNone(ctx, problems, {
        expected: 'a valid MIME type (type/subtype) on each image, audio and embedded resource; text or blob in each resource',
        judged: media,
        note: `${media} media block(s) in ${names.length} prompt(s)`,
        nothing: { code: 'nothing-observed', detail: `no image, audio or embedded resource in the messages of ${names.length} prompt(s)` },
        show: 4,
      });
    },
  },
]);
