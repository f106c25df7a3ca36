/**
 * Every streaming read is bounded by bytes: on PostgreSQL, MariaDB and SQLite, a table of values of
 * several MiB among ordinary rows comes back whole and in order, in batches of at most 4 MiB of row
 * data unless a batch is a single larger row; and an abort in the middle of such a read still stops
 * the query on the server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BATCH_BYTES, rowBytes } from '../../../src/dialects/bounded-batches.js';
import { fetchBatches } from '../../../src/dialects/postgres/fetch-cursor.js';
import { loadDialect } from '../../../src/dialects/registry.js';
import type { DatabaseConnection, ResultRow } from '../../../src/dialects/types.js';
import type { ConnectionConfig } from '../../../src/engine/model.js';
import { CancelledError } from '../../../src/shared/errors.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { adminRun } from '../../helpers/admin.js';
import { databaseAvailable, runScoped, TEST_DATABASE_URLS } from '../../helpers/databases.js';

const MiB = 1024 * 1024;
const ROWS = 240;
/** Rows 100–102: 6 MiB each (each over the bound), every 37th: 3 MiB (two do not fit a batch), the rest short. */
function expectedLength(id: number): number {
  if (id >= 100 && id <= 102) return 6 * MiB;
  if (id % 37 === 0) return 3 * MiB;
  return `row ${id}`.length;
}

const dir = mkdtempSync(path.join(tmpdir(), 'dc_engine_fetch-'));
const ns = runScoped('dc_engine_fetch');
const engines = [
  { config: { type: 'sqlite', path: path.join(dir, 'fetch.db') } as ConnectionConfig, table: 't', repeat: (n: number, c: string) => `printf('%.*c', ${n}, '${c}')`, series: `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${ROWS}) SELECT i FROM s` },
  ...((await databaseAvailable('postgres'))
    ? [{ config: { type: 'postgres', url: TEST_DATABASE_URLS.postgres } as ConnectionConfig, table: `${ns}.t`, repeat: (n: number, c: string) => `repeat('${c}', ${n})`, series: `SELECT i FROM generate_series(1, ${ROWS}) AS i` }]
    : []),
  ...((await databaseAvailable('mysql'))
    ? [{ config: { type: 'mysql', url: TEST_DATABASE_URLS.mysql } as ConnectionConfig, table: `${ns}.t`, repeat: (n: number, c: string) => `REPEAT('${c}', ${n})`, series: `SELECT seq AS i FROM seq_1_to_${ROWS}` }]
    : []),
];
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(engines)('a $config.type read of values of several MiB', ({ config, table, repeat, series }) => {
  let db: DatabaseConnection;
  beforeAll(async () => {
    const text = config.type === 'mysql' ? 'LONGTEXT' : 'text';
    const setup = config.type === 'postgres' ? [`DROP SCHEMA IF EXISTS ${ns} CASCADE`, `CREATE SCHEMA ${ns}`] : config.type === 'mysql' ? [`DROP DATABASE IF EXISTS ${ns}`, `CREATE DATABASE ${ns}`] : [];
    await adminRun(config, [
      ...setup,
      `CREATE TABLE ${table} (id int PRIMARY KEY, v ${text})`,
      `INSERT INTO ${table} (id, v) SELECT i, CASE WHEN i BETWEEN 100 AND 102 THEN ${repeat(6 * MiB, 'a')} WHEN i % 37 = 0 THEN ${repeat(3 * MiB, 'b')} ELSE CONCAT('row ', i) END FROM (${series}) AS s`,
    ]);
    db = (await loadDialect(config.type)).connect(config, { logger: silentLogger, datasourceName: 'warehouse' });
  });
  afterAll(async () => {
    await db?.close();
    if (config.type === 'postgres') await adminRun(config, [`DROP SCHEMA IF EXISTS ${ns} CASCADE`]);
    if (config.type === 'mysql') await adminRun(config, [`DROP DATABASE IF EXISTS ${ns}`]);
  });

  it('yields every row once and in order, each batch at most 4 MiB of rows or a single larger row', async () => {
    const ids: number[] = [];
    const lengths: number[] = [];
    const oversized: number[][] = [];
    for await (const batch of db.streamBatches!(`SELECT id, v FROM ${table} ORDER BY id`)) {
      const bytes = batch.reduce((sum, row) => sum + rowBytes(row), 0);
      if (batch.length > 1 && bytes > MAX_BATCH_BYTES) oversized.push(batch.map((row) => Number(row.id)));
      for (const row of batch) {
        ids.push(Number(row.id));
        lengths.push(String(row.v).length);
      }
    }
    expect(oversized).toEqual([]);
    expect(ids).toEqual(Array.from({ length: ROWS }, (_, i) => i + 1));
    expect(lengths).toEqual(ids.map(expectedLength));
  });

  it.runIf(config.type !== 'sqlite')('stops the query on the server when aborted in the middle of the read', async () => {
    // 2,000 values of 4 MiB, made as they are read: 8 GB if it ran to its end.
    const sql = config.type === 'postgres' ? `SELECT i, repeat('x', ${4 * MiB}) AS v FROM generate_series(1, 2000) AS i` : `SELECT seq AS i, REPEAT('x', ${4 * MiB}) AS v FROM seq_1_to_2000`;
    const controller = new AbortController();
    let rows = 0;
    const error = await (async () => {
      for await (const batch of db.streamBatches!(sql, [], { signal: controller.signal })) {
        rows += batch.length;
        if (!controller.signal.aborted) controller.abort();
      }
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CancelledError);
    // Stopped by the abort, not by reading to the end: a few of the 2,000 rows at most (no clock involved).
    expect(rows).toBeLessThan(50);
    const running = config.type === 'postgres' ? "SELECT COUNT(*) AS n FROM pg_stat_activity WHERE query = $1 AND state = 'active'" : 'SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE INFO = ?';
    const [row] = await db.query(running, [sql]);
    expect(Number(row?.n)).toBe(0);
  });
});

describe.runIf(engines.some((engine) => engine.config.type === 'postgres'))('the PostgreSQL portal reader with a bound of 64 KiB', () => {
  let client: pg.Client;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
  });

  /** The batches of `sql`, each as its rows' ids and bytes on the wire (5 bytes a message and field, as PostgreSQL sends them). */
  async function read(sql: string, params: unknown[] = [], stopAfter = Infinity): Promise<{ ids: number[]; batches: { rows: number; bytes: number }[] }> {
    const ids: number[] = [];
    const batches: { rows: number; bytes: number }[] = [];
    for await (const batch of fetchBatches(client, sql, params, { maxBatchBytes: 64 * 1024 })) {
      batches.push({ rows: batch.length, bytes: batch.reduce((sum: number, row: ResultRow) => sum + 4 + 2 + 2 * 4 + String(row.i).length + String(row.v).length, 0) });
      ids.push(...batch.map((row) => Number(row.i)));
      if (batches.length >= stopAfter) break;
    }
    return { ids, batches };
  }

  it('asks for more rows a round trip as rows get shorter, fewer as they get longer, and never holds more than the bound in a batch', async () => {
    // short rows, then rows of 40 KB (one a batch), then of 100 KB (over the bound), then short again
    const { ids, batches } = await read(
      `SELECT i, CASE WHEN i <= 3000 THEN 'r' || i WHEN i <= 3040 THEN repeat('m', 40000) WHEN i <= 3050 THEN repeat('h', 100000) ELSE 's' || i END AS v
         FROM generate_series(1, $1::int) AS i`,
      [6000],
    );
    expect(ids).toEqual(Array.from({ length: 6000 }, (_, i) => i + 1));
    expect(batches.filter((batch) => batch.rows > 1 && batch.bytes > 64 * 1024)).toEqual([]);
    expect(Math.max(...batches.map((batch) => batch.rows))).toBeGreaterThan(1000);
  });

  it('closes its portal when the reader stops early, leaving the client free for the next query', async () => {
    await client.query('BEGIN');
    const { ids } = await read(`SELECT i, repeat('x', 1000) AS v FROM generate_series(1, 100000) AS i`, [], 2);
    expect(ids.length).toBeGreaterThan(0);
    const portals = await client.query("SELECT count(*)::int AS n FROM pg_cursors WHERE name LIKE 'datacompare_fetch_%'");
    expect(portals.rows[0].n).toBe(0);
    await client.query('ROLLBACK');
    expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('reports an error of the query and leaves the client usable', async () => {
    const error = await read('SELECT i, 1 / (i - 3) AS v FROM generate_series(1, 10) AS i').catch((e: unknown) => e);
    expect((error as { code?: string }).code).toBe('22012');
    expect((await client.query('SELECT 2 AS two')).rows).toEqual([{ two: 2 }]);
  });
});
