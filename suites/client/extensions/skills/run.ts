// What a client did with the skills of a scripted Skills server (suites/client/scenarios/skills.ts):
// its skills/* requests and the skill files it read. Shared by the client Skills checks.
import type { ClientCheckContext } from '../../../../harness/client/context.js';
import type { ClientMessage } from '../../../../harness/client/recording.js';
import type { Unjudged } from '../../../../harness/verify/utilities.js';
import { paramsOf } from '../../support/wire.js';
import { SKILLS_EXTENSION } from '../../scenarios/skills.js';

export const SKILLS_PAGE = 'https://github.com/modelcontextprotocol/ext-skills/blob/main/specification/stable/skills.mdx';

export interface SkillsRun {
  lists: ClientMessage[];
  gets: ClientMessage[];
  /** Every resources/read, with the uri it asked for. */
  reads: { message: ClientMessage; uri: unknown }[];
  directoryReads: ClientMessage[];
}

export function skillsRun(ctx: ClientCheckContext): SkillsRun {
  return {
    lists: ctx.recording.requests('skills/list'),
    gets: ctx.recording.requests('skills/get'),
    reads: ctx.recording.requests('resources/read').map((message) => ({ message, uri: paramsOf(message).uri })),
    directoryReads: ctx.recording.requests('resources/directory/read'),
  };
}

/** The reads of one uri. */
export const readsOf = (run: SkillsRun, uri: string): ClientMessage[] => run.reads.filter((r) => r.uri === uri).map((r) => r.message);

/** A client that never used the extension is not judged on it: Skills are optional. */
export function unused(run: SkillsRun): Unjudged | undefined {
  if (run.lists.length === 0 && run.gets.length === 0) return { code: 'not-offered', detail: `the client sent no skills/list nor skills/get: it does not use the ${SKILLS_EXTENSION} extension` };
  return undefined;
}
