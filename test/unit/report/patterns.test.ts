import { describe, expect, it } from 'vitest';
import type { DiffDetails, PatternCount } from '../../../src/engine/model.js';
import { PATTERN_KINDS } from '../../../src/engine/value-patterns.js';
import { columnWhyLine, patternExamples, patternName, patternsPhrase } from '../../../src/report/patterns.js';

/** The details the engine gives (scale, time_shift, rounding); the other kinds have none. */
const DETAILS: Record<string, string> = { scale: '×100', time_shift: '+02:00', rounding: 'to 2 decimals' };

describe('kinds of difference in words', () => {
  it('names every kind, with its detail where it has one', () => {
    const names = PATTERN_KINDS.map((kind) => `${kind}: ${patternName({ kind, ...(DETAILS[kind] ? { detail: DETAILS[kind] } : {}) })}`);
    expect(names).toMatchInlineSnapshot(`
      [
        "null_vs_empty: NULL vs empty",
        "null: NULL on one side",
        "case: letter case",
        "whitespace: whitespace",
        "leading_zeros: leading zeros",
        "encoding: encoding (mojibake)",
        "truncated_text: truncated text",
        "sign: sign flipped",
        "scale: scaled ×100",
        "rounding: rounding (to 2 decimals)",
        "time_shift: shifted +02:00",
        "time_precision: time precision",
        "boolean_spelling: boolean spelling",
        "other: other",
      ]
    `);
  });

  it('reads a kind without its usual detail, a detail this version does not expect, and a kind it does not know', () => {
    expect(patternName({ kind: 'scale' })).toBe('scaled');
    expect(patternName({ kind: 'time_shift' })).toBe('time shift');
    expect(patternName({ kind: 'rounding', detail: '' })).toBe('rounding');
    expect(patternName({ kind: 'case', detail: 'Turkish i' })).toBe('letter case (Turkish i)');
    expect(patternName({ kind: 'unit_change', detail: 'kg → g' })).toBe('unit change (kg → g)');
    expect(patternName({ kind: 'constructor' })).toBe('constructor');
    expect(patternName({ kind: 'scale', detail: 'x'.repeat(500) })).toBe(`scaled ${'x'.repeat(40)}`);
  });

  it('lists a column\'s kinds with counts, most rows first as given, the rest summed after five', () => {
    const offsets: PatternCount[] = [9, 5, 4, 3, 2, 1, 1, 1].map((rows, i) => ({ kind: 'time_shift', rows, detail: `+0${i}:00` }));
    expect(patternsPhrase(offsets)).toBe('9 shifted +00:00, 5 shifted +01:00, 4 shifted +02:00, 3 shifted +03:00, 2 shifted +04:00, +3 more (3 rows)');
    expect(patternsPhrase(offsets, 7)).toBe('9 shifted +00:00, 5 shifted +01:00, 4 shifted +02:00, 3 shifted +03:00, 2 shifted +04:00, 1 shifted +05:00, 1 shifted +06:00, +1 more (1 row)');
    expect(patternsPhrase([{ kind: 'other', rows: 1234 }])).toBe('1,234 other');
  });

  it('says what was accepted and over how many rows kinds were found in api mode', () => {
    expect(
      columnWhyLine({
        mismatch_count: 3000,
        details: '',
        patterns: [{ kind: 'rounding', rows: 60, detail: 'to 2 decimals' }, { kind: 'sign', rows: 40 }],
        accepted: [{ kind: 'time_precision', rows: 12 }],
        patterns_from: { rows: 100, of: 3000 },
      }),
    ).toBe('60 rounding (to 2 decimals), 40 sign flipped; accepted: 12 time precision (from 100 of 3,000 rows)');
    expect(columnWhyLine({ mismatch_count: 2, details: '2 values differ' })).toBe('');
  });
});

describe('examples of kinds of difference', () => {
  const row = (id: number, column: string) => ({ id, _diff_type: 'changed' as const, [`source_${column}`]: 'a', [`target_${column}`]: 'b' });
  const diff: DiffDetails = {
    primary_key_columns: ['id'],
    column_mapping: { id: 'id', a: 'a', b: 'b' },
    mismatched_columns_mapping: {
      a: {
        mismatch_count: 6,
        details: '',
        patterns: [
          { kind: 'rounding', rows: 3, example: 0 },
          { kind: 'scale', rows: 2, example: 1 },
          { kind: 'sign', rows: 1, example: 2 },
        ],
        accepted: [{ kind: 'whitespace', rows: 5, example: 3 }],
      },
      b: {
        mismatch_count: 13,
        details: '',
        patterns: [
          { kind: 'case', rows: 8, example: 4 },
          { kind: 'other', rows: 1, example: 5 },
          // not usable: out of range, negative, a fraction, a row on one side only, a row without the column
          { kind: 'null', rows: 1, example: 99 },
          { kind: 'null', rows: 1, example: -1 },
          { kind: 'null', rows: 1, example: 0.5 },
          { kind: 'null', rows: 1, example: 6 },
          { kind: 'null', rows: 1, example: 0 },
        ],
      },
    },
    diff_rows: [row(1, 'a'), row(2, 'a'), row(3, 'a'), row(4, 'a'), row(5, 'b'), row(6, 'b'), { id: 7, _diff_type: 'only_in_source', source_b: 'x' }],
    diff_rows_total: 7,
    truncated: false,
  };
  const picked = (limit: number) => patternExamples(diff, limit).picked.map((e) => `${e.column} ${e.pattern.kind}${e.accepted ? ' (accepted)' : ''} @${e.row}`);

  it('takes each column\'s first kind, then each second, accepted kinds last, and shows them in column order', () => {
    expect(patternExamples(diff, 100).available).toBe(6);
    expect(picked(100)).toEqual(['a rounding @0', 'a scale @1', 'a sign @2', 'a whitespace (accepted) @3', 'b case @4', 'b other @5']);
    expect(picked(2)).toEqual(['a rounding @0', 'b case @4']);
    expect(picked(3)).toEqual(['a rounding @0', 'a scale @1', 'b case @4']);
    expect(picked(5)).toEqual(['a rounding @0', 'a scale @1', 'a sign @2', 'b case @4', 'b other @5']);
    expect(picked(0)).toEqual([]);
    expect(patternExamples(undefined, 5)).toEqual({ picked: [], available: 0 });
  });
});
