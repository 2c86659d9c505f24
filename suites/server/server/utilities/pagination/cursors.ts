// server/utilities/pagination: the cursors a server hands out, judged on discovery's walks
// (implementation guidelines: "Servers SHOULD: Provide stable cursors"; error handling:
// "Invalid cursors SHOULD result in an error with code InvalidParams").
import { defineChecks } from '../../../../../harness/checks/define.js';
import { describeReply } from '../../../../../harness/jsonrpc/types.js';
import { codeLabel, ErrorCode } from '../../../../../harness/rules/error-codes.js';
import { RANGE } from '../../../../../harness/revisions.js';
import { expectNone } from '../../../../../harness/verify/index.js';
import { citePages, NO_LISTS, ONE_PAGE, paged, repeatedCursor, trace, walked, type Walked } from './walks.js';

export const paginationCursorChecks = defineChecks({ page: 'server/utilities/pagination', revisions: RANGE.all, needs: ['shared-session'] }, [
  // Implementation guidelines: "Servers SHOULD: Provide stable cursors". A nextCursor that
  // was already followed leads back to where the walk was: the list loops.
  {
    id: 'pagination.cursor-not-repeated',
    title: 'A paginated list never hands out a cursor that was already followed (no loop)',
    spec: { url: '#implementation-guidelines', level: 'SHOULD' },
    requirement: 'Servers SHOULD: Provide stable cursors',
    digest: ['PAGE-005'],
    faults: ['pagination-cursor-loop'],
    async run(ctx) {
      const all = await walked(ctx);
      if (all.length === 0) return ctx.skip('not-declared', NO_LISTS);
      const lists = paged(all);
      if (lists.length === 0) return ctx.skip('not-offered', ONE_PAGE);
      const looping = lists.filter((w) => repeatedCursor(w.outcome) !== undefined);
      citePages(ctx, looping);
      return expectNone(
        ctx,
        looping.map((w) => `${w.list.method} handed out ${JSON.stringify(repeatedCursor(w.outcome)).slice(0, 60)} again (${trace(w.outcome)})`),
        {
          expected: 'each nextCursor leads to a page not seen before',
          judged: lists.length,
          note: `${lists.length} paginated list(s): ${lists.map((w) => `${w.list.method} ${w.outcome.pages.length} pages`).join(', ')}`,
          show: lists.length,
        },
      );
    },
  },

  // A cursor is "a position in the result set": the next page continues after it. An item
  // (by name, uri or uriTemplate) on two different pages means the positions overlap.
  // Only a SHOULD ("Provide stable cursors"), and judged across pages only: a name repeated
  // within one page is tools.unique-names' business. 2026-07-28 promises nothing across pages:
  // "There is no cross-page consistency guarantee. If the underlying data changes between page
  // fetches, clients may observe duplicates or gaps." (server/utilities/caching): a note there.
  {
    id: 'pagination.no-duplicates-across-pages',
    title: 'No item appears on two different pages of a list',
    spec: { url: '#implementation-guidelines', level: 'SHOULD' },
    requirement: 'Servers SHOULD: Provide stable cursors',
    digest: ['PAGE-005'],
    faults: ['pagination-overlapping-pages'],
    faultRevisions: { 'pagination-overlapping-pages': RANGE.legacy },
    async run(ctx) {
      const all = await walked(ctx);
      if (all.length === 0) return ctx.skip('not-declared', NO_LISTS);
      const lists = paged(all);
      if (lists.length === 0) return ctx.skip('not-offered', ONE_PAGE);
      const found: string[] = [];
      const bad: Walked[] = [];
      for (const w of lists) {
        const pageOf = new Map<unknown, number>();
        let offset = 0;
        const dupes: string[] = [];
        w.outcome.pages.forEach((page, index) => {
          for (const item of w.outcome.items.slice(offset, offset + page.count)) {
            const key = item[w.list.itemKey];
            const first = pageOf.get(key);
            if (first === undefined) pageOf.set(key, index);
            else if (first !== index) dupes.push(`${JSON.stringify(key)} (pages ${first + 1} and ${index + 1})`);
          }
          offset += page.count;
        });
        if (dupes.length > 0) {
          bad.push(w);
          found.push(`${w.list.method}: ${dupes.slice(0, 3).join(', ')}`);
        }
      }
      if (found.length > 0 && ctx.era === 'modern') return ctx.pass(`seen on two pages, which ${ctx.revision} allows ("There is no cross-page consistency guarantee"): ${found.join('; ')}`);
      citePages(ctx, bad);
      return expectNone(ctx, found, { expected: 'each item on one page only', judged: lists.length, note: `${lists.length} paginated list(s)`, show: lists.length });
    },
  },

  // Error handling: "Invalid cursors SHOULD result in an error with code InvalidParams (Invalid
  // params)." A cursor the server never handed out is invalid; an ordinary page is a warning.
  {
    id: 'pagination.invalid-cursor',
    title: 'A cursor the server never handed out gets error {code:InvalidParams}',
    spec: { url: '#error-handling', level: 'SHOULD' },
    requirement: 'Invalid cursors SHOULD result in an error with code {code:InvalidParams} (Invalid params).',
    digest: ['PAGE-005'],
    faults: ['pagination-invalid-cursor-accepted'],
    async run(ctx) {
      const lists = await walked(ctx);
      if (lists.length === 0) return ctx.skip('not-declared', NO_LISTS);
      const cursor = `mcp-conformance-invalid-cursor-%%-${Math.random().toString(36).slice(2, 8)}`;
      const replies = await Promise.all(lists.map((w) => ctx.request(w.list.method, { cursor })));
      const bad: string[] = [];
      const unanswered: string[] = [];
      for (const [i, reply] of replies.entries()) {
        const method = (lists[i] as Walked).list.method;
        // No answer is no answer to judge: whether it comes at all is the harness's timeout handling.
        if (reply.kind === 'timeout' || reply.kind === 'closed') unanswered.push(`${method}: ${describeReply(reply)}`);
        else if (reply.kind === 'error' && reply.error.code === ErrorCode.InvalidParams) continue;
        else bad.push(`${method}: ${reply.kind === 'error' ? `error ${codeLabel(reply.error.code)}` : reply.kind === 'result' ? 'an ordinary page' : describeReply(reply)}`);
      }
      return expectNone(ctx, bad, {
        expected: `cursor ${JSON.stringify(cursor)}: error ${codeLabel(ErrorCode.InvalidParams)}`,
        judged: lists.length - unanswered.length,
        note: `${lists.length - unanswered.length} list(s)${unanswered.length ? `; not answered: ${unanswered.join('; ')}` : ''}`,
        nothing: { code: 'no-answer', detail: `no answer to judge: ${unanswered.join('; ')}` },
        show: lists.length,
      });
    },
  },
]);
