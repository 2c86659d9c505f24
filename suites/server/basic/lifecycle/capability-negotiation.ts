// basic/lifecycle#capability-negotiation: the capabilities the server declares (their shape,
// and that every feature it serves is among them), and that during operation it asks the
// client only for what the client declared.
import { defineChecks } from '../../../../harness/checks/define.js';
import { RANGE } from '../../../../harness/revisions.js';
import { isObject } from '../../../../harness/rules/json.js';
import { expectNone } from '../../../../harness/verify/index.js';

/** The capability keys each revision defines for servers, and the sub-flags that are booleans. */
const SERVER_CAPABILITY_FLAGS: Record<string, string[]> = {
  tools: ['listChanged'],
  prompts: ['listChanged'],
  resources: ['listChanged', 'subscribe'],
  logging: [],
  completions: [],
  experimental: [],
};

export const capabilityNegotiationChecks = defineChecks({ page: 'basic/lifecycle', revisions: RANGE.legacy }, [
  // Capability declaration shape: each declared capability is an object, and its flags
  // (listChanged, subscribe) are booleans. The schema's ServerCapabilities says the same.
  {
    id: 'lifecycle.capabilities-shape',
    title: 'Declared server capabilities are objects with boolean flags',
    spec: { url: '#capability-negotiation', level: 'MUST' },
    requirement: 'The full specification of the protocol is defined as a TypeScript schema. This is the source of truth for all protocol messages and structures. (ServerCapabilities: each capability an object; listChanged and subscribe booleans.)',
    digest: ['LIFE-003'],
    // Reads only the opening answer, yet only where the handshake worked: a broken one is
    // lifecycle.initialize-result-fields' alone (the need 'opening-answer' would run it there).
    needs: ['shared-session'],
    faults: ['capability-not-object'],
    async run(ctx) {
      ctx.cite(ctx.facts.server.resultSeq ?? 0);
      const caps = ctx.facts.server.result.capabilities;
      if (typeof caps !== 'object' || caps === null) return ctx.skip('capabilities-unknown', 'no capabilities object to judge (see lifecycle.initialize-result-fields)');
      const problems: string[] = [];
      for (const [name, flags] of Object.entries(SERVER_CAPABILITY_FLAGS)) {
        if (!(name in caps)) continue;
        const value = (caps as Record<string, unknown>)[name];
        if (!isObject(value)) {
          problems.push(`${name} is ${ctx.brief(value)}`);
          continue;
        }
        for (const flag of flags) {
          const v = value[flag];
          if (v !== undefined && typeof v !== 'boolean') problems.push(`${name}.${flag} is ${ctx.brief(v)}`);
        }
      }
      return expectNone(ctx, problems, { expected: 'each declared capability an object, flags boolean', show: problems.length });
    },
  },

  // LIFE-011: "Servers that support tools MUST declare the tools capability" (and the same
  // sentence on the prompts and resources pages, every era: initialize, or server/discover). A
  // list that answers with items while its capability is absent is an undeclared feature; an
  // empty answer serves nothing, so it breaks nothing.
  {
    id: 'lifecycle.features-declared',
    title: 'Features the server serves (tools, prompts, resources) are declared in its capabilities',
    spec: { url: 'server/tools#capabilities', level: 'MUST' },
    requirement: 'Servers that support tools MUST declare the tools capability. Servers that support prompts MUST declare the prompts capability. Servers that support resources MUST declare the resources capability.',
    // RES-001 is the resources page's sentence of the three (resources/list served undeclared fails).
    digest: ['LIFE-011', 'RES-001'],
    revisions: RANGE.all,
    needs: ['shared-session'],
    // skills-without-resources-capability: the Skills extension (2026-07-28) serves resources undeclared.
    faults: ['undeclared-capability', 'skills-without-resources-capability'],
    faultRevisions: { 'skills-without-resources-capability': '2026-07-28..' },
    judgesDeclared: true,
    async run(ctx) {
      const caps = ctx.facts.serverCapabilities;
      const probes = [
        { cap: 'tools', method: 'tools/list', key: 'tools' },
        { cap: 'prompts', method: 'prompts/list', key: 'prompts' },
        { cap: 'resources', method: 'resources/list', key: 'resources' },
      ].filter((p) => caps[p.cap] === undefined);
      if (probes.length === 0) return ctx.pass('every feature list is declared');
      const served: string[] = [];
      const empty: string[] = [];
      const refused: string[] = [];
      for (const p of probes) {
        const reply = await ctx.request(p.method, {});
        // No answer shows nothing either way (the harness's timeout handling).
        if (reply.kind === 'timeout' || reply.kind === 'closed') continue;
        if (reply.kind !== 'result') {
          refused.push(p.method); // MethodNotFound or any error: not served, which is right.
          continue;
        }
        const items = (reply.result as Record<string, unknown> | undefined)?.[p.key];
        if (Array.isArray(items) && items.length > 0) served.push(`${p.method} returned ${items.length} item(s) without the \`${p.cap}\` capability`);
        else empty.push(p.method);
      }
      return expectNone(ctx, served, {
        expected: 'a served feature is declared in capabilities',
        judged: served.length + empty.length + refused.length,
        note: empty.length > 0 ? `undeclared, answered empty: ${empty.join(', ')}` : 'undeclared lists are not served',
        nothing: { code: 'no-answer', detail: `no answer to ${probes.map((p) => p.method).join(', ')}: nothing shows what is served, and whether the server answers at all is left to the harness's timeout handling` },
        show: served.length,
      });
    },
  },

  // LIFE-010: both sides use only negotiated capabilities. The harness's client declares
  // none on most sessions, so a roots/sampling/elicitation request to it breaks the rule.
  {
    id: 'lifecycle.server-requests-need-client-capability',
    title: 'The server sends roots/sampling/elicitation requests only to clients that declared them',
    spec: [
      { url: '#operation', level: 'SHOULD' },
      { from: '2025-06-18', url: '#operation', level: 'MUST' },
    ],
    requirement: 'Both parties MUST (2024-11-05 and 2025-03-26: SHOULD): Respect the negotiated protocol version; Only use capabilities that were successfully negotiated',
    // ROOTS-005 (client/roots#implementation-guidelines): a roots/list to a client that declared
    // no roots is the roots half of this rule; at 2026-07-28 input-required.declared-capabilities-only
    // judges it (the server asks by MRTR there).
    digest: ['LIFE-010', 'ROOTS-005'],
    // Judges the requests the server sent to every other check of the revision.
    needs: ['passive'],
    faults: ['sampling-without-capability'],
    async run(ctx) {
      const needs: Record<string, string> = { 'roots/list': 'roots', 'sampling/createMessage': 'sampling', 'elicitation/create': 'elicitation' };
      const bad = ctx.observations().filter((o) => {
        if (o.kind !== 'server-request') return false;
        const method = (o.message as { method?: string }).method ?? '';
        const cap = needs[method];
        const declared = (o.context?.clientCapabilities ?? {}) as Record<string, unknown>;
        return cap !== undefined && declared[cap] === undefined;
      });
      // The first five are cited: the rest say nothing new.
      const violations = bad.map((o, i) => ({ text: `${(o.message as { method?: string }).method} to a client with capabilities ${ctx.brief(o.context?.clientCapabilities)}`, ...(i < 5 ? { seq: o.seq } : {}) }));
      return expectNone(ctx, violations, { expected: 'no roots/list, sampling/createMessage or elicitation/create to a client that did not declare it' });
    },
  },
]);
