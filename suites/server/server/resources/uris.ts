// server/resources#custom-uri-schemes (2025-06-18 on): "Custom URI schemes MUST be in accordance
// with RFC3986". Every listed resource is read (up to a cap), once per revision, and every URI
// listed or answered with is judged. No check judges whether a listed resource can be read, nor
// which URI its contents carry: no sentence of any revision says a read of a listed resource
// succeeds (an upstream failure or a permission check may refuse it), and "The URI can use any
// protocol; it is up to the server how to interpret it" (ReadResourceRequest); the pass notes
// what the reads showed.
import type { CheckContext, Verdict } from '../../../../harness/checks/check.js';
import { defineChecks } from '../../../../harness/checks/define.js';
import type { Reply } from '../../../../harness/jsonrpc/types.js';
import { describeReply } from '../../../../harness/jsonrpc/types.js';
import { since } from '../../../../harness/revisions.js';
import { isObject, type Json } from '../../../../harness/rules/json.js';
import { expectNone } from '../../../../harness/verify/index.js';
import { listedUris } from './listed-uris.js';
import { isRfc3986Uri } from './uri-syntax.js';

/** One read per URI per revision (on the shared session), shared by every check that needs it. */
export async function readOnce(ctx: CheckContext, uri: string): Promise<Reply> {
  const got = await ctx.once(`resources/read:${uri}`, async () => (await ctx.shared()).request('resources/read', { uri }));
  if ((got.kind === 'result' || got.kind === 'error') && got.seq) ctx.cite(got.seq);
  return got;
}

/** A read answered with contents (an InputRequiredResult or an error has none to judge). */
export const contentsOf = (reply: Reply): unknown[] | undefined =>
  reply.kind === 'result' && isObject(reply.result) && reply.result.resultType !== 'input_required' && Array.isArray(reply.result.contents) ? reply.result.contents : undefined;

/** What the reads showed that no sentence judges (a refused read, contents for another URI): for a pass's note. */
function readNotes(ctx: CheckContext, reads: { uri: string; reply: Reply }[]): string[] {
  const refused = reads.filter((r) => r.reply.kind === 'error' || r.reply.kind === 'refused');
  const elsewhere = reads.filter((r) => {
    const contents = contentsOf(r.reply) ?? [];
    return contents.length > 0 && !contents.some((c) => isObject(c) && c.uri === r.uri);
  });
  return [
    ...(refused.length ? [`not readable: ${refused.slice(0, 3).map((r) => `${r.uri} (${describeReply(r.reply)})`).join(', ')}`] : []),
    ...(elsewhere.length ? [`contents under another URI: ${elsewhere.slice(0, 3).map((r) => `${r.uri} -> ${ctx.brief((contentsOf(r.reply)?.[0] as Json | undefined)?.uri, 80)}`).join(', ')}`] : []),
  ];
}

export async function readAll(ctx: CheckContext): Promise<{ reads: { uri: string; reply: Reply }[]; note: string } | Verdict> {
  const listed = await listedUris(ctx);
  if ('status' in listed) return listed;
  const replies = await Promise.all(listed.uris.map((uri) => readOnce(ctx, uri)));
  return { reads: listed.uris.map((uri, i) => ({ uri, reply: replies[i] as Reply })), note: listed.note };
}

export const resourceUriChecks = defineChecks({ page: 'server/resources', revisions: since('2025-06-18'), needs: ['shared-session'], requires: ['resources'] }, [
  {
    id: 'resources.uris-valid',
    title: 'Resource URIs (listed and read) are valid RFC 3986 URIs',
    spec: { url: '#custom-uri-schemes', level: 'MUST' },
    requirement: 'Custom URI schemes MUST be in accordance with RFC3986, taking the above guidance in to account.',
    digest: ['RES-004'],
    fix: 'Build resource URIs as scheme ":" hier-part, percent-encoding what RFC 3986 does not allow as is',
    faults: ['resources-uri-invalid'],
    async run(ctx) {
      const { resources } = await ctx.discovery();
      if (!resources) return ctx.skip('not-declared', 'no resources capability');
      const got = await readAll(ctx);
      if ('status' in got) return got;
      const listed = resources.items.map((r) => r.uri).filter((u): u is string => typeof u === 'string');
      const read = got.reads.flatMap((r) => (contentsOf(r.reply) ?? []).map((c) => (isObject(c) ? c.uri : undefined)).filter((u): u is string => typeof u === 'string'));
      const all = [...new Set([...listed, ...read])];
      const bad = all.filter((u) => !isRfc3986Uri(u));
      if (bad.length > 0) ctx.cite(...resources.pages.map((p) => p.seq ?? 0));
      return expectNone(ctx, bad.map((u) => JSON.stringify(u)), {
        expected: 'URIs of the form scheme ":" hier-part [ "?" query ] [ "#" fragment ] (RFC 3986)',
        judged: all.length,
        note: [`${all.length} URI(s)`, ...readNotes(ctx, got.reads)].join('; '),
        show: 4,
      });
    },
  },
]);
