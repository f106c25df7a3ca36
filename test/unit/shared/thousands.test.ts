import { describe, expect, it } from 'vitest';
import { thousands } from '../../../src/shared/thousands.js';

describe('thousands', () => {
  it('groups digits by three with commas, for numbers and bigints, rounding fractions, keeping the sign', () => {
    expect([0, 999, 1000, 1234567, 1234.6, -1234567].map(thousands)).toEqual(['0', '999', '1,000', '1,234,567', '1,235', '-1,234,567']);
    expect(thousands(12345678901234567890n)).toBe('12,345,678,901,234,567,890');
  });
});
