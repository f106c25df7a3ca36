/** compareIntegers orders integer texts exactly as their values, without a BigInt per comparison on canonical text. */
import { describe, expect, it } from 'vitest';
import { compareIntegers } from '../../../src/sql/canonical.js';

describe('compareIntegers', () => {
  it('orders like the numbers, across signs, lengths and 64-bit limits', () => {
    const values = ['-9223372036854775809', '-9223372036854775808', '-100', '-99', '-1', '0', '1', '9', '10', '99', '100', '9007199254740993', '9223372036854775807', '18446744073709551616'];
    const shuffled = [...values].reverse();
    expect(shuffled.sort(compareIntegers)).toEqual(values);
    for (const [i, a] of values.entries()) {
      for (const [j, b] of values.entries()) expect(Math.sign(compareIntegers(a, b))).toBe(Math.sign(i - j));
    }
  });

  it('orders non-canonical spellings by value too (leading zeros, -0)', () => {
    expect(compareIntegers('007', '7')).toBe(0);
    expect(compareIntegers('007', '10')).toBe(-1);
    expect(compareIntegers('-0', '0')).toBe(0);
    expect(compareIntegers('-007', '-10')).toBe(1);
  });
});
