/** Finding the richest rendering that fits a size limit. Pure. */

/**
 * The largest n in [low, high] for which `render(n)` fits (returns a string), by binary search; assumes
 * that fewer rows never make a report larger. undefined when not even `low` fits.
 */
export function largestFitting(low: number, high: number, render: (n: number) => string | undefined): { n: number; text: string } | undefined {
  let best: { n: number; text: string } | undefined;
  while (low <= high) {
    const mid = Math.floor((low + high) / 2);
    const text = render(mid);
    if (text !== undefined) {
      best = { n: mid, text };
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return best;
}
