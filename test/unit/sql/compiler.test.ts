import { describe, expect, it } from 'vitest';
import { mysqlCompiler } from '../../../src/dialects/mysql/compiler.js';
import { postgresCompiler } from '../../../src/dialects/postgres/compiler.js';
import { sqliteCompiler } from '../../../src/dialects/sqlite/compiler.js';
import { splitQualifiedName } from '../../../src/sql/compiler.js';
import type { ColumnType } from '../../../src/dialects/types.js';

const column = (family: ColumnType['family']): ColumnType => ({ name: 'c', type: family, family });

describe('quoting', () => {
  it('quotes identifiers and schema-qualified tables per dialect', () => {
    expect(postgresCompiler.quoteTable('legacy.Orders')).toBe('"legacy"."Orders"');
    expect(postgresCompiler.quoteIdentifier('a"b')).toBe('"a""b"');
    expect(mysqlCompiler.quoteTable('shop.orders')).toBe('`shop`.`orders`');
    expect(mysqlCompiler.quoteIdentifier('a`b')).toBe('`a``b`');
    expect(sqliteCompiler.quoteTable('main.t')).toBe('"main"."t"');
    expect(splitQualifiedName('"my.schema".table')).toEqual(['my.schema', 'table']);
    expect(postgresCompiler.placeholder(2)).toBe('$2');
    expect(mysqlCompiler.placeholder(2)).toBe('?');
    // A backslash is read two ways depending on sql_mode (NO_BACKSLASH_ESCAPES): such texts go as hex.
    expect(mysqlCompiler.stringLiteral("it's here")).toBe("'it''s here'");
    expect(mysqlCompiler.stringLiteral("it's \\ here")).toBe(`_utf8mb4 X'${Buffer.from("it's \\ here").toString('hex')}'`);
    // PostgreSQL: the same with standard_conforming_strings off: E'…' escapes alike under either setting.
    expect(postgresCompiler.stringLiteral("it's \\ here")).toBe("E'it''s \\\\ here'");
  });
});

describe('normalisation SQL', () => {
  it('truncates timestamps to the common precision and pads to six digits', () => {
    expect(postgresCompiler.normalize('x', column('timestamp'), { caseSensitive: true, precision: 3 })).toBe(
      `(substr(CASE WHEN NOT isfinite(x) THEN (x)::text WHEN x < TIMESTAMP '0001-01-01 00:00:00' THEN '-' || to_char(x, 'YYYY-MM-DD HH24:MI:SS.US') ELSE to_char(x, 'YYYY-MM-DD HH24:MI:SS.US') END, 1, 23) || '000')`,
    );
    expect(postgresCompiler.normalize('x', column('timestamptz'), { caseSensitive: true })).toBe(
      `CASE WHEN NOT isfinite((x) AT TIME ZONE 'UTC') THEN ((x) AT TIME ZONE 'UTC')::text WHEN (x) AT TIME ZONE 'UTC' < TIMESTAMP '0001-01-01 00:00:00' THEN '-' || to_char((x) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') ELSE to_char((x) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') END`,
    );
    expect(mysqlCompiler.normalize('x', column('timestamp'), { caseSensitive: true, precision: 0 })).toBe(
      `CAST(CONCAT(substr(DATE_FORMAT(x, '%Y-%m-%d %H:%i:%s.%f'), 1, 20), '000000') AS BINARY)`,
    );
  });

  it('case-folds text only when the comparison is case-insensitive', () => {
    // PostgreSQL: then bytewise, whatever the column's collation (a nondeterministic one says 'Ada' = 'ADA').
    expect(postgresCompiler.normalize('x', column('text'), { caseSensitive: false })).toBe('(lower((x)::text)) COLLATE "C"');
    expect(postgresCompiler.normalize('x', column('text'), { caseSensitive: true })).toBe('((x)::text) COLLATE "C"');
    expect(sqliteCompiler.normalize('x', column('text'), { caseSensitive: false })).toBe('dc_lower(CAST(x AS TEXT))');
    expect(mysqlCompiler.normalize('x', column('text'), { caseSensitive: false })).toBe('CAST(LOWER(CAST(x AS CHAR)) AS BINARY)');
  });

  it('takes a MariaDB utf8mb4 column as its own text (a binary collation, no copy); any other character set, or an unknown one, is cast to the connection\'s utf8mb4', () => {
    const utf8mb4 = { ...column('text'), charset: 'utf8mb4' };
    expect(mysqlCompiler.hashText('x', utf8mb4, { caseSensitive: true })).toBe('(x COLLATE utf8mb4_bin)');
    expect(mysqlCompiler.normalize('x', utf8mb4, { caseSensitive: true })).toBe('CAST((x COLLATE utf8mb4_bin) AS BINARY)');
    // Case folding stays in the connection's collation, as before.
    expect(mysqlCompiler.normalize('x', utf8mb4, { caseSensitive: false })).toBe('CAST(LOWER(CAST(x AS CHAR)) AS BINARY)');
    expect(mysqlCompiler.hashText('x', { ...column('text'), charset: 'latin1' }, { caseSensitive: true })).toBe('CAST(x AS CHAR)');
    expect(mysqlCompiler.hashText('x', column('text'), { caseSensitive: true })).toBe('CAST(x AS CHAR)');
    expect(mysqlCompiler.hashText('x', { ...column('uuid'), charset: 'utf8mb4' }, { caseSensitive: true })).not.toContain('COLLATE');
  });

  it("writes a declared MariaDB DATETIME or TIMESTAMP column as its own text padded to six digits, and anything else (a query's column, a DATE) through DATE_FORMAT", () => {
    const declared = (type: string, precision: number, family: 'timestamp' | 'timestamptz' = 'timestamp') => ({ name: 'x', type, family, precision, declared: true });
    expect(mysqlCompiler.hashText('x', declared('datetime(6)', 6), { caseSensitive: true })).toBe('CONCAT(x)');
    expect(mysqlCompiler.hashText('x', declared('timestamp', 0, 'timestamptz'), { caseSensitive: true })).toBe("CONCAT(x, '.000000')");
    expect(mysqlCompiler.hashText('x', declared('datetime(3)', 3), { caseSensitive: true })).toBe("CONCAT(x, '000')");
    expect(mysqlCompiler.hashText('x', declared('datetime', 0), { caseSensitive: true, precision: 0 })).toBe("CONCAT(x, '.000000')");
    // Compared at a lower precision: cut, then padded, as DATE_FORMAT's text is.
    expect(mysqlCompiler.normalize('x', declared('datetime(6)', 6), { caseSensitive: true, precision: 3 })).toBe("CAST(CONCAT(substr(CONCAT(x), 1, 23), '000') AS BINARY)");
    expect(mysqlCompiler.hashText('x', { ...declared('datetime(6)', 6), declared: undefined }, { caseSensitive: true })).toBe("DATE_FORMAT(x, '%Y-%m-%d %H:%i:%s.%f')");
    expect(mysqlCompiler.hashText('x', declared('date', 0), { caseSensitive: true })).toContain('DATE_FORMAT');
  });

  it("writes a declared MariaDB DATE compared as a date as its own text (DATE_FORMAT's, without the format), anything else through DATE_FORMAT", () => {
    const date = { name: 'x', type: 'date', family: 'date' as const, declared: true };
    expect(mysqlCompiler.hashText('x', date, { caseSensitive: true })).toBe('CONCAT(x)');
    expect(mysqlCompiler.hashText('x', { ...date, stored: 'date' as const }, { caseSensitive: true })).toBe('CONCAT(x)');
    expect(mysqlCompiler.hashText('x', { ...date, declared: undefined }, { caseSensitive: true })).toBe("DATE_FORMAT(x, '%Y-%m-%d')");
    // A DATETIME paired with a date: its time of day must be left out.
    expect(mysqlCompiler.hashText('x', { ...date, type: 'datetime', stored: 'timestamp' as const }, { caseSensitive: true })).toBe("DATE_FORMAT(x, '%Y-%m-%d')");
  });

  it('renders decimals at the shared scale, or without trailing zeros', () => {
    expect(postgresCompiler.normalize('x', column('decimal'), { caseSensitive: true, scale: 3 })).toBe('round((x)::numeric, 3)::text');
    expect(postgresCompiler.normalize('x', column('decimal'), { caseSensitive: true })).toBe('trim_scale((x)::numeric)::text');
    expect(sqliteCompiler.normalize('x', column('decimal'), { caseSensitive: true, scale: 2 })).toBe('dc_decimal(x, 2)');
  });

  it('makes a composite row text unambiguous', () => {
    expect(postgresCompiler.rowText(['a', 'b'])).toBe(
      `(CASE WHEN a IS NULL THEN '-' ELSE ((octet_length(a))::text || ':' || a) END || '|' || CASE WHEN b IS NULL THEN '-' ELSE ((octet_length(b))::text || ':' || b) END)`,
    );
  });
});
