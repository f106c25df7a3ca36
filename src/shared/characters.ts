/**
 * Positions in a text by characters (code points, as the databases count them) over JavaScript's UTF-16
 * strings, found by walking the text in place: no array of its characters, so a text of 200,000,000
 * characters costs a scan, never a copy. No position is ever put between the halves of a surrogate pair.
 */

export const isHighSurrogate = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff;

/** True when text[at] is the second half of a surrogate pair. */
export function insidePair(text: string, at: number): boolean {
  return at > 0 && at < text.length && isLowSurrogate(text.charCodeAt(at)) && isHighSurrogate(text.charCodeAt(at - 1));
}

/** `at` (a UTF-16 index) moved back off the middle of a surrogate pair. */
export function pairStart(text: string, at: number): number {
  return insidePair(text, at) ? at - 1 : at;
}

/** UTF-16 units of the character at `at`. */
function width(text: string, at: number): number {
  return isHighSurrogate(text.charCodeAt(at)) && isLowSurrogate(text.charCodeAt(at + 1)) ? 2 : 1;
}

/** The UTF-16 index `count` characters after `from` (or the text's end). */
export function advance(text: string, from: number, count: number): number {
  let at = from;
  for (let n = 0; n < count && at < text.length; n++) at += width(text, at);
  return at;
}

/** Characters in text[from, to) (UTF-16 indexes). */
export function characterCount(text: string, from = 0, to = text.length): number {
  let count = 0;
  for (let at = from; at < to; at += width(text, at)) count++;
  return count;
}

/** How many UTF-16 units `a` and `b` share from their start, never ending between the halves of a pair. */
export function commonPrefix(a: string, b: string): number {
  const shorter = Math.min(a.length, b.length);
  let at = 0;
  while (at < shorter && a.charCodeAt(at) === b.charCodeAt(at)) at++;
  return insidePair(a, at) || insidePair(b, at) ? at - 1 : at;
}
