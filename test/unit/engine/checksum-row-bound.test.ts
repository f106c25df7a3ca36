/**
 * The most bytes of one row's text, from declared types: where a range's joined texts could be cut
 * (MariaDB's GROUP_CONCAT) or fail (PostgreSQL's string_agg), the ordered row hash uses it to keep
 * ranges narrow enough, or is not used.
 */
import { describe, expect, it } from 'vitest';
import type { ColumnType, TypeFamily } from '../../../src/dialects/types.js';
import { maxRowTextBytes, withDigests } from '../../../src/engine/checksum/row-bound.js';
import type { ChecksumColumn, ChecksumRelation } from '../../../src/engine/checksum/sql.js';
import type { SqlCompiler } from '../../../src/sql/types.js';
import { postgresCompiler } from '../../../src/dialects/postgres/compiler.js';
import { mysqlCompiler } from '../../../src/dialects/mysql/compiler.js';
import { sqliteCompiler } from '../../../src/dialects/sqlite/compiler.js';

const column = (type: string, family: TypeFamily, declared = true, charset?: string): ChecksumColumn => {
  const own: ColumnType = { name: 'c', type, family };
  if (declared) own.declared = true;
  if (charset) own.charset = charset;
  return { expr: '`c`', column: own, options: { caseSensitive: true } };
};
const digested = (c: ChecksumColumn): ChecksumColumn => ({ ...c, digestAbove: 1024 });

describe('the most bytes of a row text', () => {
  it('adds up the declared columns: 4 bytes a character of text, a bounded length for numbers, times and booleans, a prefix and separator each', () => {
    expect(maxRowTextBytes([column('varchar(40)', 'text')], 'mysql')).toBe(4 * 40 + 12);
    expect(maxRowTextBytes([column('character varying(40)', 'text')], 'postgres')).toBe(4 * 40 + 12);
    expect(maxRowTextBytes([column('bigint(20)', 'integer'), column('tinyint(1)', 'boolean'), column('timestamp(6)', 'timestamptz')], 'mysql')).toBe(110 + 1 + 32 + 3 * 12);
    // TEXT counts bytes in its own character set: as many in UTF-8 from utf8mb4, up to 3 each from latin1.
    expect(maxRowTextBytes([column('text', 'text', true, 'utf8mb4')], 'mysql')).toBe(65_535 + 12);
    expect(maxRowTextBytes([column('tinytext', 'text', true, 'utf8mb3')], 'mysql')).toBe(255 + 12);
    expect(maxRowTextBytes([column('text', 'text', true, 'latin1')], 'mysql')).toBe(3 * 65_535 + 12);
    expect(maxRowTextBytes([column('varchar(40)', 'text', true, 'latin1')], 'mysql')).toBe(4 * 40 + 12);
    // Lowered (compared case-insensitively), a few characters grow: Ⱥ (2 bytes) becomes ⱥ (3).
    expect(maxRowTextBytes([{ ...column('tinytext', 'text', true, 'utf8mb4'), options: { caseSensitive: false } }], 'mysql')).toBe(Math.ceil(1.5 * 255) + 12);
    expect(Buffer.byteLength('Ⱥ'.toLowerCase())).toBe(1.5 * Buffer.byteLength('Ⱥ'));
    expect(maxRowTextBytes([column('varbinary(16)', 'bytes')], 'mysql')).toBe(32 + 12);
    expect(maxRowTextBytes([column('int(11)', 'text')], 'mysql')).toBe(110 + 12);
  });

  it('bounds a uuid by its 36 characters, and text compared as uuid by its own declared length', () => {
    expect(maxRowTextBytes([column('uuid', 'uuid')], 'postgres')).toBe(36 + 12);
    expect(maxRowTextBytes([column('char(36)', 'uuid')], 'mysql')).toBe(4 * 36 + 12);
    expect(maxRowTextBytes([column('longtext', 'uuid')], 'mysql')).toBeUndefined();
    expect(maxRowTextBytes([column("enum('a','b')", 'uuid')], 'mysql')).toBeUndefined();
  });

  it("is unbounded for LONGTEXT, ENUM and SET, PostgreSQL's text, bytea, arrays and numeric without precision, JSON, unknown types, any column a query gives, and engines without the aggregate", () => {
    expect(maxRowTextBytes([column('longtext', 'text')], 'mysql')).toBeUndefined();
    expect(maxRowTextBytes([column("enum('a','b')", 'text')], 'mysql')).toBeUndefined();
    expect(maxRowTextBytes([column("set('a','b')", 'text')], 'mysql')).toBeUndefined();
    expect(maxRowTextBytes([column('text', 'text')], 'postgres')).toBeUndefined();
    expect(maxRowTextBytes([column('bytea', 'bytes')], 'postgres')).toBeUndefined();
    expect(maxRowTextBytes([column('longtext', 'json')], 'mysql')).toBeUndefined();
    expect(maxRowTextBytes([column('geometry', 'unknown')], 'mysql')).toBeUndefined();
    expect(maxRowTextBytes([column('varchar(40)', 'text', false)], 'mysql')).toBeUndefined();
    expect(maxRowTextBytes([column('varchar(40)', 'text')], 'sqlite')).toBeUndefined();
    expect(maxRowTextBytes([column('bigint', 'integer'), column('longblob', 'bytes')], 'mysql')).toBeUndefined();
    expect(maxRowTextBytes([column('integer[]', 'integer')], 'postgres')).toBeUndefined();
    expect(maxRowTextBytes([column('character varying(10)[]', 'text')], 'postgres')).toBeUndefined();
    expect(maxRowTextBytes([column('numeric', 'decimal')], 'postgres')).toBeUndefined();
    expect(maxRowTextBytes([column('numeric(12,2)', 'decimal')], 'postgres')).toBe(110 + 12);
  });

  it('bounds a digested field (the ordered row hash) by the digest threshold whatever its type, or by its declared length when shorter', () => {
    expect(maxRowTextBytes([digested(column('longtext', 'text'))], 'mysql')).toBe(1024 + 12);
    expect(maxRowTextBytes([digested(column('text', 'text'))], 'postgres')).toBe(1024 + 12);
    expect(maxRowTextBytes([digested(column('varchar(40)', 'text', false))], 'mysql')).toBe(1024 + 12);
    expect(maxRowTextBytes([digested(column('varchar(40)', 'text'))], 'mysql')).toBe(4 * 40 + 12);
    expect(maxRowTextBytes([{ ...column('varchar(4)', 'text'), digestAbove: 8 }], 'mysql')).toBe(33 + 12);
    // A fixed-alphabet field is never digested: a numeric without precision stays unbounded.
    expect(maxRowTextBytes([digested(column('text', 'text')), column('numeric', 'decimal')], 'postgres')).toBeUndefined();
  });
});

describe('which fields the ordered row hash digests', () => {
  const relation = (compiler: SqlCompiler, columns: ChecksumColumn[]): ChecksumRelation => ({ compiler, from: 't', keys: [], values: columns, bucketing: { kind: 'range', lo: 1n, width: 256n } });
  const digests = (pair: [ChecksumRelation, ChecksumRelation]) => pair.map((side) => side.values.map((c) => c.digestAbove));

  it('those that may pass 1,024 bytes on either side, on both sides alike; never a short text nor a fixed-alphabet field', () => {
    const source = relation(postgresCompiler, [column('character varying(64)', 'text'), column('text', 'text'), column('character varying(64)', 'text'), { ...column('numeric', 'decimal'), fixed: true }]);
    const target = relation(mysqlCompiler, [column('varchar(64)', 'text', true, 'utf8mb4'), column('varchar(64)', 'text', true, 'utf8mb4'), column('text', 'text', true, 'utf8mb4'), { ...column('decimal(12,2)', 'decimal'), fixed: true }]);
    expect(digests(withDigests([source, target]))).toEqual([
      [undefined, 1024, 1024, undefined],
      [undefined, 1024, 1024, undefined],
    ]);
  });

  it('nothing where an engine has no md5 of a text', () => {
    const pair = withDigests([relation(sqliteCompiler, [column('text', 'text')]), relation(postgresCompiler, [column('text', 'text')])]);
    expect(digests(pair)).toEqual([[undefined], [undefined]]);
  });
});
