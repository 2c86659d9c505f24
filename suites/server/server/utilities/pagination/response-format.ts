// server/utilities/pagination#response-format: "An optional nextCursor field if more results
// exist", a string (PaginatedResult), judged on discovery's walks.
import { defineChecks } from '../../../../../harness/checks/define.js';
import { MAX_PAGES } from '../../../../../harness/discovery.js';
import { RANGE } from '../../../../../harness/revisions.js';
import { expectNone } from '../../../../../harness/verify/index.js';
import { citePages, NO_LISTS, repeatedCursor, trace, walked } from './walks.js';

/** Empty pages in a row, at the end of an unfinished walk, that show a list promising what it never sends. */
const EMPTY_RUN = 3;

export const paginationResponseFormatChecks = defineChecks({ page: 'server/utilities/pagination', revisions: RANGE.all, needs: ['shared-session'] }, [
  // Response format: "An optional nextCursor field if more results exist". A list that still
  // has a new cursor after MAX_PAGES pages may simply be long: it is judged only when its last
  // pages hold nothing and still promise more, which no long list does. The sentence has no
  // keyword: a warning.
  {
    id: 'pagination.list-ends',
    title: `Following nextCursor reaches the end of every list (within ${MAX_PAGES} pages)`,
    spec: { url: '#response-format', level: 'SHOULD' },
    requirement: 'An optional nextCursor field if more results exist',
    digest: ['PAGE-006'],
    faults: ['pagination-never-ends'],
    async run(ctx) {
      const lists = await walked(ctx);
      if (lists.length === 0) return ctx.skip('not-declared', NO_LISTS);
      const unfinished = lists.filter((w) => {
        const last = w.outcome.pages[w.outcome.pages.length - 1];
        return w.outcome.pages.length >= MAX_PAGES && typeof last?.nextCursor === 'string' && repeatedCursor(w.outcome) === undefined;
      });
      // Empty pages that still hand out a cursor: "more results" that never come.
      const endless = unfinished.filter((w) => w.outcome.pages.slice(-EMPTY_RUN).every((p) => p.count === 0));
      const long = unfinished.filter((w) => !endless.includes(w));
      citePages(ctx, endless);
      return expectNone(
        ctx,
        endless.map((w) => `${w.list.method}: the last ${EMPTY_RUN} pages were empty and each still had a new nextCursor, after ${w.outcome.pages.length} pages and ${w.outcome.items.length} item(s) (${trace(w.outcome)})`),
        {
          expected: `nextCursor only while more results exist: a page without one within ${MAX_PAGES} pages`,
          ...(long.length > 0 ? { note: `not followed to the end: ${long.map((w) => `${w.list.method} still had items after ${w.outcome.pages.length} pages`).join('; ')}` } : {}),
          show: lists.length,
          doubt: 'the response format describes nextCursor as present "if more results exist", without a keyword: a warning',
        },
      );
    },
  },

  // PaginatedResult in every legacy schema: "nextCursor": {"type": "string"}. The end of a
  // list is an absent nextCursor; null is not a string (a client may well take it as a cursor).
  {
    id: 'pagination.next-cursor-not-null',
    title: 'nextCursor is a string or absent, never null',
    spec: { url: '#response-format', level: 'MUST' },
    requirement: 'nextCursor: "An opaque token representing the pagination position after the last returned result. If present, there may be more results available." (schema: type string)',
    digest: ['PAGE-006'],
    faults: ['pagination-next-cursor-null'],
    async run(ctx) {
      const lists = await walked(ctx);
      if (lists.length === 0) return ctx.skip('not-declared', NO_LISTS);
      const bad = lists.filter((w) => w.outcome.pages.some((p) => p.nextCursor === null));
      for (const w of bad) ctx.cite(...w.outcome.pages.filter((p) => p.nextCursor === null).map((p) => p.seq ?? 0));
      return expectNone(
        ctx,
        bad.map((w) => `${w.list.method}: page ${w.outcome.pages.findIndex((p) => p.nextCursor === null) + 1} has "nextCursor": null`),
        { expected: 'nextCursor a string, or absent on the last page', show: lists.length },
      );
    },
  },
]);
