/**
 * One small order book, in two versions (SOURCE_ROWS and TARGET_ROWS, differing in known ways),
 * loadable into every engine the file tests compare: PostgreSQL, MariaDB, SQLite, a DuckDB file, CSV
 * files and Parquet files (written by DuckDB's COPY TO). Each test namespace is `dc_files_<suffix>`.
 *
 * The versions differ, by hand:
 *   (eu, 1)   customer 'Ada' vs 'ADA'            equal case-insensitively (the default), else changed
 *   (eu, 11)  amount 20.00 vs 20.0000 (scale)    equal
 *   (eu1, 1)  identical                          equal; with (eu, 11) it proves the composite key is unambiguous
 *   (us, 1)   amount 40.00 vs 40.01              changed
 *   (us, 2)   note NULL vs ''                    changed
 *   (us, 3)   placed_at …123456 vs …123457       changed
 *   (us, 4)   source only
 *   (us, 5)   target only
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { DuckDBInstance } from '@duckdb/node-api';
import type { ComparisonDefinition, ComparisonResult, ConnectionConfig, SideDefinition } from '../../../src/engine/model.js';
import { TEST_DATABASE_URLS, runScoped } from '../../helpers/databases.js';

export interface OrderRow {
  region: string;
  id: number;
  customer: string;
  amount: string;
  placed_at: string;
  note: string | null;
}

export const SOURCE_ROWS: OrderRow[] = [
  { region: 'eu', id: 1, customer: 'Ada', amount: '10.50', placed_at: '2024-01-01 10:00:00', note: null },
  { region: 'eu', id: 11, customer: 'Bob', amount: '20.00', placed_at: '2024-01-02 11:30:00.25', note: '' },
  { region: 'eu1', id: 1, customer: 'Cy, "the third"', amount: '30.00', placed_at: '2024-01-03 09:00:00', note: 'x' },
  { region: 'us', id: 1, customer: 'Dee', amount: '40.00', placed_at: '2024-01-04 12:00:00', note: null },
  { region: 'us', id: 2, customer: 'Eve', amount: '50.00', placed_at: '2024-01-05 12:00:00', note: null },
  { region: 'us', id: 3, customer: 'Fay', amount: '60.00', placed_at: '2024-01-06 12:00:00.123456', note: null },
  { region: 'us', id: 4, customer: 'Gus', amount: '70.00', placed_at: '2024-01-07 12:00:00', note: 'gone' },
];

export const TARGET_ROWS: OrderRow[] = [
  { region: 'eu', id: 1, customer: 'ADA', amount: '10.5', placed_at: '2024-01-01 10:00:00', note: null },
  { region: 'eu', id: 11, customer: 'Bob', amount: '20.0000', placed_at: '2024-01-02 11:30:00.250000', note: '' },
  { region: 'eu1', id: 1, customer: 'Cy, "the third"', amount: '30.00', placed_at: '2024-01-03 09:00:00', note: 'x' },
  { region: 'us', id: 1, customer: 'Dee', amount: '40.01', placed_at: '2024-01-04 12:00:00', note: null },
  { region: 'us', id: 2, customer: 'Eve', amount: '50.00', placed_at: '2024-01-05 12:00:00', note: '' },
  { region: 'us', id: 3, customer: 'Fay', amount: '60.00', placed_at: '2024-01-06 12:00:00.123457', note: null },
  { region: 'us', id: 5, customer: 'Hal', amount: '80.00', placed_at: '2024-01-08 12:00:00', note: null },
];

/** The source is declared with scale 2, the target with scale 4: compared at scale 4. */
export const SOURCE_SCALE = 2;
export const TARGET_SCALE = 4;

export const KEYS = ['region', 'id'];

/** What every comparison of SOURCE_ROWS with TARGET_ROWS must report (decimals compared at scale 4). */
export const EXPECTED = {
  stats: {
    source_rows: 7, target_rows: 7, matched_rows: 3, mismatched_rows: 3, only_in_source: 1, only_in_target: 1,
    duplicate_keys_source: 0, duplicate_keys_target: 0, null_keys_source: 0, null_keys_target: 0,
  },
  mismatches: { amount: 1, placed_at: 1, note: 1 },
  diffRows: [
    { region: 'us', id: 1, _diff_type: 'changed', source_amount: '40.0000', target_amount: '40.0100' },
    { region: 'us', id: 2, _diff_type: 'changed', source_note: null, target_note: '' },
    { region: 'us', id: 3, _diff_type: 'changed', source_placed_at: '2024-01-06T12:00:00.123456', target_placed_at: '2024-01-06T12:00:00.123457' },
    { region: 'us', id: 4, _diff_type: 'only_in_source', source_customer: 'Gus', source_amount: '70.0000', source_placed_at: '2024-01-07T12:00:00.000000', source_note: 'gone' },
    { region: 'us', id: 5, _diff_type: 'only_in_target', target_customer: 'Hal', target_amount: '80.0000', target_placed_at: '2024-01-08T12:00:00.000000', target_note: null },
  ],
};

/** The parts of a result that must be identical whichever engines hold the data. */
export function answer(result: ComparisonResult) {
  const key = (row: Record<string, unknown>) => `${String(row.region)}\u0000${String(row.id).padStart(12, '0')}`;
  return {
    status: result.status,
    error: result.error,
    stats: result.stats,
    mismatches: Object.fromEntries(Object.entries(result.diff?.mismatched_columns_mapping ?? {}).map(([column, m]) => [column, m.mismatch_count])),
    diffRows: [...(result.diff?.diff_rows ?? [])].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)),
  };
}

// ───────────────────────────── writing the rows ─────────────────────────────

const sqlText = (value: string | null) => (value === null ? 'NULL' : `'${value.replaceAll("'", "''")}'`);

function values(rows: OrderRow[]): string {
  return rows.map((r) => `(${sqlText(r.region)}, ${r.id}, ${sqlText(r.customer)}, ${r.amount}, ${sqlText(r.placed_at)}, ${sqlText(r.note)})`).join(',\n');
}

/** CSV as PostgreSQL's COPY … CSV HEADER writes it: NULL is an empty unquoted field, '' is "". */
export function csvText(rows: OrderRow[], options: { delimiter?: string; nullText?: string } = {}): string {
  const delimiter = options.delimiter ?? ',';
  const field = (value: string | number | null) => {
    if (value === null) return options.nullText ?? '';
    const text = String(value);
    if (text === '' || /["\n\r]/.test(text) || text.includes(delimiter)) return `"${text.replaceAll('"', '""')}"`;
    return text;
  };
  const lines = [['region', 'id', 'customer', 'amount', 'placed_at', 'note'].join(delimiter)];
  for (const r of rows) lines.push([r.region, r.id, r.customer, r.amount, r.placed_at, r.note].map(field).join(delimiter));
  return `${lines.join('\n')}\n`;
}

/** A temporary directory, created on first use (so a filtered-out describe leaves nothing behind). */
export function tempDir(suffix: string): { readonly dir: string; remove(): void } {
  let dir: string | undefined;
  return {
    get dir() {
      dir ??= mkdtempSync(path.join(tmpdir(), `dc_files_${suffix}-`));
      return dir;
    },
    remove: () => {
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function writeCsv(file: string, rows: OrderRow[], options?: { delimiter?: string; nullText?: string }): string {
  writeFileSync(file, csvText(rows, options));
  return file;
}

/** A DuckDB file with `source_orders` (scale 2) and `target_orders` (scale 4), keyed by (region, id). */
export async function writeDuckdbFile(file: string, extra: string[] = []): Promise<string> {
  const instance = await DuckDBInstance.create(file);
  const connection = await instance.connect();
  try {
    for (const [table, rows, scale] of [['source_orders', SOURCE_ROWS, SOURCE_SCALE], ['target_orders', TARGET_ROWS, TARGET_SCALE]] as const) {
      await connection.run(
        `CREATE TABLE ${table} (region VARCHAR, id INTEGER, customer VARCHAR, amount DECIMAL(${10 + scale},${scale}), placed_at TIMESTAMP, note VARCHAR, PRIMARY KEY (region, id))`,
      );
      await connection.run(`INSERT INTO ${table} VALUES ${values(rows)}`);
    }
    for (const statement of extra) await connection.run(statement);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  return file;
}

/** A Parquet file of `rows` with DECIMAL(p, scale) amounts, written by DuckDB's COPY TO. */
export async function writeParquet(file: string, rows: OrderRow[], scale: number): Promise<string> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await connection.run(
      `CREATE TABLE t (region VARCHAR, id INTEGER, customer VARCHAR, amount DECIMAL(${10 + scale},${scale}), placed_at TIMESTAMP, note VARCHAR)`,
    );
    await connection.run(`INSERT INTO t VALUES ${values(rows)}`);
    await connection.run(`COPY t TO '${file.replaceAll("'", "''")}' (FORMAT parquet)`);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  return file;
}

export function writeSqlite(file: string): string {
  const db = new DatabaseSync(file);
  try {
    for (const [table, rows, scale] of [['source_orders', SOURCE_ROWS, SOURCE_SCALE], ['target_orders', TARGET_ROWS, TARGET_SCALE]] as const) {
      db.exec(
        `CREATE TABLE ${table} (region TEXT NOT NULL, id INTEGER NOT NULL, customer TEXT, amount NUMERIC(${10 + scale},${scale}), placed_at TIMESTAMP, note TEXT, PRIMARY KEY (region, id))`,
      );
      db.exec(`INSERT INTO ${table} VALUES ${values(rows)}`);
    }
  } finally {
    db.close();
  }
  return file;
}

/** `dc_files_<suffix>` as a PostgreSQL schema with source_orders / target_orders. */
export async function postgresOrders(suffix: string): Promise<{ schema: string; drop(): Promise<void> }> {
  const schema = `dc_files_${suffix}`;
  const client = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
  for (const [table, rows, scale] of [['source_orders', SOURCE_ROWS, SOURCE_SCALE], ['target_orders', TARGET_ROWS, TARGET_SCALE]] as const) {
    await client.query(
      `CREATE TABLE ${schema}.${table} (region varchar(10), id integer, customer varchar(50), amount numeric(${10 + scale},${scale}), placed_at timestamp(6), note text, PRIMARY KEY (region, id))`,
    );
    await client.query(`INSERT INTO ${schema}.${table} VALUES ${values(rows)}`);
  }
  return {
    schema,
    async drop() {
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    },
  };
}

/** `dc_files_<suffix>` as a MariaDB database with source_orders / target_orders. */
export async function mariadbOrders(suffix: string): Promise<{ database: string; drop(): Promise<void> }> {
  const database = runScoped(`dc_files_${suffix}`);
  const connection = await mysql.createConnection({ uri: TEST_DATABASE_URLS.mysql, multipleStatements: true });
  await connection.query(`DROP DATABASE IF EXISTS ${database}; CREATE DATABASE ${database} CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci`);
  for (const [table, rows, scale] of [['source_orders', SOURCE_ROWS, SOURCE_SCALE], ['target_orders', TARGET_ROWS, TARGET_SCALE]] as const) {
    await connection.query(
      `CREATE TABLE ${database}.${table} (region VARCHAR(10) NOT NULL, id INT NOT NULL, customer VARCHAR(50), amount DECIMAL(${10 + scale},${scale}), placed_at DATETIME(6), note TEXT, PRIMARY KEY (region, id))`,
    );
    await connection.query(`INSERT INTO ${database}.${table} VALUES ${values(rows)}`);
  }
  return {
    database,
    async drop() {
      await connection.query(`DROP DATABASE IF EXISTS ${database}`);
      await connection.end();
    },
  };
}

// ───────────────────────────── definitions ─────────────────────────────

export function side(datasourceName: string, connection: ConnectionConfig, dataset: string | { query: string }, extra: Partial<SideDefinition> = {}): SideDefinition {
  return {
    datasourceName,
    connection,
    serviceDatasource: datasourceName,
    ...(typeof dataset === 'string' ? { dataset } : dataset),
    ...extra,
  };
}

/** A CSV data source as the spec resolver builds it: the view is named after the data source. */
export function csvSide(name: string, file: string, csv: Extract<ConnectionConfig, { type: 'csv' }>['csv'] = {}): SideDefinition {
  return side(name, { type: 'csv', path: file, table: name, csv }, name);
}

export function parquetSide(name: string, file: string): SideDefinition {
  return side(name, { type: 'parquet', path: file, table: name }, name);
}

export function definition(overrides: Partial<ComparisonDefinition> & Pick<ComparisonDefinition, 'source' | 'target'>): ComparisonDefinition {
  return {
    name: 'orders',
    location: { file: 'test.yml', line: 0, column: 0 },
    columns: null,
    primaryKeys: { source: KEYS, target: KEYS },
    caseSensitive: false,
    quickComparison: false,
    schemaDiff: false,
    tolerance: {},
    thresholds: {},
    maxDiffRows: 100,
    ...overrides,
  };
}
