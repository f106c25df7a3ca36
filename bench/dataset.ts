/**
 * Creates the bench's datasets in the local PostgreSQL (schema `dc_bench`, the sources) and MariaDB
 * (database `dc_bench`, the targets), fast and deterministically: every value is a function of the
 * row number, computed by the database itself (PostgreSQL `generate_series`, MariaDB's SEQUENCE
 * engine). Re-used between runs when the row count and dataset version match (`--regenerate` forces).
 *
 * Scenarios (the differences are made on the PostgreSQL side):
 * - identical: the same N rows on both sides;
 * - clustered: 1,000 rows updated in one contiguous key range, 100 deleted in another;
 * - spread: the same counts spread evenly (every N/1,000th key updated, every N/100th deleted; every
 *   10,000th and 100,000th at 10M rows);
 * - string-key: the clustered changes on a table keyed by mixed-case / accented / punctuated text, whose
 *   order differs between the two engines' collations;
 * - mixed-shape: the clustered changes on a table of another shape (the one issue #20 was measured on):
 *   a 32-character md5 text, a long text (80–400 characters, NULL in one row of seven), a decimal, a
 *   timestamp without fraction and a boolean, so the planner is not tuned to one table;
 * - same-db: the clustered changes with both tables in PostgreSQL (clustered against identical), where
 *   datacompare pushes the diff into one join query: raced against a hand-written FULL OUTER JOIN.
 */
import pg from 'pg';
import mysql from 'mysql2/promise';
import type { ScenarioName } from './args.js';

export const DATASET_VERSION = 5;
const SCHEMA = 'dc_bench';

export interface ScenarioTables {
  name: ScenarioName;
  /** PostgreSQL table (schema-qualified). */
  source: string;
  /** The target table (schema- or database-qualified), in MariaDB but for same-db. */
  target: string;
  targetEngine: 'mysql' | 'postgres';
  key: string;
  columns: string[];
  /** What the comparison must find. */
  expected: { changed: number; onlyInSource: number; onlyInTarget: number };
}

export const VALUE_COLUMNS = ['name', 'amount', 'created_at', 'active'];
export const MIXED_SHAPE_COLUMNS = ['digest', 'body', 'price', 'seen_at', 'flag'];

export function scenarioTables(name: ScenarioName): ScenarioTables {
  const base = { columns: VALUE_COLUMNS, targetEngine: 'mysql' as const, expected: { changed: 1000, onlyInSource: 0, onlyInTarget: 100 } };
  switch (name) {
    case 'identical':
      return { ...base, name, source: `${SCHEMA}.identical`, target: `${SCHEMA}.target`, key: 'id', expected: { changed: 0, onlyInSource: 0, onlyInTarget: 0 } };
    case 'clustered':
      return { ...base, name, source: `${SCHEMA}.clustered`, target: `${SCHEMA}.target`, key: 'id' };
    case 'spread':
      return { ...base, name, source: `${SCHEMA}.spread`, target: `${SCHEMA}.target`, key: 'id' };
    case 'string-key':
      return { ...base, name, source: `${SCHEMA}.string_key`, target: `${SCHEMA}.target_string_key`, key: 'k' };
    case 'mixed-shape':
      return { ...base, name, columns: MIXED_SHAPE_COLUMNS, source: `${SCHEMA}.mixed_shape`, target: `${SCHEMA}.target_mixed_shape`, key: 'id' };
    case 'same-db':
      return { ...base, name, source: `${SCHEMA}.clustered`, target: `${SCHEMA}.identical`, targetEngine: 'postgres', key: 'id' };
  }
}

/** Which rows a scenario changes (`u`) and deletes (`d`), as SQL conditions on the row number `n`. */
function changes(kind: 'none' | 'clustered' | 'spread', rows: number): { updated: string; deleted: string } {
  if (kind === 'none') return { updated: 'false', deleted: 'false' };
  if (kind === 'clustered') {
    const u = Math.floor(rows * 0.3);
    const d = Math.floor(rows * 0.7);
    return { updated: `n between ${u} and ${u + 999}`, deleted: `n between ${d} and ${d + 99}` };
  }
  const su = Math.floor(rows / 1000);
  const sd = Math.floor(rows / 100);
  return { updated: `n % ${su} = 0`, deleted: `n % ${sd} = ${Math.floor(sd / 2) + 1}` };
}

const PG_PREFIXES = `(array['Key-','key_','KEY.','kéy-'])[n % 4 + 1]`;

function postgresTable(table: string, rows: number, kind: 'none' | 'clustered' | 'spread', stringKey: boolean): string[] {
  const { updated, deleted } = changes(kind, rows);
  const key = stringKey ? `(${PG_PREFIXES} || n)::varchar(40) as k` : 'n as id';
  return [
    `drop table if exists ${SCHEMA}.${table}`,
    `create unlogged table ${SCHEMA}.${table} as
       select ${key},
         (case when ${updated} then coalesce(name, '') || '-changed' else name end)::varchar(64) as name,
         (case when ${updated} then amount + 0.01 else amount end)::numeric(12,2) as amount,
         created_at::timestamp(6) as created_at,
         active::boolean as active
       from (select n,
               case when n % 101 = 0 then null else 'name-' || n || '-' || substr(md5(n::text), 1, 8) end as name,
               ((n * 7919) % 1000000000) / 100.0 as amount,
               timestamp '2020-01-01 00:00:00' + (n * 1234567) * interval '1 microsecond' as created_at,
               n % 3 = 0 as active
             from generate_series(1::bigint, ${rows}::bigint) as g(n)) as v
       where not (${deleted})`,
    `alter table ${SCHEMA}.${table} add primary key (${stringKey ? 'k' : 'id'})`,
    // VACUUM sets hint bits and the visibility map now, so the first contender does not pay for them.
    `vacuum analyze ${SCHEMA}.${table}`,
  ];
}

/** The mixed-shape table in PostgreSQL: long and short text, a timestamp without fraction. */
function postgresMixedTable(table: string, rows: number): string[] {
  const { updated, deleted } = changes('clustered', rows);
  return [
    `drop table if exists ${SCHEMA}.${table}`,
    `create unlogged table ${SCHEMA}.${table} as
       select n as id,
         (case when ${updated} then md5((n + 1)::text) else md5(n::text) end)::varchar(64) as digest,
         (case when n % 7 = 0 then null else repeat(md5(n::text) || ' ', (2 + n % 10)::int) end)::text as body,
         (((n * 7919) % 100000000) / 100.0)::numeric(12,2) as price,
         (timestamp '2021-06-01 00:00:00' + n * interval '1 second')::timestamp(0) as seen_at,
         n % 5 = 0 as flag
       from generate_series(1::bigint, ${rows}::bigint) as g(n)
       where not (${deleted})`,
    `alter table ${SCHEMA}.${table} add primary key (id)`,
    `vacuum analyze ${SCHEMA}.${table}`,
  ];
}

function mysqlMixedTable(table: string, rows: number): string[] {
  const statements = [
    `drop table if exists ${SCHEMA}.${table}`,
    `create table ${SCHEMA}.${table} (
       id bigint not null primary key, digest varchar(64) null, body text null, price decimal(12,2) null, seen_at datetime null, flag boolean null
     ) engine=InnoDB`,
  ];
  const chunk = 1_000_000;
  for (let start = 1; start <= rows; start += chunk) {
    const end = Math.min(rows, start + chunk - 1);
    statements.push(`insert into ${SCHEMA}.${table}
       select seq, md5(seq), if(seq % 7 = 0, null, repeat(concat(md5(seq), ' '), 2 + seq % 10)),
         (seq * 7919) % 100000000 / 100, timestamp'2021-06-01 00:00:00' + interval seq second, seq % 5 = 0
       from seq_${start}_to_${end}`);
  }
  statements.push(`analyze table ${SCHEMA}.${table}`);
  return statements;
}

function mysqlTable(table: string, rows: number, stringKey: boolean): string[] {
  const statements = [
    `drop table if exists ${SCHEMA}.${table}`,
    `create table ${SCHEMA}.${table} (
       ${stringKey ? 'k varchar(40) not null' : 'id bigint not null'} primary key,
       name varchar(64) null, amount decimal(12,2) null, created_at timestamp(6) null, active boolean null
     ) engine=InnoDB`,
  ];
  const chunk = 1_000_000;
  for (let start = 1; start <= rows; start += chunk) {
    const end = Math.min(rows, start + chunk - 1);
    statements.push(`insert into ${SCHEMA}.${table}
       select ${stringKey ? `concat(elt(seq % 4 + 1, 'Key-', 'key_', 'KEY.', 'kéy-'), seq)` : 'seq'},
         if(seq % 101 = 0, null, concat('name-', seq, '-', substr(md5(seq), 1, 8))),
         (seq * 7919) % 1000000000 / 100,
         timestamp'2020-01-01 00:00:00' + interval (seq * 1234567) microsecond,
         seq % 3 = 0
       from seq_${start}_to_${end}`);
  }
  statements.push(`analyze table ${SCHEMA}.${table}`);
  return statements;
}

export interface GenerateOptions {
  rows: number;
  regenerate: boolean;
  postgresUrl: string;
  mysqlUrl: string;
  log: (line: string) => void;
}

export async function generateDatasets(options: GenerateOptions): Promise<void> {
  const { rows } = options;
  const pgClient = new pg.Client({ connectionString: options.postgresUrl });
  await pgClient.connect();
  const my = await mysql.createConnection({ uri: options.mysqlUrl, charset: 'utf8mb4_general_ci', multipleStatements: false });
  try {
    await pgClient.query(`set time zone 'UTC'`);
    await my.query(`set time_zone = '+00:00'`);
    const marker = `${rows}:${DATASET_VERSION}`;
    const pgMarker = await pgClient
      .query<{ marker: string }>(`select marker from ${SCHEMA}.meta`)
      .then((r) => r.rows[0]?.marker)
      .catch(() => undefined);
    const [myRows] = await my.query(`select marker from ${SCHEMA}.meta`).catch(() => [[]]);
    const myMarker = (myRows as { marker: string }[])[0]?.marker;
    if (!options.regenerate && pgMarker === marker && myMarker === marker) {
      options.log(`datasets: re-using ${rows.toLocaleString('en-US')} rows in dc_bench (version ${DATASET_VERSION})`);
      return;
    }
    options.log(`datasets: generating ${rows.toLocaleString('en-US')} rows per table in PostgreSQL and MariaDB…`);
    const started = performance.now();
    const postgresWork = (async () => {
      await pgClient.query(`drop schema if exists ${SCHEMA} cascade`);
      await pgClient.query(`create schema ${SCHEMA}`);
      for (const [table, kind, stringKey] of [
        ['identical', 'none', false],
        ['clustered', 'clustered', false],
        ['spread', 'spread', false],
        ['string_key', 'clustered', true],
      ] as const) {
        for (const sql of postgresTable(table, rows, kind, stringKey)) await pgClient.query(sql);
      }
      for (const sql of postgresMixedTable('mixed_shape', rows)) await pgClient.query(sql);
      await pgClient.query(`create table ${SCHEMA}.meta (marker text)`);
      await pgClient.query(`insert into ${SCHEMA}.meta values ($1)`, [marker]);
      options.log(`  PostgreSQL ready after ${((performance.now() - started) / 1000).toFixed(1)} s`);
    })();
    const mysqlWork = (async () => {
      await my.query(`drop database if exists ${SCHEMA}`);
      await my.query(`create database ${SCHEMA} character set utf8mb4 collate utf8mb4_general_ci`);
      await my.query('set unique_checks = 0');
      for (const sql of [...mysqlTable('target', rows, false), ...mysqlTable('target_string_key', rows, true), ...mysqlMixedTable('target_mixed_shape', rows)]) await my.query(sql);
      await my.query(`create table ${SCHEMA}.meta (marker varchar(40))`);
      await my.query(`insert into ${SCHEMA}.meta values (?)`, [marker]);
      options.log(`  MariaDB ready after ${((performance.now() - started) / 1000).toFixed(1)} s`);
    })();
    await Promise.all([postgresWork, mysqlWork]);
  } finally {
    await pgClient.end();
    await my.end();
  }
}
