// server/resources#resource-contents: each item of a read's contents is text or binary, one of
// the two. Every listed resource is read once per revision (shared with resources.uris-valid).
// The rest of RES-005 (uri present, text or blob present, blob base64) is the schema's:
// schema.server-messages-valid judges these reads too.
import { defineChecks } from '../../../../harness/checks/define.js';
import { RANGE } from '../../../../harness/revisions.js';
import { isObject } from '../../../../harness/rules/json.js';
import { expectNone } from '../../../../harness/verify/index.js';
import { contentsOf, readAll } from './uris.js';

export const resourceContentChecks = defineChecks({ page: 'server/resources', revisions: RANGE.all, needs: ['shared-session'], requires: ['resources'] }, [
  // "Resources can contain either text or binary data" (every revision), then one example of
  // each; the schema offers TextResourceContents or BlobResourceContents, and an item with both
  // fields still validates. No keyword: a warning.
  {
    id: 'resources.read-contents-one-kind',
    title: 'Each item of a resources/read result carries text or blob, not both',
    spec: { url: '#resource-contents', level: 'SHOULD' },
    requirement: 'Resources can contain either text or binary data',
    fix: 'Put a resource item\'s content in `text` (UTF-8 text) or in `blob` (base64), never in both.',
    digest: ['RES-005'],
    faults: ['resources-read-text-and-blob'],
    async run(ctx) {
      const got = await readAll(ctx);
      if ('status' in got) return got;
      const items = got.reads.flatMap((r) => (contentsOf(r.reply) ?? []).map((item) => ({ uri: r.uri, item })));
      if (items.length === 0) return ctx.skip('nothing-observed', `no read of ${got.reads.length} listed resource(s) returned contents`);
      const both = items.filter(({ item }) => isObject(item) && 'text' in item && 'blob' in item);
      return expectNone(
        ctx,
        both.map(({ uri }) => `an item of ${uri} with both`),
        {
          expected: 'each content item with text or blob',
          judged: items.length,
          note: `${items.length} content item(s) of ${got.reads.length} read(s); ${got.note}`,
          doubt: 'the page says resources contain "either text or binary data", without a keyword: a warning',
        },
      );
    },
  },
]);
