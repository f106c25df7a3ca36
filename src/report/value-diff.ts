/**
 * Where two values differ, for every renderer: the common prefix and suffix of the two texts, the
 * differing span of each side, and a window of at most `max` characters around the first differing
 * position, cut the same way on both sides (`…sit amet end-3` → `…sit amet end-3!`), so a long
 * value that differs at its end never renders as two identical prefixes. Numbers and timestamps are
 * texts here too: `1500375.25` → `1500375.75` marks the `2` and the `7`. Pure; counts code points.
 */

/** One run of characters of a shown value; `changed` runs are the differing span. */
export interface ValuePart {
  text: string;
  changed: boolean;
}

/** One side as shown: its parts, whether text was cut before and after them, and its full length. */
export interface ValueView {
  parts: ValuePart[];
  cutStart: boolean;
  cutEnd: boolean;
  /** The whole value's length in characters (code points). */
  length: number;
}

/** At least this many characters are kept before the first differing position (half the window when wider). */
export const CONTEXT_CHARS = 20;

/** The common prefix and (non-overlapping) common suffix lengths of two texts, in code points. */
export function commonEnds(a: readonly string[], b: readonly string[]): { prefix: number; suffix: number } {
  const shorter = Math.min(a.length, b.length);
  let prefix = 0;
  while (prefix < shorter && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (suffix < shorter - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
  return { prefix, suffix };
}

function view(chars: readonly string[], start: number, max: number, changedFrom: number, changedTo: number): ValueView {
  // The `…` marks count in the window, as in escape.ts's truncate.
  const room = Math.max(1, max - (start > 0 ? 1 : 0));
  const end = chars.length - start <= room ? chars.length : start + Math.max(1, room - 1);
  const parts: ValuePart[] = [];
  const push = (from: number, to: number, changed: boolean): void => {
    const a = Math.max(from, start);
    const b = Math.min(to, end);
    if (b > a) parts.push({ text: chars.slice(a, b).join(''), changed });
  };
  push(0, changedFrom, false);
  push(changedFrom, changedTo, true);
  push(changedTo, chars.length, false);
  return { parts, cutStart: start > 0, cutEnd: end < chars.length, length: chars.length };
}

/** One value with nothing to compare it to: its first `max` characters. */
export function valueView(text: string, max: number): ValueView {
  const chars = Array.from(text);
  return view(chars, 0, max, chars.length, chars.length);
}

/**
 * Both sides of a changed value, each cut to `max` characters around the first differing position
 * (the same start on both sides), with the differing span of each marked. Equal texts, and texts
 * sharing less than half of the shorter one, have no changed part.
 */
export function valueDiff(source: string, target: string, max: number): { source: ValueView; target: ValueView } {
  const a = Array.from(source);
  const b = Array.from(target);
  const { prefix, suffix } = commonEnds(a, b);
  const longest = Math.max(a.length, b.length);
  // Start at 0 when the first difference is well inside the window, else some context before it.
  const context = Math.max(CONTEXT_CHARS, Math.floor(max / 2));
  // A difference near the end gets more context before it: the window is filled up to the longer end.
  const start = longest <= max || prefix + context <= max ? 0 : Math.max(0, Math.min(prefix - context, longest - max + 1));
  // Mark a span only where the sides share most of their text (digits, a suffix, a trailing space):
  // marking `pai|d` → `refunde|d` would only add noise.
  const equal = source === target || (prefix + suffix) * 2 < Math.min(a.length, b.length);
  return {
    source: view(a, start, max, equal ? a.length : prefix, equal ? a.length : a.length - suffix),
    target: view(b, start, max, equal ? b.length : prefix, equal ? b.length : b.length - suffix),
  };
}

/** A view as plain text with `…` where it was cut, each part mapped by `part` (for escaping or marking). */
export function renderView(v: ValueView, part: (p: ValuePart) => string, ellipsis = '…'): string {
  return `${v.cutStart ? ellipsis : ''}${v.parts.map(part).join('')}${v.cutEnd ? ellipsis : ''}`;
}
