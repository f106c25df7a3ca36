/**
 * The checksum diff with DuckDB on one side: 60,000 rows (above the small-table threshold) in
 * PostgreSQL against the same rows with five known edits in a DuckDB file and in a Parquet file.
 * Both sides checksum their rows in the database with the same canonical text and md5, so only the
 * differing buckets come back; the answer is worked out by hand.
 */
import path from 'node:path';
import pg from 'pg';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runComparison } from '../../../src/engine/index.js';
import type { ConnectionConfig } from '../../../src/engine/model.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { databaseAvailable, TEST_DATABASE_URLS } from '../../helpers/databases.js';
import { definition, parquetSide, side, tempDir } from './files-fixtures.js';

const ROWS = 60_000;
const SCHEMA = 'dc_files_checksum';

/**
 * The target's edits: id 100 amount changed, id 200 deleted, id 300 name in upper case (equal:
 * text compares case-insensitively by default), id 400 name NULL, id 70000 added.
 */
const EDITS = [
  'UPDATE orders SET amount = amount + 0.01 WHERE id = 100',
  'DELETE FROM orders WHERE id = 200',
  'UPDATE orders SET name = upper(name) WHERE id = 300',
  'UPDATE orders SET name = NULL WHERE id = 400',
  "INSERT INTO orders VALUES (70000, 'k-70000', 'name 70000', 1.00, TIMESTAMP '2025-01-01 00:00:00')",
];

const EXPECTED_STATS = {
  source_rows: ROWS, target_rows: ROWS, matched_rows: ROWS - 3, mismatched_rows: 2, only_in_source: 1, only_in_target: 1,
  duplicate_keys_source: 0, duplicate_keys_target: 0, null_keys_source: 0, null_keys_target: 0,
};

describe.runIf(await databaseAvailable('postgres'))('checksum diff between PostgreSQL and DuckDB', () => {
  const files = tempDir('checksum');
  const postgres: ConnectionConfig = { type: 'postgres', url: TEST_DATABASE_URLS.postgres };
  let client: pg.Client;
  let duckdb: ConnectionConfig;
  let parquet: string;

  beforeAll(async () => {
    client = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE; CREATE SCHEMA ${SCHEMA}`);
    await client.query(`CREATE TABLE ${SCHEMA}.orders AS
      SELECT i AS id, 'k-' || i AS code, 'name ' || i AS name, (i * 1.25)::numeric(12,2) AS amount, timestamp '2024-01-01' + i * interval '1.5 second' AS placed_at
        FROM generate_series(1, ${ROWS}) AS i`);
    await client.query(`ALTER TABLE ${SCHEMA}.orders ADD PRIMARY KEY (id); ANALYZE ${SCHEMA}.orders`);

    const file = path.join(files.dir, 'dw.duckdb');
    parquet = path.join(files.dir, 'orders.parquet');
    const instance = await DuckDBInstance.create(file);
    const connection = await instance.connect();
    await connection.run(`CREATE TABLE orders (id INTEGER PRIMARY KEY, code VARCHAR, name VARCHAR, amount DECIMAL(12,2), placed_at TIMESTAMP)`);
    await connection.run(`INSERT INTO orders
      SELECT i, 'k-' || i, 'name ' || i, CAST(i * 1.25 AS DECIMAL(12,2)), TIMESTAMP '2024-01-01' + to_microseconds(i * 1500000) FROM range(1, ${ROWS + 1}) t(i)`);
    for (const edit of EDITS) await connection.run(edit);
    await connection.run(`COPY orders TO '${parquet}' (FORMAT parquet)`);
    connection.closeSync();
    instance.closeSync();
    duckdb = { type: 'duckdb', path: file };
  });
  afterAll(async () => {
    await client?.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    await client?.end();
    files.remove();
  });

  const source = () => side('warehouse', postgres, `${SCHEMA}.orders`);
  const keyedById = { source: ['id'], target: ['id'] };

  function expectTheEdits(result: Awaited<ReturnType<typeof runComparison>>) {
    expect(result.error).toBeUndefined();
    expect(result.plan?.kind).toBe('checksum');
    expect(result.stats).toEqual(EXPECTED_STATS);
    const rows = [...(result.diff?.diff_rows ?? [])].sort((a, b) => Number(a.id) - Number(b.id));
    expect(rows).toEqual([
      { id: 100, _diff_type: 'changed', source_amount: '125.00', target_amount: '125.01' },
      { id: 200, _diff_type: 'only_in_source', source_code: 'k-200', source_name: 'name 200', source_amount: '250.00', source_placed_at: '2024-01-01T00:05:00.000000' },
      { id: 400, _diff_type: 'changed', source_name: 'name 400', target_name: null },
      { id: 70000, _diff_type: 'only_in_target', target_code: 'k-70000', target_name: 'name 70000', target_amount: '1.00', target_placed_at: '2025-01-01T00:00:00.000000' },
    ]);
    // Only the differing buckets were fetched, far fewer rows than the table.
    expect(result.plan?.target.rows_sent).toBeLessThan(ROWS / 10);
  }

  it('finds exactly the edits in a DuckDB file, bucketing by the integer key', async () => {
    expectTheEdits(await runComparison(definition({ source: source(), target: side('dw', duckdb, 'orders'), primaryKeys: keyedById }), { logger: silentLogger }));
  });

  it('finds exactly the edits in a Parquet file, bucketing by the md5 of a composite text key', async () => {
    const result = await runComparison(
      definition({ source: source(), target: parquetSide('export', parquet), primaryKeys: { source: ['code', 'id'], target: ['code', 'id'] } }),
      { logger: silentLogger },
    );
    expect(result.error).toBeUndefined();
    expect(result.plan?.kind).toBe('checksum');
    expect(result.stats).toEqual(EXPECTED_STATS);
    expect(result.diff?.diff_rows.map((r) => [r.code, r._diff_type])).toEqual([
      ['k-100', 'changed'],
      ['k-200', 'only_in_source'],
      ['k-400', 'changed'],
      ['k-70000', 'only_in_target'],
    ]);
  });
});
