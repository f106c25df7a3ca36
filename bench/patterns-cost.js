/**
 * What knowing why values differ costs (issue #44: at 1M rows with 1 % differing, at most 5 % longer).
 *
 *   npm run bench:patterns -- [--rows 1000000] [--baseline /path/to/other/bin/datacompare.js] [--runs 5]
 *
 * Makes one table of N rows in PostgreSQL (schema dc_bench_patterns) and its copy with every 100th row
 * changed (1 %) in MariaDB (database dc_bench_patterns) and in PostgreSQL, the changes cycling through
 * kinds that have a name (rounding, ×100, sign, letter case, trailing space, a +02:00 shift) and some
 * that have none. Then times, as whole processes, `datacompare run` of this clone on both specs
 * (PostgreSQL → MariaDB: the checksum plan fetches the differing buckets; PostgreSQL → PostgreSQL: the
 * join diff), alternating with `--baseline` (the same command of another build, e.g. a clone at the
 * commit before #44) when given, and prints each median and the ratio of medians.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : args[at + 1];
};
const rows = Number(option('--rows', '1000000'));
const runs = Number(option('--runs', '5'));
const baseline = option('--baseline', undefined);
const postgresUrl = process.env.DATACOMPARE_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const mysqlUrl = process.env.DATACOMPARE_BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
const NS = 'dc_bench_patterns';

/** Row n's values, as SQL over `n`; the target's changed rows (n % 100 = 0) take a kind by n / 100 % 8. */
const columns = {
  name: `'Customer ' || n`,
  amount: `round((n * 1.3719)::numeric, 2)`,
  placed_at: `timestamp '2024-01-01 00:00:00' + n * interval '1 minute'`,
};
const changedTarget = {
  name: `case (n / 100) % 8 when 3 then upper('Customer ' || n) when 4 then 'Customer ' || n || ' ' when 7 then 'Client ' || n else 'Customer ' || n end`,
  amount: `case (n / 100) % 8 when 0 then round((n * 1.3719)::numeric, 0) when 1 then round((n * 1.3719)::numeric, 2) * 100 when 2 then -round((n * 1.3719)::numeric, 2) when 6 then round((n * 1.3719)::numeric, 2) + 1 else round((n * 1.3719)::numeric, 2) end`,
  placed_at: `timestamp '2024-01-01 00:00:00' + n * interval '1 minute' + case (n / 100) % 8 when 5 then interval '2 hours' else interval '0' end`,
};

async function makeTables() {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  const expr = (n) => (column) => (n === 'target' ? `case when n % 100 = 0 then ${changedTarget[column]} else ${columns[column]} end` : columns[column]);
  await client.query(`drop schema if exists ${NS} cascade; create schema ${NS}`);
  for (const side of ['source', 'target']) {
    const e = expr(side);
    await client.query(
      `create table ${NS}.${side} as select n as id, (${e('name')})::varchar(60) as name, (${e('amount')})::numeric(14,2) as amount, (${e('placed_at')})::timestamp as placed_at from generate_series(1, ${rows}) as n`,
    );
    await client.query(`alter table ${NS}.${side} add primary key (id); analyze ${NS}.${side}`);
  }
  const my = await mysql.createConnection({ uri: mysqlUrl, multipleStatements: true });
  await my.query(`drop database if exists ${NS}; create database ${NS} character set utf8mb4 collate utf8mb4_general_ci`);
  await my.query(`create table ${NS}.target (id int not null, name varchar(60), amount decimal(14,2), placed_at datetime(6))`);
  // Copied from PostgreSQL's target in batches of 50,000 rows.
  for (let from = 1; from <= rows; from += 50_000) {
    const { rows: batch } = await client.query(`select id, name, amount::text as amount, to_char(placed_at, 'YYYY-MM-DD HH24:MI:SS') as placed_at from ${NS}.target where id between $1 and $2 order by id`, [from, from + 49_999]);
    await my.query(`insert into ${NS}.target values ?`, [batch.map((r) => [r.id, r.name, r.amount, r.placed_at])]);
  }
  await my.query(`alter table ${NS}.target add primary key (id)`);
  await my.end();
  await client.end();
}

function spec(dir, target) {
  const file = path.join(dir, `${target}.yml`);
  writeFileSync(
    file,
    [
      'version: 1',
      'datasources:',
      `  pg: { type: postgres, url: "${postgresUrl}" }`,
      `  my: { type: mysql, url: "${mysqlUrl}" }`,
      'comparisons:',
      `  - name: ${target}`,
      `    source: { datasource: pg, dataset: ${NS}.source }`,
      `    target: { datasource: ${target === 'mariadb' ? 'my' : 'pg'}, dataset: ${NS}.target }`,
      '    primary_keys: [id]',
      '    case_sensitive: true',
      '',
    ].join('\n'),
  );
  return file;
}

function time(bin, specFile) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [bin, 'run', '--spec', specFile, '--quiet'], { encoding: 'utf8' });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 1) throw new Error(`${bin} exited ${result.status}: ${result.stderr}`);
  return seconds;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

await makeTables();
const dir = mkdtempSync(path.join(tmpdir(), 'dc-bench-patterns-'));
const ours = path.resolve(import.meta.dirname, '..', 'bin', 'datacompare.js');
execFileSync(process.execPath, [ours, '--version']);
for (const target of ['mariadb', 'postgres']) {
  const file = spec(dir, target);
  const times = { ours: [], baseline: [] };
  for (let i = 0; i < runs; i++) {
    times.ours.push(time(ours, file));
    if (baseline) times.baseline.push(time(baseline, file));
  }
  const line = `PostgreSQL → ${target === 'mariadb' ? 'MariaDB' : 'PostgreSQL'}, ${rows.toLocaleString('en')} rows, 1 % changed: this build ${median(times.ours).toFixed(2)} s`;
  console.log(baseline ? `${line}, baseline ${median(times.baseline).toFixed(2)} s, ratio ${(median(times.ours) / median(times.baseline)).toFixed(3)}` : line);
}
