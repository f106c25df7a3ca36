/**
 * The three engines the engine tests loop over, each with its own namespace (`dc_engine_<suffix>`:
 * a PostgreSQL schema, a MariaDB database, a SQLite file) so test files never collide.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import mysql from 'mysql2/promise';
import { databaseAvailable, TEST_DATABASE_URLS, runScoped } from '../../helpers/databases.js';
import type { ComparisonDefinition, ConnectionConfig, SideDefinition } from '../../../src/engine/model.js';

export type EngineName = 'sqlite' | 'postgres' | 'mysql';

export interface TestEngine {
  name: EngineName;
  available: boolean;
  /** Where test tables live: schema (postgres), database (mysql), `main` (sqlite). */
  ns: string;
  connection: ConnectionConfig;
  /** Runs statements (DDL, inserts) directly through the driver. */
  exec(...statements: string[]): Promise<void>;
  /** Engine spelling of a generic type: `timestamp(3)` → `DATETIME(3)` on MySQL, etc. */
  type(generic: string): string;
  /** `ns.table`. */
  table(name: string): string;
  close(): Promise<void>;
}

export async function testEngine(name: EngineName, suffix: string): Promise<TestEngine> {
  const ns = runScoped(`dc_engine_${suffix}`);
  if (name === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), `${ns}-`));
    const file = path.join(dir, 'test.db');
    const db = new DatabaseSync(file);
    return {
      name,
      available: true,
      ns: 'main',
      connection: { type: 'sqlite', path: file },
      async exec(...statements) {
        for (const sql of statements) db.exec(sql);
      },
      type: (generic) => generic.replace(/^keytext$/i, 'VARCHAR(40)'),
      table: (table) => `main.${table}`,
      async close() {
        db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (name === 'postgres') {
    const available = await databaseAvailable('postgres');
    const client = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
    if (available) {
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${ns} CASCADE; CREATE SCHEMA ${ns}`);
    }
    return {
      name,
      available,
      ns,
      connection: { type: 'postgres', url: TEST_DATABASE_URLS.postgres },
      async exec(...statements) {
        for (const sql of statements) await client.query(sql);
      },
      type: (generic) => generic.replace(/^keytext$/i, 'VARCHAR(40)').replace(/^blob$/i, 'bytea').replace(/^double$/i, 'double precision'),
      table: (table) => `${ns}.${table}`,
      async close() {
        if (!available) return;
        await client.query(`DROP SCHEMA IF EXISTS ${ns} CASCADE`);
        await client.end();
      },
    };
  }
  const available = await databaseAvailable('mysql');
  const connection = available ? await mysql.createConnection({ uri: TEST_DATABASE_URLS.mysql, multipleStatements: true }) : undefined;
  if (connection) {
    await connection.query(`DROP DATABASE IF EXISTS ${ns}; CREATE DATABASE ${ns} CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci; SET time_zone = '+00:00'`);
  }
  return {
    name,
    available,
    ns,
    connection: { type: 'mysql', url: TEST_DATABASE_URLS.mysql },
    async exec(...statements) {
      for (const sql of statements) await connection?.query(sql);
    },
    type: (generic) =>
      generic.replace(/^keytext$/i, 'VARCHAR(40) COLLATE utf8mb4_bin').replace(/^timestamp(\(\d\))?$/i, 'DATETIME$1').replace(/^timestamptz(\(\d\))?$/i, 'TIMESTAMP$1').replace(/^text$/i, 'VARCHAR(200)'),
    table: (table) => `${ns}.${table}`,
    async close() {
      if (!connection) return;
      await connection.query(`DROP DATABASE IF EXISTS ${ns}`);
      await connection.end();
    },
  };
}

/** A side reading `dataset` (or `query`) from an engine. */
export function side(engine: TestEngine, dataset: string | { query: string }, extra: Partial<SideDefinition> = {}): SideDefinition {
  return {
    datasourceName: `${engine.name}_db`,
    connection: engine.connection,
    serviceDatasource: `${engine.name}_db`,
    ...(typeof dataset === 'string' ? { dataset: engine.table(dataset) } : dataset),
    ...extra,
  };
}

export function definition(overrides: Partial<ComparisonDefinition> & Pick<ComparisonDefinition, 'source' | 'target'>): ComparisonDefinition {
  return {
    name: 'test',
    location: { file: 'test.yml', line: 0, column: 0 },
    columns: null,
    primaryKeys: null,
    caseSensitive: false,
    quickComparison: false,
    schemaDiff: false,
    tolerance: {},
    thresholds: {},
    maxDiffRows: 100,
    ...overrides,
  };
}
