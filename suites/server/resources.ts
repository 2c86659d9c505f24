// Resources (RES-*). Spec: server/resources. Reading is read-only by the spec, so every listed
// resource is read (up to a cap), once per revision, shared by the checks that judge reads.
// Shapes (uri/name, text xor blob, base64 `format: byte`) are the schema check's. 2026-07-28
// subscriptions (subscriptions/listen) are the subscriptions suite's.
import type { Check, CheckContext, Verdict } from '../../harness/checks/check.js';
import type { Reply } from '../../harness/jsonrpc/types.js';
import { describeReply } from '../../harness/jsonrpc/types.js';
import { RANGE, since } from '../../harness/revisions.js';
import { stabilityCheck } from './list-stability.js';
import { DECIDED_BY_TIMEOUT, noShapeToJudge, unanswered } from '../../harness/rules/no-answer.js';
import { isRfc3986Uri } from './uri-syntax.js';

/** At most this many listed resources are read per revision. */
const MAX_READS = 20;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One read per URI per revision (on the shared session), shared by every check that needs it. */
async function readOnce(ctx: CheckContext, uri: string): Promise<Reply> {
  const got = await ctx.once(`resources/read:${uri}`, async () => (await ctx.shared()).request('resources/read', { uri }));
  if ((got.kind === 'result' || got.kind === 'error') && got.seq) ctx.cite(got.seq);
  return got;
}

/** The distinct listed URIs (capped), with a note when the cap cut some. */
async function listedUris(ctx: CheckContext): Promise<{ uris: string[]; note: string } | Verdict> {
  const { resources } = await ctx.discovery();
  if (!resources) return ctx.skip('not-declared: no resources capability');
  const all = [...new Set(resources.items.map((r) => r.uri).filter((u): u is string => typeof u === 'string'))];
  if (all.length === 0) return ctx.skip(`no resources listed${resources.problem ? ` (${resources.problem})` : ''}`);
  const uris = all.slice(0, MAX_READS);
  return { uris, note: all.length > MAX_READS ? `read the first ${MAX_READS} of ${all.length} listed resources` : `read ${uris.length} resource(s)` };
}

/** A read answered with contents (an InputRequiredResult or an error has none to judge). */
const contentsOf = (reply: Reply): unknown[] | undefined =>
  reply.kind === 'result' && isObj(reply.result) && reply.result.resultType !== 'input_required' && Array.isArray(reply.result.contents) ? reply.result.contents : undefined;

/** What the reads showed that no sentence judges (a refused read, contents for another URI): for a pass's note. */
function readNotes(ctx: CheckContext, reads: { uri: string; reply: Reply }[]): string[] {
  const refused = reads.filter((r) => r.reply.kind === 'error' || r.reply.kind === 'refused');
  const elsewhere = reads.filter((r) => {
    const contents = contentsOf(r.reply) ?? [];
    return contents.length > 0 && !contents.some((c) => isObj(c) && c.uri === r.uri);
  });
  return [
    ...(refused.length ? [`not readable: ${refused.slice(0, 3).map((r) => `${r.uri} (${describeReply(r.reply)})`).join(', ')}`] : []),
    ...(elsewhere.length ? [`contents under another URI: ${elsewhere.slice(0, 3).map((r) => `${r.uri} -> ${ctx.brief((contentsOf(r.reply)?.[0] as Obj | undefined)?.uri, 80)}`).join(', ')}`] : []),
  ];
}

async function readAll(ctx: CheckContext): Promise<{ reads: { uri: string; reply: Reply }[]; note: string } | Verdict> {
  const listed = await listedUris(ctx);
  if ('status' in listed) return listed;
  const replies = await Promise.all(listed.uris.map((uri) => readOnce(ctx, uri)));
  return { reads: listed.uris.map((uri, i) => ({ uri, reply: replies[i] as Reply })), note: listed.note };
}

export const resourcesChecks: Check[] = [
  // No check judges whether a listed resource can be read, nor which URI its contents carry:
  // no sentence of any revision says a read of a listed resource succeeds (an upstream failure
  // or a permission check may refuse it), and "The URI can use any protocol; it is up to the
  // server how to interpret it" (ReadResourceRequest). resources.uris-valid reads them all and
  // notes what it saw.

  // Error handling. Up to 2025-11-25: "Servers SHOULD return standard JSON-RPC errors for
  // common failure cases: Resource not found: -32002". 2026-07-28: "If the requested resource
  // does not exist, servers MUST return a JSON-RPC error with code -32602 (Invalid Params)"
  // and "MUST NOT return an empty contents array for a non-existent resource". The code is the
  // revision's (ctx.rev.resourceNotFoundCode).
  {
    id: 'resources.read-unknown-uri',
    title: 'Reading a resource that does not exist gets the resource-not-found error of the revision',
    spec: [
      { url: 'server/resources#error-handling', level: 'SHOULD' },
      { from: '2026-07-28', url: 'server/resources#error-handling', level: 'MUST' },
    ],
    requirement: 'If the requested resource does not exist, servers MUST return a JSON-RPC error with code -32602 (Invalid Params). (up to 2025-11-25: Servers SHOULD return standard JSON-RPC errors for common failure cases: Resource not found: -32002)',
    fix: 'Answer resources/read of an unknown URI with a JSON-RPC error carrying the revision\'s resource-not-found code, never a result',
    side: 'server',
    revisions: RANGE.all,
    transports: 'any',
    requires: ['resources'],
    faults: ['resources-unknown-uri-result', 'modern-resource-not-found-32002'],
    connection: 'shared',
    async run(ctx) {
      const code = ctx.rev.resourceNotFoundCode;
      const uri = `mcp-conformance://missing/${Math.random().toString(36).slice(2, 12)}`;
      const reply = await ctx.request('resources/read', { uri });
      const expected = `${uri}: error ${code}`;
      if (reply.kind === 'error') {
        if (reply.error.code === code) return ctx.pass();
        return ctx.fail({ expected, actual: `error ${ctx.brief(reply.error.code)} ${ctx.brief(reply.error.message, 100)}` });
      }
      if (unanswered(reply)) return ctx.skip(noShapeToJudge(`resources/read of ${uri}`, reply));
      if (reply.kind !== 'result') return ctx.fail({ expected, actual: describeReply(reply) });
      const empty = isObj(reply.result) && Array.isArray(reply.result.contents) && reply.result.contents.length === 0;
      return ctx.fail({
        expected,
        actual: `a result: ${ctx.brief(reply.result, 160)}`,
        ...(empty ? { reason: 'an empty contents array for a resource that does not exist is ambiguous (2026-07-28: MUST NOT)' } : {}),
      });
    },
  },

  // Subscriptions (up to 2025-11-25; 2026-07-28 has subscriptions/listen instead): with
  // resources.subscribe declared, resources/subscribe and resources/unsubscribe for a listed
  // URI return an empty result. The text states no keyword ("Clients can subscribe to
  // specific resources"): a refusal despite the declaration is a warning. Own connection.
  {
    id: 'resources.subscribe-unsubscribe',
    title: 'With resources.subscribe declared, subscribing to and unsubscribing from a listed resource succeed',
    spec: { url: 'server/resources#subscriptions', level: 'SHOULD' },
    requirement: 'The protocol supports optional subscriptions to resource changes. Clients can subscribe to specific resources and receive notifications when they change',
    side: 'server',
    revisions: RANGE.legacy,
    transports: 'any',
    requires: ['resources.subscribe'],
    faults: ['resources-subscribe-error'],
    connection: 'own',
    async run(ctx) {
      const listed = await listedUris(ctx);
      if ('status' in listed) return listed;
      const uri = listed.uris[0] as string;
      const session = await ctx.session();
      for (const method of ['resources/subscribe', 'resources/unsubscribe']) {
        const reply = await session.request(method, { uri });
        if (reply.kind !== 'result') {
          const why = unanswered(reply) ? DECIDED_BY_TIMEOUT : 'the server declares resources.subscribe, whose requests these are; no keyword makes it accept them, hence a warning';
          return ctx.fail({ expected: `${method} ${uri}: an empty result`, actual: describeReply(reply), reason: why });
        }
      }
      return ctx.pass(uri);
    },
  },

  // server/resources#capabilities (2026-07-28): "... but MUST NOT vary per-connection or as a
  // side effect of other requests on the connection."
  stabilityCheck('resources', ['modern-resources-list-side-effect']),

  // server/resources#custom-uri-schemes (2025-06-18 on): "Custom URI schemes MUST be in
  // accordance with RFC3986". Every listed URI, and every URI the reads answered with.
  {
    id: 'resources.uris-valid',
    title: 'Resource URIs (listed and read) are valid RFC 3986 URIs',
    spec: { url: 'server/resources#custom-uri-schemes', level: 'MUST' },
    requirement: 'Custom URI schemes MUST be in accordance with RFC3986, taking the above guidance in to account.',
    fix: 'Build resource URIs as scheme ":" hier-part, percent-encoding what RFC 3986 does not allow as is',
    side: 'server',
    revisions: since('2025-06-18'),
    transports: 'any',
    requires: ['resources'],
    faults: ['resources-uri-invalid'],
    connection: 'shared',
    async run(ctx) {
      const { resources } = await ctx.discovery();
      if (!resources) return ctx.skip('not-declared: no resources capability');
      const got = await readAll(ctx);
      if ('status' in got) return got;
      const listed = resources.items.map((r) => r.uri).filter((u): u is string => typeof u === 'string');
      const read = got.reads.flatMap((r) => (contentsOf(r.reply) ?? []).map((c) => (isObj(c) ? c.uri : undefined)).filter((u): u is string => typeof u === 'string'));
      const all = [...new Set([...listed, ...read])];
      const bad = all.filter((u) => !isRfc3986Uri(u));
      if (bad.length === 0) return ctx.pass([`${all.length} URI(s)`, ...readNotes(ctx, got.reads)].join('; '));
      ctx.cite(...resources.pages.map((p) => p.seq ?? 0));
      return ctx.fail({ expected: 'URIs of the form scheme ":" hier-part [ "?" query ] [ "#" fragment ] (RFC 3986)', actual: `${bad.length} other(s): ${bad.slice(0, 4).map((u) => JSON.stringify(u)).join(', ')}` });
    },
  },
];
