/**
 * The most bytes of one row's text, from declared types: where MariaDB's GROUP_CONCAT could cut a
 * range's joined texts, the ordered row hash uses it to keep ranges narrow enough, or is not used.
 */
import { describe, expect, it } from 'vitest';
import type { ColumnType, TypeFamily } from '../../../src/dialects/types.js';
import { maxRowTextBytes } from '../../../src/engine/checksum/row-bound.js';
import type { ChecksumColumn } from '../../../src/engine/checksum/sql.js';

const column = (type: string, family: TypeFamily, declared = true): ChecksumColumn => {
  const own: ColumnType = { name: 'c', type, family };
  if (declared) own.declared = true;
  return { expr: '`c`', column: own, options: { caseSensitive: true } };
};

describe('the most bytes of a row text', () => {
  it('adds up the declared columns: 4 bytes a character of text, a bounded length for numbers, times and booleans, a prefix and separator each', () => {
    expect(maxRowTextBytes([column('varchar(40)', 'text')])).toBe(4 * 40 + 12);
    expect(maxRowTextBytes([column('bigint(20)', 'integer'), column('tinyint(1)', 'boolean'), column('timestamp(6)', 'timestamptz')])).toBe(110 + 1 + 32 + 3 * 12);
    expect(maxRowTextBytes([column('text', 'text')])).toBe(4 * 65_535 + 12);
    expect(maxRowTextBytes([column('varbinary(16)', 'bytes')])).toBe(32 + 12);
    expect(maxRowTextBytes([column('int(11)', 'text')])).toBe(110 + 12);
  });

  it('is unbounded for LONGTEXT, JSON, unknown types, and any column a query gives (no declared type)', () => {
    expect(maxRowTextBytes([column('longtext', 'text')])).toBeUndefined();
    expect(maxRowTextBytes([column('longtext', 'json')])).toBeUndefined();
    expect(maxRowTextBytes([column('geometry', 'unknown')])).toBeUndefined();
    expect(maxRowTextBytes([column('varchar(40)', 'text', false)])).toBeUndefined();
    expect(maxRowTextBytes([column('bigint', 'integer'), column('longblob', 'bytes')])).toBeUndefined();
  });
});
