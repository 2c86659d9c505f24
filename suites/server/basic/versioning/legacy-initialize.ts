// Interoperability with the handshake era (basic/versioning#backward-compatibility-with-
// initialization-based-versions): a legacy client opens with initialize. A dual-era server
// serves it; a modern-only one refuses, naming the versions it supports (VER-036, VER-037).
import { defineChecks } from '../../../../harness/checks/define.js';
import { describeReply } from '../../../../harness/jsonrpc/types.js';
import { NEWEST_LEGACY, RANGE } from '../../../../harness/revisions.js';
import { CLIENT_INFO } from '../../../../harness/sessions/session.js';
import { replyLine, expectNone } from '../../../../harness/verify/index.js';

export const legacyInitializeChecks = defineChecks({ page: 'basic/versioning', revisions: RANGE.modern }, [
  // "A server that supports only modern versions SHOULD name the protocol versions it supports
  // in any error it returns to an initialize request, on any transport". A dual-era server
  // answers initialize (the compatibility matrix: Legacy client, Dual-era server: Works).
  {
    id: 'version.legacy-initialize-answered',
    title: 'A legacy initialize is served (dual-era) or refused with an error naming the supported versions',
    spec: { url: '#backward-compatibility-with-initialization-based-versions', level: 'SHOULD' },
    requirement: 'A server that supports only modern versions SHOULD name the protocol versions it supports in any error it returns to an `initialize` request, on any transport',
    digest: ['VER-036'],
    // A bare connection, opened as a legacy client opens it.
    needs: ['connection'],
    faults: ['modern-only-initialize-unnamed'],
    async run(ctx) {
      // A fresh connection, as a legacy client opens it: no _meta, no modern headers.
      const conn = await ctx.connect();
      const reply = await conn.request('initialize', { protocolVersion: NEWEST_LEGACY, capabilities: {}, clientInfo: CLIENT_INFO });
      if (reply.kind === 'result') return ctx.pass('dual-era: initialize was served');
      // The sentence judges the error a server returns; no answer is no error to judge.
      if (reply.kind === 'timeout' || reply.kind === 'closed') {
        return ctx.skip('no-answer', `initialize got no answer (${describeReply(reply)}): no error to judge, and whether the server answers at all is left to the harness's timeout handling`);
      }
      const versions = [...new Set([ctx.revision, ...ctx.facts.server.versions])];
      // An HTTP refusal without a JSON-RPC response to it is an error returned too: its body is what a user sees.
      const text = reply.kind === 'error' ? `${String(reply.error.message ?? '')} ${JSON.stringify(reply.error.data ?? null)}` : reply.detail;
      const named = versions.filter((v) => text.includes(v));
      const unnamed = named.length > 0 ? [] : [{ text: reply.kind === 'error' ? `${replyLine(ctx, reply)} data ${ctx.brief(reply.error.data, 120)}` : describeReply(reply), ...(reply.kind === 'error' && reply.seq !== undefined ? { seq: reply.seq } : {}) }];
      return expectNone(ctx, unnamed, { expected: `an initialize result, or an error whose message or data names a supported version (${versions.join(', ')})`, judged: 1, note: `refused, naming ${named.join(', ')}` });
    },
  },
]);
