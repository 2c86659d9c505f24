// The few statistics of the bench: a median and the rounding every figure gets.

/** Rounded to hundredths: what the figures keep of a time in seconds. */
export const round = (x) => Math.round(x * 100) / 100;

/** The median of `xs` (the mean of the middle two when even), rounded; undefined when empty. */
export function median(xs) {
  if (xs.length === 0) return undefined;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return round(s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2);
}
