// Caching, client side (CACHE-004): a cached result is never served for another method or
// other params. The server of caching.cacheable-resources lists five resources one per page,
// only the fourth page fresh (with a nextCursor), and answers every read fresh.
// Spec: server/utilities/caching (2026-07-28).
import { defineClientChecks } from '../../../../harness/checks/define.js';
import { expectNone } from '../../../../harness/verify/index.js';
import type { ClientCheckContext } from '../../../../harness/client/context.js';
import type { ClientMessage, Json } from '../../../../harness/client/recording.js';
import { RANGE } from '../../../../harness/revisions.js';
import { CACHEABLE_RESOURCES } from '../../scenarios/cacheable-resources.js';
import { endedByTool, isObject, ourAnswer, paramsOf } from '../../support/wire.js';

/** The param that tells two requests of a method apart here (the spec's own examples). */
const KEY_PARAM = { 'resources/read': 'uri', 'resources/list': 'cursor' } as const;
type Method = keyof typeof KEY_PARAM;

interface Exchange {
  request: ClientMessage;
  answer: ClientMessage | undefined;
  result: Json | undefined;
  key: unknown;
}

function exchanges(ctx: ClientCheckContext, method: Method): Exchange[] {
  return ctx.recording.requests(method).map((request) => {
    const answer = ourAnswer(ctx.recording, request);
    const result = answer && isObject(answer.message.result) ? answer.message.result : undefined;
    return { request, answer, result, key: paramsOf(request)[KEY_PARAM[method]] };
  });
}

const fresh = (e: Exchange): e is Exchange & { answer: ClientMessage } => e.answer !== undefined && typeof e.result?.ttlMs === 'number' && e.result.ttlMs > 0;

/** A request that reached us after a fresh answer of the same method for other params: the cache did not serve it. */
function sentDespiteCache(ctx: ClientCheckContext, method: Method): { cached: Exchange; later: Exchange } | undefined {
  const all = exchanges(ctx, method);
  for (const cached of all.filter(fresh)) {
    const later = all.find((e) => e.request.seq > cached.answer.seq && e.key !== cached.key);
    if (later) return { cached, later };
  }
  return undefined;
}

export const cachingClientChecks = defineClientChecks({ page: 'server/utilities/caching' }, [
  // CACHE-004: "A cached response is identified by the request method together with the request
  // parameters that affect the result (for example, the uri for resources/read, or the cursor
  // for paginated list requests). Clients MUST NOT serve a cached response for a request whose
  // method or parameters differ from the request that produced it." Only a request that reaches
  // the server shows; one the client never needed does not. The list shows the need: a client
  // that followed the cursors of three stale pages wants the page after the fresh fourth, and a
  // cache keyed on the method alone answers that cursor with the fourth page.
  {
    id: 'caching.key-includes-params',
    title: 'A cached result is never served for other params (a read of another URI, the next page of a list)',
    spec: { url: '#cache-key', level: 'MUST' },
    requirement:
      'A cached response is identified by the request method together with the request parameters that affect the result (for example, the uri for resources/read, or the cursor for paginated list requests). Clients MUST NOT serve a cached response for a request whose method or parameters differ from the request that produced it.',
    digest: ['CACHE-004'],
    scenario: CACHEABLE_RESOURCES,
    revisions: RANGE.modern,
    faults: ['cache-keyed-on-method'],
    async run(ctx) {
      const pages = exchanges(ctx, 'resources/list');
      const freshPage = pages.find((p) => fresh(p) && typeof p.result?.nextCursor === 'string');
      const next = freshPage?.result?.nextCursor;
      const asked = freshPage?.answer && pages.some((p) => p.request.seq > (freshPage.answer?.seq ?? Infinity) && p.key === next);
      if (freshPage?.answer && !asked && !endedByTool(ctx.recording)) {
        ctx.cite(...pages.map((p) => p.request.seq));
        return expectNone(
          ctx,
          [{ text: `the client followed the cursors of the stale pages, got a page fresh for ${String(freshPage.result?.ttlMs)} ms with nextCursor ${ctx.brief(next)}, and never asked for it: a cached page served for another cursor`, seq: freshPage.answer.seq }],
          { expected: `resources/list with cursor ${ctx.brief(next)} reaches the server (no cached page has that cursor)` },
        );
      }
      const shown = sentDespiteCache(ctx, 'resources/read') ?? sentDespiteCache(ctx, 'resources/list');
      if (shown) {
        ctx.cite(shown.cached.answer?.seq ?? 0, shown.later.request.seq);
        return ctx.pass(`${String(shown.later.request.message.method)} for ${ctx.brief(shown.later.key)} reached the server after a fresh result for ${ctx.brief(shown.cached.key)}`);
      }
      if (freshPage?.answer) return ctx.skip('nothing-observed', 'the tool ended the client before it asked for the page after the fresh one: what it would have done is unknown');
      return ctx.skip('nothing-observed', 'the client read no second URI after a fresh read and did not follow the cursors of resources/list to its fresh page: nothing shows a request it served from a cache');
    },
  },
]);
