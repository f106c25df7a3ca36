/**
 * Why two values differ: each changed value pair gets exactly one kind, the first of `PATTERN_KINDS`
 * that applies to it (issue #44's contract). A kind applies only to the values it speaks of, judged by
 * each side's column family: the text kinds to two texts, the number kinds to two numbers, the time
 * kinds to two dates or times, `leading_zeros` and `boolean_spelling` where a text meets a text, a
 * number or a boolean. A pair that only looks like a pattern is `other`: every test is exact
 * (decimal digits as BigInt, times in whole microseconds), never a float's approximation.
 *
 * Pure: values are the canonical texts the engine compares (src/sql/types.ts); NULL is null.
 */
import type { TypeFamily } from '../sql/types.js';

export const PATTERN_KINDS = [
  'null_vs_empty',
  'null',
  'case',
  'whitespace',
  'leading_zeros',
  'encoding',
  'truncated_text',
  'sign',
  'scale',
  'rounding',
  'time_shift',
  'time_precision',
  'boolean_spelling',
  'other',
] as const;

export type PatternKind = (typeof PATTERN_KINDS)[number];

/** The kinds a comparison may accept as equal (`accept`): every kind but `other`, which says nothing. */
export const ACCEPTABLE_KINDS = PATTERN_KINDS.filter((kind): kind is Exclude<PatternKind, 'other'> => kind !== 'other');

/** One pair's kind; `detail` says which scale, offset or precision where the kind has several. */
export interface PairPattern {
  kind: PatternKind;
  detail?: string;
}

/** What each side's values are, for the kinds that apply to them. */
type ValueClass = 'text' | 'number' | 'time' | 'boolean' | 'other';

function classOf(family: TypeFamily): ValueClass {
  switch (family) {
    case 'text':
    case 'unknown':
      return 'text';
    case 'integer':
    case 'decimal':
    case 'float':
      return 'number';
    case 'date':
    case 'timestamp':
    case 'timestamptz':
    case 'time':
      return 'time';
    case 'boolean':
      return 'boolean';
    default:
      return 'other';
  }
}

/** Values longer than this are only tested by the text kinds (linear); numbers and times are short. */
const MAX_SCALAR_LENGTH = 200;

/**
 * The kind of one changed pair (`source` and `target` differ). `families`: each side's column family
 * (the declared one, not the family both were normalised as).
 */
export function classifyPair(source: string | null, target: string | null, families: { source: TypeFamily; target: TypeFamily }): PairPattern {
  if (source === null || target === null) {
    const other = source ?? target;
    const otherFamily = source === null ? families.target : families.source;
    return other === '' && classOf(otherFamily) === 'text' ? { kind: 'null_vs_empty' } : { kind: 'null' };
  }
  const a = classOf(families.source);
  const b = classOf(families.target);
  if (a === 'text' && b === 'text') {
    const textual = textPattern(source, target);
    if (textual) return textual;
  }
  const short = source.length <= MAX_SCALAR_LENGTH && target.length <= MAX_SCALAR_LENGTH;
  if (!short) return { kind: 'other' };
  if ((a === 'text' && (b === 'text' || b === 'number')) || (b === 'text' && a === 'number')) {
    if (hasLeadingZeros(source, target)) return { kind: 'leading_zeros' };
  }
  if (a === 'number' && b === 'number') {
    const numeric = numberPattern(source, target);
    if (numeric) return numeric;
  }
  if (a === 'time' && b === 'time') {
    const timed = timePattern(source, target);
    if (timed) return timed;
  }
  if (spellsTruth(a, b)) {
    const truthA = truthOf(source);
    if (truthA !== undefined && truthA === truthOf(target)) return { kind: 'boolean_spelling' };
  }
  return { kind: 'other' };
}

// ───────────────────────────── text ─────────────────────────────

/**
 * Values longer than this are tested for truncated_text only (a comparison in place): case, whitespace
 * and encoding would copy each value several times over, and a value of 200,000,000 characters must
 * not cost gigabytes to be called `other`.
 */
export const MAX_TEXT_PATTERN_LENGTH = 4 * 1024 * 1024;

/** case, whitespace, encoding, truncated_text (leading_zeros sits between whitespace and encoding, but never applies to what these do). */
function textPattern(a: string, b: string): PairPattern | undefined {
  if (a.length > MAX_TEXT_PATTERN_LENGTH || b.length > MAX_TEXT_PATTERN_LENGTH) return a.startsWith(b) || b.startsWith(a) ? { kind: 'truncated_text' } : undefined;
  if (a.toLowerCase() === b.toLowerCase() || a.toUpperCase() === b.toUpperCase()) return { kind: 'case' };
  if (collapseWhitespace(a) === collapseWhitespace(b)) return { kind: 'whitespace' };
  if (a.length <= MAX_SCALAR_LENGTH && b.length <= MAX_SCALAR_LENGTH && hasLeadingZeros(a, b)) return { kind: 'leading_zeros' };
  if (isMisdecoded(a, b) || isMisdecoded(b, a) || lostCharacters(a, b) || lostCharacters(b, a)) return { kind: 'encoding' };
  if (a.startsWith(b) || b.startsWith(a)) return { kind: 'truncated_text' };
  return undefined;
}

function collapseWhitespace(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

const WINDOWS_1252 = new TextDecoder('windows-1252');

/** `garbled` is `original`'s UTF-8 bytes read as Latin-1 (ISO-8859-1) or Windows-1252. */
function isMisdecoded(original: string, garbled: string): boolean {
  if (!/[^\x00-\x7f]/.test(original) || garbled.length <= original.length) return false;
  const bytes = Buffer.from(original, 'utf8');
  return bytes.toString('latin1') === garbled || WINDOWS_1252.decode(bytes) === garbled;
}

/** A character a lossy conversion leaves for one it could not represent: `?`, U+FFFD, or a control character. */
const REPLACEMENT = /^[?\ufffd\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]$/;

/**
 * `lossy` is `original` with each non-ASCII character replaced by one replacement character, or by
 * one per byte of its UTF-8 form (a byte-wise conversion), and at least one replaced.
 */
function lostCharacters(original: string, lossy: string): boolean {
  if (!/[^\x00-\x7f]/.test(original)) return false;
  return replacedAlike(original, lossy, false) || replacedAlike(original, lossy, true);
}

/** Walks both texts once, by code point (no copies): ASCII kept, each other character replaced (once, or once per UTF-8 byte). */
function replacedAlike(original: string, lossy: string, perByte: boolean): boolean {
  let at = 0;
  for (const character of original) {
    const point = character.codePointAt(0)!;
    const replacements = point > 0x7f ? (perByte ? Buffer.byteLength(character) : 1) : 0;
    if (replacements === 0) {
      if (lossy.codePointAt(at) !== point) return false;
      at += 1;
      continue;
    }
    for (let n = 0; n < replacements; n++) {
      const replaced = lossy.codePointAt(at);
      if (replaced === undefined || !REPLACEMENT.test(String.fromCodePoint(replaced))) return false;
      at += 1; // every replacement character is one UTF-16 unit
    }
  }
  return at === lossy.length;
}

// ───────────────────────────── numbers ─────────────────────────────

/** A decimal value as exact parts: `(negative ? -1 : 1) × digits × 10^exponent`, digits without trailing zeros (0n for zero). */
interface Decimal {
  negative: boolean;
  digits: bigint;
  exponent: number;
}

const NUMBER = /^\s*([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?\s*$/;

/** The exact value of a number's text, or undefined when it is not one (NaN, Infinity, words). */
export function parseDecimal(text: string): Decimal | undefined {
  const match = NUMBER.exec(text);
  if (!match) return undefined;
  const [, sign, whole = '', fraction = '', exponentText] = match;
  if (whole === '' && fraction === '') return undefined;
  let digits = BigInt(`${whole}${fraction}` || '0');
  let exponent = Number(exponentText ?? 0) - fraction.length;
  if (!Number.isSafeInteger(exponent)) return undefined;
  if (digits === 0n) return { negative: false, digits: 0n, exponent: 0 };
  while (digits % 10n === 0n) {
    digits /= 10n;
    exponent++;
  }
  return { negative: sign === '-', digits, exponent };
}

/** Digits after the point, trailing zeros not counted (2988.3300 has 2). */
function decimalsOf(value: Decimal): number {
  return Math.max(0, -value.exponent);
}

function sameNumber(a: Decimal, b: Decimal): boolean {
  return a.negative === b.negative && a.digits === b.digits && a.exponent === b.exponent;
}

/** '00042' against 42 (or '0042.50' against '42.5'): the same number, a text side written with leading zeros. */
function hasLeadingZeros(a: string, b: string): boolean {
  if (!/^\s*[+-]?0\d/.test(a) && !/^\s*[+-]?0\d/.test(b)) return false;
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  return x !== undefined && y !== undefined && sameNumber(x, y);
}

/** sign, scale, rounding. */
function numberPattern(a: string, b: string): PairPattern | undefined {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (!x || !y || x.digits === 0n || y.digits === 0n) {
    return x && y && roundsTo(x, y) ? { kind: 'rounding', detail: roundedTo(Math.min(decimalsOf(x), decimalsOf(y))) } : undefined;
  }
  if (x.digits === y.digits && x.exponent === y.exponent && x.negative !== y.negative) return { kind: 'sign' };
  if (x.digits === y.digits && x.negative === y.negative && x.exponent !== y.exponent) return { kind: 'scale', detail: scaleFactor(y.exponent - x.exponent) };
  if (roundsTo(x, y)) return { kind: 'rounding', detail: roundedTo(Math.min(decimalsOf(x), decimalsOf(y))) };
  return undefined;
}

function roundedTo(places: number): string {
  return `to ${places} decimal${places === 1 ? '' : 's'}`;
}

/** `×100` (target = source × 100), `÷1000`; `×10^9` beyond a million. */
function scaleFactor(power: number): string {
  const magnitude = Math.abs(power);
  const factor = magnitude <= 6 ? (10 ** magnitude).toString() : `10^${magnitude}`;
  return `${power > 0 ? '×' : '÷'}${factor}`;
}

/** Equal when the one with more decimals is rounded (half away from zero, or half to even) to the other's fewer. */
function roundsTo(x: Decimal, y: Decimal): boolean {
  const dx = decimalsOf(x);
  const dy = decimalsOf(y);
  if (dx === dy) return false;
  const [finer, coarser] = dx > dy ? [x, y] : [y, x];
  const places = Math.min(dx, dy);
  const drop = decimalsOf(finer) - places;
  if (drop > 1000) return false;
  const unit = 10n ** BigInt(drop);
  const quotient = finer.digits / unit;
  const remainder = finer.digits % unit;
  const twice = remainder * 2n;
  // The coarser value as an integer count of 10^-places.
  const target = coarser.digits * 10n ** BigInt(coarser.exponent + places);
  const candidates = new Set<bigint>();
  candidates.add(twice >= unit ? quotient + 1n : quotient); // half away from zero (magnitudes)
  candidates.add(twice > unit || (twice === unit && quotient % 2n === 1n) ? quotient + 1n : quotient); // half to even
  for (const magnitude of candidates) {
    const negative = magnitude === 0n ? false : finer.negative;
    const coarserNegative = target === 0n ? false : coarser.negative;
    if (magnitude === target && negative === coarserNegative) return true;
  }
  return false;
}

// ───────────────────────────── dates and times ─────────────────────────────

/** A date, timestamp or time: whole microseconds (since the epoch, or since midnight), and how fine it is written. */
interface Instant {
  micros: bigint;
  /** Fraction digits without trailing zeros; -1 for a date (day precision). */
  precision: number;
  timeOfDay: boolean;
}

const DATE_TIME = /^(-?\d{4,6})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]00(?::?00)?)?$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?$/;
const MICROS_PER_MINUTE = 60_000_000n;
const MICROS_PER_DAY = 86_400_000_000n;
/** The largest offset a time zone has (ISO 8601 and the tz database stay within ±18:00). */
const MAX_SHIFT = 18n * 60n * MICROS_PER_MINUTE;

function parseInstant(text: string): Instant | undefined {
  const time = TIME.exec(text);
  if (time) {
    const [, h, m, s, fraction = ''] = time;
    return { micros: clock(h!, m!, s!, fraction), precision: fraction.replace(/0+$/, '').length, timeOfDay: true };
  }
  const match = DATE_TIME.exec(text);
  if (!match) return undefined;
  const [, year, month, day, h, m, s, fraction = ''] = match;
  const date = new Date(0);
  date.setUTCFullYear(Number(year), Number(month) - 1, Number(day)); // Date.UTC would read years 0–99 as 1900–1999
  const days = date.getTime() / 86_400_000;
  if (!Number.isFinite(days)) return undefined;
  const base = BigInt(days) * MICROS_PER_DAY;
  if (h === undefined) return { micros: base, precision: -1, timeOfDay: false };
  return { micros: base + clock(h, m!, s!, fraction), precision: fraction.replace(/0+$/, '').length, timeOfDay: false };
}

function clock(h: string, m: string, s: string, fraction: string): bigint {
  const micros = BigInt(fraction.padEnd(6, '0').slice(0, 6));
  return ((BigInt(h) * 60n + BigInt(m)) * 60n + BigInt(s)) * 1_000_000n + micros;
}

/** time_shift, time_precision. */
function timePattern(a: string, b: string): PairPattern | undefined {
  const x = parseInstant(a);
  const y = parseInstant(b);
  if (!x || !y || x.timeOfDay !== y.timeOfDay) return undefined;
  let shift = y.micros - x.micros;
  if (x.timeOfDay) {
    // Times of day wrap at midnight: the shorter way round.
    shift = ((shift % MICROS_PER_DAY) + MICROS_PER_DAY) % MICROS_PER_DAY;
    if (shift > MICROS_PER_DAY / 2n) shift -= MICROS_PER_DAY;
  }
  if (shift !== 0n && shift % MICROS_PER_MINUTE === 0n && (shift < 0n ? -shift : shift) <= MAX_SHIFT) return { kind: 'time_shift', detail: offset(shift) };
  if (x.precision !== y.precision && equalAtCoarser(x, y)) return { kind: 'time_precision' };
  return undefined;
}

/** `+02:00`, `-05:30`: the target minus the source. */
function offset(shift: bigint): string {
  const minutes = Number((shift < 0n ? -shift : shift) / MICROS_PER_MINUTE);
  return `${shift < 0n ? '-' : '+'}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The finer value cut (truncated or rounded) to the coarser one's precision equals it; a date is midnight's precision. */
function equalAtCoarser(x: Instant, y: Instant): boolean {
  const [finer, coarser] = x.precision > y.precision ? [x, y] : [y, x];
  const unit = coarser.precision < 0 ? MICROS_PER_DAY : 10n ** BigInt(6 - Math.min(6, coarser.precision));
  const floor = (v: bigint) => ((v % unit) + unit) % unit;
  const truncated = finer.micros - floor(finer.micros);
  if (coarser.precision < 0) return finer.micros === coarser.micros; // a date against midnight only
  const rounded = truncated + (floor(finer.micros) * 2n >= unit ? unit : 0n);
  return truncated === coarser.micros || rounded === coarser.micros;
}

// ───────────────────────────── booleans ─────────────────────────────

/** Where a truth value may be spelled two ways: a text against a text, a number or a boolean, or a number against a boolean. */
function spellsTruth(a: ValueClass, b: ValueClass): boolean {
  const pair = new Set([a, b]);
  return (pair.has('text') && !pair.has('time') && !pair.has('other')) || (pair.has('number') && pair.has('boolean'));
}

const TRUE = /^(t|true|y|yes|1)$/i;
const FALSE = /^(f|false|n|no|0)$/i;

function truthOf(text: string): boolean | undefined {
  const trimmed = text.trim();
  if (TRUE.test(trimmed)) return true;
  if (FALSE.test(trimmed)) return false;
  return undefined;
}
