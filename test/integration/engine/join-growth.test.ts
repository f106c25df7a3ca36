/**
 * The planner never picks a plan asymptotically worse than streaming: on each engine (SQLite,
 * PostgreSQL, MariaDB, DuckDB when installed) the join plan and the streamed plan diff 10,000 and
 * 100,000 rows (integer primary key, three value columns, 1 % changed), and the join's time may not
 * grow faster than linearly. A growth check, not a timing assert: ten times the rows may take at
 * most 50 times as long (quadratic: 100; linear measures 3 to 30 here, caches and a busy 2-core
 * machine included), or 5 times the stream's own growth when the whole machine is slow; and at
 * 100,000 rows the join may not take more than twice the stream. Each time is the best of 2 or 3
 * runs, after one run to warm up. The SQLite join once took 7 s at 10k (and 15 minutes at 100k: then
 * the test fails by its time limit).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runComparison } from '../../../src/engine/index.js';
import type { ConnectionConfig, SideDefinition } from '../../../src/engine/model.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { definition, testEngine, type TestEngine } from './engines.js';

const SIZES = [10_000, 100_000] as const;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

interface GrowthEngine {
  connection: ConnectionConfig;
  table(name: string): string;
}

/** Two tables of n rows: the target's amount differs on every 100th id. */
const rowsSql = (from: string, n: number, side: 'a' | 'b') =>
  `SELECT i AS id, 'name-' || CAST(i AS VARCHAR(20)) AS name, ${side === 'b' ? 'CASE WHEN i % 100 = 0 THEN i + 1 ELSE i END' : 'i'} * 1.25 AS amount, i % 97 AS qty FROM ${from}`;

async function sqlEngine(name: 'sqlite' | 'postgres' | 'mysql'): Promise<GrowthEngine | undefined> {
  const engine: TestEngine = await testEngine(name, 'growth');
  cleanups.push(() => engine.close());
  if (!engine.available) return undefined;
  for (const n of SIZES) {
    for (const side of ['a', 'b'] as const) {
      const table = engine.table(`g_${side}_${n}`);
      const create = `CREATE TABLE ${table} (id INTEGER PRIMARY KEY, name VARCHAR(40), amount DECIMAL(14,2), qty INTEGER)`;
      const from =
        name === 'postgres' ? `generate_series(1, ${n}) AS s(i)`
        : name === 'mysql' ? `(SELECT seq AS i FROM seq_1_to_${n}) AS s`
        : `(WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${n}) SELECT i FROM s) AS s`;
      const select = rowsSql(from, n, side).replace("'name-' || CAST(i AS VARCHAR(20))", name === 'mysql' ? "CONCAT('name-', i)" : "'name-' || CAST(i AS VARCHAR(20))");
      await engine.exec(create, `INSERT INTO ${table} (id, name, amount, qty) ${select}`);
    }
  }
  return { connection: engine.connection, table: engine.table };
}

async function duckdbEngine(): Promise<GrowthEngine | undefined> {
  let module: typeof import('@duckdb/node-api');
  try {
    module = await import('@duckdb/node-api');
  } catch {
    return undefined;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'dc-join-growth-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'growth.duckdb');
  const instance = await module.DuckDBInstance.create(file);
  const connection = await instance.connect();
  for (const n of SIZES) {
    for (const side of ['a', 'b'] as const) {
      await connection.run(`CREATE TABLE g_${side}_${n} (id INTEGER PRIMARY KEY, name VARCHAR, amount DECIMAL(14,2), qty INTEGER)`);
      await connection.run(`INSERT INTO g_${side}_${n} ${rowsSql(`range(1, ${n + 1}) AS s(i)`, n, side)}`);
    }
  }
  connection.closeSync();
  instance.closeSync();
  return { connection: { type: 'duckdb', path: file }, table: (name) => name };
}

async function bestOf(runs: number, work: () => Promise<void>): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await work();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

describe.each(['sqlite', 'postgres', 'mysql', 'duckdb'] as const)('the join plan grows linearly on %s', (name) => {
  it('10× the rows: the join takes less than 50× (or 5× the stream’s growth) as long', { timeout: 600_000 }, async (context) => {
    const engine = name === 'duckdb' ? await duckdbEngine() : await sqlEngine(name);
    if (!engine) return context.skip();
    const side = (table: string): SideDefinition => ({ datasourceName: 'db', serviceDatasource: 'db', connection: engine.connection, dataset: engine.table(table) });
    const times: Record<string, number> = {};
    await runComparison(definition({ source: side('g_a_10000'), target: side('g_b_10000'), strategy: 'join' }), { logger: silentLogger });
    for (const strategy of ['join', 'stream'] as const) {
      for (const n of SIZES) {
        const d = definition({ source: side(`g_a_${n}`), target: side(`g_b_${n}`), strategy });
        times[`${strategy}${n}`] = await bestOf(n === 10_000 ? 3 : 2, async () => {
          const result = await runComparison(d, { logger: silentLogger });
          expect(result.error).toBeUndefined();
          expect(result.plan?.kind).toBe(strategy);
          expect(result.stats).toMatchObject({ source_rows: n, matched_rows: n - n / 100, mismatched_rows: n / 100, only_in_source: 0, only_in_target: 0 });
        });
      }
    }
    const joinGrowth = (times.join100000 ?? 0) / (times.join10000 ?? 1);
    const streamGrowth = (times.stream100000 ?? 0) / (times.stream10000 ?? 1);
    console.log(`${name}: join ${times.join10000?.toFixed(0)} → ${times.join100000?.toFixed(0)} ms (×${joinGrowth.toFixed(1)}), stream ${times.stream10000?.toFixed(0)} → ${times.stream100000?.toFixed(0)} ms (×${streamGrowth.toFixed(1)})`);
    expect(joinGrowth).toBeLessThan(Math.max(50, 5 * streamGrowth));
    expect(times.join100000).toBeLessThan(2 * (times.stream100000 ?? 0));
  });
});
