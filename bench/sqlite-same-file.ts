/**
 * `npm run bench:sqlite`: two tables in ONE SQLite file (integer primary key, three value columns,
 * 1 % of the rows changed), at 100k and 1M rows, diffed as whole processes by
 *   - `datacompare run` (one data source: the same-file join plan), and
 *   - the naive baseline (bench/sqlite-naive.js: node:sqlite reads both tables ordered by key and merges).
 * Each is run 3 times one after the other; the table shows the median and best wall time of the
 * process (spawn to exit) and the ratio of the medians. Options: --rows 100000,1000000 --runs 3.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const option = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? (process.argv[at + 1] ?? fallback) : fallback;
};
const sizes = option('rows', '100000,1000000').split(',').map(Number);
const runs = Number(option('runs', '3'));

function build(file: string, rows: number): void {
  const db = new DatabaseSync(file);
  db.exec(`PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;
    CREATE TABLE source_rows (id INTEGER PRIMARY KEY, name TEXT, amount REAL, qty INTEGER);
    CREATE TABLE target_rows (id INTEGER PRIMARY KEY, name TEXT, amount REAL, qty INTEGER);
    INSERT INTO source_rows WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < ${rows}) SELECT i, 'name-' || i, (i * 7) % 1000 + 0.25, i % 97 FROM r;
    INSERT INTO target_rows SELECT id, name, CASE WHEN id % 100 = 0 THEN amount + 1 ELSE amount END, qty FROM source_rows;`);
  db.close();
}

function timed(args: string[], cwd: string): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const ms = performance.now() - started;
  // datacompare exits 1 when the tables differ (they do, by construction).
  if (result.status !== 0 && result.status !== 1) throw new Error(`${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  return ms;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const dir = mkdtempSync(path.join(os.tmpdir(), 'dc-bench-sqlite-'));
const lines = ['| rows per table | datacompare run (join plan), median / best | naive ordered merge, median / best | ratio (medians) |', '| ---: | ---: | ---: | ---: |'];
try {
  for (const rows of sizes) {
    const file = path.join(dir, `same-${rows}.db`);
    build(file, rows);
    writeFileSync(
      path.join(dir, `spec-${rows}.yml`),
      `version: 1\ndatasources:\n  f: { type: sqlite, path: ${path.basename(file)} }\ncomparisons:\n  - name: same-file\n    source: { datasource: f, dataset: source_rows }\n    target: { datasource: f, dataset: target_rows }\n`,
    );
    const ours: number[] = [];
    const naive: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      ours.push(timed([path.join(root, 'bin/datacompare.js'), 'run', '--spec', `spec-${rows}.yml`], dir));
      naive.push(timed([path.join(root, 'bench/sqlite-naive.js'), file], dir));
    }
    const line = `| ${rows.toLocaleString('en-US')} | ${seconds(median(ours))} / ${seconds(Math.min(...ours))} | ${seconds(median(naive))} / ${seconds(Math.min(...naive))} | ${(median(ours) / median(naive)).toFixed(2)}× |`;
    lines.push(line);
    console.error(line);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(lines.join('\n'));
