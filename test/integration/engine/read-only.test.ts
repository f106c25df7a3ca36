/**
 * A comparison only reads, on every engine: a corpus of hostile filters and queries (break-outs,
 * stacked statements, comments, data-modifying CTEs, file functions, COPY, ATTACH, INTO OUTFILE,
 * LOAD DATA) each ends as an error on its comparison, after which every table still holds every
 * row and no file was written or read. Then the same guarantees with the filter check bypassed:
 * the connection itself refuses a second statement and any write. And each dialect's time limit.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runComparison } from '../../../src/engine/index.js';
import { definition as comparison } from './adversarial-engines.js';
import type { ComparisonDefinition, ConnectionConfig, SideDefinition } from '../../../src/engine/model.js';
import { loadDialect } from '../../../src/dialects/registry.js';
import { QueryError, TimeoutError } from '../../../src/shared/errors.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { testEngine, type EngineName, type TestEngine } from './engines.js';

const dir = mkdtempSync(path.join(tmpdir(), 'dc-read-only-'));
const SECRET = path.join(dir, 'secret.csv');
const SECRET_VALUE = 'TOPSECRET-4242';
writeFileSync(SECRET, `a\n${SECRET_VALUE}\n`);
const canary = (name: string) => path.join(dir, `canary-${name}`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Dialect = EngineName | 'duckdb';
/** `T`: the table compared, `O`: another table, `F`: a file nothing may create, `S`: a file nothing may read. */
interface Names {
  T: string;
  O: string;
  F: string;
  S: string;
}
type Payload = { what: 'filter' | 'query'; sql: (n: Names) => string; only?: Dialect[] };

const PAYLOADS: Payload[] = [
  // break-outs and stacked statements
  { what: 'filter', sql: (n) => `1=1) LIMIT 0; DELETE FROM ${n.T}; SELECT 1 WHERE (1=1` },
  { what: 'filter', sql: (n) => `1=1); DROP TABLE ${n.O}; SELECT (1` },
  { what: 'filter', sql: (n) => `1=1; DELETE FROM ${n.T}` },
  { what: 'filter', sql: (n) => `id > 0 OR 1=1) UNION SELECT 1 FROM ${n.O} WHERE (1=1` },
  { what: 'filter', sql: () => `1=1 -- the rest is swallowed` },
  { what: 'filter', sql: () => `1=1 /* hidden */ OR 1=1` },
  // data-modifying CTEs and locks inside a condition
  { what: 'filter', sql: (n) => `EXISTS (WITH d AS (DELETE FROM ${n.T} RETURNING 1) SELECT 1 FROM d)` },
  { what: 'filter', sql: (n) => `EXISTS (WITH u AS (UPDATE ${n.T} SET v = 'x' RETURNING 1) SELECT 1 FROM u)` },
  { what: 'filter', sql: (n) => `EXISTS (WITH i AS (INSERT INTO ${n.O} VALUES (99, 'x') RETURNING 1) SELECT 1 FROM i)` },
  { what: 'filter', sql: (n) => `id IN (SELECT id FROM ${n.T} FOR UPDATE)` },
  { what: 'filter', sql: (n) => `1=1 INTO OUTFILE '${n.F}'` },
  // PostgreSQL
  { what: 'filter', sql: () => `set_config('default_transaction_read_only', 'off', false) IS NOT NULL`, only: ['postgres'] },
  { what: 'filter', sql: (n) => `pg_read_file('${n.S}') IS NOT NULL`, only: ['postgres'] },
  { what: 'filter', sql: (n) => `lo_import('${n.S}') > 0`, only: ['postgres'] },
  { what: 'filter', sql: (n) => `query_to_xml('DELETE FROM ${n.T}', true, true, '') IS NOT NULL`, only: ['postgres'] },
  { what: 'filter', sql: (n) => `1=1); COPY ${n.T} TO '${n.F}'; SELECT (1`, only: ['postgres'] },
  // MariaDB
  { what: 'filter', sql: (n) => `load_file('${n.S}') IS NOT NULL`, only: ['mysql'] },
  { what: 'filter', sql: (n) => `1=1); LOAD DATA INFILE '${n.S}' INTO TABLE ${n.O}; SELECT (1`, only: ['mysql'] },
  { what: 'filter', sql: () => `get_lock('dc', 1) = 1`, only: ['mysql'] },
  { what: 'filter', sql: () => `1=1 # hidden`, only: ['mysql'] },
  { what: 'filter', sql: (n) => `1=1 /*!50000 AND load_file('${n.S}') IS NOT NULL */`, only: ['mysql'] },
  { what: 'query', sql: (n) => `SELECT id, \`LOAD_FILE\`('${n.S}') AS v FROM ${n.T}`, only: ['mysql'] },
  { what: 'query', sql: (n) => `SELECT id, load_file(concat('${path.dirname(n.S)}', '/', '${path.basename(n.S)}')) AS v FROM ${n.T}`, only: ['mysql'] },
  { what: 'query', sql: (n) => `SELECT id, v FROM ${n.T} LOCK IN SHARE MODE`, only: ['mysql'] },
  // SQLite
  { what: 'filter', sql: (n) => `1=1); ATTACH '${n.F}' AS x; SELECT (1`, only: ['sqlite'] },
  { what: 'filter', sql: (n) => `load_extension('${n.F}') IS NULL`, only: ['sqlite'] },
  { what: 'filter', sql: (n) => `readfile('${n.S}') IS NOT NULL`, only: ['sqlite'] },
  // DuckDB
  { what: 'filter', sql: (n) => `(SELECT count(*) FROM read_csv('${n.S}')) > 0`, only: ['duckdb'] },
  { what: 'filter', sql: (n) => `(SELECT count(*) FROM read_text('${n.S}')) > 0`, only: ['duckdb'] },
  { what: 'filter', sql: (n) => `(SELECT count(*) FROM '${n.S}') > 0`, only: ['duckdb'] },
  { what: 'filter', sql: (n) => `1=1); COPY (SELECT 1) TO '${n.F}'; SELECT (1`, only: ['duckdb'] },
  { what: 'filter', sql: (n) => `1=1); ATTACH '${n.F}'; SELECT (1`, only: ['duckdb'] },
  // queries
  { what: 'query', sql: (n) => `SELECT id, v FROM ${n.T}) s; DROP TABLE ${n.O}; --` },
  { what: 'query', sql: (n) => `SELECT id, v FROM ${n.T}; DROP TABLE ${n.O}` },
  { what: 'query', sql: (n) => `DELETE FROM ${n.T} RETURNING id, v` },
  { what: 'query', sql: (n) => `WITH d AS (DELETE FROM ${n.T} RETURNING id, v) SELECT * FROM d` },
  { what: 'query', sql: (n) => `SELECT id, v INTO ${n.O}_copy FROM ${n.T}` },
  { what: 'query', sql: (n) => `COPY ${n.T} TO '${n.F}'` },
  { what: 'query', sql: (n) => `SELECT id, v FROM ${n.T} INTO OUTFILE '${n.F}'` },
];

interface Target {
  dialect: Dialect;
  names: Names;
  side(extra: Pick<SideDefinition, 'dataset' | 'query' | 'filter'>): SideDefinition;
  /** Rows in T and O, read through a connection of the test's own. */
  counts(): Promise<[number, number]>;
  close(): Promise<void>;
}

async function sqlTarget(name: EngineName): Promise<Target | null> {
  const engine: TestEngine = await testEngine(name, 'read_only');
  if (!engine.available) return null;
  const T = engine.table('ro_victim');
  const O = engine.table('ro_other');
  await engine.exec(
    `CREATE TABLE ${T} (id INTEGER PRIMARY KEY, v VARCHAR(20))`,
    `INSERT INTO ${T} VALUES (1, 'a'), (2, 'b'), (3, 'c')`,
    `CREATE TABLE ${O} (id INTEGER PRIMARY KEY, v VARCHAR(20))`,
    `INSERT INTO ${O} VALUES (1, 'x'), (2, 'y')`,
  );
  const reader = await (await loadDialect(engine.connection.type)).connect(engine.connection, { logger: silentLogger, datasourceName: 'check' });
  return {
    dialect: name,
    names: { T, O, F: canary(name), S: SECRET },
    side: (extra) => ({ datasourceName: `${name}_db`, serviceDatasource: `${name}_db`, connection: engine.connection, ...extra }),
    async counts() {
      const [t] = await reader.query(`SELECT count(*) AS n FROM ${T}`);
      const [o] = await reader.query(`SELECT count(*) AS n FROM ${O}`);
      return [Number(t?.n), Number(o?.n)];
    },
    async close() {
      await reader.close();
      await engine.close();
    },
  };
}

async function duckdbTarget(): Promise<Target | null> {
  let duckdb: typeof import('@duckdb/node-api');
  try {
    duckdb = await import('@duckdb/node-api');
  } catch {
    console.warn('\n!!!!!!!!!! @duckdb/node-api is not installed: the DuckDB read-only cases are SKIPPED !!!!!!!!!!\n');
    return null;
  }
  const file = path.join(dir, 'victim.duckdb');
  const instance = await duckdb.DuckDBInstance.create(file);
  const writer = await instance.connect();
  for (const sql of [
    'CREATE TABLE ro_victim (id INTEGER PRIMARY KEY, v VARCHAR)',
    "INSERT INTO ro_victim VALUES (1, 'a'), (2, 'b'), (3, 'c')",
    'CREATE TABLE ro_other (id INTEGER PRIMARY KEY, v VARCHAR)',
    "INSERT INTO ro_other VALUES (1, 'x'), (2, 'y')",
  ])
    await writer.run(sql);
  writer.closeSync();
  instance.closeSync();
  const connection: ConnectionConfig = { type: 'duckdb', path: file };
  // Counted through our own read-only connection, which frees every statement before closing: the
  // driver's objects left to the garbage collector after their instance closed crash the process.
  const count = async (table: string) => {
    const reader = (await loadDialect('duckdb')).connect(connection, { logger: silentLogger, datasourceName: 'check' });
    try {
      const [row] = await reader.query(`SELECT count(*) AS n FROM ${table}`);
      return Number(row?.n);
    } finally {
      await reader.close();
    }
  };
  return {
    dialect: 'duckdb',
    names: { T: 'ro_victim', O: 'ro_other', F: canary('duckdb'), S: SECRET },
    side: (extra) => ({ datasourceName: 'duckdb_db', serviceDatasource: 'duckdb_db', connection, ...extra }),
    counts: async () => [await count('ro_victim'), await count('ro_other')],
    close: async () => undefined,
  };
}

const targets: Target[] = [];
beforeAll(async () => {
  for (const made of [await sqlTarget('postgres'), await sqlTarget('mysql'), await sqlTarget('sqlite'), await duckdbTarget()]) if (made) targets.push(made);
});
afterAll(async () => {
  for (const target of targets) await target.close();
});

function definition(target: Target, payload: Payload, sql: string): ComparisonDefinition {
  const hostile = payload.what === 'filter' ? target.side({ dataset: target.names.T, filter: sql }) : target.side({ query: sql });
  return comparison(hostile, target.side({ dataset: target.names.T }), { name: 'hostile', primaryKeys: { source: ['id'], target: ['id'] }, maxDiffRows: 10 });
}

describe('hostile filters and queries', () => {
  it('the corpus holds at least 30 payloads', () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(30);
  });

  for (const dialect of ['postgres', 'mysql', 'sqlite', 'duckdb'] as Dialect[]) {
    it(`end as an error on the comparison and change nothing (${dialect})`, async () => {
      const target = targets.find((t) => t.dialect === dialect);
      if (!target) return;
      let tried = 0;
      for (const payload of PAYLOADS.filter((p) => !p.only || p.only.includes(dialect))) {
        const sql = payload.sql(target.names);
        const result = await runComparison(definition(target, payload, sql), { logger: silentLogger });
        expect(result.status, `${dialect} ${payload.what}: ${sql}`).toBe('error');
        expect(result.error?.message, sql).toMatch(/refused|tried to write/);
        expect(JSON.stringify(result)).not.toContain(SECRET_VALUE);
        expect(await target.counts(), `rows after ${sql}`).toEqual([3, 2]);
        expect(existsSync(target.names.F), `file written by ${sql}`).toBe(false);
        tried++;
      }
      expect(tried).toBeGreaterThanOrEqual(18);
    });
  }
});

/** What the connection itself does when the filter check is bypassed: stacked and writing statements. */
const BYPASS: Record<Dialect, { stacked: (n: Names) => string; writes: (n: Names) => string[] }> = {
  postgres: {
    stacked: (n) => `SELECT 1 AS one; DELETE FROM ${n.T}`,
    writes: (n) => [`DELETE FROM ${n.T}`, `SELECT * FROM (WITH d AS (DELETE FROM ${n.T} RETURNING 1) SELECT 1) AS q`, `DROP TABLE ${n.O}`],
  },
  mysql: {
    stacked: (n) => `SELECT 1 AS one; DELETE FROM ${n.T}`,
    writes: (n) => [`DELETE FROM ${n.T}`, `DROP TABLE ${n.O}`, `CREATE TEMPORARY TABLE dc_ro_tmp (a INT)`],
  },
  sqlite: {
    stacked: (n) => `SELECT 1 AS one; DELETE FROM ${n.T}`,
    writes: (n) => [`DELETE FROM ${n.T}`, `DROP TABLE ${n.O}`, `CREATE TEMP TABLE dc_ro_tmp (a)`, `ATTACH '${n.F}' AS x`],
  },
  duckdb: {
    stacked: (n) => `SELECT 1 AS one; DELETE FROM ${n.T}`,
    writes: (n) => [`DELETE FROM ${n.T}`, `DROP TABLE ${n.O}`, `COPY ${n.T} TO '${n.F}'`, `SELECT * FROM read_csv('${n.S}')`, 'SET enable_external_access = true'],
  },
};

describe('the connection, with the filter check bypassed', () => {
  for (const dialect of ['postgres', 'mysql', 'sqlite', 'duckdb'] as Dialect[]) {
    it(`refuses a second statement and every write (${dialect})`, async () => {
      const target = targets.find((t) => t.dialect === dialect);
      if (!target) return;
      const config = target.side({}).connection as ConnectionConfig;
      const db = (await loadDialect(config.type)).connect(config, { logger: silentLogger, datasourceName: 'victim' });
      try {
        const stacked = BYPASS[dialect].stacked(target.names);
        await expect(db.query(stacked), stacked).rejects.toBeInstanceOf(QueryError);
        if (dialect === 'postgres') {
          // A setting smuggled into one statement is rolled back with its read-only transaction.
          await db.query("SELECT set_config('default_transaction_read_only', 'off', false) AS was");
        }
        for (const sql of BYPASS[dialect].writes(target.names)) {
          const error = await db.query(sql).then(() => undefined, (e: unknown) => e);
          expect(error, sql).toBeInstanceOf(QueryError);
          expect((error as QueryError).message, sql).toMatch(/tried to write|refused|top level/);
        }
        expect(await target.counts()).toEqual([3, 2]);
        expect(existsSync(target.names.F)).toBe(false);
      } finally {
        await db.close();
      }
    });
  }
});

describe('the query time limit', () => {
  const slow: Record<Dialect, string> = {
    postgres: 'SELECT pg_sleep(30) AS slept',
    mysql: 'SELECT SLEEP(30) AS slept',
    sqlite: 'WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g) SELECT n FROM g',
    duckdb: 'SELECT sum(hash(range)) AS s FROM range(100000000000)',
  };
  for (const dialect of ['postgres', 'mysql', 'sqlite', 'duckdb'] as Dialect[]) {
    it(`stops a statement that runs past it, as a clear timeout (${dialect})`, async () => {
      const target = targets.find((t) => t.dialect === dialect);
      if (!target) return;
      // DuckDB's slow statement runs in memory: it needs no file, and no other instance shares one with it.
      const config = dialect === 'duckdb' ? ({ type: 'duckdb', path: ':memory:' } as ConnectionConfig) : (target.side({}).connection as ConnectionConfig);
      const db = (await loadDialect(config.type)).connect(config, { logger: silentLogger, datasourceName: 'victim', statementTimeoutMs: 500 });
      try {
        const rows = async () => {
          for await (const row of db.stream(slow[dialect])) void row;
        };
        const error = await rows().then(() => undefined, (e: unknown) => e);
        expect(error).toBeInstanceOf(TimeoutError);
        expect((error as TimeoutError).message).toMatch(/ran longer than the query time limit \(0\.5 s\)/);
        expect((error as TimeoutError).hint).toMatch(/query_timeout_seconds/);
      } finally {
        await db.close();
      }
    });
  }

  it('ends a comparison whose filter runs for an hour as a timeout, not a stuck job (postgres)', async () => {
    const target = targets.find((t) => t.dialect === 'postgres');
    if (!target) return;
    const result = await runComparison(
      { ...definition(target, { what: 'filter', sql: () => '' }, '(SELECT count(*) FROM generate_series(1, 100000000000)) > 0'), queryTimeoutMs: 500 },
      { logger: silentLogger },
    );
    expect(result.status).toBe('error');
    expect(result.error).toMatchObject({ kind: 'timeout' });
  });
});
