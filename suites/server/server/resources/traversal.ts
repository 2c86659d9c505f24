// server/resources#security-considerations: "Servers MUST validate all resource URIs" (every
// revision); 2026-07-28 adds "Servers MUST sanitize file paths to prevent directory traversal
// attacks when serving file:// resources". One case of it a black box can see: beside a listed
// file:// resource, a URI that climbs out of its directory with ../ segments (as is, and
// percent-encoded) to /etc/passwd or /etc/hostname (traversal-probe.ts) is not served. A read
// refused with an error (any code), or answered with no contents, keeps the rule; so does one
// answered with what a listed resource holds (a server that normalised the URI back onto what
// it serves has traversed nothing), and so does a file the server serves to a plain read of where
// the URI lands (its policy, not a way around it). Only data that no listed resource holds, read
// from a URI that lands outside every listed file:// directory on a file a plain read is refused,
// fails. Hostile input: the probes go on a
// session lent only among such checks (needs 'hostile-session'), never the shared one.
import { defineChecks } from '../../../../harness/checks/define.js';
import type { Reply } from '../../../../harness/jsonrpc/types.js';
import { RANGE } from '../../../../harness/revisions.js';
import { codeLabel } from '../../../../harness/rules/error-codes.js';
import { isObject } from '../../../../harness/rules/json.js';
import { noShapeToJudge, unanswered } from '../../../../harness/rules/no-answer.js';
import { expectNone, type Violation } from '../../../../harness/verify/index.js';
import { TARGETS, depth, fileBase, traversalProbes, type FileBase } from './traversal-probe.js';
import { contentsOf, readAll, readOnce } from './uris.js';

/** The data of a read: each content item's text or blob that is not empty. */
function dataOf(reply: Reply): string[] {
  return (contentsOf(reply) ?? []).flatMap((item) => (isObject(item) ? [item.text, item.blob].filter((d): d is string => typeof d === 'string' && d.length > 0) : []));
}

/** A short excerpt of served data: the text, or a blob decoded as UTF-8. */
function excerptOf(reply: Reply, known: ReadonlySet<string>): { kind: 'text' | 'blob'; value: string } | undefined {
  for (const item of contentsOf(reply) ?? []) {
    if (!isObject(item)) continue;
    if (typeof item.text === 'string' && item.text.length > 0 && !known.has(item.text)) return { kind: 'text', value: item.text };
    if (typeof item.blob === 'string' && item.blob.length > 0 && !known.has(item.blob)) return { kind: 'blob', value: Buffer.from(item.blob, 'base64').toString('utf8') };
  }
  return undefined;
}

export const resourceTraversalChecks = defineChecks({ page: 'server/resources', revisions: RANGE.all, needs: ['hostile-session', 'shared-session'], requires: ['resources'] }, [
  {
    id: 'resources.read-invalid-uri-refused',
    title: 'A resources/read URI that climbs out of a listed file:// resource\'s directory with ../ is not served',
    spec: { url: '#security-considerations', level: 'MUST' },
    requirement: 'Servers MUST validate all resource URIs (2026-07-28 adds: Servers MUST sanitize file paths to prevent directory traversal attacks when serving file:// resources)',
    digest: ['RES-031'],
    fix: 'Before reading a file:// resource, remove its dot segments (../ and %2e%2e/) and refuse, with the not-found error, any URI whose path then lies outside the directories you serve',
    faults: ['resources-read-path-traversal'],
    async run(ctx) {
      const { resources } = await ctx.discovery();
      if (!resources) return ctx.skip('not-declared', 'no resources capability');
      const uris = [...new Set(resources.items.map((r) => r.uri).filter((u): u is string => typeof u === 'string'))];
      const bases = uris.map(fileBase).filter((b): b is FileBase => b !== undefined);
      if (bases.length === 0) return ctx.skip('not-offered', `no file:// resource listed (of ${uris.length} listed): nothing to climb out of`);
      // From the deepest listed directory; no target inside a directory the server lists files of.
      const served = [...new Set(bases.map((b) => b.dir))];
      const base = bases.reduce((a, b) => (depth(b.dir) > depth(a.dir) ? b : a));
      const probes = traversalProbes(base, served);
      if (probes.length === 0) return ctx.skip('not-applicable', `the listed file:// resources lie in ${served.join(', ')}, which hold ${TARGETS.join(' and ')}: no file outside them to climb to`);
      // What the listed resources hold (the reads other checks share): contents equal to one of these traversed nothing.
      const listed = await readAll(ctx);
      const own = [...('status' in listed ? [] : listed.reads.map((r) => r.reply)), await readOnce(ctx, base.uri)];
      const known = new Set(own.flatMap(dataOf));
      const session = await ctx.session();
      const replies = await Promise.all(probes.map((p) => session.request('resources/read', { uri: p.uri })));
      const answers = probes.map((probe, i) => ({ probe, reply: replies[i] as Reply }));
      const servedOut = answers.filter(({ reply }) => excerptOf(reply, known) !== undefined);
      // A traversal is a way around the server's own rule: when the file it lands on is served
      // to a plain read as well (a server that serves that file anyway), the ../ bypassed nothing.
      const direct = new Map<string, Reply>();
      for (const lands of new Set(servedOut.map(({ probe }) => probe.lands))) direct.set(lands, await session.request('resources/read', { uri: `${base.origin}${lands}` }));
      const servedAnyway = (lands: string) => dataOf(direct.get(lands) as Reply).length > 0;
      const leaks: Violation[] = servedOut.flatMap(({ probe, reply }) => {
        const got = excerptOf(reply, known);
        if (!got || servedAnyway(probe.lands)) return [];
        return [{ text: `${probe.uri} (${probe.form}, lands on ${probe.lands}, which a plain read of ${base.origin}${probe.lands} does not serve) was served, ${got.kind} ${ctx.brief(got.value, 60)}`, ...(reply.kind === 'result' && reply.seq ? { seq: reply.seq } : {}) }];
      });
      const anyway = [...direct.keys()].filter(servedAnyway);
      const silent = answers.find(({ reply }) => unanswered(reply));
      if (leaks.length === 0 && silent) return ctx.skip('no-answer', noShapeToJudge(`resources/read of ${silent.probe.uri}`, silent.reply));
      const how = answers.map(({ probe, reply }) =>
        reply.kind === 'error' ? `error ${codeLabel(reply.error.code)}` : reply.kind === 'refused' ? `HTTP ${reply.status}` : excerptOf(reply, known) ? (servedAnyway(probe.lands) ? `${probe.lands}, served to a plain read too` : 'a file outside') : dataOf(reply).length ? 'a listed resource\'s contents' : 'no contents',
      );
      const counts = [...new Set(how)].map((h) => `${how.filter((x) => x === h).length}: ${h}`).join(', ');
      return expectNone(ctx, leaks, {
        expected: `resources/read of a URI climbing out of ${base.origin}${base.dir} (beside the listed ${base.uri}) to ${TARGETS.join(' or ')}: an error, or no contents but a listed resource's`,
        judged: answers.length,
        note: `${answers.length} read(s) climbing out of ${base.origin}${base.dir} with ../ and %2e%2e/ (${counts})${anyway.length ? `; the server serves ${anyway.join(' and ')} to a plain read as well, so no ../ went around its rule` : ''}`,
        show: 2,
      });
    },
  },
]);
