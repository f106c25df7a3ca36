/**
 * The engines the adversarial tests run on, each in its own namespace (`dc_adv_<suffix>`: a
 * PostgreSQL schema, a MariaDB database, a SQLite file), and the engine pairs they loop over:
 * every same-engine pair (join diff) and every cross-engine pair in both directions (streaming merge).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import mysql from 'mysql2/promise';
import { expect } from 'vitest';
import { compare } from '../../../src/engine/index.js';
import { joinStrategy, sameConnection, streamStrategy } from '../../../src/engine/plan.js';
import { checksumStrategy } from '../../../src/engine/checksum/strategy.js';
import type { ComparisonDefinition, ComparisonResult, SideDefinition } from '../../../src/engine/model.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { databaseAvailable, TEST_DATABASE_URLS, runScoped } from '../../helpers/databases.js';
import type { EngineName } from './engines.js';

export interface Engine {
  name: EngineName;
  exec(...statements: string[]): Promise<void>;
  /** A table's name as written in SQL and in `dataset`: `ns.table` (SQLite: `table`). */
  table(name: string): string;
  side(table: string, extra?: Partial<SideDefinition>): SideDefinition;
  query(sql: string): SideDefinition;
  close(): Promise<void>;
}

export async function openEngine(name: EngineName, suffix: string): Promise<Engine> {
  const NS = runScoped(`dc_adv_${suffix}`);
  const base = (connection: SideDefinition['connection']) => ({
    datasourceName: `${name}_db`,
    serviceDatasource: `${name}_db`,
    connection,
  });
  if (name === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), `${NS}-`));
    const file = path.join(dir, 'adv.db');
    const db = new DatabaseSync(file);
    const connection = { type: 'sqlite' as const, path: file };
    return {
      name,
      async exec(...statements) {
        for (const sql of statements) db.exec(sql);
      },
      table: (table) => table,
      side: (table, extra = {}) => ({ ...base(connection), dataset: table, ...extra }),
      query: (sql) => ({ ...base(connection), query: sql }),
      async close() {
        db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (name === 'postgres') {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${NS} CASCADE; CREATE SCHEMA ${NS}`);
    const connection = { type: 'postgres' as const, url: TEST_DATABASE_URLS.postgres };
    return {
      name,
      async exec(...statements) {
        for (const sql of statements) await client.query(sql);
      },
      table: (table) => `${NS}.${table}`,
      side: (table, extra = {}) => ({ ...base(connection), dataset: `${NS}.${table}`, ...extra }),
      query: (sql) => ({ ...base(connection), query: sql }),
      async close() {
        await client.query(`DROP SCHEMA IF EXISTS ${NS} CASCADE`);
        await client.end();
      },
    };
  }
  const client = await mysql.createConnection({ uri: TEST_DATABASE_URLS.mysql, multipleStatements: true });
  await client.query(`DROP DATABASE IF EXISTS ${NS}; CREATE DATABASE ${NS} CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci; SET time_zone = '+00:00'`);
  const connection = { type: 'mysql' as const, url: TEST_DATABASE_URLS.mysql };
  return {
    name,
    async exec(...statements) {
      for (const sql of statements) await client.query(sql);
    },
    table: (table) => `${NS}.${table}`,
    side: (table, extra = {}) => ({ ...base(connection), dataset: `${NS}.${table}`, ...extra }),
    query: (sql) => ({ ...base(connection), query: sql }),
    async close() {
      await client.query(`DROP DATABASE IF EXISTS ${NS}`);
      await client.end();
    },
  };
}

export function definition(source: SideDefinition, target: SideDefinition, overrides: Partial<ComparisonDefinition> = {}): ComparisonDefinition {
  return {
    name: 'adversarial',
    location: { file: 'test.yml', line: 0, column: 0 },
    source,
    target,
    columns: null,
    primaryKeys: null,
    caseSensitive: false,
    quickComparison: false,
    schemaDiff: false,
    tolerance: {},
    thresholds: {},
    maxDiffRows: 1000,
    ...overrides,
  };
}

export const available: Record<EngineName, boolean> = {
  sqlite: true,
  postgres: await databaseAvailable('postgres'),
  mysql: await databaseAvailable('mysql'),
};
const names = (['postgres', 'mysql', 'sqlite'] as const).filter((n) => available[n]);
export const pairs: [EngineName, EngineName][] = [
  ...names.map((n): [EngineName, EngineName] => [n, n]),
  ...([['postgres', 'mysql'], ['postgres', 'sqlite'], ['mysql', 'sqlite'], ['mysql', 'postgres'], ['sqlite', 'postgres'], ['sqlite', 'mysql']] as [EngineName, EngineName][]).filter(
    ([a, b]) => available[a] && available[b],
  ),
];

/**
 * The checksum diff wherever it applies, even on these small tables (the planner would stream them),
 * with a bucket per two rows or so, and MariaDB's text-key scans split around a pivot as on big tables.
 */
const forcedChecksum = checksumStrategy(sameConnection, { smallTableRows: 0, mostRowsDiffer: 1, rowsPerBucket: 2, minRowsToSplitHashScan: 0 });

/**
 * Runs a comparison: the join diff for a pair on one connection; across engines or connections the
 * streaming merge, and the checksum diff where it applies, which must find exactly the same.
 */
export async function runPair(source: EngineName, target: EngineName, def: ComparisonDefinition): Promise<ComparisonResult> {
  const options = { logger: silentLogger };
  if (source === target && sameConnection(def.source.connection, def.target.connection)) return compare(def, options, [joinStrategy, streamStrategy]);
  const streamed = await compare(def, options, [streamStrategy]);
  const planned = await compare(def, options, [forcedChecksum, streamStrategy]);
  expect(comparable(planned), `the ${planned.plan?.kind} plan finds what the streaming merge finds`).toEqual(comparable(streamed));
  return streamed;
}

function comparable(result: ComparisonResult) {
  const rows = (result.diff?.diff_rows ?? []).map((row) => JSON.stringify(row)).sort();
  return { status: result.status, error: result.error, stats: result.stats, reasons: [...(result.result?.diff_reasons ?? [])].sort(), rows };
}
