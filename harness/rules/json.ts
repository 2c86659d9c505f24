// JSON values as the tool handles them: plain objects are Json; everything from a target is unknown
// until a guard says otherwise.

export type Json = Record<string, unknown>;

/** A plain object: not null, not an array. */
export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
