// User choices that checks must respect, passed from the CLI through the runner to ctx.
// Calling a tool can change the world, so the user decides which tools may be called.
// Also what the user lends the checks that the tool cannot make itself (a foreign token).

export type ToolPolicy =
  | { kind: 'none' }
  /** Only tools annotated readOnlyHint: true and not destructiveHint: true. */
  | { kind: 'readonly' }
  | { kind: 'all' }
  | { kind: 'names'; names: string[] };

export interface FuzzSettings {
  enabled: boolean;
  /** fast-check seed; a run with the same seed replays the same inputs. */
  seed: number;
  /** Inputs per property. */
  runs: number;
}

export interface RunSettings {
  callTools: ToolPolicy;
  fuzz: FuzzSettings;
  /**
   * A token the target's authorization server issued for another resource (--foreign-token):
   * the tool cannot mint one, and a protected server must refuse it (HTTP targets only).
   */
  foreignToken?: string;
}

export const DEFAULT_FUZZ_RUNS = 25;

export function defaultSettings(): RunSettings {
  return { callTools: { kind: 'readonly' }, fuzz: { enabled: true, seed: Date.now() % 2 ** 31, runs: DEFAULT_FUZZ_RUNS } };
}

/** `none`, `readonly`, `all`, or a comma-separated list of tool names. */
export function parseToolPolicy(value: string): ToolPolicy {
  if (value === 'none' || value === 'readonly' || value === 'all') return { kind: value };
  const names = value.split(',').map((s) => s.trim()).filter(Boolean);
  return { kind: 'names', names };
}

export interface ToolLike {
  name?: unknown;
  annotations?: { readOnlyHint?: unknown; destructiveHint?: unknown } | null;
}

/** May the suite call this tool under the user's policy? */
export function mayCallTool(policy: ToolPolicy, tool: ToolLike): boolean {
  switch (policy.kind) {
    case 'none':
      return false;
    case 'all':
      return true;
    case 'names':
      return typeof tool.name === 'string' && policy.names.includes(tool.name);
    case 'readonly':
      return tool.annotations?.readOnlyHint === true && tool.annotations?.destructiveHint !== true;
  }
}

export function describePolicy(policy: ToolPolicy): string {
  return policy.kind === 'names' ? `--call-tools ${policy.names.join(',')}` : `--call-tools ${policy.kind}`;
}
