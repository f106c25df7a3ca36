import { describe, expect, it } from 'vitest';
import { mysqlColumnType, mysqlTypeOverrides } from '../../../src/dialects/mysql/type-names.js';
import { POSTGRES_SINGLE_FLOAT } from '../../../src/dialects/postgres/type-names.js';
import { columnTypeOf, commonFamily } from '../../../src/sql/type-family.js';

describe('type families', () => {
  it.each([
    ['integer', 'integer'],
    ['bigint', 'integer'],
    ['int(11)', 'integer'],
    ['numeric(12,2)', 'decimal'],
    ['double precision', 'float'],
    ['real', 'float'],
    ['boolean', 'boolean'],
    ['timestamp(3) without time zone', 'timestamp'],
    ['timestamp with time zone', 'timestamptz'],
    ['datetime(6)', 'timestamp'],
    ['date', 'date'],
    ['character varying(40)', 'text'],
    ['varchar(200)', 'text'],
    ['uuid', 'uuid'],
    ['jsonb', 'json'],
    ['bytea', 'bytes'],
    ['geometry', 'unknown'],
  ])('%s is %s', (type, family) => {
    expect(columnTypeOf('c', type).family).toBe(family);
  });

  it('reads scale and fractional precision', () => {
    expect(columnTypeOf('c', 'numeric(12,2)')).toMatchObject({ scale: 2 });
    expect(columnTypeOf('c', 'numeric(12)')).toMatchObject({ scale: 0 });
    expect(columnTypeOf('c', 'timestamp(3) with time zone')).toMatchObject({ family: 'timestamptz', precision: 3 });
  });

  it("knows MySQL's own meanings", () => {
    expect(columnTypeOf('c', 'tinyint(1)', mysqlTypeOverrides).family).toBe('boolean');
    expect(columnTypeOf('c', 'timestamp(6)', mysqlTypeOverrides)).toMatchObject({ family: 'timestamptz', precision: 6 });
    // Without a precision MySQL's DATETIME/TIMESTAMP/TIME hold whole seconds; PostgreSQL's hold microseconds.
    expect(mysqlColumnType('c', 'datetime')).toMatchObject({ family: 'timestamp', precision: 0 });
    expect(mysqlColumnType('c', 'timestamp')).toMatchObject({ family: 'timestamptz', precision: 0 });
    expect(mysqlColumnType('c', 'time')).toMatchObject({ family: 'time', precision: 0 });
    expect(mysqlColumnType('c', 'datetime(3)')).toMatchObject({ precision: 3 });
    expect(mysqlColumnType('c', 'varchar(40)', 'UTF8MB4')).toMatchObject({ family: 'text', charset: 'utf8mb4' });
    expect(mysqlColumnType('c', 'int', null).charset).toBeUndefined();
    expect(columnTypeOf('c', 'timestamp without time zone').precision).toBeUndefined();
  });

  it('knows which floats are 4-byte floats in each engine', () => {
    expect(mysqlColumnType('c', 'float').singlePrecision).toBe(true);
    expect(mysqlColumnType('c', 'double').singlePrecision).toBeUndefined();
    expect(columnTypeOf('c', 'real', [], POSTGRES_SINGLE_FLOAT).singlePrecision).toBe(true);
    expect(columnTypeOf('c', 'double precision', [], POSTGRES_SINGLE_FLOAT).singlePrecision).toBeUndefined();
    expect(columnTypeOf('c', 'REAL').singlePrecision).toBeUndefined(); // SQLite: REAL is 8 bytes
  });

  it('pairs compatible families and refuses the rest', () => {
    expect(commonFamily('integer', 'decimal')).toBe('decimal');
    expect(commonFamily('decimal', 'float')).toBe('float');
    expect(commonFamily('timestamp', 'timestamptz')).toBe('timestamp');
    expect(commonFamily('boolean', 'integer')).toBe('boolean');
    expect(commonFamily('decimal', 'text')).toBeUndefined();
  });
});
