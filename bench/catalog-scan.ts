/**
 * `npm run bench:catalog`: the catalog scan of a data source with many tables (default 10,000, each
 * of 8 columns, one in four with sensitive names) on SQLite, DuckDB, PostgreSQL and MariaDB, timed as
 * the service runs it: the scan (names only, then with the default 50 sampled tables) and storing its
 * result. Builds its own databases (dc_bench_catalog) and drops them afterwards.
 * Usage: npm run bench:catalog -- [--tables 10000] [--engines sqlite,duckdb,postgres,mysql]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { scanCatalog } from '../src/catalog/scan.js';
import type { ConnectionConfig } from '../src/dialects/types.js';
import { silentLogger } from '../src/shared/logger.js';
import { SqliteDb } from '../src/server/storage/sql-db.js';
import { Store } from '../src/server/storage/store.js';

const { values } = parseArgs({ options: { tables: { type: 'string', default: '10000' }, engines: { type: 'string', default: 'sqlite,duckdb,postgres,mysql' } } });
const TABLES = Number(values.tables);
const ENGINES = values.engines.split(',');
const PG_URL = process.env.DATACOMPARE_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MYSQL_URL = process.env.DATACOMPARE_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
const dir = mkdtempSync(path.join(os.tmpdir(), 'dc-bench-catalog-'));

/** Table i: 8 columns; every fourth table has an e-mail, a name and a birth date. */
function ddl(i: number, types: { int: string; text: string; num: string; date: string }): string {
  const personal = i % 4 === 0 ? `email ${types.text}, full_name ${types.text}, date_of_birth ${types.date}` : `code ${types.text}, label ${types.text}, due ${types.date}`;
  return `CREATE TABLE t${i} (id ${types.int} PRIMARY KEY, ref_id ${types.int}, ${personal}, amount ${types.num}, status ${types.text}, note ${types.text})`;
}

async function build(engine: string): Promise<{ config: ConnectionConfig; drop: () => Promise<void> }> {
  const batch = (types: Parameters<typeof ddl>[1]) => Array.from({ length: TABLES }, (_, i) => ddl(i, types));
  switch (engine) {
    case 'sqlite': {
      const file = path.join(dir, 'many.db');
      const db = new DatabaseSync(file);
      db.exec(`BEGIN; ${batch({ int: 'INTEGER', text: 'TEXT', num: 'NUMERIC(12,2)', date: 'DATE' }).join(';')}; COMMIT`);
      db.close();
      return { config: { type: 'sqlite', path: file }, drop: async () => {} };
    }
    case 'duckdb': {
      const file = path.join(dir, 'many.duckdb');
      const instance = await DuckDBInstance.create(file);
      const connection = await instance.connect();
      for (const sql of batch({ int: 'INTEGER', text: 'VARCHAR', num: 'DECIMAL(12,2)', date: 'DATE' })) await connection.run(sql);
      connection.closeSync();
      instance.closeSync();
      return { config: { type: 'duckdb', path: file }, drop: async () => {} };
    }
    case 'postgres': {
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query('DROP DATABASE IF EXISTS dc_bench_catalog WITH (FORCE)');
      await admin.query('CREATE DATABASE dc_bench_catalog');
      const url = new URL(PG_URL);
      url.pathname = '/dc_bench_catalog';
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      const all = batch({ int: 'integer', text: 'text', num: 'numeric(12,2)', date: 'date' });
      for (let i = 0; i < all.length; i += 500) await client.query(all.slice(i, i + 500).join(';'));
      await client.end();
      return {
        config: { type: 'postgres', url: url.toString() },
        drop: async () => {
          await admin.query('DROP DATABASE IF EXISTS dc_bench_catalog WITH (FORCE)');
          await admin.end();
        },
      };
    }
    case 'mysql': {
      const admin = await mysql.createConnection({ uri: MYSQL_URL, multipleStatements: true });
      await admin.query('DROP DATABASE IF EXISTS dc_bench_catalog; CREATE DATABASE dc_bench_catalog');
      const url = new URL(MYSQL_URL);
      url.pathname = '/dc_bench_catalog';
      const client = await mysql.createConnection({ uri: url.toString(), multipleStatements: true });
      const all = batch({ int: 'INT', text: 'VARCHAR(200)', num: 'DECIMAL(12,2)', date: 'DATE' });
      for (let i = 0; i < all.length; i += 200) await client.query(all.slice(i, i + 200).join(';'));
      await client.end();
      return {
        config: { type: 'mysql', url: url.toString() },
        drop: async () => {
          await admin.query('DROP DATABASE IF EXISTS dc_bench_catalog');
          await admin.end();
        },
      };
    }
    default:
      throw new Error(`unknown engine ${engine}`);
  }
}

const rows: string[] = [];
for (const engine of ENGINES) {
  const builtAt = performance.now();
  const { config, drop } = await build(engine);
  const buildSeconds = (performance.now() - builtAt) / 1000;
  try {
    const names = await scanCatalog(config, { logger: silentLogger, datasourceName: engine, timeLimitMs: 120_000, sampleTables: 0 });
    const sampled = await scanCatalog(config, { logger: silentLogger, datasourceName: engine, timeLimitMs: 120_000 });
    const store = await Store.open(new SqliteDb(path.join(dir, `${engine}-store.db`)));
    const savedAt = performance.now();
    await store.catalogs.save('ws', `source-${engine}`, sampled, new Date().toISOString());
    const saveMs = performance.now() - savedAt;
    await store.close();
    if (sampled.status !== 'complete' || sampled.datasetCount !== TABLES) throw new Error(`${engine}: ${sampled.status} ${sampled.message ?? ''} ${sampled.datasetCount} tables`);
    rows.push(
      `| ${engine} | ${TABLES.toLocaleString('en')} | ${sampled.columnCount.toLocaleString('en')} | ${sampled.sensitiveColumnCount.toLocaleString('en')} | ${(names.durationMs / 1000).toFixed(2)} s | ${(sampled.durationMs / 1000).toFixed(2)} s | ${(saveMs / 1000).toFixed(2)} s | ${buildSeconds.toFixed(0)} s |`,
    );
    console.error(rows.at(-1));
  } finally {
    await drop();
  }
}
rmSync(dir, { recursive: true, force: true });
console.log(`Catalog scan, ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version}\n`);
console.log('| engine | tables | columns | sensitive | scan (names only) | scan (+50 tables sampled) | store the result | build the tables |');
console.log('|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
