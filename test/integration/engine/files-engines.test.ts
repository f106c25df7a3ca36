/**
 * Files and DuckDB against the other engines: the same two versions of an order book (see
 * files-fixtures.ts for the differences, worked out by hand) held as CSV, Parquet, a DuckDB file,
 * PostgreSQL, MariaDB and SQLite tables. Every pairing must give the same answer as the hand-written
 * expectation, and as the same data compared inside a single engine.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runComparison } from '../../../src/engine/index.js';
import type { ComparisonDefinition, ConnectionConfig } from '../../../src/engine/model.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { databaseAvailable, TEST_DATABASE_URLS } from '../../helpers/databases.js';
import {
  answer, csvSide, csvText, definition, EXPECTED, mariadbOrders, parquetSide, postgresOrders, side, SOURCE_ROWS, TARGET_ROWS,
  tempDir, writeDuckdbFile, writeParquet, writeSqlite,
} from './files-fixtures.js';

const fixtures = path.resolve(import.meta.dirname, '../../fixtures/files');
const SOURCE_CSV = path.join(fixtures, 'orders-source.csv');
const TARGET_CSV = path.join(fixtures, 'orders-target.csv');
/** The golden files' options: the source is `;`-separated with NULL written as NULL; the target is PostgreSQL's CSV. */
const SOURCE_CSV_OPTIONS = { delimiter: ';', nullStrings: ['NULL'], columnTypes: { amount: 'DECIMAL(12,2)' } };
const TARGET_CSV_OPTIONS = { columnTypes: { amount: 'DECIMAL(14,4)' } };

const postgres: ConnectionConfig = { type: 'postgres', url: TEST_DATABASE_URLS.postgres };
const mariadb: ConnectionConfig = { type: 'mysql', url: TEST_DATABASE_URLS.mysql };
const run = (d: ComparisonDefinition) => runComparison(d, { logger: silentLogger });

describe('the golden CSV fixtures', () => {
  it('hold exactly the rows files-fixtures.ts documents', () => {
    expect(readFileSync(SOURCE_CSV, 'utf8')).toBe(csvText(SOURCE_ROWS, { delimiter: ';', nullText: 'NULL' }));
    expect(readFileSync(TARGET_CSV, 'utf8')).toBe(csvText(TARGET_ROWS));
  });
});

describe.runIf(await databaseAvailable('postgres'))('CSV ↔ PostgreSQL', () => {
  let pg: Awaited<ReturnType<typeof postgresOrders>>;
  beforeAll(async () => {
    pg = await postgresOrders('csv_pg');
  });
  afterAll(async () => {
    await pg?.drop();
  });
  const table = (name: string) => side('warehouse', postgres, `${pg.schema}.${name}`);

  it('gives the hand-computed answer, the same as with both versions in PostgreSQL', async () => {
    const inPostgres = await run(definition({ source: table('source_orders'), target: table('target_orders') }));
    expect(answer(inPostgres)).toEqual({ status: 'mismatch', error: undefined, ...EXPECTED });
    const fileAsTarget = await run(definition({ source: table('source_orders'), target: csvSide('golden', TARGET_CSV, TARGET_CSV_OPTIONS) }));
    expect(answer(fileAsTarget)).toEqual(answer(inPostgres));
    const fileAsSource = await run(definition({ source: csvSide('golden', SOURCE_CSV, SOURCE_CSV_OPTIONS), target: table('target_orders') }));
    expect(answer(fileAsSource)).toEqual(answer(inPostgres));
  });

  it('compares case-sensitively when asked, like PostgreSQL does', async () => {
    const inPostgres = await run(definition({ source: table('source_orders'), target: table('target_orders'), caseSensitive: true }));
    const withFile = await run(definition({ source: table('source_orders'), target: csvSide('golden', TARGET_CSV, TARGET_CSV_OPTIONS), caseSensitive: true }));
    expect(answer(withFile)).toEqual(answer(inPostgres));
    expect(withFile.stats).toMatchObject({ matched_rows: 2, mismatched_rows: 4 });
    expect(answer(withFile).diffRows[0]).toEqual({ region: 'eu', id: 1, _diff_type: 'changed', source_customer: 'Ada', target_customer: 'ADA' });
  });

  it('compares inferred CSV numbers (DOUBLE) with numeric columns by value', async () => {
    // Without column_types DuckDB reads 10.5 / 20.0000 as DOUBLE: compared as numbers, so the scale does not matter.
    const result = await run(definition({ source: table('source_orders'), target: csvSide('golden', TARGET_CSV) }));
    expect(result.error).toBeUndefined();
    expect(result.stats).toEqual(EXPECTED.stats);
    expect(answer(result).mismatches).toEqual(EXPECTED.mismatches);
    expect(answer(result).diffRows[0]).toEqual({ region: 'us', id: 1, _diff_type: 'changed', source_amount: 40, target_amount: 40.01 });
  });
});

describe.runIf(await databaseAvailable('mysql'))('Parquet ↔ MariaDB', () => {
  let maria: Awaited<ReturnType<typeof mariadbOrders>>;
  const files = tempDir('parquet');
  let sourceParquet: string;
  let targetParquet: string;
  beforeAll(async () => {
    maria = await mariadbOrders('parquet_maria');
    sourceParquet = await writeParquet(path.join(files.dir, 'source.parquet'), SOURCE_ROWS, 2);
    targetParquet = await writeParquet(path.join(files.dir, 'target.parquet'), TARGET_ROWS, 4);
  });
  afterAll(async () => {
    await maria?.drop();
    files.remove();
  });
  const table = (name: string) => side('shop', mariadb, `${maria.database}.${name}`);

  it('gives the hand-computed answer, the same as with both versions in MariaDB', async () => {
    const inMariadb = await run(definition({ source: table('source_orders'), target: table('target_orders') }));
    expect(answer(inMariadb)).toEqual({ status: 'mismatch', error: undefined, ...EXPECTED });
    const parquetSource = await run(definition({ source: parquetSide('export', sourceParquet), target: table('target_orders') }));
    expect(answer(parquetSource)).toEqual(answer(inMariadb));
    const parquetTarget = await run(definition({ source: table('source_orders'), target: parquetSide('export', targetParquet) }));
    expect(answer(parquetTarget)).toEqual(answer(inMariadb));
  });

  it('compares case-sensitively when asked, like MariaDB does', async () => {
    const inMariadb = await run(definition({ source: table('source_orders'), target: table('target_orders'), caseSensitive: true }));
    const withFile = await run(definition({ source: parquetSide('export', sourceParquet), target: table('target_orders'), caseSensitive: true }));
    expect(answer(withFile)).toEqual(answer(inMariadb));
    expect(withFile.stats).toMatchObject({ matched_rows: 2, mismatched_rows: 4 });
  });
});

describe('DuckDB ↔ SQLite', () => {
  const files = tempDir('duckdb_sqlite');
  let duckdb: ConnectionConfig;
  let sqlite: ConnectionConfig;
  beforeAll(async () => {
    duckdb = { type: 'duckdb', path: await writeDuckdbFile(path.join(files.dir, 'warehouse.duckdb')) };
    sqlite = { type: 'sqlite', path: writeSqlite(path.join(files.dir, 'app.db')) };
  });
  afterAll(() => files.remove());

  it('gives the hand-computed answer across the two engines and inside each', async () => {
    const inSqlite = await run(definition({ source: side('app', sqlite, 'source_orders'), target: side('app', sqlite, 'target_orders') }));
    expect(answer(inSqlite)).toEqual({ status: 'mismatch', error: undefined, ...EXPECTED });
    const inDuckdb = await run(definition({ source: side('dw', duckdb, 'source_orders'), target: side('dw', duckdb, 'target_orders') }));
    expect(inDuckdb.plan?.kind).toBe('join');
    expect(answer(inDuckdb)).toEqual(answer(inSqlite));
    const across = await run(definition({ source: side('dw', duckdb, 'main.source_orders'), target: side('app', sqlite, 'target_orders') }));
    expect(answer(across)).toEqual(answer(inSqlite));
    const reversed = await run(definition({ source: side('app', sqlite, 'source_orders'), target: side('dw', duckdb, 'TARGET_ORDERS') }));
    expect(answer(reversed)).toEqual(answer(inSqlite));
  });

  it('finds the primary key DuckDB declares', async () => {
    const result = await run(definition({ source: side('dw', duckdb, 'source_orders'), target: side('app', sqlite, 'target_orders'), primaryKeys: null }));
    expect(result.diff?.primary_key_columns).toEqual(['region', 'id']);
    expect(result.stats).toEqual(EXPECTED.stats);
  });

  it('compares case-sensitively when asked, inside DuckDB as in SQLite', async () => {
    const inSqlite = await run(definition({ source: side('app', sqlite, 'source_orders'), target: side('app', sqlite, 'target_orders'), caseSensitive: true }));
    const inDuckdb = await run(definition({ source: side('dw', duckdb, 'source_orders'), target: side('dw', duckdb, 'target_orders'), caseSensitive: true }));
    expect(answer(inDuckdb)).toEqual(answer(inSqlite));
    expect(inDuckdb.stats).toMatchObject({ matched_rows: 2, mismatched_rows: 4 });
  });
});

describe('CSV ↔ CSV', () => {
  it('gives the hand-computed answer for two golden files with different dialects of CSV', async () => {
    const result = await run(definition({ source: csvSide('expected', SOURCE_CSV, SOURCE_CSV_OPTIONS), target: csvSide('actual', TARGET_CSV, TARGET_CSV_OPTIONS) }));
    expect(answer(result)).toEqual({ status: 'mismatch', error: undefined, ...EXPECTED });
  });

  it('compares two queries over one CSV file inside one DuckDB (join diff)', async () => {
    const file = { type: 'csv', path: TARGET_CSV, table: 'orders', csv: TARGET_CSV_OPTIONS } as const;
    const result = await run(
      definition({
        source: side('orders', file, { query: "SELECT * FROM orders WHERE region = 'us'" }),
        target: side('orders', file, { query: "SELECT region, id, customer, amount + 1 AS amount, placed_at, note FROM orders WHERE id < 3 AND region = 'us'" }),
      }),
    );
    expect(result.plan?.kind).toBe('join');
    // us/1, us/2 are on both sides with amount + 1; us/3 and us/5 only in the source.
    expect(result.stats).toMatchObject({ source_rows: 4, target_rows: 2, matched_rows: 0, mismatched_rows: 2, only_in_source: 2, only_in_target: 0 });
    expect(answer(result).mismatches).toEqual({ amount: 2 });
  });

  it('reads a glob of files as one relation', async () => {
    const files = tempDir('glob');
    try {
      const { writeFileSync } = await import('node:fs');
      const text = csvText(TARGET_ROWS).split('\n');
      writeFileSync(path.join(files.dir, 'part-1.csv'), `${[text[0], ...text.slice(1, 4)].join('\n')}\n`);
      writeFileSync(path.join(files.dir, 'part-2.csv'), `${[text[0], ...text.slice(4)].join('\n')}`);
      const result = await run(definition({ source: csvSide('expected', SOURCE_CSV, SOURCE_CSV_OPTIONS), target: csvSide('parts', path.join(files.dir, 'part-*.csv'), TARGET_CSV_OPTIONS) }));
      expect(answer(result)).toEqual({ status: 'mismatch', error: undefined, ...EXPECTED });
    } finally {
      files.remove();
    }
  });
});

describe('filters, quick comparisons and schema diffs on files', () => {
  const files = tempDir('options');
  let sqlite: ConnectionConfig;
  beforeAll(() => {
    sqlite = { type: 'sqlite', path: writeSqlite(path.join(files.dir, 'app.db')) };
  });
  afterAll(() => files.remove());

  it('applies a side filter to a CSV file', async () => {
    const result = await run(
      definition({
        source: side('app', sqlite, 'source_orders', { filter: "region = 'eu'" }),
        target: { ...csvSide('golden', TARGET_CSV, TARGET_CSV_OPTIONS), filter: "region = 'eu'" },
      }),
    );
    // eu/1 differs only by case, eu/11 only by scale: equal.
    expect(result.status).toBe('match');
    expect(result.stats).toMatchObject({ source_rows: 2, target_rows: 2, matched_rows: 2 });
  });

  it('counts the rows of a file for a quick comparison', async () => {
    const result = await run(definition({ source: side('app', sqlite, 'source_orders'), target: csvSide('golden', TARGET_CSV, TARGET_CSV_OPTIONS), quickComparison: true }));
    expect(result.error).toBeUndefined();
    expect(result.stats).toMatchObject({ source_rows: 7, target_rows: 7 });
    expect(result.status).toBe('match');
  });

  it('reports missing columns and incompatible types of a file in a schema diff', async () => {
    const golden = csvSide('golden', TARGET_CSV);
    const result = await run(
      definition({
        source: side('app', sqlite, 'source_orders'),
        target: { ...golden, dataset: undefined, query: 'SELECT region, id, customer, amount, CAST(placed_at AS DATE) AS placed_at FROM golden' },
        schemaDiff: true,
      }),
    );
    // SQLite's NUMERIC(12,2) and the CSV's inferred DOUBLE are comparable (as numbers): not a type mismatch.
    expect(result.schema_diff).toEqual({
      only_in_source: [{ name: 'note', type: 'TEXT' }],
      only_in_target: [],
      type_mismatches: [{ source_column: 'placed_at', target_column: 'placed_at', source_type: 'TIMESTAMP', target_type: 'DATE' }],
    });
  });
});


describe('text keys across DuckDB and another engine', () => {
  it('orders keys by their bytes on both sides, so the streaming merge pairs every row', async () => {
    const files = tempDir('keys');
    try {
      const { DatabaseSync } = await import('node:sqlite');
      const { writeFileSync } = await import('node:fs');
      const keys = ['a', 'B', 'b', 'A b', 'a-b', 'a_b', 'ab', 'é', 'É', 'z', 'Z', '日本', '😀', ' lead', 'trail ', '10', '9'];
      const db = new DatabaseSync(path.join(files.dir, 'k.db'));
      db.exec('CREATE TABLE k (code TEXT PRIMARY KEY, n INTEGER)');
      keys.forEach((key, i) => db.prepare('INSERT INTO k VALUES (?, ?)').run(key, i));
      db.close();
      writeFileSync(path.join(files.dir, 'k.csv'), `code,n\n${keys.map((key, i) => `"${key}",${i === 3 ? 99 : i}`).reverse().join('\n')}\n`);
      const result = await run(
        definition({
          source: side('app', { type: 'sqlite', path: path.join(files.dir, 'k.db') }, 'k'),
          target: csvSide('golden', path.join(files.dir, 'k.csv'), { columnTypes: { code: 'VARCHAR' } }),
          primaryKeys: { source: ['code'], target: ['code'] },
        }),
      );
      // Keys match exactly (case-sensitively, spaces kept): only 'A b' differs, in n.
      expect(result.stats).toMatchObject({ source_rows: keys.length, target_rows: keys.length, matched_rows: keys.length - 1, mismatched_rows: 1, only_in_source: 0, only_in_target: 0 });
      expect(result.diff?.diff_rows).toEqual([{ code: 'A b', _diff_type: 'changed', source_n: 3, target_n: 99 }]);
    } finally {
      files.remove();
    }
  });
});
