/**
 * Each dialect's connection on its real engine: UTC sessions, streaming, introspection, errors that
 * keep the driver's code and never the password, and cancellation that really stops the query on
 * the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadDialect } from '../../../src/dialects/registry.js';
import type { DatabaseConnection } from '../../../src/dialects/types.js';
import type { ConnectionConfig } from '../../../src/engine/model.js';
import { CancelledError, ConnectionError, QueryError } from '../../../src/shared/errors.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { adminRun } from '../../helpers/admin.js';
import { databaseAvailable, runScoped, TEST_DATABASE_URLS } from '../../helpers/databases.js';

const dir = mkdtempSync(path.join(tmpdir(), 'dc_engine_dialects-'));
const configs = [
  { type: 'sqlite', path: path.join(dir, 'connections.db') },
  ...((await databaseAvailable('postgres')) ? [{ type: 'postgres', url: TEST_DATABASE_URLS.postgres }] : []),
  ...((await databaseAvailable('mysql')) ? [{ type: 'mysql', url: TEST_DATABASE_URLS.mysql }] : []),
] as ConnectionConfig[];
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sleepQuery: Record<string, string> = {
  postgres: 'SELECT pg_sleep(30) AS slept',
  mysql: 'SELECT SLEEP(30) AS slept',
};
const runningQueries: Record<string, string> = {
  postgres: "SELECT COUNT(*) AS n FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(30) AS slept' AND state = 'active'",
  mysql: "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE INFO = 'SELECT SLEEP(30) AS slept'",
};

describe.each(configs)('the $type connection', (config) => {
  let db: DatabaseConnection;
  beforeAll(async () => {
    if (config.type === 'sqlite') await adminRun(config, []); // creates the file
    db = (await loadDialect(config.type)).connect(config, { logger: silentLogger, datasourceName: 'warehouse' });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('runs every session in UTC', async () => {
    if (config.type === 'sqlite') return;
    const sql = config.type === 'postgres' ? "SELECT current_setting('TimeZone') AS tz" : 'SELECT @@session.time_zone AS tz';
    const [row] = await db.query(sql);
    expect(row?.tz).toBe(config.type === 'postgres' ? 'UTC' : '+00:00');
  });

  it.runIf(config.type === 'postgres')("runs every query in a BEGIN READ ONLY … ROLLBACK of its own, which undoes a set_config, but its own catalog questions (two round trips fewer)", async () => {
    const one = (await loadDialect('postgres')).connect(config, { logger: silentLogger, datasourceName: 'warehouse', poolSize: 1 });
    const name = async () => (await one.query("SELECT current_setting('application_name') AS name", [], { catalog: true }))[0]?.name;
    try {
      await one.query("SELECT set_config('application_name', 'changed', false)");
      expect(await name()).toBe('datacompare');
      // Without a transaction around it, a session setting a statement makes stays: never for a user's SQL.
      await one.query("SELECT set_config('application_name', 'changed', false)", [], { catalog: true });
      expect(await name()).toBe('changed');
    } finally {
      await one.close();
    }
  });

  it.runIf(config.type === 'mysql')("sets a session's limits in its setup, and knows GROUP_CONCAT's cap from it without another query", async () => {
    const limited = (await loadDialect('mysql')).connect(config, { logger: silentLogger, datasourceName: 'warehouse', statementTimeoutMs: 90_000 });
    try {
      const [row] = await limited.query(
        'SELECT @@SESSION.max_statement_time AS seconds, @@SESSION.group_concat_max_len AS joined, @@SESSION.tx_read_only AS read_only, LEAST(@@SESSION.group_concat_max_len, @@SESSION.max_allowed_packet) AS cap',
      );
      expect([row?.seconds, row?.joined, row?.read_only].map(Number)).toEqual([90, 1073741824, 1]);
      await limited.close();
      // Closed: a query would fail, so the cap comes from the session's setup.
      await expect(limited.query('SELECT 1')).rejects.toThrow(/closed/);
      expect(await limited.textAggregateCap?.()).toBe(Number(row?.cap));
    } finally {
      await limited.close();
    }
  });

  it('streams rows in order and can stop early without leaking the connection', async () => {
    const series: Record<string, string> = {
      sqlite: 'WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < 5000) SELECT n FROM g',
      postgres: 'SELECT n FROM generate_series(1, 5000) AS n',
      mysql: 'SELECT seq AS n FROM seq_1_to_5000',
    };
    let count = 0;
    for await (const row of db.stream(series[config.type] as string)) {
      count++;
      expect(Number(row.n)).toBe(count);
      if (count === 10) break;
    }
    expect(count).toBe(10);
    const [row] = await db.query('SELECT 1 AS one');
    expect(Number(row?.one)).toBe(1);
  });

  it('describes a table (types and declared primary key) and a query', async () => {
    const table = config.type === 'postgres' ? 'public.dc_engine_describe' : config.type === 'mysql' ? 'test.dc_engine_describe' : 'dc_engine_describe';
    // PostgreSQL's key may carry a column it does not order by (INCLUDE): not part of the key.
    const include = config.type === 'postgres' ? ' INCLUDE (price)' : '';
    await adminRun(config, [`DROP TABLE IF EXISTS ${table}`, `CREATE TABLE ${table} (b INTEGER NOT NULL, a VARCHAR(10) NOT NULL, price DECIMAL(10,2), PRIMARY KEY (a, b)${include})`]);
    try {
      const schema = await db.describeTable(table);
      expect(schema.columns.map((c) => [c.name, c.family, c.scale])).toEqual([
        ['b', 'integer', undefined],
        ['a', 'text', undefined],
        ['price', 'decimal', 2],
      ]);
      expect(schema.primaryKey).toEqual(['a', 'b']);
      if (config.type === 'postgres') {
        // A view takes no TABLESAMPLE: the key sample then draws its rows by a condition.
        expect(schema.samplable).toBe(true);
        await adminRun(config, [`CREATE VIEW ${table}_view AS SELECT * FROM ${table}`]);
        expect((await db.describeTable(`${table}_view`)).samplable).toBe(false);
      }
      const query = await db.describeQuery(`SELECT a, price FROM ${table}`);
      expect(query.columns.map((c) => [c.name, c.family])).toEqual([
        ['a', 'text'],
        ['price', 'decimal'],
      ]);
      expect(query.primaryKey).toEqual([]);
    } finally {
      await adminRun(config, [...(config.type === 'postgres' ? [`DROP VIEW IF EXISTS ${table}_view`] : []), `DROP TABLE IF EXISTS ${table}`]);
    }
  });

  it.runIf(config.type === 'postgres')('says which relations take a sampling clause: a partitioned table, unless a partition is foreign', async () => {
    const schema = runScoped('dc_engine_sampling');
    const server = runScoped('dc_engine_files');
    const [fdw] = await db.query("SELECT (SELECT count(*) FROM pg_available_extensions WHERE name = 'file_fdw')::int AS available, (SELECT count(*) FROM pg_extension WHERE extname = 'file_fdw')::int AS installed", [], { catalog: true });
    const createsExtension = fdw?.available === 1 && fdw.installed === 0;
    if (fdw?.available !== 1) console.warn('file_fdw is not available on this PostgreSQL server: the foreign partition is not tested here.');
    await adminRun(config, [
      `DROP SCHEMA IF EXISTS ${schema} CASCADE`,
      `CREATE SCHEMA ${schema}`,
      `CREATE TABLE ${schema}.parts (code text NOT NULL) PARTITION BY RANGE (code)`,
      `CREATE TABLE ${schema}.parts_local PARTITION OF ${schema}.parts FOR VALUES FROM ('a') TO ('m')`,
    ]);
    try {
      expect((await db.describeTable(`${schema}.parts`)).samplable).toBe(true);
      if (fdw?.available === 1) {
        await adminRun(config, [
          ...(createsExtension ? [`CREATE EXTENSION file_fdw SCHEMA ${schema}`] : []),
          `CREATE SERVER ${server} FOREIGN DATA WRAPPER file_fdw`,
          `CREATE FOREIGN TABLE ${schema}.parts_far PARTITION OF ${schema}.parts FOR VALUES FROM ('m') TO (MAXVALUE) SERVER ${server} OPTIONS (filename '/dev/null', format 'csv')`,
        ]);
        // Under TABLESAMPLE a foreign partition is read whole, every row kept: the sample would crowd there.
        expect((await db.describeTable(`${schema}.parts`)).samplable).toBe(false);
        expect((await db.describeTable(`${schema}.parts_far`)).samplable).toBe(false);
        expect((await db.describeTable(`${schema}.parts_local`)).samplable).toBe(true);
      }
    } finally {
      await adminRun(config, [`DROP SCHEMA IF EXISTS ${schema} CASCADE`, `DROP SERVER IF EXISTS ${server} CASCADE`, ...(createsExtension ? ['DROP EXTENSION IF EXISTS file_fdw'] : [])]);
    }
  });

  it('wraps a rejected query with the driver code and the SQL', async () => {
    const error = await db.query('SELECT * FROM dc_engine_no_such_table').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QueryError);
    expect((error as QueryError).message).toMatch(/^Data source "warehouse" rejected a query: /);
    expect((error as QueryError).sql).toBe('SELECT * FROM dc_engine_no_such_table');
    expect((error as QueryError).hint).toMatch(/Check the table name/);
    expect((error as QueryError).cause).toBeDefined();
  });

  it.runIf(config.type !== 'sqlite')('stops an aborted query on the server', async () => {
    const controller = new AbortController();
    const pending = db.query(sleepQuery[config.type] as string, [], { signal: controller.signal }).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = performance.now();
    controller.abort();
    const error = await pending;
    expect(error).toBeInstanceOf(CancelledError);
    expect(performance.now() - started).toBeLessThan(10_000); // far less than the 30 s sleep: it was stopped
    const [row] = await db.query(runningQueries[config.type] as string);
    expect(Number(row?.n)).toBe(0);
  });
});

describe.runIf(configs.some((c) => c.type === 'postgres'))('the postgres connection plans for a client that reads every row', () => {
  const postgres: ConnectionConfig = { type: 'postgres', url: TEST_DATABASE_URLS.postgres };
  let db: DatabaseConnection;
  beforeAll(async () => {
    db = (await loadDialect('postgres')).connect(postgres, { logger: silentLogger, datasourceName: 'warehouse' });
    await adminRun(postgres, [
      'DROP TABLE IF EXISTS public.dc_engine_cursor_plan',
      'CREATE TABLE public.dc_engine_cursor_plan AS SELECT n AS id, md5(n::text) AS name FROM generate_series(1, 200000) AS n',
      'ALTER TABLE public.dc_engine_cursor_plan ADD PRIMARY KEY (id)',
      'ANALYZE public.dc_engine_cursor_plan',
    ]);
  });
  afterAll(async () => {
    await adminRun(postgres, ['DROP TABLE IF EXISTS public.dc_engine_cursor_plan']);
    await db?.close();
  });

  it('reads hundreds of key ranges of a cursor through the index ranges, not a filtered scan of the whole index', async () => {
    // What the checksum diff's fetch of differing buckets looks like: the default cursor_tuple_fraction
    // (0.1) plans it as one full index scan testing every row against every range.
    const ranges = Array.from({ length: 400 }, (_, i) => `id BETWEEN ${i * 500 + 1} AND ${i * 500 + 64}`).join(' OR ');
    const rows = await db.query(`EXPLAIN DECLARE dc_plan CURSOR FOR SELECT id, name FROM public.dc_engine_cursor_plan WHERE ${ranges} ORDER BY id`);
    const plan = rows.map((row) => String(row['QUERY PLAN'])).join('\n');
    expect(plan).toContain('Bitmap Index Scan');
    expect(plan).not.toMatch(/JIT/);
    let count = 0;
    for await (const row of db.stream(`SELECT id FROM public.dc_engine_cursor_plan WHERE ${ranges} ORDER BY id`)) {
      expect(Number(row.id) % 500).toBeGreaterThan(0);
      count++;
    }
    expect(count).toBe(400 * 64);
  });

  it('runs no JIT compilation (a long list of key ranges took seconds to compile)', async () => {
    const [row] = await db.query("SELECT current_setting('jit') AS jit, current_setting('cursor_tuple_fraction') AS fraction");
    expect(row).toEqual({ jit: 'off', fraction: '1' });
  });

  it('merges key-ordered index scans instead of hashing when asked, for that query only, and knows the rows lie in key order', async () => {
    const join = 'EXPLAIN SELECT count(*) FROM public.dc_engine_cursor_plan a FULL OUTER JOIN public.dc_engine_cursor_plan b ON a.id = b.id';
    const plan = async (options = {}) => (await db.query(join, [], options)).map((row) => String(row['QUERY PLAN'])).join('\n');
    expect(await plan()).toContain('Hash Full Join');
    expect(await plan({ preferMergeJoin: true })).toContain('Merge Full Join');
    expect(await plan()).toContain('Hash Full Join');
    expect(await db.keyOrder?.('public.dc_engine_cursor_plan', 'id')).toBeCloseTo(1, 2);
    expect(await db.keyOrder?.('public.dc_engine_cursor_plan', 'name')).toBeLessThan(0.5);
    expect(await db.keyOrder?.('public.no_such_table', 'id')).toBeUndefined();
  });
});

describe('connection failures', () => {
  it.each([
    { type: 'postgres', url: 'postgres://dc:s3cretpassw0rd@127.0.0.1:1/db' },
    { type: 'mysql', url: 'mysql://dc:s3cretpassw0rd@127.0.0.1:1/db' },
  ] as ConnectionConfig[])('name the data source and never the password ($type)', async (config) => {
    const db = (await loadDialect(config.type)).connect(config, { logger: silentLogger, datasourceName: 'warehouse' });
    try {
      const error = await db.query('SELECT 1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConnectionError);
      expect((error as ConnectionError).message).toMatch(/^Could not connect to data source "warehouse" at 127\.0\.0\.1:1: /);
      expect((error as ConnectionError).hint).toMatch(/url of data source "warehouse"/);
      expect(`${(error as ConnectionError).message} ${(error as ConnectionError).hint}`).not.toContain('s3cretpassw0rd');
    } finally {
      await db.close();
    }
  });

  it('refuses a SQLite file that does not exist', async () => {
    const db = (await loadDialect('sqlite')).connect({ type: 'sqlite', path: path.join(dir, 'missing.db') }, { logger: silentLogger, datasourceName: 'local' });
    const error = await db.query('SELECT 1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).message).toMatch(/The SQLite database file of data source "local" does not exist/);
  });
});
