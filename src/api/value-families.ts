/**
 * What a service's diff-row values are, so api mode can say why they differ (engine/value-patterns.ts)
 * from the JSON alone: each side's family, from how the service says it compared the column
 * (`compared_as`, ours) or else from the values themselves, and each value as the text classifyPair
 * reads (numbers and booleans as their JSON text, an ISO timestamp with an offset as its UTC time).
 * Pure.
 */
import type { TypeFamily } from '../sql/types.js';

export interface PairFamilies {
  source: TypeFamily;
  target: TypeFamily;
}

/** How our service names a column's comparison (engine/outcome.ts comparedAs) → the family both sides were compared as. */
const COMPARED_AS: readonly [RegExp, TypeFamily][] = [
  [/^text\b/, 'text'],
  [/^integer\b/, 'integer'],
  [/^decimal\b/, 'decimal'],
  [/^number within\b/, 'decimal'],
  [/^float\b/, 'float'],
  [/^boolean\b/, 'boolean'],
  [/^date$/, 'date'],
  [/^timestamp with time zone\b/, 'timestamptz'],
  [/^timestamp\b/, 'timestamp'],
  [/^time\b/, 'time'],
  [/^uuid\b/, 'uuid'],
  [/^JSON\b/, 'json'],
  [/^bytes\b/, 'bytes'],
  [/^list\b/, 'list'],
  [/^set\b/, 'set'],
];

/** The family a `compared_as` phrase names (`decimal at scale 2` → decimal); undefined for one this version does not know. */
export function familyOfComparedAs(phrase: string): TypeFamily | undefined {
  return COMPARED_AS.find(([pattern]) => pattern.test(phrase))?.[1];
}

const DATE = /^-?\d{4,6}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?$/;
/** A timestamp in the canonical (space) or ISO (T) form; group 1: its zone (Z or an offset) when written. */
const TIMESTAMP = /^-?\d{4,6}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(Z|[+-]\d{2}(?::?\d{2})?)?$/;
/** A number written plainly (no exponent, no leading zero but the one before a point): how services send exact decimals. */
const PLAIN_DECIMAL = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

/**
 * One JSON value's family: a number is an integer (or a float), a boolean a boolean, an object JSON, a
 * string text unless it reads as a date, a time or a timestamp (with a zone: timestamptz). NULL says
 * nothing (`unknown`: only its partner's family matters to the kinds).
 */
export function familyOfValue(value: unknown): TypeFamily {
  if (value === null || value === undefined) return 'unknown';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isSafeInteger(value) ? 'integer' : 'float';
  if (typeof value === 'object') return 'json';
  const text = String(value);
  if (DATE.test(text)) return 'date';
  if (TIME.test(text)) return 'time';
  const timestamp = TIMESTAMP.exec(text);
  if (timestamp) return timestamp[1] === undefined ? 'timestamp' : 'timestamptz';
  return 'text';
}

/**
 * Each side's family for one changed pair: the family `comparedAs` names when the service sent one
 * this version knows, else each value's own (familyOfValue). A string written as a plain decimal is a
 * decimal when its partner is a number or one too: services send exact decimals as strings (ours does),
 * and `'2988.33'` against `2988.3` is a rounding, not a text difference; `'00042'` stays text, so it is
 * still a number written with leading zeros.
 */
export function pairFamilies(source: unknown, target: unknown, comparedAs?: string): PairFamilies {
  const compared = comparedAs === undefined ? undefined : familyOfComparedAs(comparedAs);
  if (compared) return { source: compared, target: compared };
  const families = { source: familyOfValue(source), target: familyOfValue(target) };
  const numeric = (value: unknown, family: TypeFamily) => family === 'integer' || family === 'float' || (typeof value === 'string' && PLAIN_DECIMAL.test(value));
  if (numeric(source, families.source) && numeric(target, families.target)) {
    if (families.source === 'text') families.source = 'decimal';
    if (families.target === 'text') families.target = 'decimal';
  }
  return families;
}

/**
 * A JSON value as the text classifyPair reads: NULL as null, a string as it is (a timestamp with an
 * offset as its UTC time, so two zones' ways of writing one instant compare), a number or a boolean as
 * its JSON text, anything else as its JSON.
 */
export function valueText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return utcOf(value) ?? value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const ZONED = /^(-?\d{4,6})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([+-])(\d{2}):?(\d{2})$/;

/** `2024-05-01T12:00:00.5+02:00` → `2024-05-01 10:00:00.5`; undefined for anything else (UTC already, or not a timestamp). */
function utcOf(text: string): string | undefined {
  const match = ZONED.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, fraction = '', sign, offsetHours, offsetMinutes] = match;
  const offset = (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes));
  if (offset === 0) return `${year}-${month}-${day} ${hour}:${minute}:${second}${fraction}`;
  const date = new Date(0);
  date.setUTCFullYear(Number(year), Number(month) - 1, Number(day)); // Date.UTC would read years 0–99 as 1900–1999
  date.setUTCHours(Number(hour), Number(minute) - offset, Number(second));
  if (Number.isNaN(date.getTime())) return undefined;
  const y = date.getUTCFullYear();
  const yearText = `${y < 0 ? '-' : ''}${String(Math.abs(y)).padStart(4, '0')}`;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${yearText}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}${fraction}`;
}
