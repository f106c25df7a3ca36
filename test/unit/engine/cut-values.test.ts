/** Long values in kept diff rows: what is kept, where, and what is said about the rest. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { boundDiff, cutPair, cutRow, cutSingle, keyForSentence, MAX_KEPT_CHARS, sha256Text } from '../../../src/engine/cut-values.js';
import type { DiffDetails } from '../../../src/engine/model.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('values kept in part', () => {
  it('keeps a value of at most 64 Ki characters whole, and says nothing about it', () => {
    const text = 'x'.repeat(MAX_KEPT_CHARS);
    expect(cutSingle(text)).toEqual({ kept: text });
    expect(cutPair(text, `${text.slice(1)}y`)).toEqual({ source: text, target: `${text.slice(1)}y` });
  });

  it('keeps the first 64 Ki characters of a longer value alone, with its whole length and SHA-256', () => {
    const text = `${'a'.repeat(100_000)}b`;
    const { kept, cut } = cutSingle(text);
    expect(kept).toBe('a'.repeat(MAX_KEPT_CHARS));
    expect(cut).toEqual({ length: 100_001, start: 0, sha256: sha256(text) });
  });

  it('cuts both sides of a changed value at the same place, a little before their first difference', () => {
    const common = 'p'.repeat(1_000_000);
    const { source, target, sourceCut, targetCut } = cutPair(`${common}A${'s'.repeat(500_000)}`, `${common}B`);
    // 8 Ki characters of context, then the difference, on both sides
    expect(source.slice(8192, 8193)).toBe('A');
    expect(target.slice(8192)).toBe('B');
    expect(source).toHaveLength(MAX_KEPT_CHARS);
    expect(sourceCut).toMatchObject({ length: 1_500_001, start: 1_000_000 - 8192 });
    // the short side is cut at the same start, so both kept texts still line up
    expect(targetCut).toMatchObject({ length: 1_000_001, start: 1_000_000 - 8192, sha256: sha256(`${common}B`) });
  });

  it('counts characters, never splitting a surrogate pair, and hashes the UTF-8 of the whole value', () => {
    const text = '😀'.repeat(70_000);
    const { kept, cut } = cutSingle(text);
    expect(Array.from(kept)).toHaveLength(MAX_KEPT_CHARS);
    expect(kept.endsWith('😀')).toBe(true);
    expect(cut).toEqual({ length: 70_000, start: 0, sha256: sha256(text) });
    // hashed a slice at a time: the same digest as the whole text's
    const long = `${'é'.repeat(1 << 20)}😀${'z'.repeat(3 << 20)}`;
    expect(sha256Text(long)).toBe(sha256(long));
  });

  it('cuts every long field of a row and names each by row and field', () => {
    const long = 'v'.repeat(70_000);
    const { row, cuts } = cutRow({ _diff_type: 'changed', id: 7, source_note: long, target_note: `${long}!`, source_n: 1, target_n: 2 }, 3);
    expect(row).toMatchObject({ id: 7, source_n: 1, target_n: 2 });
    expect(cuts.map(({ row: index, field, length, start }) => ({ index, field, length, start }))).toEqual([
      { index: 3, field: 'source_note', length: 70_000, start: 70_000 - 8192 },
      { index: 3, field: 'target_note', length: 70_001, start: 70_000 - 8192 },
    ]);
    expect(row.target_note).toBe(`${'v'.repeat(8192)}!`);
  });

  it('bounds a diff from anywhere, keeping the cuts already made', () => {
    const diff: DiffDetails = {
      primary_key_columns: ['id'],
      column_mapping: { id: 'id', note: 'note' },
      mismatched_columns_mapping: {},
      diff_rows: [
        { _diff_type: 'only_in_source', id: 1, source_note: 'short' },
        { _diff_type: 'only_in_target', id: 2, target_note: 'w'.repeat(200_000) },
      ],
      diff_rows_total: 2,
      truncated: false,
      cut_values: [{ row: 0, field: 'source_note', length: 9_000_000, start: 0, sha256: 'f'.repeat(64) }],
    };
    const bounded = boundDiff(diff);
    expect(bounded.diff_rows[1]!.target_note).toHaveLength(MAX_KEPT_CHARS);
    expect(bounded.cut_values?.map((cut) => [cut.row, cut.field, cut.length])).toEqual([
      [0, 'source_note', 9_000_000],
      [1, 'target_note', 200_000],
    ]);
    expect(boundDiff(bounded)).toBe(bounded);
  });

  it('cuts a long key for the sentence that names it', () => {
    expect(keyForSentence('k'.repeat(500))).toBe(`${'k'.repeat(199)}…`);
    expect(keyForSentence(42)).toBe(42);
  });
});
