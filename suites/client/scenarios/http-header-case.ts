// Header names in another letter case (2026-07-28, Streamable HTTP): every answer comes as an
// SSE stream, and the answer to a request of a method the client used before writes its header
// names in upper case (CONTENT-TYPE: text/event-stream). The first request of each method, and
// a request sent again unchanged, are answered as usual: what the client does after the two
// spellings of answers of one method shows whether the spelling alone made the difference. The
// tools come one per page: the second tool is named only in the second tools/list answer (in
// upper case), and a call of it shows that the client read that answer.
import type { ClientScenario } from '../../../harness/client/scenario.js';
import type { HttpRequestRecord } from '../../../harness/transports/serve/http-endpoint.js';
import { only } from '../../../harness/revisions.js';
import { messagesOf, paramsSansMeta, sameJson, type Json } from '../support/http.js';

export const HTTP_HEADER_CASE = 'http.header-names-respelled';

/** The tool of the second tools/list page: only that answer (in upper case) names it. */
export const SECOND_PAGE_TOOL = 'named-on-the-second-page';

const requestIn = (r: HttpRequestRecord): Json | undefined => messagesOf(r).find((m) => typeof m.method === 'string' && 'id' in m);

/** The same request again: method and params, per-request _meta aside. */
export const sameRequest = (a: Json, b: Json): boolean => a.method === b.method && sameJson(paramsSansMeta(a), paramsSansMeta(b));

/** Upper case, except for the first request of a method and for a request sent before. */
function headerNameCase(name: string, record: HttpRequestRecord, earlier: readonly HttpRequestRecord[]): string {
  const request = requestIn(record);
  if (!request) return name;
  const before = earlier.map(requestIn).filter((b): b is Json => b !== undefined);
  const firstOfMethod = !before.some((b) => b.method === request.method);
  return firstOfMethod || before.some((b) => sameRequest(b, request)) ? name : name.toUpperCase();
}

export const httpHeaderCaseScenario: ClientScenario = {
  id: HTTP_HEADER_CASE,
  title: 'Streamable HTTP answers whose header names are written in upper case (CONTENT-TYPE)',
  revisions: only('2026-07-28'),
  transports: ['streamable-http'],
  official: 'tools_call',
  server: {
    capabilities: { tools: {} },
    tools: [
      { name: 'first', description: 'Echoes its arguments', inputSchema: { type: 'object', properties: {} } },
      { name: SECOND_PAGE_TOOL, description: 'Echoes its arguments', inputSchema: { type: 'object', properties: {} } },
    ],
    pageSize: 1,
    http: { responses: 'sse', headerNameCase },
  },
};
