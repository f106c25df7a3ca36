// PostgreSQL → MariaDB at 100k rows on tables bench/run.js never made (issue #30), in several key
// shapes: a composite key (depot text, seq int), a single integer key, a single text key (an md5, in
// no engine's natural order), a composite of two texts and a composite of two integers; the same
// values (a text, an int, a numeric(10,3), a date, a nullable text, a smallint) and a few differing
// rows in each. Both contenders run as whole processes, interleaved: `datacompare run` of a spec
// (bin/datacompare.js, the CLI bundle) and the naive download + merge (bench/held-out-naive.js).
// Prints medians and the ratio per shape.
// npm run bench:held-out [-- --rows 100000 --runs 7 --shapes composite,int-key --rebuild]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import mysql from 'mysql2/promise';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '100000' }, runs: { type: 'string', default: '7' }, shapes: { type: 'string' }, rebuild: { type: 'boolean', default: false } },
});
const rows = Number(values.rows);
const runs = Number(values.runs);
const postgresUrl = process.env.DATACOMPARE_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const mysqlUrl = process.env.DATACOMPARE_BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
const root = path.resolve(import.meta.dirname, '..');

const pgSql = { lpad: (e, n) => `lpad((${e})::text, ${n}, '0')`, concat: (a, b) => `(${a} || (${b})::text)`, day: (e) => `date '2024-01-01' + (${e})::int`, md5: (e) => `md5((${e})::text)`, div: (a, b) => `((${a}) / ${b})` };
const mySql = { lpad: (e, n) => `lpad(${e}, ${n}, '0')`, concat: (a, b) => `concat(${a}, ${b})`, day: (e) => `date '2024-01-01' + interval (${e}) day`, md5: (e) => `md5(${e})`, div: (a, b) => `((${a}) div ${b})` };

/** Key shapes: each key column's name, SQL type, whether it is text, and its value from seq. */
const SHAPES = {
  composite: [
    { name: 'depot', type: 'varchar(8)', text: true, value: (seq, f) => f.concat(`'D'`, f.lpad(`${seq} % 20`, 2)) },
    { name: 'seq', type: 'int', value: (seq) => seq },
  ],
  'int-key': [{ name: 'seq', type: 'int', value: (seq) => seq }],
  'text-key': [{ name: 'code', type: 'varchar(40)', text: true, value: (seq, f) => f.md5(seq) }],
  'text-pair': [
    { name: 'region', type: 'varchar(8)', text: true, value: (seq, f) => f.concat(`'R'`, `${seq} % 50`) },
    { name: 'code', type: 'varchar(40)', text: true, value: (seq, f) => f.md5(seq) },
  ],
  'int-pair': [
    { name: 'order_id', type: 'int', value: (seq, f) => f.div(seq, 4) },
    { name: 'line_no', type: 'int', value: (seq) => `${seq} % 4` },
  ],
};
const shapes = values.shapes ? values.shapes.split(',') : Object.keys(SHAPES);
for (const shape of shapes) if (!SHAPES[shape]) throw new Error(`Unknown shape ${shape}: one of ${Object.keys(SHAPES).join(', ')}.`);

// The same values on both sides from seq alone (integer arithmetic only); then 5 rows changed, 3 rows
// missing from the target, 2 rows only in the target.
const EXPECTED = { changed: 5, onlyInSource: 3, onlyInTarget: 2 };
const valueColumns = (seq, { lpad, concat, day }) => [
  `${concat(`'SKU-'`, lpad(`(${seq} * 7919) % 100000`, 6))} as sku`,
  `(${seq} * 31) % 500 as qty`,
  `((${seq} * 17) % 100000) / 1000.0 as weight`,
  `${day(`${seq} % 700`)} as shipped_on`,
  `case when ${seq} % 10 = 0 then null else ${concat(`'note '`, `${seq} % 97`)} end as note`,
  `${seq} % 5 as priority`,
];
const VALUE_TYPES = 'sku varchar(24) not null, qty int not null, weight numeric(10,3) not null, shipped_on date not null, note text, priority smallint not null';
const columns = (keys, seq, f) => [...keys.map((key) => `${key.value(seq, f)} as ${key.name}`), ...valueColumns(seq, f)];
const tableName = (shape) => `dc_heldout_${shape.replace('-', '_')}`;

async function buildTables(shape) {
  const keys = SHAPES[shape];
  const table = tableName(shape);
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  const my = await mysql.createConnection({ uri: mysqlUrl, multipleStatements: true });
  try {
    const [have] = await my.query(`select count(*) as n from information_schema.tables where table_schema = database() and table_name = ?`, [table]);
    const pgHave = await client.query(`select count(*)::int as n from information_schema.tables where table_schema = 'dc_heldout' and table_name = $1`, [table]);
    if (!values.rebuild && have[0].n > 0 && pgHave.rows[0].n > 0) {
      const [[{ n }]] = await my.query(`select count(*) as n from ${table}`);
      if (Number(n) === rows - EXPECTED.onlyInSource + EXPECTED.onlyInTarget) return;
    }
    console.log(`building ${rows} rows in dc_heldout.${table} (PostgreSQL) and ${table} (MariaDB)…`);
    const keyTypes = keys.map((key) => `${key.name} ${key.type} not null`).join(', ');
    const primaryKey = keys.map((key) => key.name).join(', ');
    // The primary key is added after the rows (one sorted index build): inserting md5 keys into a key
    // index row by row took over 13 minutes at 10M rows.
    await client.query(`create schema if not exists dc_heldout; drop table if exists dc_heldout.${table};
      create table dc_heldout.${table} (${keyTypes}, ${VALUE_TYPES});
      insert into dc_heldout.${table} select ${columns(keys, 'g', pgSql).join(', ')} from generate_series(1::bigint, ${rows}) g;
      alter table dc_heldout.${table} add primary key (${primaryKey});
      analyze dc_heldout.${table};`);
    const where = (seqs) => `where (${primaryKey}) in (select ${keys.map((key) => key.value('seq', mySql)).join(', ')} from seq_1_to_${rows + 2} where seq in (${seqs.join(', ')}))`;
    await my.query(`drop table if exists ${table};
      create table ${table} (${keyTypes}, ${VALUE_TYPES.replace('numeric', 'decimal')});
      insert into ${table} select ${columns(keys, 'seq', mySql).join(', ')} from seq_1_to_${rows};
      alter table ${table} add primary key (${primaryKey});
      update ${table} set qty = qty + 1 ${where([17, 40001])};
      update ${table} set note = null ${where([55553])};
      update ${table} set weight = weight + 0.001 ${where([77777])};
      update ${table} set shipped_on = shipped_on + interval 1 day ${where([rows - 2])};
      delete from ${table} ${where([3, 50000, rows])};
      insert into ${table} select ${columns(keys, 'seq', mySql).join(', ')} from seq_${rows + 1}_to_${rows + 2};
      analyze table ${table};`);
  } finally {
    await client.end();
    await my.end();
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const seconds = (ms) => (ms / 1000).toFixed(2);

async function raceShape(shape, dir) {
  await buildTables(shape);
  const keys = SHAPES[shape];
  const table = tableName(shape);
  const spec = path.join(dir, `${shape}.yml`);
  const json = path.join(dir, `${shape}.json`);
  writeFileSync(
    spec,
    `version: 1
datasources:
  warehouse: { type: postgres, url: "${postgresUrl}" }
  shop: { type: mysql, url: "${mysqlUrl}" }
comparisons:
  - name: ${shape}
    source: { datasource: warehouse, dataset: dc_heldout.${table} }
    target: { datasource: shop, dataset: ${table} }
    case_sensitive: true
`,
  );
  const naiveKeys = JSON.stringify(keys.map((key) => ({ name: key.name, text: Boolean(key.text) })));
  const contenders = [
    { name: 'naive download + merge', args: [path.join(root, 'bench/held-out-naive.js'), postgresUrl, mysqlUrl, `dc_heldout.${table}`, table, naiveKeys], status: 0, found: (out) => JSON.parse(out) },
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
      if (result.status !== c.status) throw new Error(`${shape}, ${c.name}: exit status ${result.status}\n${result.stdout}${result.stderr}`);
      const found = c.found(result.stdout);
      if (JSON.stringify(found) !== JSON.stringify(EXPECTED)) throw new Error(`${shape}, ${c.name} found ${JSON.stringify(found)}, expected ${JSON.stringify(EXPECTED)}`);
      times[i].push(ms);
    });
  }
  const plan = JSON.parse(readFileSync(json, 'utf8')).comparisons[0].plan;
  return { shape, naive: times[0], ours: times[1], plan: `${plan.kind}: ${plan.reason}` };
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'dc-bench-held-out-'));
const results = [];
try {
  for (const shape of shapes) results.push(await raceShape(shape, dir));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`Node ${process.versions.node}, ${rows} rows PostgreSQL → MariaDB, ${runs} interleaved runs each, whole processes, medians (min–max)\n`);
console.log(`${'shape'.padEnd(10)} ${'naive download + merge'.padEnd(24)} ${'datacompare run'.padEnd(24)} ratio`);
for (const r of results) {
  const cell = (xs) => `${seconds(median(xs))} s (${seconds(Math.min(...xs))}–${seconds(Math.max(...xs))})`.padEnd(24);
  console.log(`${r.shape.padEnd(10)} ${cell(r.naive)} ${cell(r.ours)} ${(median(r.ours) / median(r.naive)).toFixed(2)}×`);
}
console.log('\nplans:');
for (const r of results) console.log(`- ${r.shape}: ${r.plan}`);
