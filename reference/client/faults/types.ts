// The shape of a fault entry. `transports` and `eras` are where the fault can show: a
// scripted server must offer that transport and era (and whatever the description names).
export type TransportName = 'stdio' | 'streamable-http' | 'sse';
export type EraName = 'legacy' | 'modern';

export interface FaultSpec {
  readonly id: string;
  /** The spec-digest requirement it breaks (/work/shared/spec-digest). */
  readonly digest: string;
  readonly transports: readonly TransportName[];
  readonly eras: readonly EraName[];
  readonly description: string;
}

export const ALL: readonly TransportName[] = ['stdio', 'streamable-http', 'sse'];
export const STDIO: readonly TransportName[] = ['stdio'];
export const SHTTP: readonly TransportName[] = ['streamable-http'];
export const SSE: readonly TransportName[] = ['sse'];
/** The modern era has no HTTP+SSE transport. */
export const MODERN_TRANSPORTS: readonly TransportName[] = ['stdio', 'streamable-http'];
export const LEGACY: readonly EraName[] = ['legacy'];
export const MODERN: readonly EraName[] = ['modern'];
export const BOTH: readonly EraName[] = ['legacy', 'modern'];
