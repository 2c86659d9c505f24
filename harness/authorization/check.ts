// An authorization-server check: the check model's metadata (id, title, spec, level, faults,
// digest) and one function over an AsContext. The runner runs each at every revision in its range.
import type { Check, Verdict } from '../checks/check.js';
import type { AsContext } from './context.js';

export type AsCheck = Omit<Check, 'run' | 'side' | 'transports' | 'needs' | 'requires'> & {
  side: 'server';
  transports: 'any';
  run(ctx: AsContext): Promise<Verdict>;
};

export type AsEntry = Omit<AsCheck, 'side' | 'transports' | 'page'>;

/** The AS checks of one file: the spec page the anchors are on, then the entries. */
export function defineAsChecks(page: string, entries: readonly AsEntry[]): AsCheck[] {
  const place = (url: string): string => (url.startsWith('#') ? `${page}${url}` : url);
  return entries.map((e) => ({ ...e, side: 'server', transports: 'any', page, spec: Array.isArray(e.spec) ? e.spec.map((s) => ({ ...s, url: place(s.url) })) : { ...e.spec, url: place(e.spec.url) } }));
}
