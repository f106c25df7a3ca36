import { describe, expect, it } from 'vitest';
import type { ComparisonDefinition, ComparisonStats } from '../../../src/engine/model.js';
import { caseFoldingNotes, decideStatus, differingRowCount } from '../../../src/engine/outcome.js';
import type { ColumnPair } from '../../../src/engine/resolve.js';
import { sameConnection } from '../../../src/engine/plan.js';

const stats = (over: Partial<ComparisonStats>): ComparisonStats => ({
  source_rows: 1000, target_rows: 1000, matched_rows: 990, mismatched_rows: 0, only_in_source: 0, only_in_target: 0,
  duplicate_keys_source: 0, duplicate_keys_target: 0, null_keys_source: 0, null_keys_target: 0, ...over,
});
const definition = (thresholds: ComparisonDefinition['thresholds']) => ({ thresholds }) as ComparisonDefinition;

describe('status after thresholds', () => {
  it('is match for MATCH and mismatch without thresholds', () => {
    expect(decideStatus(definition({}), 'MATCH', stats({}), false)).toEqual({ status: 'match' });
    expect(decideStatus(definition({}), 'MISMATCH', stats({ mismatched_rows: 1 }), false)).toEqual({ status: 'mismatch' });
  });

  it('lets differences within max_mismatched_rows and max_mismatch_ratio pass', () => {
    const s = stats({ mismatched_rows: 5, only_in_source: 3, duplicate_keys_target: 1, null_keys_source: 1 });
    expect(differingRowCount(s)).toBe(10);
    expect(decideStatus(definition({ maxMismatchedRows: 10 }), 'MISMATCH', s, false)).toEqual({ status: 'match', within_thresholds: true });
    expect(decideStatus(definition({ maxMismatchedRows: 9 }), 'MISMATCH', s, false)).toEqual({ status: 'mismatch', within_thresholds: false });
    expect(decideStatus(definition({ maxMismatchRatio: 0.01 }), 'MISMATCH', s, false)).toEqual({ status: 'match', within_thresholds: true });
    expect(decideStatus(definition({ maxMismatchRatio: 0.009 }), 'MISMATCH', s, false)).toEqual({ status: 'mismatch', within_thresholds: false });
  });

  it('never lets a schema difference pass', () => {
    expect(decideStatus(definition({ maxMismatchedRows: 100 }), 'MISMATCH', stats({}), true)).toEqual({ status: 'mismatch' });
  });
});

describe('same connection', () => {
  it('is the same database type and URL, or the same SQLite file', () => {
    expect(sameConnection({ type: 'postgres', url: 'postgres://a/db' }, { type: 'postgres', url: 'postgres://a/db' })).toBe(true);
    expect(sameConnection({ type: 'postgres', url: 'postgres://a/db' }, { type: 'postgres', url: 'postgres://b/db' })).toBe(false);
    expect(sameConnection({ type: 'sqlite', path: '/x.db' }, { type: 'sqlite', path: '/x.db' })).toBe(true);
    expect(sameConnection({ type: 'sqlite', path: ':memory:' }, { type: 'sqlite', path: ':memory:' })).toBe(false);
    expect(sameConnection({ type: 'mysql', url: 'mysql://a/db' }, { type: 'postgres', url: 'mysql://a/db' })).toBe(false);
    expect(sameConnection(null, { type: 'sqlite', path: '/x.db' })).toBe(false);
  });
});

describe('case-folding notes', () => {
  const pair = (name: string, family: ColumnPair['family'], caseSensitive: boolean, extra: Partial<ColumnPair> = {}): ColumnPair => ({
    source: name,
    target: name,
    sourceType: { name, type: 'varchar(20)', family },
    targetType: { name, type: 'varchar(20)', family },
    family,
    typeMismatch: false,
    normalize: { caseSensitive, ...(family === 'set' && { member: { family: 'text', options: { caseSensitive } } }) },
    ...extra,
  });

  it('names every text column (and collection of text) compared case-insensitively, once, with the setting', () => {
    const notes = caseFoldingNotes({ keys: [pair('code', 'text', true)], columns: [pair('name', 'text', false), pair('n', 'integer', false), pair('tags', 'set', false), pair('city', 'text', false)] });
    expect(notes).toEqual([
      'Columns `name`, `tags` and `city` were compared case-insensitively (`case_sensitive` is false, the default): values differing only in letter case count as equal. Set `case_sensitive: true` to count them as differences.',
    ]);
    expect(caseFoldingNotes({ keys: [], columns: [pair('name', 'text', false)] })[0]).toMatch(/^Column `name` was compared case-insensitively/);
  });

  it('says nothing when text is compared exactly (case_sensitive: true) or there is no text column; keys are always exact', () => {
    expect(caseFoldingNotes({ keys: [], columns: [pair('name', 'text', true), pair('tags', 'set', true)] })).toEqual([]);
    expect(caseFoldingNotes({ keys: [pair('code', 'text', true)], columns: [pair('n', 'integer', false)] })).toEqual([]);
  });
});
