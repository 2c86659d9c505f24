// The page traces the pagination checks judge: every paginated list the server declares
// (tools, resources, resource templates, prompts) was walked once by discovery, following
// nextCursor up to MAX_PAGES pages.
import type { CheckContext } from '../../../../../harness/checks/check.js';
import type { Discovery, ListOutcome } from '../../../../../harness/discovery.js';

const LISTS = [
  { key: 'tools', method: 'tools/list', itemKey: 'name' },
  { key: 'resources', method: 'resources/list', itemKey: 'uri' },
  { key: 'resourceTemplates', method: 'resources/templates/list', itemKey: 'uriTemplate' },
  { key: 'prompts', method: 'prompts/list', itemKey: 'name' },
] as const;

export type Walked = { list: (typeof LISTS)[number]; outcome: ListOutcome };

/**
 * The lists that were walked. A first page refused with MethodNotFound (a server with resources but
 * no templates, RES-006) is no list at all: left out.
 */
export async function walked(ctx: CheckContext): Promise<Walked[]> {
  const discovery: Discovery = await ctx.discovery();
  const out: Walked[] = [];
  for (const list of LISTS) {
    const outcome = discovery[list.key];
    if (!outcome || outcome.pages.length === 0) continue;
    out.push({ list, outcome });
  }
  return out;
}

export const NO_LISTS = 'no paginated list was answered (no tools, resources or prompts capability)';
export const ONE_PAGE = 'every list fits on one page: no cursor to judge';

/** The walked lists that had more than one page (only they say anything about cursors). */
export const paged = (lists: Walked[]): Walked[] => lists.filter((w) => w.outcome.pages.length > 1);

/** Cite every page of the lists a finding is about. */
export function citePages(ctx: CheckContext, lists: Walked[]): void {
  for (const { outcome } of lists) ctx.cite(...outcome.pages.map((p) => p.seq ?? 0));
}

/** The last pages of a walk, in words. */
export const trace = (outcome: ListOutcome): string =>
  outcome.pages.map((p, i) => `page ${i + 1}: ${p.count} item(s), nextCursor ${p.nextCursor === undefined ? 'absent' : JSON.stringify(p.nextCursor).slice(0, 40)}`).slice(-3).join('; ');

/** The cursor values a walk handed out twice (stable cursors never lead back). */
export function repeatedCursor(outcome: ListOutcome): string | undefined {
  const sent = new Set(outcome.pages.map((p) => p.cursor).filter((c) => c !== undefined));
  const last = outcome.pages[outcome.pages.length - 1];
  return typeof last?.nextCursor === 'string' && sent.has(last.nextCursor) ? last.nextCursor : undefined;
}
