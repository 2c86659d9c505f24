// Self-reported identities of 2026-07-28 (basic#meta): the server names itself in every
// result (VER-017) and does not change what it does by the client's name (VER-018).
import { defineChecks } from '../../../../harness/checks/define.js';
import type { Reply } from '../../../../harness/jsonrpc/types.js';
import { RANGE } from '../../../../harness/revisions.js';
import { CLIENT_INFO, META_KEYS } from '../../../../harness/sessions/session.js';
import { seqs } from '../../../../harness/target/as-built.js';
import { sampleResults } from '../../../../harness/target/sampled-results.js';
import type { Json } from '../../../../harness/rules/json.js';
import { expectNone, type Violation } from '../../../../harness/verify/index.js';

const SERVER_INFO = 'io.modelcontextprotocol/serverInfo';
const OTHER_CLIENT = { name: 'another-client', version: '9.9.9' };
/** The lists whose items can be compared one by one (by name or uri: their order is not the point here). */
const LISTS = [
  { capability: 'tools', method: 'tools/list', field: 'tools', key: 'name' },
  { capability: 'prompts', method: 'prompts/list', field: 'prompts', key: 'name' },
  { capability: 'resources', method: 'resources/list', field: 'resources', key: 'uri' },
] as const;

/** A list result without what may differ per response (_meta, cache hints), items keyed. */
function comparable(reply: Reply, field: string, key: string): string | undefined {
  if (reply.kind !== 'result' || typeof reply.result !== 'object' || reply.result === null) return undefined;
  const items = (reply.result as Json)[field];
  if (!Array.isArray(items)) return undefined;
  const keyed = (items as Json[]).map((i) => [String(i[key]), JSON.stringify(i)] as const).sort((a, b) => a[0].localeCompare(b[0]));
  return JSON.stringify({ items: keyed, next: (reply.result as Json).nextCursor ?? null });
}

// The section is on the page basic (#meta): full URLs.
export const selfReportedIdentityChecks = defineChecks({ page: 'basic/versioning', revisions: RANGE.modern, needs: ['own-session'] }, [
  // basic#meta: "Servers SHOULD include the following io.modelcontextprotocol/* field in every
  // result's _meta, unless specifically configured not to do so": serverInfo (Implementation).
  {
    id: 'version.server-info',
    title: 'Every result names the server in _meta["io.modelcontextprotocol/serverInfo"] (name, version)',
    spec: { url: 'basic#meta', level: 'SHOULD' },
    requirement: "Servers SHOULD include the following `io.modelcontextprotocol/*` field in every result's `_meta`, unless specifically configured not to do so",
    digest: ['VER-017'],
    faults: ['modern-no-server-info'],
    async run(ctx) {
      const results = await sampleResults(ctx, await ctx.session(), { calls: true });
      const without = results.filter((r) => {
        const info = (r.result._meta as Json | undefined)?.[SERVER_INFO] as Json | undefined;
        return typeof info !== 'object' || info === null || typeof info.name !== 'string' || typeof info.version !== 'string';
      });
      return expectNone(
        ctx,
        without.map((r, i) => ({ text: `missing or incomplete on ${r.what}`, ...(i < 5 && r.seq !== undefined ? { seq: r.seq } : {}) })),
        { expected: `_meta["${SERVER_INFO}"] with string name and version on every result`, judged: results.length, note: `${results.length} result(s) checked`, show: 5 },
      );
    },
  },

  // basic#meta: "clientInfo and serverInfo are self-reported ... Implementations SHOULD NOT use
  // them to change the behavior of the client or server". The same list asked as one client,
  // as another, and as the first again: a difference that follows the name is a change.
  {
    id: 'version.client-info-no-effect',
    title: "The server's lists do not depend on the clientInfo a request carries",
    spec: { url: 'basic#meta', level: 'SHOULD' },
    requirement: 'Implementations SHOULD NOT use them to change the behavior of the client or server',
    digest: ['VER-018'],
    faults: ['modern-client-info-changes-result'],
    async run(ctx) {
      const session = await ctx.session();
      const lists = LISTS.filter((l) => session.server.capabilities[l.capability] !== undefined);
      if (lists.length === 0) return ctx.skip('not-declared', 'no tools, prompts or resources to list');
      const differing: Violation[] = [];
      let compared = 0;
      for (const l of lists) {
        const ask = async (clientInfo: Json) => {
          const reply = await session.request(l.method, {}, { meta: { clientInfo } });
          return { reply, value: comparable(reply, l.field, l.key) };
        };
        const first = await ask(CLIENT_INFO);
        const other = await ask(OTHER_CLIENT);
        const again = await ask(CLIENT_INFO);
        // A list that changes between two identical requests says nothing about clientInfo.
        if (first.value === undefined || other.value === undefined || first.value !== again.value) continue;
        compared++;
        if (first.value === other.value) continue;
        const [seq] = seqs(other.reply);
        differing.push({ text: `${l.method} as ${JSON.stringify(OTHER_CLIENT.name)} differs from ${l.method} as ${JSON.stringify(CLIENT_INFO.name)} (asked twice, the same)`, ...(seq !== undefined ? { seq } : {}) });
      }
      return expectNone(ctx, differing, {
        expected: `the same ${lists.map((l) => l.method).join(', ')} whatever ${META_KEYS.clientInfo} says`,
        judged: compared,
        note: `${compared} list(s) compared`,
        // Lists that moved between two identical requests (other traffic changed them): asked alone, they may hold still.
        nothing: { code: 'inconclusive', detail: 'every list changed between two identical requests: nothing to compare' },
        show: differing.length,
      });
    },
  },
]);
