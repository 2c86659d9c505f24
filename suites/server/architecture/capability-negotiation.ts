// architecture#capability-negotiation, the discipline: the server sends no notification its
// declared capabilities do not allow. Judged passively over every notification of the revision (sessions of one target
// declare the same capabilities as its probe session). Methods of undeclared capabilities:
// lifecycle.features-declared (tools, prompts, resources), completion.undeclared-refused. notifications/message without logging: logging.messages-declared.
// A notification before notifications/initialized is no violation: the lifecycle's rule
// ("SHOULD NOT send requests other than pings and logging") is about requests.
// Up to 2025-11-25 only: at 2026-07-28 server notifications travel on subscriptions/listen
// streams, and what a listen stream may carry is the subscriptions suite's to judge.
import type { CheckContext } from '../../../harness/checks/check.js';
import { defineChecks } from '../../../harness/checks/define.js';
import type { Observation } from '../../../harness/observations.js';
import { RANGE } from '../../../harness/revisions.js';
import { isObject } from '../../../harness/rules/json.js';
import { expectNone } from '../../../harness/verify/index.js';

function flag(caps: Record<string, unknown>, cap: string, sub: string): boolean {
  const value = caps[cap];
  return isObject(value) && value[sub] === true;
}

function notifications(ctx: CheckContext, methods: string[]): Observation[] {
  return ctx.observations().filter((o) => o.kind === 'server-notification' && methods.includes((o.message as { method?: string }).method ?? ''));
}

const LIST_CHANGED: Record<string, string> = {
  'notifications/tools/list_changed': 'tools',
  'notifications/prompts/list_changed': 'prompts',
  'notifications/resources/list_changed': 'resources',
};

export const capabilitiesChecks = defineChecks({ page: 'architecture', revisions: RANGE.legacy, needs: ['passive'] }, [
  // "Both parties must respect declared capabilities throughout the session" (no keyword);
  // listChanged: "Support for list change notifications". The feature pages only say declared
  // servers SHOULD notify, so an undeclared one is a warning (TOOL-019, RES-013, PROMPT-006).
  {
    id: 'capabilities.list-changed-declared',
    title: 'list_changed notifications only for lists whose capability declares listChanged',
    spec: { url: '#capability-negotiation', level: 'SHOULD' },
    requirement: 'Both parties must respect declared capabilities throughout the session',
    digest: ['TOOL-019', 'RES-013', 'PROMPT-006'],
    faults: ['list-changed-undeclared'],
    judgesDeclared: true,
    async run(ctx) {
      const caps = ctx.facts.serverCapabilities;
      const seen = notifications(ctx, Object.keys(LIST_CHANGED));
      const bad = seen.flatMap((o) => {
        const method = (o.message as { method: string }).method;
        const cap = LIST_CHANGED[method] as string;
        return flag(caps, cap, 'listChanged') ? [] : [{ text: `${method} while capabilities.${cap} is ${ctx.brief(caps[cap])}`, seq: o.seq }];
      });
      return expectNone(ctx, bad, {
        expected: 'list_changed notifications only for lists whose capability declares listChanged: true',
        judged: seen.length,
        note: `${seen.length} list_changed notification(s), all declared`,
        show: 5,
        nothing: { code: 'nothing-observed', detail: 'no list_changed notification was sent during the run' },
      });
    },
  },

  // Architecture, capability negotiation: "Emitting resource subscription notifications
  // requires the server to declare subscription support" (RES-011). The sentence has no
  // keyword (the page's "must respect declared capabilities" is lower case): a warning.
  {
    id: 'capabilities.updated-needs-subscribe',
    title: 'notifications/resources/updated only from a server that declares resources.subscribe',
    spec: { url: '#capability-negotiation', level: 'SHOULD' },
    requirement: 'Emitting resource subscription notifications requires the server to declare subscription support',
    digest: ['RES-011'],
    faults: ['updated-without-subscribe'],
    judgesDeclared: true,
    async run(ctx) {
      const caps = ctx.facts.serverCapabilities;
      if (flag(caps, 'resources', 'subscribe')) return ctx.skip('not-applicable', 'resources.subscribe is declared: updates are allowed');
      // Without subscribe, every update breaks the rule.
      const seen = notifications(ctx, ['notifications/resources/updated']);
      return expectNone(
        ctx,
        seen.map((o) => ({ text: `notifications/resources/updated while capabilities.resources is ${ctx.brief(caps.resources)}`, seq: o.seq })),
        {
          expected: 'notifications/resources/updated only with capabilities.resources.subscribe: true',
          judged: seen.length,
          show: 5,
          nothing: { code: 'nothing-observed', detail: 'no notifications/resources/updated was sent during the run' },
        },
      );
    },
  },
]);
