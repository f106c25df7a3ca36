import { describe, expect, it } from 'vitest';
import { familyOfComparedAs, familyOfValue, pairFamilies, valueText } from '../../../src/api/value-families.js';

describe('familyOfComparedAs', () => {
  it('reads every phrase our service writes (engine/outcome.ts comparedAs)', () => {
    const phrases = [
      'text',
      'text, case-insensitive',
      'integer',
      'decimal',
      'decimal at scale 2',
      'number within 0.01',
      'float',
      'float at single precision',
      'boolean',
      'date',
      'timestamp',
      'timestamp at whole seconds',
      'timestamp with time zone',
      'timestamp with time zone at milliseconds',
      'time',
      'time at milliseconds',
      'uuid',
      'JSON',
      'bytes',
      'list',
      'set of integer',
    ];
    expect(Object.fromEntries(phrases.map((phrase) => [phrase, familyOfComparedAs(phrase)]))).toMatchInlineSnapshot(`
      {
        "JSON": "json",
        "boolean": "boolean",
        "bytes": "bytes",
        "date": "date",
        "decimal": "decimal",
        "decimal at scale 2": "decimal",
        "float": "float",
        "float at single precision": "float",
        "integer": "integer",
        "list": "list",
        "number within 0.01": "decimal",
        "set of integer": "set",
        "text": "text",
        "text, case-insensitive": "text",
        "time": "time",
        "time at milliseconds": "time",
        "timestamp": "timestamp",
        "timestamp at whole seconds": "timestamp",
        "timestamp with time zone": "timestamptz",
        "timestamp with time zone at milliseconds": "timestamptz",
        "uuid": "uuid",
      }
    `);
  });

  it('knows nothing of a phrase a newer service might write', () => {
    expect(familyOfComparedAs('geometry')).toBeUndefined();
    expect(familyOfComparedAs('dates')).toBeUndefined();
    expect(familyOfComparedAs('')).toBeUndefined();
  });
});

describe('familyOfValue', () => {
  it('reads JSON numbers, booleans and objects by their type', () => {
    expect(familyOfValue(42)).toBe('integer');
    expect(familyOfValue(-7)).toBe('integer');
    expect(familyOfValue(2988.33)).toBe('float');
    expect(familyOfValue(2 ** 60)).toBe('float'); // not exact as an integer
    expect(familyOfValue(true)).toBe('boolean');
    expect(familyOfValue({ a: 1 })).toBe('json');
    expect(familyOfValue([1, 2])).toBe('json');
  });

  it('reads a string as a date, time or timestamp only in the canonical or ISO form', () => {
    expect(familyOfValue('2024-05-01')).toBe('date');
    expect(familyOfValue('10:30:00')).toBe('time');
    expect(familyOfValue('10:30:00.123456')).toBe('time');
    expect(familyOfValue('2024-05-01 10:30:00')).toBe('timestamp');
    expect(familyOfValue('2024-05-01T10:30:00.123456')).toBe('timestamp');
    expect(familyOfValue('2024-05-01T10:30:00Z')).toBe('timestamptz');
    expect(familyOfValue('2024-05-01T10:30:00+02:00')).toBe('timestamptz');
    expect(familyOfValue('2024-05-01 10:30:00-0530')).toBe('timestamptz');
    // near misses are text
    expect(familyOfValue('2024-5-1')).toBe('text');
    expect(familyOfValue('01/05/2024')).toBe('text');
    expect(familyOfValue('10:30')).toBe('text');
    expect(familyOfValue('2024-05-01T10:30')).toBe('text');
    expect(familyOfValue('2024-05-01 is a date')).toBe('text');
  });

  it('reads every other string as text, numbers written as text included, and NULL as unknown', () => {
    expect(familyOfValue('shipped')).toBe('text');
    expect(familyOfValue('2988.33')).toBe('text');
    expect(familyOfValue('00042')).toBe('text');
    expect(familyOfValue('')).toBe('text');
    expect(familyOfValue(null)).toBe('unknown');
    expect(familyOfValue(undefined)).toBe('unknown');
  });
});

describe('pairFamilies', () => {
  it("takes the family the service says it compared both sides as, whatever the values' JSON types", () => {
    expect(pairFamilies('2988.3300', '2988.33', 'decimal at scale 4')).toEqual({ source: 'decimal', target: 'decimal' });
    expect(pairFamilies('00042', '42', 'text')).toEqual({ source: 'text', target: 'text' });
    expect(pairFamilies('2024-05-01T10:00:00Z', '2024-05-01T12:00:00Z', 'timestamp with time zone')).toEqual({ source: 'timestamptz', target: 'timestamptz' });
  });

  it("falls back to each value's own family for a phrase it does not know, or none", () => {
    expect(pairFamilies('abc', 5, 'geometry')).toEqual({ source: 'text', target: 'integer' });
    expect(pairFamilies(true, 1)).toEqual({ source: 'boolean', target: 'integer' });
  });

  it('reads a plain decimal string as a decimal when its partner is a number or one too', () => {
    expect(pairFamilies('2988.33', 2988.3)).toEqual({ source: 'decimal', target: 'float' });
    expect(pairFamilies('10.5', '1.05')).toEqual({ source: 'decimal', target: 'decimal' });
    expect(pairFamilies('-5', '5')).toEqual({ source: 'decimal', target: 'decimal' });
    expect(pairFamilies(42, '42.0')).toEqual({ source: 'integer', target: 'decimal' });
  });

  it('keeps text that is not a plain decimal, or whose partner is not a number', () => {
    expect(pairFamilies('00042', 42)).toEqual({ source: 'text', target: 'integer' }); // leading zeros stay visible
    expect(pairFamilies('1e5', '100000')).toEqual({ source: 'text', target: 'text' });
    expect(pairFamilies('42', 'forty-two')).toEqual({ source: 'text', target: 'text' });
    expect(pairFamilies('42', null)).toEqual({ source: 'text', target: 'unknown' });
    expect(pairFamilies('.5', '0.5')).toEqual({ source: 'text', target: 'text' });
  });
});

describe('valueText', () => {
  it('writes numbers and booleans as their JSON text, objects as JSON, NULL as null', () => {
    expect(valueText(2988.33)).toBe('2988.33');
    expect(valueText(-0.5)).toBe('-0.5');
    expect(valueText(true)).toBe('true');
    expect(valueText({ a: [1, 'x'] })).toBe('{"a":[1,"x"]}');
    expect(valueText(null)).toBeNull();
    expect(valueText(undefined)).toBeNull();
  });

  it('keeps strings as they are, a UTC timestamp included', () => {
    expect(valueText(' Shipped ')).toBe(' Shipped ');
    expect(valueText('2024-05-01T10:00:00.123456Z')).toBe('2024-05-01T10:00:00.123456Z');
  });

  it('writes a timestamp with an offset as its UTC time, its fraction as written', () => {
    expect(valueText('2024-05-01T12:00:00.5+02:00')).toBe('2024-05-01 10:00:00.5');
    expect(valueText('2024-05-01T00:10:00-05:30')).toBe('2024-05-01 05:40:00');
    expect(valueText('2024-01-01 01:00:00.123456789+0200')).toBe('2023-12-31 23:00:00.123456789');
    expect(valueText('2024-03-01T00:00:00+00:00')).toBe('2024-03-01 00:00:00');
    expect(valueText('0099-01-01T01:00:00+02:00')).toBe('0098-12-31 23:00:00'); // not read as 1999
  });
});
