// basic#ref-resolution, client side (BASE-043, 2026-07-28): a `$ref` that resolves to a network
// URI is never dereferenced automatically. The scripted server's tool has an inputSchema with
// such a `$ref` on its own origin (suites/client/scenarios/network-references.ts); any request
// for it fails. No request is a pass only when the client demonstrably had the schema: it
// listed the tools and got our answer.
import { defineClientChecks } from '../../../../harness/checks/define.js';
import { expectNone } from '../../../../harness/verify/index.js';
import { RANGE } from '../../../../harness/revisions.js';
import { NETWORK_REFERENCES, SCHEMA_REF_PATH } from '../../scenarios/network-references.js';
import { ourAnswer } from '../../support/wire.js';

export const schemaRefClientChecks = defineClientChecks({ page: 'basic/messages', revisions: RANGE.modern, transports: ['streamable-http'] }, [
  {
    id: 'base.schema-ref-not-dereferenced',
    title: 'The client does not fetch a network $ref of a tool inputSchema on its own',
    spec: { url: 'basic#ref-resolution', level: 'MUST' },
    requirement: 'JSON Schema 2020-12 permits $ref to point at an absolute URI. Implementations MUST NOT automatically dereference $ref values that resolve to a network URI.',
    digest: ['BASE-043'],
    scenario: NETWORK_REFERENCES,
    faults: ['schema-ref-dereferenced'],
    async run(ctx) {
      const fetched = ctx.recording.http.filter((r) => r.path.split('?')[0] === SCHEMA_REF_PATH);
      if (fetched.length > 0) {
        return expectNone(ctx, fetched.map((r) => ({ text: `${r.method} ${r.path}, a request for the $ref target`, seq: r.seq })), { expected: 'the network $ref left unresolved (no request for it)' });
      }
      const listed = ctx.recording.requests('tools/list').find((m) => {
        const answer = ourAnswer(ctx.recording, m);
        return answer !== undefined && 'result' in answer.message;
      });
      if (!listed) return ctx.skip('nothing-observed', 'the client never got a tools/list answer, so it never had the schema with the $ref');
      ctx.cite(listed.seq);
      return ctx.pass('the client listed the tools and made no request for the $ref target');
    },
  },
]);
