// SHTTP-123 on the client side (2026-07-28): an answer whose header names are spelled in
// another letter case (CONTENT-TYPE: text/event-stream) is still the answer. Judged by what the
// client did next, against what it did after answers of the same method spelled as usual (the
// scenario's first request of each method, and any request sent again): a request sent again
// at once after the upper-case answer only, fails; a call of the tool only an upper-case
// tools/list answer named, passes. Spec: basic/transports/streamable-http#case-sensitivity.
import { defineClientChecks } from '../../../../../harness/checks/define.js';
import type { ClientMessage, Recording } from '../../../../../harness/client/recording.js';
import { only } from '../../../../../harness/revisions.js';
import { HTTP_HEADER_CASE, SECOND_PAGE_TOOL, sameRequest } from '../../../scenarios/http-header-case.js';
import type { HttpRecord } from '../../../support/http.js';
import { ourAnswer, paramsOf } from '../../../support/wire.js';
import { isObject } from '../../../../../harness/rules/json.js';
import { ownJudgement } from '../../../../../harness/verify/index.js';

/** One request of the client answered with a result, the POST that carried it and our answer. */
interface Exchange {
  request: ClientMessage;
  record: HttpRecord;
  answer: ClientMessage;
  /** The header names written in another case on that answer (none: the usual spelling). */
  respelled: string[];
}

function exchanges(recording: Recording): Exchange[] {
  return recording.requests().flatMap((request) => {
    const record = recording.http.find((r) => r.stream !== undefined && r.stream === request.stream && r.conn === request.conn);
    const answer = ourAnswer(recording, request);
    if (!record || !answer || !('result' in answer.message)) return [];
    return [{ request, record, answer, respelled: record.respelled ?? [] }];
  });
}

/**
 * The same request sent again after our answer to it, before the client sent anything new: it
 * did not take that answer. Requests it had sent before (re-sends of others) may come between.
 */
function sentAgain(requests: ClientMessage[], x: Exchange): ClientMessage | undefined {
  for (const later of requests.filter((m) => m.seq > x.answer.seq)) {
    if (sameRequest(later.message, x.request.message)) return later;
    if (!requests.some((m) => m.seq < later.seq && sameRequest(m.message, later.message))) return undefined;
  }
  return undefined;
}

const toolNames = (answer: ClientMessage): string[] => {
  const result = answer.message.result;
  const tools = isObject(result) && Array.isArray(result.tools) ? result.tools : [];
  return tools.flatMap((t) => (isObject(t) && typeof t.name === 'string' ? [t.name] : []));
};

export const httpHeaderCaseChecks = defineClientChecks({ page: 'basic/transports/streamable-http', transports: ['streamable-http'], revisions: only('2026-07-28') }, [
  // SHTTP-123: "Header names (called "field names" in RFC 9110) are case-insensitive. Clients
  // and servers MUST use case-insensitive comparisons for header names."
  {
    id: 'http.client-header-names-case-insensitive',
    title: 'An answer whose header names are in upper case (CONTENT-TYPE) is read as the same answer spelled as usual',
    spec: { url: '#case-sensitivity', level: 'MUST' },
    requirement: 'Header names (called "field names" in RFC 9110) are case-insensitive. Clients and servers MUST use case-insensitive comparisons for header names.',
    digest: ['SHTTP-123'],
    scenario: HTTP_HEADER_CASE,
    faults: ['header-names-case-sensitive'],
    async run(ctx) {
      const all = exchanges(ctx.recording);
      const respelled = all.filter((x) => x.respelled.length > 0);
      if (respelled.length === 0) return ctx.skip('nothing-observed', 'no answer with respelled header names reached the client (it sent nothing after server/discover that got a result)');
      const requests = ctx.recording.requests();
      let habitual: string | undefined;
      for (const x of respelled) {
        const again = sentAgain(requests, x);
        if (!again) continue;
        const method = String(x.request.message.method);
        // The same method spelled as usual: its first request, and this one sent again. Either sent
        // again too means the client repeats itself whatever the spelling.
        const first = all.find((y) => y.request.message.method === method);
        const usual = all.find((y) => y.request.seq === again.seq && y.respelled.length === 0);
        if (!first || first.respelled.length > 0 || !usual) continue;
        if (sentAgain(requests, first) || sentAgain(requests, usual)) {
          habitual ??= `the client also sent ${method} again after an answer spelled as usual`;
          continue;
        }
        ctx.cite(first.record.seq, first.answer.seq, x.record.seq, x.answer.seq, again.seq, usual.answer.seq);
        const broken = {
          expected: `each ${method} answer taken whatever the case of its header names`,
          actual: `the ${method} answered with ${x.respelled.join(', ')} was sent again at once; the ${method} answers spelled as usual (the first, and this one's) were taken`,
        };
        return ownJudgement(ctx, { broken }, 'a comparison of how the client took answers spelled two ways: no verifier compares runs of requests');
      }
      // Proof of reading: a tool the client can only know from a respelled tools/list answer it did not send again.
      const named = all.filter((y) => y.respelled.length === 0 && y.request.message.method === 'tools/list').flatMap((y) => toolNames(y.answer));
      for (const x of respelled.filter((y) => y.request.message.method === 'tools/list' && !sentAgain(requests, y))) {
        const names = toolNames(x.answer).filter((n) => !named.includes(n));
        const call = requests.find((m) => m.seq > x.answer.seq && m.message.method === 'tools/call' && names.includes(String(paramsOf(m).name)));
        if (!call) continue;
        ctx.cite(x.record.seq, x.answer.seq, call.seq);
        return ctx.pass(`tools/call of ${String(paramsOf(call).name)}, which only the tools/list answer written with ${x.respelled.join(', ')} named`);
      }
      if (habitual) return ctx.skip('inconclusive', `${habitual}: the spelling made no difference`);
      return ctx.skip('nothing-observed', `the client sent nothing that shows whether it read an answer with respelled header names (no tools/call of ${SECOND_PAGE_TOOL}, named only by such a tools/list answer, and no request sent again)`);
    },
  },
]);
