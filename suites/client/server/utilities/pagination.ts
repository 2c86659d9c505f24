// Pagination, client side (PAGE-*): cursors followed to the end, sent back unmodified, the
// empty string taken as a cursor (2026-07-28), and no more requests after the last page.
// The server lists its tools over pages of 1, 0 and 2 (and, in 2026-07-28, more).
// Spec: server/utilities/pagination.
import { defineClientChecks } from '../../../../harness/checks/define.js';
import { expectNone } from '../../../../harness/verify/index.js';
import type { ClientCheckContext } from '../../../../harness/client/context.js';
import type { ClientMessage } from '../../../../harness/client/recording.js';
import { RANGE } from '../../../../harness/revisions.js';
import { PAGED_LISTS } from '../../scenarios/paged-lists.js';
import { isObject, ourAnswer, paramsOf } from '../../support/wire.js';

const guidelines = (level: 'MUST' | 'SHOULD') => ({ url: '#implementation-guidelines', level });

interface Listing {
  request: ClientMessage;
  answer: ClientMessage | undefined;
  /** The nextCursor we handed out with it; undefined on the last page. */
  next: unknown;
  /** 2026-07-28: the page's resultType (some pages here have none, or an unknown one, on purpose). */
  resultType: unknown;
}

/** Every tools/list of the client with our answer. */
function listings(ctx: ClientCheckContext): Listing[] {
  return ctx.recording.requests('tools/list').map((request) => {
    const answer = ourAnswer(ctx.recording, request);
    const result = answer && isObject(answer.message.result) ? answer.message.result : undefined;
    return { request, answer, next: result?.nextCursor, resultType: result?.resultType };
  });
}

/** The client's first walk through the list: up to and including the first page without nextCursor. */
function firstWalk(ctx: ClientCheckContext): Listing[] {
  const all = listings(ctx);
  const end = all.findIndex((l) => l.answer !== undefined && l.next === undefined);
  return end === -1 ? all : all.slice(0, end + 1);
}

/** Did the client go on to the page after `listing`, with some cursor (exactness is pagination.cursor-unmodified's)? */
const followed = (ctx: ClientCheckContext, listing: Listing): boolean =>
  listings(ctx).some((l) => l.request.seq > (listing.answer?.seq ?? Infinity) && typeof paramsOf(l.request).cursor === 'string');

export const paginationClientChecks = defineClientChecks({ page: 'server/utilities/pagination' }, [
  // PAGE-001: "Page size is determined by the server, and clients MUST NOT assume a fixed page
  // size"; "Clients SHOULD: ... Support both paginated and non-paginated flows". Stopping while
  // a page still carries a nextCursor leaves part of the list unseen.
  {
    id: 'pagination.follows-next-cursor',
    title: 'The client follows nextCursor to the next page (whatever the size of the page)',
    spec: guidelines('SHOULD'),
    requirement: 'Page size is determined by the server, and clients MUST NOT assume a fixed page size. Clients SHOULD: Treat a missing nextCursor as the end of results; Support both paginated and non-paginated flows',
    digest: ['PAGE-001'],
    scenario: PAGED_LISTS,
    revisions: RANGE.all,
    faults: ['pagination-stops-early'],
    async run(ctx) {
      // An empty-string cursor is judged by pagination.empty-cursor-is-not-the-end, pages with an
      // odd resultType by the jsonrpc result-type checks.
      const paged = firstWalk(ctx).filter((l) => typeof l.next === 'string' && l.next !== '' && (ctx.era === 'legacy' || l.resultType === 'complete'));
      if (paged.length === 0) return ctx.skip('nothing-observed', 'the client listed no page that carries a nextCursor');
      const stopped = paged.filter((l) => !followed(ctx, l)).slice(0, 1);
      ctx.cite(...stopped.map((l) => l.request.seq));
      return expectNone(ctx, stopped.map((l) => ({ text: `the client stopped listing while a page still carried nextCursor ${ctx.brief(l.next)}`, seq: l.answer?.seq ?? 0 })), {
        expected: 'tools/list with the nextCursor of each page that carries one',
        judged: paged.length,
      });
    },
  },

  // PAGE-002: "Clients MUST treat cursors as opaque tokens: Don't make assumptions about cursor
  // format; Don't attempt to parse or modify cursors".
  {
    id: 'pagination.cursor-unmodified',
    title: 'Cursors go back exactly as the server handed them out',
    spec: guidelines('MUST'),
    requirement: "Clients MUST treat cursors as opaque tokens: Don't make assumptions about cursor format; Don't attempt to parse or modify cursors",
    digest: ['PAGE-002'],
    scenario: PAGED_LISTS,
    revisions: RANGE.all,
    faults: ['pagination-cursor-modified'],
    async run(ctx) {
      const all = listings(ctx);
      const withCursor = all.filter((l) => 'cursor' in paramsOf(l.request));
      if (withCursor.length === 0) return ctx.skip('nothing-observed', 'the client sent no cursor');
      const violations = withCursor.flatMap((l) => {
        const cursor = paramsOf(l.request).cursor;
        if (all.some((earlier) => earlier.answer && earlier.answer.seq < l.request.seq && earlier.next === cursor)) return [];
        return [{ text: `cursor ${ctx.brief(cursor)}`, seq: l.request.seq }];
      });
      const handed = all.map((x) => x.next).filter((c) => typeof c === 'string');
      return expectNone(ctx, violations, { expected: `a cursor the server handed out (${handed.map((c) => ctx.brief(c)).join(', ')})`, judged: withCursor.length });
    },
  },

  // PAGE-003: "Don't make any determination based on cursor value other than whether a non-null
  // value was provided (e.g. an empty string is a valid cursor and thus MUST NOT be treated as
  // the end of results)".
  {
    id: 'pagination.empty-cursor-is-not-the-end',
    title: 'An empty-string nextCursor is followed like any other cursor',
    spec: guidelines('MUST'),
    requirement: "Don't make any determination based on cursor value other than whether a non-null value was provided (e.g. an empty string is a valid cursor and thus MUST NOT be treated as the end of results)",
    digest: ['PAGE-003'],
    scenario: PAGED_LISTS,
    revisions: RANGE.modern,
    faults: ['pagination-empty-cursor-ends'],
    async run(ctx) {
      const empty = listings(ctx).find((l) => l.next === '');
      if (!empty) return ctx.skip('nothing-observed', 'the client never received the empty-string cursor');
      return expectNone(ctx, followed(ctx, empty) ? [] : [{ text: 'the client stopped at nextCursor ""', seq: empty.answer?.seq ?? 0 }], { expected: 'tools/list with cursor ""' });
    },
  },

  // PAGE-004: "Clients SHOULD: Treat a missing nextCursor as the end of results". (In
  // 2026-07-28 the last page here is invalid on purpose, so only legacy runs show it.)
  {
    id: 'pagination.stops-after-last-page',
    title: 'After a page without nextCursor, the client does not ask for more of that list',
    spec: guidelines('SHOULD'),
    requirement: 'Clients SHOULD: Treat a missing nextCursor as the end of results',
    digest: ['PAGE-004'],
    scenario: PAGED_LISTS,
    revisions: RANGE.legacy,
    faults: ['pagination-continues-without-cursor'],
    async run(ctx) {
      const last = listings(ctx).find((l) => l.answer && l.next === undefined && isObject(l.answer.message.result));
      if (!last?.answer) return ctx.skip('nothing-observed', 'the client never reached the last page');
      const after = last.answer.seq;
      const next = ctx.recording.requests().find((m) => m.conn === last.request.conn && m.seq > after);
      if (next?.message.method === 'tools/list') ctx.cite(after);
      return expectNone(ctx, next?.message.method === 'tools/list' ? [{ text: `the next request is tools/list again (params ${ctx.brief(next.message.params)})`, seq: next.seq }] : [], {
        expected: 'the list ends at the page without nextCursor',
      });
    },
  },
]);
