/**
 * The DuckDB dialect's canonical text, run on a real DuckDB and compared byte for byte with the same
 * values normalised by PostgreSQL, MariaDB and SQLite through their own dialects: equal values must
 * give identical text (floats and JSON after canonicalFloat / canonicalJson, as the engine does).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDialect } from '../../../src/dialects/registry.js';
import type { ColumnType, DatabaseConnection, DialectName, NormalizeOptions } from '../../../src/dialects/types.js';
import type { ConnectionConfig } from '../../../src/engine/model.js';
import { canonicalFloat, canonicalJson } from '../../../src/sql/canonical.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { databaseAvailable, TEST_DATABASE_URLS } from '../../helpers/databases.js';

const others: { name: DialectName; config: ConnectionConfig; available: boolean }[] = [
  { name: 'postgres', config: { type: 'postgres', url: TEST_DATABASE_URLS.postgres }, available: await databaseAvailable('postgres') },
  { name: 'mysql', config: { type: 'mysql', url: TEST_DATABASE_URLS.mysql }, available: await databaseAvailable('mysql') },
  { name: 'sqlite', config: { type: 'sqlite', path: ':memory:' }, available: true },
];

async function open(config: ConnectionConfig): Promise<DatabaseConnection> {
  const dialect = await loadDialect(config.type);
  return dialect.connect(config, { logger: silentLogger, datasourceName: `${config.type}_test` });
}

/** A value written as an SQL expression per engine, and the column type each engine reports for it. */
interface Case {
  title: string;
  family: ColumnType['family'];
  options?: Partial<NormalizeOptions>;
  duckdb: [expr: string, type: string];
  postgres: [expr: string, type: string];
  mysql: [expr: string, type: string];
  sqlite: [expr: string, type: string];
  /** The canonical text every engine must produce (after canonicalFloat/canonicalJson where noted). */
  expected: string | null;
  post?: (value: unknown) => string | null;
}

const cases: Case[] = [
  { title: 'a negative integer', family: 'integer', duckdb: ['CAST(-42 AS BIGINT)', 'BIGINT'], postgres: ['(-42)::bigint', 'bigint'], mysql: ['-42', 'bigint'], sqlite: ['-42', 'INTEGER'], expected: '-42' },
  { title: 'the largest bigint', family: 'integer', duckdb: ['CAST(9223372036854775807 AS BIGINT)', 'BIGINT'], postgres: ['9223372036854775807::bigint', 'bigint'], mysql: ['9223372036854775807', 'bigint'], sqlite: ['9223372036854775807', 'INTEGER'], expected: '9223372036854775807' },
  { title: 'a decimal at its own scale', family: 'decimal', options: { scale: 2 }, duckdb: ['CAST(10.5 AS DECIMAL(12,2))', 'DECIMAL(12,2)'], postgres: ['10.5::numeric(12,2)', 'numeric(12,2)'], mysql: ['CAST(10.5 AS DECIMAL(12,2))', 'decimal(12,2)'], sqlite: ["'10.5'", 'NUMERIC(12,2)'], expected: '10.50' },
  { title: 'a decimal padded to a larger scale', family: 'decimal', options: { scale: 4 }, duckdb: ['CAST(-1234.5 AS DECIMAL(12,2))', 'DECIMAL(12,2)'], postgres: ['(-1234.5)::numeric(12,2)', 'numeric(12,2)'], mysql: ['CAST(-1234.5 AS DECIMAL(12,2))', 'decimal(12,2)'], sqlite: ['-1234.5', 'NUMERIC(12,2)'], expected: '-1234.5000' },
  { title: 'a decimal with trailing zeros stripped', family: 'decimal', duckdb: ['CAST(100.50 AS DECIMAL(12,2))', 'DECIMAL(12,2)'], postgres: ['100.50::numeric', 'numeric'], mysql: ['CAST(100.50 AS DECIMAL(12,2))', 'decimal(12,2)'], sqlite: ["'100.50'", 'NUMERIC'], expected: '100.5' },
  { title: 'a whole decimal with zeros stripped keeps its integer zeros', family: 'decimal', duckdb: ['CAST(100 AS DECIMAL(12,2))', 'DECIMAL(12,2)'], postgres: ['100.00::numeric', 'numeric'], mysql: ['CAST(100 AS DECIMAL(12,2))', 'decimal(12,2)'], sqlite: ["'100.00'", 'NUMERIC'], expected: '100' },
  { title: 'zero as a decimal', family: 'decimal', duckdb: ['CAST(-0.00 AS DECIMAL(12,2))', 'DECIMAL(12,2)'], postgres: ['(-0.00)::numeric', 'numeric'], mysql: ['CAST(-0.00 AS DECIMAL(12,2))', 'decimal(12,2)'], sqlite: ["'-0.00'", 'NUMERIC'], expected: '0' },
  { title: 'an integer compared as a decimal', family: 'decimal', options: { scale: 2 }, duckdb: ['CAST(7 AS INTEGER)', 'INTEGER'], postgres: ['7::integer', 'integer'], mysql: ['7', 'int'], sqlite: ['7', 'INTEGER'], expected: '7.00' },
  { title: 'true', family: 'boolean', duckdb: ['true', 'BOOLEAN'], postgres: ['true', 'boolean'], mysql: ['1', 'tinyint(1)'], sqlite: ['1', 'BOOLEAN'], expected: '1' },
  { title: 'false', family: 'boolean', duckdb: ['false', 'BOOLEAN'], postgres: ['false', 'boolean'], mysql: ['0', 'tinyint(1)'], sqlite: ['0', 'BOOLEAN'], expected: '0' },
  { title: 'a date', family: 'date', duckdb: ["DATE '2024-02-29'", 'DATE'], postgres: ["DATE '2024-02-29'", 'date'], mysql: ["DATE '2024-02-29'", 'date'], sqlite: ["'2024-02-29'", 'DATE'], expected: '2024-02-29' },
  { title: 'a timestamp with microseconds', family: 'timestamp', duckdb: ["TIMESTAMP '2024-01-02 03:04:05.123456'", 'TIMESTAMP'], postgres: ["TIMESTAMP '2024-01-02 03:04:05.123456'", 'timestamp without time zone'], mysql: ["CAST('2024-01-02 03:04:05.123456' AS DATETIME(6))", 'datetime(6)'], sqlite: ["'2024-01-02 03:04:05.123456'", 'TIMESTAMP'], expected: '2024-01-02 03:04:05.123456' },
  { title: 'a timestamp truncated (never rounded) to milliseconds', family: 'timestamp', options: { precision: 3 }, duckdb: ["TIMESTAMP '2024-01-02 03:04:05.123999'", 'TIMESTAMP'], postgres: ["TIMESTAMP '2024-01-02 03:04:05.123999'", 'timestamp without time zone'], mysql: ["CAST('2024-01-02 03:04:05.123999' AS DATETIME(6))", 'datetime(6)'], sqlite: ["'2024-01-02 03:04:05.123999'", 'TIMESTAMP'], expected: '2024-01-02 03:04:05.123000' },
  { title: 'a whole-second timestamp', family: 'timestamp', duckdb: ["TIMESTAMP '1999-12-31 23:59:59'", 'TIMESTAMP'], postgres: ["TIMESTAMP '1999-12-31 23:59:59'", 'timestamp without time zone'], mysql: ["CAST('1999-12-31 23:59:59' AS DATETIME)", 'datetime'], sqlite: ["'1999-12-31 23:59:59'", 'TIMESTAMP'], expected: '1999-12-31 23:59:59.000000' },
  { title: 'an instant, rendered in UTC', family: 'timestamptz', duckdb: ["TIMESTAMPTZ '2024-01-02 03:04:05.5+02'", 'TIMESTAMP WITH TIME ZONE'], postgres: ["TIMESTAMPTZ '2024-01-02 03:04:05.5+02'", 'timestamp with time zone'], mysql: ["CAST('2024-01-02 01:04:05.5' AS DATETIME(6))", 'timestamp(6)'], sqlite: ["'2024-01-02T03:04:05.5+02:00'", 'TIMESTAMPTZ'], expected: '2024-01-02 01:04:05.500000' },
  { title: 'a time of day', family: 'time', duckdb: ["TIME '03:04:05.25'", 'TIME'], postgres: ["TIME '03:04:05.25'", 'time without time zone'], mysql: ["CAST('03:04:05.25' AS TIME(6))", 'time(6)'], sqlite: ["'03:04:05.25'", 'TIME'], expected: '03:04:05.250000' },
  { title: 'text, case-sensitive', family: 'text', options: { caseSensitive: true }, duckdb: ["'Ünïcode ABC'", 'VARCHAR'], postgres: ["'Ünïcode ABC'::text", 'text'], mysql: ["'Ünïcode ABC'", 'varchar(40)'], sqlite: ["'Ünïcode ABC'", 'TEXT'], expected: 'Ünïcode ABC' },
  { title: 'text, case-insensitive', family: 'text', options: { caseSensitive: false }, duckdb: ["'MiXeD Case'", 'VARCHAR'], postgres: ["'MiXeD Case'::text", 'text'], mysql: ["'MiXeD Case'", 'varchar(40)'], sqlite: ["'MiXeD Case'", 'TEXT'], expected: 'mixed case' },
  { title: 'text with trailing spaces', family: 'text', options: { caseSensitive: true }, duckdb: ["'a  '", 'VARCHAR'], postgres: ["'a  '::text", 'text'], mysql: ["'a  '", 'varchar(40)'], sqlite: ["'a  '", 'TEXT'], expected: 'a  ' },
  { title: 'the empty text', family: 'text', options: { caseSensitive: true }, duckdb: ["''", 'VARCHAR'], postgres: ["''::text", 'text'], mysql: ["''", 'varchar(40)'], sqlite: ["''", 'TEXT'], expected: '' },
  { title: 'NULL', family: 'text', options: { caseSensitive: true }, duckdb: ['CAST(NULL AS VARCHAR)', 'VARCHAR'], postgres: ['NULL::text', 'text'], mysql: ['NULL', 'varchar(40)'], sqlite: ['NULL', 'TEXT'], expected: null },
  { title: 'a uuid', family: 'uuid', duckdb: ["UUID '6F9619FF-8B86-D011-B42D-00C04FC964FF'", 'UUID'], postgres: ["'6F9619FF-8B86-D011-B42D-00C04FC964FF'::uuid", 'uuid'], mysql: ["'6F9619FF-8B86-D011-B42D-00C04FC964FF'", 'uuid'], sqlite: ["'6F9619FF-8B86-D011-B42D-00C04FC964FF'", 'TEXT'], expected: '6f9619ff-8b86-d011-b42d-00c04fc964ff' },
  { title: 'bytes', family: 'bytes', duckdb: ["'\\x01\\x02\\xFF'::BLOB", 'BLOB'], postgres: ["'\\x0102ff'::bytea", 'bytea'], mysql: ['x\'0102FF\'', 'varbinary(10)'], sqlite: ["x'0102FF'", 'BLOB'], expected: '0102ff' },
  { title: 'a float (after canonicalFloat)', family: 'float', duckdb: ['CAST(0.1 AS DOUBLE)', 'DOUBLE'], postgres: ['0.1::double precision', 'double precision'], mysql: ['CAST(0.1 AS DOUBLE)', 'double'], sqlite: ['0.1', 'REAL'], expected: '0.1', post: canonicalFloat },
  { title: 'a large float (after canonicalFloat)', family: 'float', duckdb: ['CAST(1e20 AS DOUBLE)', 'DOUBLE'], postgres: ['1e20::double precision', 'double precision'], mysql: ['CAST(1e20 AS DOUBLE)', 'double'], sqlite: ['1e20', 'REAL'], expected: '100000000000000000000', post: canonicalFloat },
  { title: 'minus zero as a float', family: 'float', duckdb: ['CAST(-0.0 AS DOUBLE)', 'DOUBLE'], postgres: ["'-0'::double precision", 'double precision'], mysql: ['-0e0', 'double'], sqlite: ['-0.0', 'REAL'], expected: '0', post: canonicalFloat },
  { title: 'JSON (after canonicalJson)', family: 'json', duckdb: ['CAST(\'{"b": [1, 2], "a": "x"}\' AS JSON)', 'JSON'], postgres: ['\'{"b": [1, 2], "a": "x"}\'::jsonb', 'jsonb'], mysql: ['JSON_OBJECT(\'b\', JSON_ARRAY(1, 2), \'a\', \'x\')', 'json'], sqlite: ['\'{"b":[1,2],"a":"x"}\'', 'JSON'], expected: '{"a":"x","b":[1,2]}', post: canonicalJson },
];

describe('DuckDB canonical text', () => {
  let duckdb: DatabaseConnection;
  const connections: Partial<Record<DialectName, DatabaseConnection>> = {};
  beforeAll(async () => {
    duckdb = await open({ type: 'duckdb', path: ':memory:' });
    for (const other of others) if (other.available) connections[other.name] = await open(other.config);
  });
  afterAll(async () => {
    await duckdb?.close();
    for (const connection of Object.values(connections)) await connection?.close();
  });

  async function canonical(connection: DatabaseConnection, [expr, type]: [string, string], c: Case): Promise<unknown> {
    const dialect = await loadDialect(connection.dialect);
    const column = { ...dialect.typeOf('v', type), family: c.family };
    const sql = `SELECT ${connection.compiler.normalize(expr, column, { caseSensitive: true, ...c.options })} AS t`;
    const [row] = await connection.query(sql);
    // mysql2 returns the BINARY canonical text as a Buffer outside the engine's type cast.
    const value = Buffer.isBuffer(row?.t) ? row.t.toString('utf8') : (row?.t ?? null);
    return c.post ? c.post(value) : value;
  }

  it.each(cases)('renders $title as every other engine does', async (c) => {
    expect(await canonical(duckdb, c.duckdb, c)).toBe(c.expected);
    for (const other of others) {
      const connection = connections[other.name];
      if (!connection) continue;
      expect({ engine: other.name, text: await canonical(connection, c[other.name as 'postgres' | 'mysql' | 'sqlite'], c) }).toEqual({ engine: other.name, text: c.expected });
    }
  });

  it('hashes a text to the same 48-bit integer as the other engines', async () => {
    const texts = ['', 'abc', '3:abc|-|2:éa', '9223372036854775807'];
    for (const text of texts) {
      const sql = (connection: DatabaseConnection) =>
        `SELECT ${connection.compiler.normalize(connection.compiler.md5AsInteger(connection.compiler.stringLiteral(text)), { name: 'h', type: 'bigint', family: 'integer' }, { caseSensitive: true })} AS h`;
      const [mine] = await duckdb.query(sql(duckdb));
      expect(BigInt(String(mine?.h))).toBeLessThan(2n ** 48n);
      for (const connection of Object.values(connections)) {
        if (!connection) continue;
        const [theirs] = await connection.query(sql(connection));
        expect({ engine: connection.dialect, text, hash: String(theirs?.h) }).toEqual({ engine: connection.dialect, text, hash: String(mine?.h) });
      }
    }
  });

  it('builds the same unambiguous row text as the other engines', async () => {
    const parts = (connection: DatabaseConnection) => [
      connection.compiler.stringLiteral('a|b'),
      'NULL',
      connection.compiler.stringLiteral(''),
      connection.compiler.stringLiteral('-'),
      connection.compiler.stringLiteral('é'),
      connection.compiler.stringLiteral('😀'),
    ];
    const sql = (connection: DatabaseConnection) => `SELECT ${connection.compiler.rowText(parts(connection))} AS r`;
    const [mine] = await duckdb.query(sql(duckdb));
    // lengths in UTF-8 bytes: é is 2, 😀 is 4, on every engine
    expect(mine?.r).toBe('3:a|b|-|0:|1:-|2:é|4:😀');
    for (const connection of Object.values(connections)) {
      if (!connection) continue;
      const [theirs] = await connection.query(sql(connection));
      expect({ engine: connection.dialect, row: theirs?.r }).toEqual({ engine: connection.dialect, row: mine?.r });
    }
  });
});
