/**
 * A masked value's tag says "equal" within one side of a run only: a value on the source side never
 * carries the tag of the same value on the target side, so a side whose values the reader wrote (a
 * query of guesses) cannot confirm a guess; keys take their row's side.
 */
import { describe, expect, it } from 'vitest';
import type { ComparisonResult } from '../../../src/engine/model.js';
import { Masker, maskComparison } from '../../../src/sensitive/mask.js';

const tagOf = (value: unknown) => String(value).split('·')[1];

describe('Masker', () => {
  it('tags equal values equally within a side, and differently across sides', () => {
    const masker = new Masker();
    expect(masker.value('alice@example.com', 'source')).toBe(masker.value('alice@example.com', 'source'));
    expect(masker.value('alice@example.com', 'source')).toMatch(/^a\*\*\*@e\*\*\*\.com ·[0-9a-f]{6}$/);
    expect(tagOf(masker.value('alice@example.com', 'source'))).not.toBe(tagOf(masker.value('alice@example.com', 'target')));
    expect(masker.value(null, 'target')).toBeNull();
  });

  it('masks each field of a diff row with its side\'s key, and a key column with its row\'s', () => {
    const result: ComparisonResult = {
      name: 'customers',
      status: 'mismatch',
      diff: {
        primary_key_columns: ['email'],
        column_mapping: { email: 'email', contact: 'contact' },
        mismatched_columns_mapping: {},
        diff_rows: [
          { _diff_type: 'changed', email: 'a@example.com', source_contact: 'b@example.com', target_contact: 'c@example.com' },
          { _diff_type: 'only_in_target', email: 'b@example.com', target_contact: 'a@example.com' },
        ],
        diff_rows_total: 2,
        truncated: false,
      },
    };
    const rows = maskComparison(result, new Set(['email', 'contact']), new Masker()).diff!.diff_rows;
    const tags = rows.map((row) => Object.fromEntries(Object.entries(row).filter(([field]) => field !== '_diff_type').map(([field, value]) => [field, tagOf(value)])));
    // `a@` as the changed row's key (source) and as the target-only row's contact (target): two tags
    expect(tags[0]!.email).not.toBe(tags[1]!.target_contact);
    // `b@` as the source's contact and as the target-only row's key (target): two tags
    expect(tags[0]!.source_contact).not.toBe(tags[1]!.email);
  });
});
