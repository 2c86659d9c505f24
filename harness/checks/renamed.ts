// Check ids that changed, old -> new: a baseline naming an old id (or an old area) still means
// the same check. The client's areas took the server's names (jsonrpc -> base, versions ->
// version, mrtr -> input-required) so that both sides' matrices and baselines line up.

export const RENAMED_AREAS: Readonly<Record<string, string>> = { jsonrpc: 'base', versions: 'version', mrtr: 'input-required' };

/** Ids renamed one by one (where the area's new name met an id the other side already had). */
export const RENAMED_IDS: Readonly<Record<string, string>> = { 'jsonrpc.trace-context-format': 'base.trace-context-well-formed' };

/** The current id of a check named by an old id (unchanged when it is current). */
export function currentId(id: string): string {
  const one = RENAMED_IDS[id];
  if (one) return one;
  const dot = id.indexOf('.');
  if (dot < 0) return RENAMED_AREAS[id] ?? id;
  const area = id.slice(0, dot);
  const renamed = RENAMED_AREAS[area];
  return renamed ? `${renamed}${id.slice(dot)}` : id;
}
