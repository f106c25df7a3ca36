// PostgreSQL → MariaDB at 100k rows on tables bench/run.js never made (issue #30): a composite key
// (depot text, seq int), a date, a numeric(10,3), a nullable text, a few differing rows. Both
// contenders run as whole processes, interleaved: `datacompare run` of a spec (bin/datacompare.js, the
// CLI bundle) and the naive download + merge (bench/held-out-naive.js). Prints medians and the ratio.
// npm run bench:held-out [-- --rows 100000 --runs 7 --rebuild]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import mysql from 'mysql2/promise';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' }, runs: { type: 'string', default: '7' }, rebuild: { type: 'boolean', default: false } } });
const rows = Number(values.rows);
const runs = Number(values.runs);
const postgresUrl = process.env.DATACOMPARE_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const mysqlUrl = process.env.DATACOMPARE_BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
const root = path.resolve(import.meta.dirname, '..');

// The same values on both sides from seq alone (integer arithmetic only); then 5 rows changed, 3 rows
// missing from the target, 2 rows only in the target.
const EXPECTED = { changed: 5, onlyInSource: 3, onlyInTarget: 2 };
const columns = (seq, { lpad, concat, day }) => [
  `${concat(`'D'`, lpad(`${seq} % 20`, 2))} as depot`,
  `${seq} as seq`,
  `${concat(`'SKU-'`, lpad(`(${seq} * 7919) % 100000`, 6))} as sku`,
  `(${seq} * 31) % 500 as qty`,
  `((${seq} * 17) % 100000) / 1000.0 as weight`,
  `${day(`${seq} % 700`)} as shipped_on`,
  `case when ${seq} % 10 = 0 then null else ${concat(`'note '`, `${seq} % 97`)} end as note`,
  `${seq} % 5 as priority`,
];

async function buildTables() {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  const my = await mysql.createConnection({ uri: mysqlUrl, multipleStatements: true });
  try {
    const [have] = await my.query(`select count(*) as n from information_schema.tables where table_schema = database() and table_name = 'dc_heldout_shipments'`);
    const pgHave = await client.query(`select count(*)::int as n from information_schema.tables where table_schema = 'dc_heldout' and table_name = 'shipments'`);
    if (!values.rebuild && have[0].n > 0 && pgHave.rows[0].n > 0) {
      const [[{ n }]] = await my.query('select count(*) as n from dc_heldout_shipments');
      if (Number(n) === rows - EXPECTED.onlyInSource + EXPECTED.onlyInTarget) return;
    }
    console.log(`building ${rows} rows in dc_heldout.shipments (PostgreSQL) and dc_heldout_shipments (MariaDB)…`);
    const pgSql = { lpad: (e, n) => `lpad((${e})::text, ${n}, '0')`, concat: (a, b) => `(${a} || (${b})::text)`, day: (e) => `date '2024-01-01' + (${e})::int` };
    const mySql = { lpad: (e, n) => `lpad(${e}, ${n}, '0')`, concat: (a, b) => `concat(${a}, ${b})`, day: (e) => `date '2024-01-01' + interval (${e}) day` };
    await client.query(`create schema if not exists dc_heldout; drop table if exists dc_heldout.shipments;
      create table dc_heldout.shipments (depot varchar(8) not null, seq int not null, sku varchar(24) not null, qty int not null,
        weight numeric(10,3) not null, shipped_on date not null, note text, priority smallint not null, primary key (depot, seq));
      insert into dc_heldout.shipments select ${columns('g', pgSql).join(', ')} from generate_series(1, ${rows}) g;
      analyze dc_heldout.shipments;`);
    await my.query(`drop table if exists dc_heldout_shipments;
      create table dc_heldout_shipments (depot varchar(8) not null, seq int not null, sku varchar(24) not null, qty int not null,
        weight decimal(10,3) not null, shipped_on date not null, note text, priority smallint not null, primary key (depot, seq));
      insert into dc_heldout_shipments select ${columns('seq', mySql).join(', ')} from seq_1_to_${rows};
      update dc_heldout_shipments set qty = qty + 1 where seq in (17, 40001);
      update dc_heldout_shipments set note = null where seq = 55553;
      update dc_heldout_shipments set weight = weight + 0.001 where seq = 77777;
      update dc_heldout_shipments set shipped_on = shipped_on + interval 1 day where seq = ${rows - 2};
      delete from dc_heldout_shipments where seq in (3, 50000, ${rows});
      insert into dc_heldout_shipments select 'D99', seq, 'SKU-X', 1, 1.000, '2024-02-02', null, 0 from seq_1_to_2;
      analyze table dc_heldout_shipments;`);
  } finally {
    await client.end();
    await my.end();
  }
}

await buildTables();
const dir = mkdtempSync(path.join(os.tmpdir(), 'dc-bench-held-out-'));
const spec = path.join(dir, 'spec.yml');
const json = path.join(dir, 'result.json');
writeFileSync(
  spec,
  `version: 1
datasources:
  warehouse: { type: postgres, url: "${postgresUrl}" }
  shop: { type: mysql, url: "${mysqlUrl}" }
comparisons:
  - name: shipments
    source: { datasource: warehouse, dataset: dc_heldout.shipments }
    target: { datasource: shop, dataset: dc_heldout_shipments }
    case_sensitive: true
`,
);

const contenders = [
  { name: 'naive download + merge', args: [path.join(root, 'bench/held-out-naive.js'), postgresUrl, mysqlUrl], status: 0, found: (out) => JSON.parse(out) },
  {
    name: 'datacompare run',
    args: [path.join(root, 'bin/datacompare.js'), 'run', '--spec', spec, '--quiet', '--json', json],
    status: 1,
    found: () => {
      const stats = JSON.parse(readFileSync(json, 'utf8')).comparisons[0].stats;
      return { changed: stats.mismatched_rows, onlyInSource: stats.only_in_source, onlyInTarget: stats.only_in_target };
    },
  },
];
const times = contenders.map(() => []);
for (let round = 0; round < runs; round++) {
  contenders.forEach((c, i) => {
    const start = process.hrtime.bigint();
    const result = spawnSync(process.execPath, c.args, { cwd: root, encoding: 'utf8' });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (result.status !== c.status) throw new Error(`${c.name}: exit status ${result.status}\n${result.stdout}${result.stderr}`);
    const found = c.found(result.stdout);
    if (JSON.stringify(found) !== JSON.stringify(EXPECTED)) throw new Error(`${c.name} found ${JSON.stringify(found)}, expected ${JSON.stringify(EXPECTED)}`);
    times[i].push(ms);
  });
}
rmSync(dir, { recursive: true, force: true });

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
console.log(`Node ${process.versions.node}, ${rows} rows PostgreSQL → MariaDB, ${runs} interleaved runs each, whole processes, medians (min–max)\n`);
contenders.forEach((c, i) => console.log(`${c.name.padEnd(24)} ${(median(times[i]) / 1000).toFixed(2)} s (${(Math.min(...times[i]) / 1000).toFixed(2)}–${(Math.max(...times[i]) / 1000).toFixed(2)})`));
console.log(`\ndatacompare / naive: ${(median(times[1]) / median(times[0])).toFixed(2)}×`);
