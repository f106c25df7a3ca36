/**
 * Where two values differ, for every renderer: the common prefix and suffix of the two texts, the
 * differing span of each side, and a window of at most `max` characters around the first differing
 * position, cut the same way on both sides (`…sit amet end-3` → `…sit amet end-3!`), so a long
 * value that differs at its end never renders as two identical prefixes. Numbers and timestamps are
 * texts here too: `1500375.25` → `1500375.75` marks the `2` and the `7`. Pure.
 *
 * Only the window is ever copied: the ends are found by walking both texts in place (UTF-16 units,
 * never splitting a surrogate pair), so a 200,000,000-character value costs a scan, not an array of
 * its characters. Windows count characters (code points). A value that is itself a part of a longer
 * one (a diff row keeps at most 64 Ki characters: engine/cut-values.ts) is shown as cut where the
 * whole value goes on, with the whole value's length.
 */

import { advance, characterCount, commonPrefix, insidePair } from '../shared/characters.js';

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

/** Where a text given to a view sits in its whole value, when it is a part of it (a diff row's cut value). */
export interface WholeValue {
  /** The whole value's length in characters. */
  length: number;
  /** Characters of the whole value before the text. */
  start: number;
}

/** At least this many characters are kept before the first differing position (half the window when wider). */
export const CONTEXT_CHARS = 20;

/** The common prefix and (non-overlapping) common suffix of two texts, in UTF-16 units, never splitting a surrogate pair. */
export function commonEnds(a: string, b: string): { prefix: number; suffix: number } {
  const shorter = Math.min(a.length, b.length);
  const prefix = commonPrefix(a, b);
  let suffix = 0;
  while (suffix < shorter - prefix && a.charCodeAt(a.length - 1 - suffix) === b.charCodeAt(b.length - 1 - suffix)) suffix++;
  if (suffix > 0 && (insidePair(a, a.length - suffix) || insidePair(b, b.length - suffix))) suffix--;
  return { prefix, suffix };
}

function view(text: string, start: number, max: number, changedFrom: number, changedTo: number, whole?: WholeValue): ValueView {
  // The `…` marks count in the window, as in escape.ts's truncate.
  const room = Math.max(1, max - (start > 0 || (whole?.start ?? 0) > 0 ? 1 : 0));
  const fits = advance(text, start, room) === text.length;
  const end = fits ? text.length : advance(text, start, Math.max(1, room - 1));
  const parts: ValuePart[] = [];
  const push = (from: number, to: number, changed: boolean): void => {
    const a = Math.max(from, start);
    const b = Math.min(to, end);
    if (b > a) parts.push({ text: text.slice(a, b), changed });
  };
  push(0, changedFrom, false);
  push(changedFrom, changedTo, true);
  push(changedTo, text.length, false);
  const length = whole?.length ?? characterCount(text);
  const after = whole ? whole.length - whole.start - characterCount(text) : 0;
  return { parts, cutStart: start > 0 || (whole?.start ?? 0) > 0, cutEnd: end < text.length || after > 0, length };
}

/** One value with nothing to compare it to: its first `max` characters. */
export function valueView(text: string, max: number, whole?: WholeValue): ValueView {
  return view(text, 0, max, text.length, text.length, whole);
}

/**
 * Both sides of a changed value, each cut to `max` characters around the first differing position
 * (the same start on both sides), with the differing span of each marked. Equal texts, and texts
 * sharing less than half of the shorter one, have no changed part. `whole` places cut values in
 * their whole values (both sides of a diff row are cut at the same start).
 */
export function valueDiff(source: string, target: string, max: number, whole: { source?: WholeValue; target?: WholeValue } = {}): { source: ValueView; target: ValueView } {
  const { prefix, suffix } = commonEnds(source, target);
  const longest = Math.max(source.length, target.length);
  // Start at 0 when the first difference is well inside the window, else some context before it.
  const context = Math.max(CONTEXT_CHARS, Math.floor(max / 2));
  // A difference near the end gets more context before it: the window is filled up to the longer end.
  let start = longest <= max || prefix + context <= max ? 0 : Math.max(0, Math.min(prefix - context, longest - max + 1));
  if (insidePair(source, start)) start--;
  // Mark a span only where the sides share most of their text (digits, a suffix, a trailing space):
  // marking `pai|d` → `refunde|d` would only add noise.
  const equal = source === target || (prefix + suffix) * 2 < Math.min(source.length, target.length);
  return {
    source: view(source, start, max, equal ? source.length : prefix, equal ? source.length : source.length - suffix, whole.source),
    target: view(target, start, max, equal ? target.length : prefix, equal ? target.length : target.length - suffix, whole.target),
  };
}

/** A view as plain text with `…` where it was cut, each part mapped by `part` (for escaping or marking). */
export function renderView(v: ValueView, part: (p: ValuePart) => string, ellipsis = '…'): string {
  return `${v.cutStart ? ellipsis : ''}${v.parts.map(part).join('')}${v.cutEnd ? ellipsis : ''}`;
}
