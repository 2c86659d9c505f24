// One way to declare checks, on both sides: a file states its defaults once (side, spec page,
// revisions, transports, needs) and lists its entries; each entry states only what differs.
// An entry's spec URL may be an anchor of the file's page ('#behavior-requirements').
//
//   export const pingChecks = defineChecks({ side: 'server', page: 'basic/utilities/ping', revisions: RANGE.legacy, needs: ['shared-session'] }, [
//     { id: 'ping.empty-result', title: '...', spec: { url: '#behavior-requirements', level: 'MUST' }, requirement: '...', digest: ['PING-001'], faults: ['ping-nonempty-result'], run: async (ctx) => ... },
//   ]);
import type { ClientCheckContext } from '../client/context.js';
import type { ClientCheck } from '../client/scenario.js';
import type { TransportKind } from '../transport.js';
import type { Capability, Check, CheckContext, Side, SpecRef } from './check.js';
import type { Need } from './needs.js';
import { expandCodes } from '../rules/error-codes.js';

export interface FileDefaults {
  /** The spec page of the file: an entry's spec URL that is an anchor ('#x') is on this page. */
  page: string;
  revisions?: string;
  transports?: 'any' | TransportKind[];
  needs?: readonly Need[];
  requires?: Capability[];
}

type Defaulted = 'side' | 'revisions' | 'transports' | 'needs' | 'requires' | 'connection';

/** A server check as a file lists it: what the file's defaults do not say. */
export type ServerEntry = Omit<Check<CheckContext>, Defaulted> & Partial<Pick<Check<CheckContext>, 'revisions' | 'transports' | 'needs' | 'requires'>>;

/** A client check as a file lists it. */
export type ClientEntry = Omit<ClientCheck, 'side' | 'revisions' | 'transports' | 'needs'> & Partial<Pick<ClientCheck, 'revisions' | 'transports' | 'needs'>>;

function onPage(page: string, spec: SpecRef | SpecRef[]): SpecRef | SpecRef[] {
  const place = (ref: SpecRef): SpecRef => (ref.url.startsWith('#') ? { ...ref, url: `${page}${ref.url}` } : ref);
  return Array.isArray(spec) ? spec.map(place) : place(spec);
}

/** The texts a user reads, with {code:Name} and {range:Name} read as the numbers. */
function readable<E extends { title: string; requirement?: string; fix?: string }>(e: E): E {
  return {
    ...e,
    title: expandCodes(e.title),
    ...(e.requirement !== undefined ? { requirement: expandCodes(e.requirement) } : {}),
    ...(e.fix !== undefined ? { fix: expandCodes(e.fix) } : {}),
  };
}

function required<T>(value: T | undefined, what: string, id: string): T {
  if (value === undefined) throw new Error(`check ${id} has no ${what}: give it in the entry or in the file's defaults`);
  return value;
}

/** Server checks: the file's defaults, then each entry's own. */
export function defineChecks(file: FileDefaults, entries: readonly ServerEntry[]): Check[] {
  return entries.map((e) => {
    const requires = e.requires ?? file.requires;
    return {
      ...readable(e),
      side: 'server' as Side,
      page: file.page,
      spec: onPage(file.page, e.spec),
      revisions: required(e.revisions ?? file.revisions, 'revisions', e.id),
      transports: e.transports ?? file.transports ?? 'any',
      needs: required(e.needs ?? file.needs, 'needs', e.id),
      ...(requires ? { requires } : {}),
    };
  });
}

/** Client checks: each judges the recording of one scenario (the need 'recording'). */
export function defineClientChecks(file: Omit<FileDefaults, 'needs' | 'requires'>, entries: readonly ClientEntry[]): ClientCheck[] {
  return entries.map((e) => ({
    ...readable(e),
    side: 'client',
    page: file.page,
    spec: onPage(file.page, e.spec),
    revisions: required(e.revisions ?? file.revisions, 'revisions', e.id),
    transports: e.transports ?? file.transports ?? 'any',
    needs: e.needs ?? ['recording'],
  }));
}

export type { ClientCheckContext };
