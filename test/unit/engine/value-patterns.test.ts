/**
 * Why two values differ: each kind at its edges, the order that decides between kinds, and the pairs
 * that only look like a pattern (they are `other`).
 */
import { describe, expect, it } from 'vitest';
import { classifyPair, MAX_TEXT_PATTERN_LENGTH, parseDecimal } from '../../../src/engine/value-patterns.js';
import type { TypeFamily } from '../../../src/sql/types.js';

const text = { source: 'text', target: 'text' } as const;
const decimal = { source: 'decimal', target: 'decimal' } as const;
const timestamp = { source: 'timestamp', target: 'timestamp' } as const;
const kind = (source: string | null, target: string | null, families: { source: TypeFamily; target: TypeFamily } = text) => classifyPair(source, target, families);

describe('NULL on one side', () => {
  it("is null_vs_empty against '' in a text column, null against anything else", () => {
    expect(kind(null, '')).toEqual({ kind: 'null_vs_empty' });
    expect(kind('', null)).toEqual({ kind: 'null_vs_empty' });
    expect(kind(null, ' ')).toEqual({ kind: 'null' });
    expect(kind(null, '0', decimal)).toEqual({ kind: 'null' });
    expect(kind('x', null)).toEqual({ kind: 'null' });
  });
});

describe('text', () => {
  it('case: equal ignoring letter case, whatever the alphabet', () => {
    expect(kind('Alice', 'ALICE')).toEqual({ kind: 'case' });
    expect(kind('Straße', 'STRASSE')).toEqual({ kind: 'case' });
    expect(kind('Ärger', 'ärger')).toEqual({ kind: 'case' });
  });

  it('whitespace: leading, trailing or repeated, tabs and newlines included', () => {
    expect(kind('Main St', 'Main St ')).toEqual({ kind: 'whitespace' });
    expect(kind('Main  St', 'Main St')).toEqual({ kind: 'whitespace' });
    expect(kind('\tMain St\n', 'Main St')).toEqual({ kind: 'whitespace' });
    expect(kind('MainSt', 'Main St')).toEqual({ kind: 'other' });
  });

  it('a pair that differs in case and in whitespace is neither: other', () => {
    expect(kind('main st ', 'Main St')).toEqual({ kind: 'other' });
  });

  it('encoding: UTF-8 read as Latin-1 or Windows-1252', () => {
    expect(kind('café', 'cafÃ©')).toEqual({ kind: 'encoding' });
    expect(kind('cafÃ©', 'café')).toEqual({ kind: 'encoding' });
    expect(kind('“quoted”', 'â€œquotedâ€\u009d')).toEqual({ kind: 'encoding' });
    expect(kind('naïve — ok', Buffer.from('naïve — ok', 'utf8').toString('latin1'))).toEqual({ kind: 'encoding' });
  });

  it("encoding: characters lost to '?', U+FFFD or control characters, one per character or one per byte", () => {
    expect(kind('Zoë', 'Zo?')).toEqual({ kind: 'encoding' });
    expect(kind('Zoë', 'Zo??')).toEqual({ kind: 'encoding' });
    expect(kind('Zoë', 'Zo\ufffd')).toEqual({ kind: 'encoding' });
    expect(kind('Zoë', 'Zo\u001a')).toEqual({ kind: 'encoding' });
    expect(kind('Zoe', 'Zo?')).toEqual({ kind: 'other' }); // an ASCII letter is never lost to '?'
    expect(kind('Zoë', 'Zo???')).toEqual({ kind: 'other' }); // ë is two bytes, not three
  });

  it('truncated_text: one a proper prefix of the other', () => {
    expect(kind('International Business Machines', 'International Busi')).toEqual({ kind: 'truncated_text' });
    expect(kind('abc', 'abcd')).toEqual({ kind: 'truncated_text' });
    expect(kind('abc', 'xabc')).toEqual({ kind: 'other' });
  });

  it('a long text is classified without cost beyond a linear pass', () => {
    const long = 'x'.repeat(5_000_000);
    expect(kind(long, `${long}y`)).toEqual({ kind: 'truncated_text' });
    expect(kind(long, `${long.slice(1)}y`)).toEqual({ kind: 'other' });
  });

  it('a text over 4 Mi characters is tested for truncated_text only: no copy of it is made to test case, whitespace or encoding', () => {
    const long = 'ä'.repeat(MAX_TEXT_PATTERN_LENGTH + 1);
    expect(kind(long, long.toUpperCase())).toEqual({ kind: 'other' });
    expect(kind(`${long} `, long)).toEqual({ kind: 'truncated_text' });
    const fits = 'ä'.repeat(MAX_TEXT_PATTERN_LENGTH);
    expect(kind(fits, fits.toUpperCase())).toEqual({ kind: 'case' });
    expect(kind(fits, '?'.repeat(fits.length))).toEqual({ kind: 'encoding' });
    const half = fits.slice(MAX_TEXT_PATTERN_LENGTH / 2); // one '?' per UTF-8 byte: both sides within the bound
    expect(kind(half, '?'.repeat(half.length * 2))).toEqual({ kind: 'encoding' });
    expect(kind(half, '?'.repeat(half.length * 2 - 1))).toEqual({ kind: 'other' });
  });
});

describe('numbers', () => {
  it('reads decimal texts exactly, exponents included', () => {
    expect(parseDecimal('2988.3300')).toEqual({ negative: false, digits: 298833n, exponent: -2 });
    expect(parseDecimal('-1.5e3')).toEqual({ negative: true, digits: 15n, exponent: 2 });
    expect(parseDecimal('0.000')).toEqual({ negative: false, digits: 0n, exponent: 0 });
    expect(parseDecimal('NaN')).toBeUndefined();
    expect(parseDecimal('.')).toBeUndefined();
  });

  it('sign: the same magnitude, opposite sign; zero has none', () => {
    expect(kind('12.50', '-12.5', decimal)).toEqual({ kind: 'sign' });
    expect(kind('-7', '7', { source: 'integer', target: 'integer' })).toEqual({ kind: 'sign' });
    expect(kind('12.5', '-12.4', decimal)).toEqual({ kind: 'other' });
  });

  it('scale: one is the other times a power of ten, named as the factor from source to target', () => {
    expect(kind('10.5', '1.05', decimal)).toEqual({ kind: 'scale', detail: '÷10' });
    expect(kind('12.34', '1234', decimal)).toEqual({ kind: 'scale', detail: '×100' });
    expect(kind('3', '3000000000', { source: 'integer', target: 'integer' })).toEqual({ kind: 'scale', detail: '×10^9' });
    expect(kind('10.5', '1.06', decimal)).toEqual({ kind: 'other' });
    expect(kind('10.5', '-1.05', decimal)).toEqual({ kind: 'other' }); // scaled and negated: two differences
  });

  it('rounding: equal once both are rounded to the fewer decimals (trailing zeros not counted)', () => {
    expect(kind('2988.3312', '2988.33', decimal)).toEqual({ kind: 'rounding', detail: 'to 2 decimals' });
    expect(kind('2988.3300', '2988.3', decimal)).toEqual({ kind: 'rounding', detail: 'to 1 decimal' }); // 2988.3300 has 2 decimals
    expect(kind('2988.3300', '2988.4', decimal)).toEqual({ kind: 'other' });
    expect(kind('0.125', '0.13', decimal)).toEqual({ kind: 'rounding', detail: 'to 2 decimals' }); // half away from zero
    expect(kind('0.125', '0.12', decimal)).toEqual({ kind: 'rounding', detail: 'to 2 decimals' }); // half to even
    expect(kind('-0.135', '-0.14', decimal)).toEqual({ kind: 'rounding', detail: 'to 2 decimals' });
    expect(kind('0.004', '0', decimal)).toEqual({ kind: 'rounding', detail: 'to 0 decimals' });
    expect(kind('2.339', '2.33', decimal)).toEqual({ kind: 'other' }); // truncated, not rounded
    expect(kind('2.5', '3.0', decimal)).toEqual({ kind: 'rounding', detail: 'to 0 decimals' });
    expect(kind('1234', '1230', { source: 'integer', target: 'integer' })).toEqual({ kind: 'other' });
    expect(kind('0.30000000000000004', '0.3', { source: 'float', target: 'decimal' })).toEqual({ kind: 'rounding', detail: 'to 1 decimal' });
  });

  it('applies only to numbers: two texts that read as numbers are text', () => {
    expect(kind('-12', '12')).toEqual({ kind: 'other' });
    expect(kind('12.34', '1234')).toEqual({ kind: 'other' });
  });
});

describe('leading_zeros', () => {
  it('a text written with leading zeros against the same number, as a number or a text', () => {
    expect(kind('00042', '42', { source: 'text', target: 'integer' })).toEqual({ kind: 'leading_zeros' });
    expect(kind('42', '00042', { source: 'integer', target: 'text' })).toEqual({ kind: 'leading_zeros' });
    expect(kind('00042', '42')).toEqual({ kind: 'leading_zeros' });
    expect(kind('0042.50', '42.5', { source: 'text', target: 'decimal' })).toEqual({ kind: 'leading_zeros' });
    expect(kind('00042', '43', { source: 'text', target: 'integer' })).toEqual({ kind: 'other' });
    expect(kind('0.5', '.5')).toEqual({ kind: 'other' }); // '0.5' has no leading zero before a digit
  });
});

describe('dates and times', () => {
  it('time_shift: a whole number of minutes, one offset per pattern, target minus source', () => {
    expect(kind('2024-03-01 10:00:00.000000', '2024-03-01 12:00:00.000000', timestamp)).toEqual({ kind: 'time_shift', detail: '+02:00' });
    expect(kind('2024-03-01 00:30:00', '2024-02-29 19:00:00', timestamp)).toEqual({ kind: 'time_shift', detail: '-05:30' });
    expect(kind('2024-03-01 10:00:00.250000', '2024-03-01 10:45:00.250000', { source: 'timestamptz', target: 'timestamptz' })).toEqual({ kind: 'time_shift', detail: '+00:45' });
    expect(kind('23:30:00', '01:30:00', { source: 'time', target: 'time' })).toEqual({ kind: 'time_shift', detail: '+02:00' });
  });

  it('a shift no time zone has (beyond ±18:00), or not in whole minutes, is other', () => {
    expect(kind('2024-03-01 10:00:00', '2024-03-02 10:00:00', timestamp)).toEqual({ kind: 'other' });
    expect(kind('2024-03-01', '2024-03-02', { source: 'date', target: 'date' })).toEqual({ kind: 'other' });
    expect(kind('2024-03-01 10:00:00', '2024-03-01 10:00:30', timestamp)).toEqual({ kind: 'other' });
  });

  it('time_precision: fractions dropped (truncated or rounded), or a date against midnight', () => {
    expect(kind('2024-03-01 10:00:00.123456', '2024-03-01 10:00:00.000000', timestamp)).toEqual({ kind: 'time_precision' });
    expect(kind('2024-03-01 10:00:00.123456', '2024-03-01 10:00:00.123000', timestamp)).toEqual({ kind: 'time_precision' });
    expect(kind('2024-03-01 10:00:00.999600', '2024-03-01 10:00:01.000000', timestamp)).toEqual({ kind: 'time_precision' });
    expect(kind('2024-03-01', '2024-03-01 00:00:00', { source: 'date', target: 'timestamp' })).toEqual({ kind: 'time_precision' });
    expect(kind('2024-03-01 10:00:00.1', '2024-03-01 10:00:00.2', timestamp)).toEqual({ kind: 'other' });
    expect(kind('2024-03-01 10:00:00.123', '2024-03-01 10:00:01', timestamp)).toEqual({ kind: 'other' });
  });

  it('reads years before 100 as written', () => {
    expect(kind('0050-01-01 10:00:00', '0050-01-01 11:00:00', timestamp)).toEqual({ kind: 'time_shift', detail: '+01:00' });
  });
});

describe('boolean_spelling', () => {
  it('the same truth value written differently across a text and a boolean or a number', () => {
    expect(kind('Y', '1', { source: 'text', target: 'boolean' })).toEqual({ kind: 'boolean_spelling' });
    expect(kind('no', '0', { source: 'text', target: 'boolean' })).toEqual({ kind: 'boolean_spelling' });
    expect(kind('true', '1', { source: 'text', target: 'integer' })).toEqual({ kind: 'boolean_spelling' });
    expect(kind('T', 'no', { source: 'text', target: 'text' })).toEqual({ kind: 'other' });
    expect(kind('Y', '0', { source: 'text', target: 'boolean' })).toEqual({ kind: 'other' });
  });

  it('between two texts, the order of the list decides: a prefix is truncated_text first', () => {
    expect(kind('Y', 'yes')).toEqual({ kind: 'boolean_spelling' });
    expect(kind('T', 'True')).toEqual({ kind: 'truncated_text' });
  });
});
