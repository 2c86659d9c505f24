// What a listed tool points at on the network: its icons (basic#icons) and the `$ref`s of its
// inputSchema (basic#ref-resolution). This client renders no icons and resolves no network
// `$ref`, so it fetches nothing; only the faults fetch, each bounded to five seconds of silence.
import { isOn } from './faults.js';
import { fetchOnce } from './fault-fetch.js';
import { isObject, type Json } from './jsonrpc.js';

const MAX_DEPTH = 16;
/** The stand-in for a credential of the client's own (an API key it sends everywhere). */
const OWN_CREDENTIAL = 'Bearer reference-client-credential';

const isHttpUrl = (v: unknown): v is string => typeof v === 'string' && /^https?:\/\//i.test(v);

function iconSources(tool: Json): string[] {
  return (Array.isArray(tool.icons) ? tool.icons : []).filter(isObject).map((i) => i.src).filter(isHttpUrl);
}

/** Absolute http(s) `$ref` values anywhere in a schema (local `#/...` references are not network URIs). */
function networkRefs(node: unknown, depth = 0): string[] {
  if (depth > MAX_DEPTH || typeof node !== 'object' || node === null) return [];
  const values = Array.isArray(node) ? node : Object.values(node);
  const own = !Array.isArray(node) && isHttpUrl((node as Json).$ref) ? [(node as Json).$ref as string] : [];
  return [...own, ...values.flatMap((v) => networkRefs(v, depth + 1))];
}

/** As the tools list arrives: nothing, unless a fault fetches what the tools point at. */
export async function fetchNetworkReferences(tools: Json[]): Promise<void> {
  for (const tool of tools) {
    for (const src of iconSources(tool)) {
      // BASE-050: icons only over https: or data:, without credentials; this client fetches none.
      if (isOn('icon-fetched-with-credentials')) await fetchOnce(src, { headers: { Authorization: OWN_CREDENTIAL }, timeoutMs: 5000 });
      else if (isOn('icon-fetched-over-http')) await fetchOnce(src, { timeoutMs: 5000 });
    }
    // BASE-043: a `$ref` to a network URI is never dereferenced automatically.
    for (const ref of networkRefs(tool.inputSchema)) if (isOn('schema-ref-dereferenced')) await fetchOnce(ref, { timeoutMs: 5000 });
  }
}
