/**
 * Packed values: the text the databases build (checksum/sql.ts `fieldsText`) decodes back into
 * exactly the values, whatever they hold; which columns are packed. (The SQL side is run on the real
 * engines in test/integration/engine/stream-merge.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { postgresCompiler } from '../../../src/dialects/postgres/compiler.js';
import type { ColumnType } from '../../../src/dialects/types.js';
import { packable, packedColumns, unpack, type PackedColumns } from '../../../src/engine/packed-values.js';
import { fixedPair } from '../../../src/engine/checksum/sql.js';
import type { ColumnPair } from '../../../src/engine/resolve.js';
import { InternalError } from '../../../src/shared/errors.js';

/** What the SQL builds, written out by hand: NULL `-`, fixed alphabet as is, other text `<characters>:<text>`, joined with `|`. */
function encode(values: (string | null)[], fixed: boolean[]): string {
  return values.map((value, i) => (value === null ? '-' : fixed[i] ? value : `${[...value].length}:${value}`)).join('|');
}

function decode(text: string, fixed: boolean[]): (string | null)[] {
  const packing: PackedColumns = { sql: '', columns: fixed.map((_, i) => i), fixed };
  const values: (string | null)[] = new Array(fixed.length);
  unpack(text, packing, values);
  return values;
}

describe('unpacking a packed row text', () => {
  const free = [false, false, false];
  it.each([
    ['empty, a dash and a bar', ['', '-', '|']],
    ['separators inside values and a NULL', ['a|b', 'c', null]],
    ['texts that look like length prefixes', ['3:x', '-|-', '12:']],
    ['only NULLs', [null, null, null]],
    ['accents, an emoji and CJK (bytes ≠ characters ≠ UTF-16 units)', ['émile', 'Zoë 🎉', '日本語']],
    ['control characters', ['line\nbreak', '\u0000nul', 'tab\there']],
    ['long texts of astral characters', ['𝄞'.repeat(50), 'x'.repeat(10_000), '']],
  ] as const)('gives back %s exactly', (_, values) => {
    expect(decode(encode([...values], free), free)).toEqual(values);
  });

  it('reads fixed-alphabet fields as they are, telling NULL from a negative number', () => {
    const fixed = [true, true, false, true];
    const values = ['-5', null, '-', '2024-01-01 00:00:00.000001'];
    expect(encode(values, fixed)).toBe('-5|-|1:-|2024-01-01 00:00:00.000001');
    expect(decode(encode(values, fixed), fixed)).toEqual(values);
  });

  it('writes into the packed columns only, leaving the others as they were', () => {
    const packing: PackedColumns = { sql: '', columns: [1, 3], fixed: [true, false] };
    const values: (string | null)[] = ['kept', undefined as never, 'also kept', undefined as never];
    unpack('42|2:hi', packing, values);
    expect(values).toEqual(['kept', '42', 'also kept', 'hi']);
  });

  it.each([
    ['a length longer than the text', '9:abc|1:x'],
    ['a length that ends inside a surrogate pair', '1:\ud83c'],
    ['a missing separator', '1:ab1:c'],
    ['no length', 'abc|1:x'],
    ['too few fields', '1:a'],
    ['too many fields', '1:a|1:b|1:c'],
  ])('refuses %s with an internal error (never a silent wrong value)', (_, text) => {
    expect(() => decode(text, [false, false])).toThrow(InternalError);
  });
});

describe('which columns are packed', () => {
  const type = (family: ColumnType['family']): ColumnType => ({ name: 'c', type: family, family });
  const pair = (family: ColumnType['family'], tolerance?: number): ColumnPair => ({
    source: 'c', target: 'c', sourceType: type(family), targetType: type(family), family, typeMismatch: false, normalize: { caseSensitive: true },
    ...(tolerance === undefined ? {} : { tolerance }),
  });
  const column = (pairs: ColumnPair[], dynamicTyping = false) => (j: number) => ({
    expr: `"c${j}"`, column: pairs[j]!.sourceType, options: pairs[j]!.normalize, fixed: fixedPair(pairs[j]!, dynamicTyping),
  });

  it('packs columns compared as exact text, never float, JSON or a column with a tolerance (compared in JavaScript)', () => {
    expect([pair('text'), pair('decimal'), pair('timestamp'), pair('boolean')].every(packable)).toBe(true);
    expect([pair('float'), pair('json'), pair('decimal', 0.01)].some(packable)).toBe(false);
    const pairs = [pair('text'), pair('float'), pair('integer'), pair('decimal', 0.5), pair('date')];
    const packed = packedColumns(postgresCompiler, pairs, column(pairs));
    expect(packed?.columns).toEqual([0, 2, 4]);
    expect(packed?.fixed).toEqual([false, true, true]);
  });

  it('writes a value as is only when both sides are sure to be of a fixed alphabet: never from SQLite, nor from a text column compared as uuid', () => {
    const pairs = [pair('integer'), pair('decimal'), { ...pair('uuid'), sourceType: type('text') }];
    expect(packedColumns(postgresCompiler, pairs, column(pairs))?.fixed).toEqual([true, true, false]);
    expect(packedColumns(postgresCompiler, pairs, column(pairs, true))?.fixed).toEqual([false, false, false]);
    // A SQLite decimal holding '-' against NULL: length-prefixed, '1:-' is not '-'.
    expect(packedColumns(postgresCompiler, pairs, column(pairs, true))?.sql).toContain('char_length');
  });

  it('writes as is a pair whose two declared families differ but are both of a fixed alphabet (PostgreSQL timestamp against MariaDB TIMESTAMP)', () => {
    const pairs = [pair('integer'), { ...pair('timestamp'), targetType: type('timestamptz') }, { ...pair('text'), targetType: type('uuid') }];
    expect(pairs.map((p) => fixedPair(p, false))).toEqual([true, true, false]);
  });

  it('packs nothing when fewer than two columns could be packed', () => {
    const pairs = [pair('text'), pair('float')];
    expect(packedColumns(postgresCompiler, pairs, column(pairs))).toBeUndefined();
  });
});
