// The era's opening answer (an initialize result; a server/discover result at 2026-07-28) and
// the members a session stands on. Without them the handshake is broken: the client cannot tell
// which version was agreed or what the server offers. The revision's probe reads this to treat
// such an answer as offered-but-broken (not "not offered"), and the checks that judge the
// opening answer report the same problems (ServerFacts.brokenOpening), so a broken handshake
// always reaches their verdict.
import type { Era } from '../revisions.js';
import { isObject } from './json.js';

/** What a member must be, as a test and in words. */
interface Required {
  member: string;
  is: (value: unknown) => boolean;
  what: string;
}

const aString = (v: unknown) => typeof v === 'string';
const stringList = (v: unknown) => Array.isArray(v) && v.every(aString);

/**
 * Legacy: InitializeResult requires protocolVersion, capabilities and serverInfo; the first two
 * carry the negotiation ("the server MUST respond with its own capabilities and information").
 * serverInfo says who answered and nothing depends on it: its absence is judged, not fatal.
 * Modern: DiscoverResult's supportedVersions and capabilities (server/discover#discoverresult).
 */
const SESSION_STANDS_ON: Record<Era, readonly Required[]> = {
  legacy: [
    { member: 'protocolVersion', is: aString, what: 'a string' },
    { member: 'capabilities', is: isObject, what: 'an object' },
  ],
  modern: [
    { member: 'supportedVersions', is: stringList, what: 'an array of strings' },
    { member: 'capabilities', is: isObject, what: 'an object' },
  ],
};

/** The opening request of each era, for the sentences. */
export const OPENING_METHOD: Record<Era, string> = { legacy: 'initialize', modern: 'server/discover' };

const shown = (v: unknown): string => (v === undefined ? 'absent' : `${JSON.stringify(v)?.slice(0, 80) ?? String(v)}`);

/**
 * What makes this opening result unusable, one phrase per member ("protocolVersion is absent,
 * not a string"); empty when the session can stand on it.
 */
export function openingProblems(era: Era, result: unknown): string[] {
  if (!isObject(result)) return [`the ${OPENING_METHOD[era]} result is ${shown(result)}, not an object`];
  return SESSION_STANDS_ON[era].filter((r) => !r.is(result[r.member])).map((r) => `${r.member} is ${shown(result[r.member])}, not ${r.what}`);
}

/** A broken opening: its problems (for the checks' evidence) and the sentence it is known by. */
export interface BrokenOpening {
  problems: string[];
  /** The result was no object at all: there are no members to judge. */
  notAnObject: boolean;
  /** "the handshake failed: ...", the reason every other check of the revision skips. */
  why: string;
}

/** What is broken in this opening answer, or undefined when the session can stand on it. */
export function brokenOpening(era: Era, result: unknown): BrokenOpening | undefined {
  const problems = openingProblems(era, result);
  if (problems.length === 0) return undefined;
  const where = isObject(result) ? `in the ${OPENING_METHOD[era]} result, ` : '';
  return { problems, notAnObject: !isObject(result), why: `the handshake failed: ${where}${problems.join('; ')}` };
}
