// Resources (RES-*). Spec: server/resources. Reading is read-only by the spec, so every listed
// resource is read (up to a cap), once per revision, shared by the checks that judge reads.
// Shapes (uri/name, text xor blob, base64 `format: byte`, URI format) are the schema check's.
import type { Check, CheckContext, Verdict } from '../../harness/checks/check.js';
import type { Reply } from '../../harness/jsonrpc/types.js';
import { describeReply } from '../../harness/jsonrpc/types.js';
import type { Session } from '../../harness/sessions/session.js';
import { RANGE } from '../../harness/revisions.js';

/** At most this many listed resources are read per revision. */
const MAX_READS = 20;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const reads = new WeakMap<Session, Map<string, Promise<Reply>>>();

async function readOnce(ctx: CheckContext, uri: string): Promise<Reply> {
  const session = await ctx.shared();
  let memo = reads.get(session);
  if (!memo) reads.set(session, (memo = new Map()));
  let reply = memo.get(uri);
  if (!reply) {
    reply = session.request('resources/read', { uri });
    memo.set(uri, reply);
  }
  const got = await reply;
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

async function readAll(ctx: CheckContext): Promise<{ reads: { uri: string; reply: Reply }[]; note: string } | Verdict> {
  const listed = await listedUris(ctx);
  if ('status' in listed) return listed;
  const replies = await Promise.all(listed.uris.map((uri) => readOnce(ctx, uri)));
  return { reads: listed.uris.map((uri, i) => ({ uri, reply: replies[i] as Reply })), note: listed.note };
}

export const resourcesChecks: Check[] = [
  // Reading resources: "To retrieve resource contents, clients send a resources/read request"
  // for a resource the server listed. The text gives no keyword, so a listed resource that
  // cannot be read is a warning.
  {
    id: 'resources.read-listed',
    title: 'Every listed resource can be read (resources/read returns its contents)',
    spec: { url: 'server/resources#reading-resources', level: 'SHOULD' },
    side: 'server',
    revisions: RANGE.legacy,
    transports: 'any',
    requires: ['resources'],
    faults: ['resources-read-listed-error'],
    connection: 'shared',
    async run(ctx) {
      const got = await readAll(ctx);
      if ('status' in got) return got;
      const bad = got.reads.filter((r) => r.reply.kind !== 'result' || !isObj(r.reply.result) || !Array.isArray(r.reply.result.contents));
      if (bad.length === 0) return ctx.pass(got.note);
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
    revisions: RANGE.legacy,
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
        const contents = reply.kind === 'result' && isObj(reply.result) && Array.isArray(reply.result.contents) ? reply.result.contents : [];
        if (contents.length === 0) continue;
        judged++;
        if (!contents.some((c) => isObj(c) && c.uri === uri)) bad.push(`${uri} -> ${contents.map((c) => ctx.brief(isObj(c) ? c.uri : c, 80)).slice(0, 3).join(', ')}`);
      }
      if (judged === 0) return ctx.skip('no read returned contents to judge');
      if (bad.length === 0) return ctx.pass(`${judged} read(s) judged`);
      return ctx.fail({ expected: 'contents whose uri is the URI read', actual: bad.slice(0, 3).join('; ') });
    },
  },

  // Error handling: "Servers SHOULD return standard JSON-RPC errors for common failure cases:
  // Resource not found: -32002". SHOULD: a result or another code is a warning.
  {
    id: 'resources.read-unknown-uri',
    title: 'Reading a resource that does not exist gets error -32002 (Resource not found)',
    spec: { url: 'server/resources#error-handling', level: 'SHOULD' },
    side: 'server',
    revisions: RANGE.legacy,
    transports: 'any',
    requires: ['resources'],
    faults: ['resources-unknown-uri-result'],
    connection: 'shared',
    async run(ctx) {
      const uri = `mcp-conformance://missing/${Math.random().toString(36).slice(2, 12)}`;
      const reply = await ctx.request('resources/read', { uri });
      if (reply.kind === 'error') {
        if (reply.error.code === -32002) return ctx.pass();
        return ctx.fail({ expected: `${uri}: error -32002`, actual: `error ${ctx.brief(reply.error.code)} ${ctx.brief(reply.error.message, 100)}` });
      }
      return ctx.fail({ expected: `${uri}: error -32002`, actual: reply.kind === 'result' ? `a result: ${ctx.brief(reply.result, 160)}` : describeReply(reply) });
    },
  },

  // Subscriptions (declared with resources.subscribe): resources/subscribe and
  // resources/unsubscribe for a listed URI return an empty result. Own connection: stateful.
  {
    id: 'resources.subscribe-unsubscribe',
    title: 'With resources.subscribe declared, subscribing to and unsubscribing from a listed resource succeed',
    spec: { url: 'server/resources#subscriptions', level: 'MUST' },
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
];
