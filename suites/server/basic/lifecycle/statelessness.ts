// What replaces the lifecycle at 2026-07-28 (basic#statelessness, LIFE-040..042): no request
// depends on an earlier one on the same connection. Each check asks the same thing in two
// situations that differ only in what came before on the connection, and compares.
import { defineChecks } from '../../../../harness/checks/define.js';
import { describeReply } from '../../../../harness/jsonrpc/types.js';
import { RANGE } from '../../../../harness/revisions.js';
import { modernMeta, sendAsBuilt, seqs } from '../../../../harness/target/as-built.js';
import { allCapabilities, clientRequests, inputRequestsOf, isInputRequired, kindOf, neutralResponses, requestStateOf } from '../../../../harness/target/client-needs.js';
import { unanswered } from '../../../../harness/rules/no-answer.js';
import { exchange, expectResult } from '../../../../harness/verify/index.js';
import { expectSame } from '../../../../harness/verify/messages.js';

const SPEC = { url: 'basic#statelessness', level: 'MUST' } as const;
const NOT_PRIOR = 'Servers MUST NOT rely on prior requests over the same connection to establish context (e.g., capabilities, protocol version, client identity).';

// Filed with the lifecycle it replaces; the section is on the page basic (full URLs).
export const statelessnessChecks = defineChecks({ page: 'basic/lifecycle', revisions: RANGE.modern }, [
  // "Servers MUST NOT rely on prior requests over the same connection to establish context";
  // server/discover is optional: "a client is free to invoke any RPC inline" (basic/versioning).
  {
    id: 'lifecycle.first-request-without-discover',
    title: 'A list request as the very first message of a fresh connection is served (no server/discover needed first)',
    spec: SPEC,
    requirement: NOT_PRIOR,
    digest: ['LIFE-040'],
    // The usual answer on the shared session; the first frame on a connection of its own, over HTTP as built (raw POST).
    needs: ['shared-session', 'connection', 'raw-http'],
    faults: ['modern-requires-discover-first'],
    judgesDeclared: true,
    async run(ctx) {
      const caps = ctx.facts.serverCapabilities;
      const method = caps.tools ? 'tools/list' : caps.prompts ? 'prompts/list' : caps.resources ? 'resources/list' : undefined;
      if (!method) return ctx.skip('not-declared', 'no tools, prompts or resources to list');
      const usual = await ctx.request(method, {});
      if (usual.kind !== 'result') return ctx.skip(unanswered(usual) ? 'no-answer' : 'cannot-set-up', `${method} does not succeed even after server/discover: ${describeReply(usual)}`);
      const conn = await ctx.connect();
      const first = await sendAsBuilt(ctx, conn, { jsonrpc: '2.0', id: 'first-frame', method, params: { _meta: modernMeta(ctx) } });
      // Silence shows no reliance on server/discover, only no answer: the verifier skips it (the harness's timeout handling).
      if (first.kind !== 'result') ctx.cite(...seqs(usual));
      return expectResult(ctx, exchange(`${method} as the first message of a fresh connection`, first), { expected: `served as on a connection that began with server/discover (${kindOf(usual)})` });
    },
  },

  // The same rule for capabilities: "Every request supplies this metadata in its _meta field."
  // A request that needs a client capability is asked without it, with it, and without it
  // again on one connection: the third answer must be the first one, not the second.
  {
    id: 'lifecycle.capabilities-not-remembered',
    title: 'Client capabilities declared on one request do not count for later requests on the connection',
    spec: SPEC,
    requirement: NOT_PRIOR,
    digest: ['LIFE-040'],
    needs: ['fresh-session'],
    faults: ['modern-capabilities-remembered'],
    async run(ctx) {
      // Fresh: a lent session may have carried requests that declared capabilities already.
      const session = await ctx.session({ fresh: true });
      const requests = await clientRequests(ctx);
      for (const r of requests) {
        const before = await session.request(r.method, r.params);
        if (before.kind === 'result' && !isInputRequired(before)) continue;
        const declared = await session.request(r.method, r.params, { meta: { clientCapabilities: allCapabilities(ctx) } });
        if (kindOf(declared) === kindOf(before)) continue;
        const after = await session.request(r.method, r.params);
        // No answer is no kind to compare: whether the server answers at all is the harness's timeout handling.
        if ([before, declared, after].some(unanswered)) continue;
        // The request that declared them is cited too: the excerpt shows the three answers.
        if (kindOf(after) !== kindOf(before)) ctx.cite(...seqs(declared));
        return expectSame(
          ctx,
          { what: 'the first time, without client capabilities', value: kindOf(before), reply: before },
          { what: `again without them, after a request that declared ${Object.keys(allCapabilities(ctx)).join(', ')}`, value: kindOf(after), reply: after },
          { expected: `${r.what} without client capabilities answered as the first time (${kindOf(before)})`, note: `${r.what}: ${kindOf(before)} without capabilities, before and after a request that declared them` },
        );
      }
      return ctx.skip('not-offered', `none of ${requests.length} request(s) answers differently with client capabilities declared`);
    },
  },

  // "State that needs to span multiple requests ... MUST be referenced by an explicit
  // identifier the client passes on each request." An InputRequiredResult's requestState is
  // that identifier: a retry without it must get the same answer on the connection that got
  // the state as on a fresh one.
  {
    id: 'lifecycle.state-not-kept-by-connection',
    title: 'A retry without its requestState is answered the same on the original connection as on a fresh one',
    spec: SPEC,
    requirement: 'State that needs to span multiple requests (e.g., long-running tasks, application-level handles) MUST be referenced by an explicit identifier the client passes on each request.',
    digest: ['LIFE-041'],
    // Two sessions at once, each with every client capability (per request at 2026-07-28).
    needs: ['own-session'],
    faults: ['modern-mrtr-state-by-connection'],
    async run(ctx) {
      const clientCapabilities = allCapabilities(ctx);
      const session = await ctx.session({ clientCapabilities });
      const requests = await clientRequests(ctx);
      for (const r of requests) {
        const asked = await session.request(r.method, r.params);
        if (!isInputRequired(asked) || requestStateOf(asked) === undefined) continue;
        const inputResponses = neutralResponses(inputRequestsOf(asked));
        const retry = { ...r.params, inputResponses };
        const same = await session.request(r.method, retry);
        const fresh = await (await ctx.session({ clientCapabilities })).request(r.method, retry);
        if (unanswered(same) || unanswered(fresh)) continue;
        // The first round is cited too: it gave the state the original connection may keep.
        if (kindOf(same) !== kindOf(fresh)) ctx.cite(...seqs(asked));
        return expectSame(
          ctx,
          { what: 'on the connection that got the requestState', value: kindOf(same), reply: same },
          { what: 'on a fresh one', value: kindOf(fresh), reply: fresh },
          { expected: `${r.what} retried with inputResponses but without requestState: the same answer on any connection`, note: `${r.what} retried without requestState: ${kindOf(same)} on both connections` },
        );
      }
      return ctx.skip('not-offered', `none of ${requests.length} request(s) got an InputRequiredResult with a requestState (all client capabilities declared)`);
    },
  },
]);
