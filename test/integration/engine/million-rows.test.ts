/**
 * One million rows per side in PostgreSQL: the join diff (same connection) and the streaming merge
 * (a second connection) must keep the process's resident memory under 256 MB. No timing asserts;
 * the durations are printed for the record. With DATACOMPARE_MEASURE=1, the same on MariaDB and
 * PostgreSQL ↔ MariaDB.
 *
 * Differences, by construction: ids 1..1,000,000 on the source; the target changes the amount of
 * every id divisible by 10,000 (100 rows), lacks ids 500,001..500,010 (10 rows) and adds ids
 * 2,000,001..2,000,005 (5 rows). So 1,000,000 − 100 − 10 = 999,890 rows match.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compare, runComparison } from '../../../src/engine/index.js';
import type { ComparisonResult } from '../../../src/engine/model.js';
import { joinStrategy, streamStrategy } from '../../../src/engine/plan.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { databaseAvailable, TEST_DATABASE_URLS } from '../../helpers/databases.js';
import { definition, side, testEngine, type TestEngine } from './engines.js';

const hasPostgres = await databaseAvailable('postgres');
// MariaDB's million rows take a minute to build: measured on request (DATACOMPARE_MEASURE=1), not in every run.
const hasMysql = process.env.DATACOMPARE_MEASURE === '1' && (await databaseAvailable('mysql'));
const LIMIT = 256 * 1024 * 1024;
const expected = {
  source_rows: 1_000_000, target_rows: 999_995, matched_rows: 999_890, mismatched_rows: 100, only_in_source: 10, only_in_target: 5,
  duplicate_keys_source: 0, duplicate_keys_target: 0, null_keys_source: 0, null_keys_target: 0,
};

/** Runs `work` while sampling the resident set size every 20 ms; returns its result and the peak. */
async function measured<T>(label: string, work: () => Promise<T>): Promise<{ value: T; peak: number }> {
  global.gc?.();
  let peak = process.memoryUsage().rss;
  let heap = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    const usage = process.memoryUsage();
    peak = Math.max(peak, usage.rss);
    heap = Math.max(heap, usage.heapUsed);
  }, 20);
  const started = performance.now();
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s, peak RSS ${(peak / 1024 / 1024).toFixed(0)} MB (peak heap used ${(heap / 1024 / 1024).toFixed(0)} MB)`);
    return { value, peak };
  } finally {
    clearInterval(timer);
  }
}

function checkResult(result: ComparisonResult) {
  expect(result.error).toBeUndefined();
  expect(result.stats).toEqual(expected);
  // 100.00 → 101.00: a whole unit more, none of the kinds (each pattern's example is its first row by key).
  expect(result.diff?.mismatched_columns_mapping).toEqual({ amount: { mismatch_count: 100, details: expect.any(String), patterns: [{ kind: 'other', rows: 100, example: 0 }] } });
  expect(result.diff?.diff_rows.slice(0, 2)).toEqual([
    { id: 10_000, _diff_type: 'changed', source_amount: '100.00', target_amount: '101.00' },
    { id: 20_000, _diff_type: 'changed', source_amount: '200.00', target_amount: '201.00' },
  ]);
  expect(result.diff?.diff_rows).toHaveLength(100);
  expect(result.diff?.diff_rows_total).toBe(115);
}

describe.runIf(hasPostgres)('one million rows', { timeout: 600_000 }, () => {
  let pg: TestEngine;
  let my: TestEngine | undefined;
  beforeAll(async () => {
    pg = await testEngine('postgres', 'million');
    await pg.exec(
      `CREATE TABLE ${pg.table('a')} (id BIGINT PRIMARY KEY, name TEXT, amount NUMERIC(12,2), at TIMESTAMP(6), flag BOOLEAN)`,
      `INSERT INTO ${pg.table('a')} SELECT g, 'customer ' || (g % 977), (g % 100000) / 100.0, TIMESTAMP '2024-01-01' + g * INTERVAL '1 second', g % 3 = 0 FROM generate_series(1, 1000000) AS g`,
      `CREATE TABLE ${pg.table('b')} (LIKE ${pg.table('a')} INCLUDING ALL)`,
      `INSERT INTO ${pg.table('b')} SELECT * FROM ${pg.table('a')} WHERE id NOT BETWEEN 500001 AND 500010`,
      `UPDATE ${pg.table('b')} SET amount = amount + 1 WHERE id % 10000 = 0`,
      `INSERT INTO ${pg.table('b')} SELECT g, 'new ' || g, 1, TIMESTAMP '2025-01-01', false FROM generate_series(2000001, 2000005) AS g`,
      `ANALYZE ${pg.table('a')}`,
      `ANALYZE ${pg.table('b')}`,
    );
    if (hasMysql) {
      my = await testEngine('mysql', 'million');
      await my.exec(
        `CREATE TABLE ${my.table('a')} (id BIGINT PRIMARY KEY, name VARCHAR(40), amount DECIMAL(12,2), at DATETIME(6), flag BOOLEAN)`,
        `INSERT INTO ${my.table('a')} SELECT seq, CONCAT('customer ', seq % 977), (seq % 100000) / 100.0, TIMESTAMP '2024-01-01 00:00:00' + INTERVAL seq SECOND, seq % 3 = 0 FROM seq_1_to_1000000`,
        `CREATE TABLE ${my.table('b')} LIKE ${my.table('a')}`,
        `INSERT INTO ${my.table('b')} SELECT * FROM ${my.table('a')} WHERE id NOT BETWEEN 500001 AND 500010`,
        `UPDATE ${my.table('b')} SET amount = amount + 1 WHERE id % 10000 = 0`,
        `INSERT INTO ${my.table('b')} SELECT seq, CONCAT('new ', seq), 1, '2025-01-01', false FROM seq_2000001_to_2000005`,
      );
    }
  });
  afterAll(async () => {
    await pg?.close();
    await my?.close();
  });

  it('diffs them in PostgreSQL with the join diff under 256 MB', async () => {
    const { value, peak } = await measured('postgres 1M join diff', () =>
      runComparison(definition({ source: side(pg, 'a'), target: side(pg, 'b') }), { logger: silentLogger }),
    );
    expect(value.plan?.kind).toBe('join');
    checkResult(value);
    expect(peak).toBeLessThan(LIMIT);
  });

  it('streams and merges them from two connections under 256 MB', async () => {
    const second = { ...side(pg, 'b'), connection: { type: 'postgres' as const, url: `${TEST_DATABASE_URLS.postgres}?application_name=second` } };
    const { value, peak } = await measured('postgres 1M streaming merge (two connections)', () =>
      compare(definition({ source: side(pg, 'a'), target: second }), { logger: silentLogger }, [joinStrategy, streamStrategy]),
    );
    expect(value.plan?.kind).toBe('stream');
    checkResult(value);
    expect(peak).toBeLessThan(LIMIT);
  });

  it.runIf(hasMysql)('diffs them in MariaDB with the join diff, and PostgreSQL against MariaDB by streaming', async () => {
    if (!my) return;
    const mariadb = my;
    const join = await measured('mariadb 1M join diff', () =>
      runComparison(definition({ source: side(mariadb, 'a'), target: side(mariadb, 'b') }), { logger: silentLogger }),
    );
    checkResult(join.value);
    expect(join.peak).toBeLessThan(LIMIT);
    // A query side cannot use the key indexes: the grouped (UNION ALL + GROUP BY) form.
    const grouped = await measured('mariadb 1M join diff without key indexes (query side)', () =>
      runComparison(
        definition({ source: side(mariadb, { query: `SELECT * FROM ${mariadb.table('a')}` }), target: side(mariadb, 'b'), primaryKeys: { source: ['id'], target: ['id'] } }),
        { logger: silentLogger },
      ),
    );
    checkResult(grouped.value);
    const cross = await measured('postgres ↔ mariadb 1M streaming merge', () =>
      compare(definition({ source: side(pg, 'a'), target: side(mariadb, 'b') }), { logger: silentLogger }, [streamStrategy]),
    );
    checkResult(cross.value);
    expect(cross.peak).toBeLessThan(LIMIT);
  });
});
