import { describe, expect, it } from 'vitest';
import type { DiffDetailsData } from '../../../src/api/contract.js';
import { keptPatterns, patternsFromRows, sortPatterns } from '../../../src/api/row-patterns.js';

type Row = Record<string, unknown>;

/** Diff details with one changed row per pair; `count` overrides a column's mismatch_count (default: its pairs). */
function details(pairs: Record<string, [unknown, unknown][]>, extra: Partial<DiffDetailsData> = {}, count: Record<string, number> = {}): DiffDetailsData {
  const rows: Row[] = [];
  for (const [column, list] of Object.entries(pairs)) {
    for (const [source, target] of list) rows.push({ id: rows.length + 1, _diff_type: 'changed', [`source_${column}`]: source, [`target_${column}`]: target });
  }
  return {
    primary_key_columns: ['id'],
    column_mapping: Object.fromEntries([['id', 'id'], ...Object.keys(pairs).map((c) => [c, c])]),
    mismatched_columns_mapping: Object.fromEntries(Object.entries(pairs).map(([c, list]) => [c, { mismatch_count: count[c] ?? list.length, details: '' }])),
    diff_rows: rows,
    ...extra,
  };
}

const CASE_SENSITIVE = { caseSensitive: true };

describe('patternsFromRows', () => {
  it('names every kind from the rows our service sends (compared_as), with an example row of each', () => {
    const data = details(
      {
        name: [
          ['Alice', 'alice'],
          ['Bob ', 'Bob'],
          ['00042', '42'],
          ['Café', 'CafÃ©'],
          ['Jonathan', 'Jon'],
          [null, ''],
          ['x', null],
          ['Ann', 'Zed'],
          ['Y', 'yes'],
          ['Eve', 'EVE'],
        ],
        amount: [
          ['-12.5', '12.5'],
          ['10.5', '1.05'],
          ['10.5', '1050'],
          ['2988.3333', '2988.33'],
          ['10.5', '1.06'],
        ],
        at: [
          ['2024-05-01T10:00:00', '2024-05-01T12:00:00'],
          ['2024-05-01T10:00:00', '2024-05-01T04:30:00'],
          ['2024-05-01T10:00:00.123', '2024-05-01T10:00:00'],
        ],
      },
      { compared_as: { id: 'integer', name: 'text', amount: 'decimal', at: 'timestamp' } },
    );
    const patterns = Object.fromEntries(['name', 'amount', 'at'].map((column) => [column, patternsFromRows(data, column, CASE_SENSITIVE)]));
    expect(patterns).toMatchInlineSnapshot(`
      {
        "amount": {
          "patterns": [
            {
              "example": 10,
              "kind": "sign",
              "rows": 1,
            },
            {
              "detail": "×100",
              "example": 12,
              "kind": "scale",
              "rows": 1,
            },
            {
              "detail": "÷10",
              "example": 11,
              "kind": "scale",
              "rows": 1,
            },
            {
              "detail": "to 2 decimals",
              "example": 13,
              "kind": "rounding",
              "rows": 1,
            },
            {
              "example": 14,
              "kind": "other",
              "rows": 1,
            },
          ],
        },
        "at": {
          "patterns": [
            {
              "detail": "+02:00",
              "example": 15,
              "kind": "time_shift",
              "rows": 1,
            },
            {
              "detail": "-05:30",
              "example": 16,
              "kind": "time_shift",
              "rows": 1,
            },
            {
              "example": 17,
              "kind": "time_precision",
              "rows": 1,
            },
          ],
        },
        "name": {
          "patterns": [
            {
              "example": 0,
              "kind": "case",
              "rows": 2,
            },
            {
              "example": 5,
              "kind": "null_vs_empty",
              "rows": 1,
            },
            {
              "example": 6,
              "kind": "null",
              "rows": 1,
            },
            {
              "example": 1,
              "kind": "whitespace",
              "rows": 1,
            },
            {
              "example": 2,
              "kind": "leading_zeros",
              "rows": 1,
            },
            {
              "example": 3,
              "kind": "encoding",
              "rows": 1,
            },
            {
              "example": 4,
              "kind": "truncated_text",
              "rows": 1,
            },
            {
              "example": 8,
              "kind": "boolean_spelling",
              "rows": 1,
            },
            {
              "example": 7,
              "kind": "other",
              "rows": 1,
            },
          ],
        },
      }
    `);
  });

  it('infers the families from the JSON values when the service does not say how it compared', () => {
    const data = details({
      amount: [
        [2988.3333, '2988.33'],
        [-12.5, 12.5],
        ['10.5', '1050'],
        ['10.5', '1.06'],
      ],
      code: [
        ['00042', 42],
        ['Y', true],
        ['0', false],
      ],
      at: [
        ['2024-05-01T10:00:00Z', '2024-05-01T12:00:00+02:00'], // one instant in two zones: other, not a shift
        ['2024-05-01T10:00:00Z', '2024-05-01T14:00:00+02:00'],
        ['2024-05-01', '2024-05-01T00:00:00'],
      ],
    });
    const patterns = Object.fromEntries(['amount', 'code', 'at'].map((column) => [column, patternsFromRows(data, column, CASE_SENSITIVE)]));
    expect(patterns).toMatchInlineSnapshot(`
      {
        "amount": {
          "patterns": [
            {
              "example": 1,
              "kind": "sign",
              "rows": 1,
            },
            {
              "detail": "×100",
              "example": 2,
              "kind": "scale",
              "rows": 1,
            },
            {
              "detail": "to 2 decimals",
              "example": 0,
              "kind": "rounding",
              "rows": 1,
            },
            {
              "example": 3,
              "kind": "other",
              "rows": 1,
            },
          ],
        },
        "at": {
          "patterns": [
            {
              "detail": "+02:00",
              "example": 8,
              "kind": "time_shift",
              "rows": 1,
            },
            {
              "example": 9,
              "kind": "time_precision",
              "rows": 1,
            },
            {
              "example": 7,
              "kind": "other",
              "rows": 1,
            },
          ],
        },
        "code": {
          "patterns": [
            {
              "example": 5,
              "kind": "boolean_spelling",
              "rows": 2,
            },
            {
              "example": 4,
              "kind": "leading_zeros",
              "rows": 1,
            },
          ],
        },
      }
    `);
  });

  it('says over how many of the differing rows it found them when the service kept fewer', () => {
    const data = details({ amount: [['-1', '1'], ['2', '-2'], ['3', '300']] }, { diff_rows_total: 40, truncated: true }, { amount: 40 });
    expect(patternsFromRows(data, 'amount', CASE_SENSITIVE)).toEqual({
      patterns: [
        { kind: 'sign', rows: 2, example: 0 },
        { kind: 'scale', rows: 1, detail: '×100', example: 2 },
      ],
      patterns_from: { rows: 3, of: 40 },
    });
  });

  it('leaves out pairs it cannot tell: values the service cut or masked', () => {
    const data = details(
      { email: [['ann@example.com', 'ANN@example.com'], ['*** ·3fa2c1', '*** ·9b01de'], ['j***@e***.com ·3fa2c1', 'j***@e***.com ·9b01de'], ['**** 4242 ·3fa2c1', null], ['long', 'longer']] },
      { cut_values: [{ row: 4, field: 'target_email', length: 70_000, start: 0, sha256: 'a'.repeat(64) }] },
    );
    expect(patternsFromRows(data, 'email', CASE_SENSITIVE)).toEqual({ patterns: [{ kind: 'case', rows: 1, example: 0 }], patterns_from: { rows: 1, of: 5 } });
  });

  it('skips what the service did not count: rows on one side only, equal values, case under case_sensitive false', () => {
    const data = details({ status: [['open', 'OPEN'], ['open', 'open'], ['open', 'closed']] }, {}, { status: 1 });
    data.diff_rows.push({ id: 9, _diff_type: 'only_in_source', source_status: 'gone' });
    expect(patternsFromRows(data, 'status', { caseSensitive: false })).toEqual({ patterns: [{ kind: 'other', rows: 1, example: 2 }] });
    // compared_as wins over the comparison's setting: this column was compared case-sensitively
    const sensitive = { ...data, compared_as: { status: 'text' } };
    expect(patternsFromRows({ ...sensitive, mismatched_columns_mapping: { status: { mismatch_count: 2, details: '' } } }, 'status', { caseSensitive: false })).toEqual({
      patterns: [
        { kind: 'case', rows: 1, example: 0 },
        { kind: 'other', rows: 1, example: 2 },
      ],
    });
  });

  it('claims nothing when no pair could be told, or when the rows show more differences than the service counted', () => {
    expect(patternsFromRows(details({ amount: [['1', '2']] }, {}, { amount: 0 }), 'amount', CASE_SENSITIVE)).toBeUndefined();
    expect(patternsFromRows(details({ amount: [['*** ·3fa2c1', '*** ·9b01de']] }), 'amount', CASE_SENSITIVE)).toBeUndefined();
    expect(patternsFromRows(details({ amount: [['1', '2'], ['3', '4']] }, {}, { amount: 1 }), 'amount', CASE_SENSITIVE)).toBeUndefined();
    expect(patternsFromRows(details({ amount: [['1', '2']] }), 'missing', CASE_SENSITIVE)).toBeUndefined();
  });
});

describe('sortPatterns and keptPatterns', () => {
  it('orders by rows, then by the kinds’ order (a kind this version does not know last), then by detail', () => {
    expect(
      sortPatterns([
        { kind: 'other', rows: 3 },
        { kind: 'time_shift', rows: 3, detail: '+02:00' },
        { kind: 'time_shift', rows: 3, detail: '-05:30' },
        { kind: 'null', rows: 3 },
        { kind: 'emoji', rows: 3 },
        { kind: 'scale', rows: 7, detail: '×100' },
      ]).map((p) => `${p.rows} ${p.kind}${p.detail ? ` ${p.detail}` : ''}`),
    ).toEqual(['7 scale ×100', '3 null', '3 time_shift +02:00', '3 time_shift -05:30', '3 other', '3 emoji']);
  });

  it("keeps a service's patterns, sorted, without fields it does not know or examples past the rows it sent", () => {
    expect(
      keptPatterns(
        [
          { kind: 'sign', rows: 2, example: 5, extra: 'x' },
          { kind: 'scale', rows: 9, detail: '×100', example: 1 },
        ],
        3,
      ),
    ).toEqual([
      { kind: 'scale', rows: 9, detail: '×100', example: 1 },
      { kind: 'sign', rows: 2 },
    ]);
  });
});
