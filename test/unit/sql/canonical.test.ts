import { describe, expect, it } from 'vitest';
import {
  canonicalDecimal,
  canonicalBoolean,
  canonicalFloat,
  compareFloats,
  canonicalJson,
  canonicalLower,
  canonicalTimestamp,
  compareCodePoints,
  plainNumber,
  reportedValue,
  withinTolerance,
} from '../../../src/sql/canonical.js';

describe('canonical floats', () => {
  it('renders the shortest round-trip text without exponent, -0 as 0, NaN and infinities by name', () => {
    expect(canonicalFloat(0.1)).toBe('0.1');
    expect(canonicalFloat('1e+20')).toBe('100000000000000000000');
    expect(canonicalFloat('1e20')).toBe('100000000000000000000');
    expect(canonicalFloat('1.5e-07')).toBe('0.00000015');
    expect(canonicalFloat('0.00000015')).toBe('0.00000015');
    expect(canonicalFloat(-0)).toBe('0');
    expect(canonicalFloat('-0')).toBe('0');
    expect(canonicalFloat('NaN')).toBe('NaN');
    expect(canonicalFloat('-Infinity')).toBe('-Infinity');
    expect(canonicalFloat(null)).toBeNull();
  });

  it('at single precision rounds to the nearest 4-byte float and gives its shortest text, whatever the engine printed', () => {
    // PostgreSQL prints real 1.2345678 as 1.2345678; MariaDB's FLOAT widened to DOUBLE prints 1.2345677614212036.
    expect(canonicalFloat('1.2345678', true)).toBe('1.2345678');
    expect(canonicalFloat('1.2345677614212036', true)).toBe('1.2345678');
    expect(canonicalFloat('0.10000000149011612', true)).toBe('0.1');
    expect(canonicalFloat(0.1, true)).toBe('0.1');
    expect(canonicalFloat('1.234567', true)).not.toBe(canonicalFloat('1.234568', true));
    expect(canonicalFloat('16777217', true)).toBe('16777216');
    expect(canonicalFloat('1e20', true)).toBe('100000000000000000000'); // the 4-byte float nearest 1e20 reads back from '1e20'
    expect(canonicalFloat('-0', true)).toBe('0');
    expect(canonicalFloat('1e39', true)).toBe('Infinity');
  });
});

describe('canonical decimals', () => {
  it('pads to the scale (never cuts a digit) or strips trailing zeros, never an exponent or -0', () => {
    expect(canonicalDecimal('10.5', 2)).toBe('10.50');
    expect(canonicalDecimal(10.5, 3)).toBe('10.500');
    expect(canonicalDecimal(19.994, 2)).toBe('19.994');
    expect(canonicalDecimal('10.500')).toBe('10.5');
    expect(canonicalDecimal('10.000')).toBe('10');
    expect(canonicalDecimal('-0.00')).toBe('0');
    expect(canonicalDecimal('007.10')).toBe('7.1');
    expect(canonicalDecimal(12345678901234567890n)).toBe('12345678901234567890');
    expect(plainNumber('1.25e3')).toBe('1250');
  });
});

describe('canonical timestamps (SQLite text)', () => {
  it('reads the usual spellings, converts offsets to UTC and pads to microseconds', () => {
    expect(canonicalTimestamp('2024-03-01 10:00:00')).toBe('2024-03-01 10:00:00.000000');
    expect(canonicalTimestamp('2024-03-01T10:00:00.123Z')).toBe('2024-03-01 10:00:00.123000');
    expect(canonicalTimestamp('2024-03-01 00:30:00+02:00')).toBe('2024-02-29 22:30:00.000000');
    expect(canonicalTimestamp('2024-03-01')).toBe('2024-03-01 00:00:00.000000');
    expect(canonicalTimestamp('2024-03-01 10:00:00.1234567')).toBe('2024-03-01 10:00:00.123456');
    expect(canonicalTimestamp('not a date')).toBe('not a date');
  });
  it('reads unix seconds, also before 1970 and with fractions that round up', () => {
    expect(canonicalTimestamp(0)).toBe('1970-01-01 00:00:00.000000');
    expect(canonicalTimestamp(1.5)).toBe('1970-01-01 00:00:01.500000');
    expect(canonicalTimestamp(-0.5)).toBe('1969-12-31 23:59:59.500000');
    expect(canonicalTimestamp(-86400)).toBe('1969-12-31 00:00:00.000000');
    expect(canonicalTimestamp(0.9999997)).toBe('1970-01-01 00:00:01.000000');
    expect(canonicalTimestamp(1717236000.123456)).toBe('2024-06-01 10:00:00.123456');
    expect(canonicalTimestamp(1717236000n)).toBe('2024-06-01 10:00:00.000000');
  });
});

describe('canonical JSON', () => {
  it('sorts keys and drops insignificant whitespace', () => {
    expect(canonicalJson('{"b": 1, "a": [1, {"d": 2, "c": 3}]}')).toBe('{"a":[1,{"c":3,"d":2}],"b":1}');
    expect(canonicalJson('not json')).toBe('not json');
    // Numbers by value from their source text: spellings agree, no digit lost to a double.
    expect(canonicalJson('{"a": 1.0, "b": 1e2, "c": -0, "d": 1.50}')).toBe('{"a":1,"b":100,"c":0,"d":1.5}');
    expect(canonicalJson('[12345678901234567891]')).not.toBe(canonicalJson('[12345678901234567890]'));
    expect(canonicalJson('{"big": 12345678901234567891}')).toBe('{"big":12345678901234567891}');
    expect(canonicalJson('{"s": "1.0"}')).toBe('{"s":"1.0"}'); // strings stay strings
  });
});

describe('byte order', () => {
  it('orders by code point, like COLLATE "C" and BINARY, not like a locale', () => {
    const keys = ['é', 'e', 'Z', 'a-b', 'ab', 'B', '😀', '\uffff'];
    expect([...keys].sort(compareCodePoints)).toEqual(['B', 'Z', 'a-b', 'ab', 'e', 'é', '\uffff', '😀']);
  });
});

describe('tolerance', () => {
  it('compares decimal texts exactly, with no binary float error', () => {
    expect(withinTolerance('100.00', '100.01', 0.01)).toBe(true);
    expect(withinTolerance('100.00', '100.02', 0.01)).toBe(false);
    expect(withinTolerance('-1.5', '1.5', 3)).toBe(true);
    expect(withinTolerance(null, '0', 1)).toBe(false);
    expect(withinTolerance(null, null, 1)).toBe(true);
  });
});

describe('reported values', () => {
  it('keep their meaning in JSON', () => {
    expect(reportedValue('integer', '42')).toBe(42);
    expect(reportedValue('integer', '9007199254740993')).toBe('9007199254740993');
    expect(reportedValue('decimal', '10.50')).toBe('10.50');
    expect(reportedValue('boolean', '1')).toBe(true);
    expect(reportedValue('timestamp', '2024-01-01 10:00:00.000000')).toBe('2024-01-01T10:00:00.000000');
    expect(reportedValue('timestamptz', '2024-01-01 10:00:00.000000')).toBe('2024-01-01T10:00:00.000000Z');
    expect(reportedValue('float', 'NaN')).toBe('NaN');
    expect(reportedValue('text', null)).toBeNull();
  });
});

describe('canonical booleans', () => {
  it('reads numbers and the text spellings a dump writes, keeps anything else so it shows as a difference', () => {
    expect([1, 0, 2n, -1].map(canonicalBoolean)).toEqual(['1', '0', '1', '1']);
    expect(['t', 'TRUE', ' yes ', 'on', '1', '1.0'].map(canonicalBoolean)).toEqual(['1', '1', '1', '1', '1', '1']);
    expect(['f', 'False', 'no', 'OFF', '0', '0.0'].map(canonicalBoolean)).toEqual(['0', '0', '0', '0', '0', '0']);
    expect(canonicalBoolean('maybe')).toBe('maybe');
    expect(canonicalBoolean('')).toBe('');
    expect(canonicalBoolean(null)).toBeNull();
  });
});

describe('float key order', () => {
  it('orders canonical float texts numerically, -0 with 0, NaN last', () => {
    expect(['3', '100000000000000000000', '-0.5', '0.00000015', 'NaN', '0'].sort(compareFloats)).toEqual(['-0.5', '0', '0.00000015', '3', '100000000000000000000', 'NaN']);
    expect(compareFloats('-0', '0')).toBe(0);
    expect(compareFloats('NaN', 'NaN')).toBe(0);
  });
});

describe('case folding for case-insensitive text (SQLite)', () => {
  it("lowercases each code point by its simple mapping, as PostgreSQL's and MariaDB's lower() do", () => {
    expect(canonicalLower('ÉMILE Abc')).toBe('émile abc');
    expect(canonicalLower('İstanbul')).toBe('istanbul'); // not 'i̇stanbul'
    expect(canonicalLower('ΟΔΥΣΣΕΥΣ')).toBe('οδυσσευσ'); // no final ς
    expect(canonicalLower('STRASSE')).toBe('strasse');
    expect(canonicalLower('😀 ok')).toBe('😀 ok');
  });
});
