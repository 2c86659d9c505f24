// Resources (RES-*). Spec: server/resources. Reading is read-only by the spec, so every listed
// resource is read (up to a cap), once per revision, shared by the checks that judge reads.
// Shapes (uri/name, text xor blob, base64 `format: byte`) are the schema check's. 2026-07-28
// subscriptions (subscriptions/listen) are the subscriptions suite's.
import type { Check, CheckContext, Verdict } from '../../harness/checks/check.js';
import type { Reply } from '../../harness/jsonrpc/types.js';
import { describeReply } from '../../harness/jsonrpc/types.js';
import { RANGE, since } from '../../harness/revisions.js';
import { stabilityCheck } from './list-stability.js';
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

/** 2026-07-28: resources/read may ask for input first (basic/patterns/mrtr): not a failed read. */
const asksForInput = (reply: Reply): boolean => reply.kind === 'result' && isObj(reply.result) && reply.result.resultType === 'input_required';

async function readAll(ctx: CheckContext): Promise<{ reads: { uri: string; reply: Reply }[]; note: string } | Verdict> {
  const listed = await listedUris(ctx);
  if ('status' in listed) return listed;
  const replies = await Promise.all(listed.uris.map((uri) => readOnce(ctx, uri)));
  return { reads: listed.uris.map((uri, i) => ({ uri, reply: replies[i] as Reply })), note: listed.note };
}

export const resourcesChecks: Check[] = [
  // Reading resources: "To retrieve resource contents, clients send a resources/read request"
  // for a resource the server listed. The text gives no keyword, so a listed resource that
  // cannot be read is a warning. (2026-07-28: a read MAY first ask for input; not judged.)
  {
    id: 'resources.read-listed',
    title: 'Every listed resource can be read (resources/read returns its contents)',
    spec: { url: 'server/resources#reading-resources', level: 'SHOULD' },
    requirement: 'To retrieve resource contents, clients send a resources/read request.',
    side: 'server',
    revisions: RANGE.all,
    transports: 'any',
    requires: ['resources'],
    faults: ['resources-read-listed-error'],
    connection: 'shared',
    async run(ctx) {
      const got = await readAll(ctx);
      if ('status' in got) return got;
      const judged = got.reads.filter((r) => !asksForInput(r.reply));
      if (judged.length === 0) return ctx.skip('every read asked for input first (InputRequiredResult): nothing to judge');
      const bad = judged.filter((r) => contentsOf(r.reply) === undefined);
      if (bad.length === 0) return ctx.pass(`${got.note}${judged.length < got.reads.length ? `; ${got.reads.length - judged.length} asked for input first` : ''}`);
      return ctx.fail({
        expected: 'each listed resource read with a result carrying contents',
        actual: bad.slice(0, 3).map((r) => `${r.uri}: ${describeReply(r.reply)}`).join('; '),
      });
    },
  },

  // ResourceContents.uri is "The URI of this resource": a read of U answers contents for U.
  // Not a keyword of the text (and contents may add sub-resources), so: at least one item
  // carries the requested URI, else a warning.
  {
    id: 'resources.read-uri-matches',
    title: 'The contents of a resources/read carry the URI that was read',
    spec: { url: 'server/resources#reading-resources', level: 'SHOULD' },
    side: 'server',
    revisions: RANGE.all,
    transports: 'any',
    requires: ['resources'],
    faults: ['resources-read-wrong-uri'],
    connection: 'shared',
    async run(ctx) {
      const got = await readAll(ctx);
      if ('status' in got) return got;
      const bad: string[] = [];
      let judged = 0;
      for (const { uri, reply } of got.reads) {
        const contents = contentsOf(reply) ?? [];
        if (contents.length === 0) continue;
        judged++;
        if (!contents.some((c) => isObj(c) && c.uri === uri)) bad.push(`${uri} -> ${contents.map((c) => ctx.brief(isObj(c) ? c.uri : c, 80)).slice(0, 3).join(', ')}`);
      }
      if (judged === 0) return ctx.skip('no read returned contents to judge');
      if (bad.length === 0) return ctx.pass(`${judged} read(s) judged`);
      return ctx.fail({ expected: 'contents whose uri is the URI read', actual: bad.slice(0, 3).join('; ') });
    },
  },

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
      if (reply.kind !== 'result') return ctx.skip(`no answer to judge: ${describeReply(reply)}`);
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
        if (reply.kind !== 'result') return ctx.fail({ expected: `${method} ${uri}: an empty result`, actual: describeReply(reply) });
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
      if (bad.length === 0) return ctx.pass(`${all.length} URI(s)`);
      ctx.cite(...resources.pages.map((p) => p.seq ?? 0));
      return ctx.fail({ expected: 'URIs of the form scheme ":" hier-part [ "?" query ] [ "#" fragment ] (RFC 3986)', actual: `${bad.length} other(s): ${bad.slice(0, 4).map((u) => JSON.stringify(u)).join(', ')}` });
    },
  },
];
