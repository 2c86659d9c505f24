// What the behaviour modes of both reference programs share: the error a bad flag value gives,
// and the one kind of value most modes take, milliseconds.

export class ModeError extends Error {}

/** A flag value in milliseconds: a non-negative integer. */
export function milliseconds(flag: string, value: string): number {
  if (!/^\d+$/.test(value)) throw new ModeError(`${flag} wants milliseconds (a non-negative integer), not "${value}"`);
  return Number(value);
}
