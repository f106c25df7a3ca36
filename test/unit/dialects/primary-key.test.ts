import { describe, expect, it } from 'vitest';
import { primaryKeyOf } from '../../../src/dialects/primary-key.js';

describe('the primary key read with the columns', () => {
  it('is the columns holding a key position, in key order, not in column order', () => {
    const rows = [
      { name: 'b', key_position: 2 },
      { name: 'note', key_position: null },
      { name: 'a', key_position: '1' },
      { name: 'price' },
    ];
    expect(primaryKeyOf(rows)).toEqual(['a', 'b']);
  });

  it('is empty for a table (or view) without one', () => {
    expect(primaryKeyOf([{ name: 'a', key_position: null }])).toEqual([]);
  });
});
