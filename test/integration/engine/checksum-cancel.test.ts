/**
 * Cancelling a checksum diff stops its queries on both servers: an AbortSignal (or the comparison's
 * timeout) ends the run with a `cancelled` error, and neither PostgreSQL nor MariaDB is left
 * running the scan.
 */
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import mysql from 'mysql2/promise';
import { compare } from '../../../src/engine/index.js';
import { sameConnection, streamStrategy } from '../../../src/engine/plan.js';
import { checksumStrategy } from '../../../src/engine/checksum/strategy.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { databaseAvailable, TEST_DATABASE_URLS } from '../../helpers/databases.js';
import { definition } from './engines.js';

const ready = (await databaseAvailable('postgres')) && (await databaseAvailable('mysql'));
const forcedChecksum = checksumStrategy(sameConnection, { smallTableRows: 0, mostRowsDiffer: 1, rowsPerBucket: 64, minRowsToSplitHashScan: 0 });

// Queries that take many seconds to checksum: nothing to create, nothing to clean up.
const MARK = 'dc_checksum_cancel_marker';
const sourceQuery = `SELECT g AS id, 'x' AS ${MARK} FROM generate_series(1, 80000000) AS g`;
const targetQuery = `SELECT seq AS id, 'x' AS ${MARK} FROM seq_1_to_80000000`;

async function stillRunning(): Promise<{ postgres: number; mysql: number }> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
  await client.connect();
  const my = await mysql.createConnection({ uri: TEST_DATABASE_URLS.mysql });
  try {
    const p = await client.query(`SELECT count(*) AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE '%${MARK}%' AND pid <> pg_backend_pid()`);
    const [rows] = await my.query(`SELECT count(*) AS n FROM information_schema.processlist WHERE command = 'Query' AND info LIKE '%${MARK}%' AND id <> connection_id()`);
    return { postgres: Number(p.rows[0]?.n), mysql: Number((rows as { n: number }[])[0]?.n) };
  } finally {
    await client.end();
    await my.end();
  }
}

/** What is still running once the servers have had up to 4 s to notice a stop. */
async function leftRunning(): Promise<{ postgres: number; mysql: number }> {
  let left = await stillRunning();
  for (let i = 0; i < 40 && left.postgres + left.mysql > 0; i++) {
    await new Promise((r) => setTimeout(r, 100));
    left = await stillRunning();
  }
  return left;
}

/**
 * 80M rows that fail with a division by zero at row `row`, streamed: generate_series in FROM is
 * materialized whole before its first row is read (18 s for 80M rows on a slow machine, past the
 * tests' limit under load), a join of two small ones is not.
 */
const failingAt = (row: number) =>
  `SELECT a.i * 10000 + b.j AS id, 'x' AS ${MARK} FROM generate_series(0, 7999) AS a(i) CROSS JOIN generate_series(1, 10000) AS b(j) WHERE (a.i * 10000 + b.j) / (a.i * 10000 + b.j - ${row}) IS NOT NULL`;

/** PostgreSQL's query against MariaDB's, both keyed by `id`. */
function pgAgainstMaria(sourceQuery: string, targetSql: string) {
  return definition({
    source: { datasourceName: 'pg', connection: { type: 'postgres', url: TEST_DATABASE_URLS.postgres }, serviceDatasource: 'pg', query: sourceQuery },
    target: { datasourceName: 'maria', connection: { type: 'mysql', url: TEST_DATABASE_URLS.mysql }, serviceDatasource: 'maria', query: targetSql },
    primaryKeys: { source: ['id'], target: ['id'] },
  });
}

describe.runIf(ready)('cancelling a checksum diff', () => {
  it('stops the queries on both servers and reports the run as cancelled', async () => {
    const controller = new AbortController();
    const def = pgAgainstMaria(sourceQuery, targetQuery);
    const running = compare(def, { logger: silentLogger, signal: controller.signal }, [forcedChecksum]);
    // Wait until both servers are busy with the comparison, then cancel.
    for (let i = 0; i < 100; i++) {
      const busy = await stillRunning();
      if (busy.postgres > 0 && busy.mysql > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    controller.abort();
    const result = await running;
    expect(result.status).toBe('error');
    expect(result.error?.kind).toBe('cancelled');
    expect(await leftRunning()).toEqual({ postgres: 0, mysql: 0 });
  });
});

describe.runIf(ready)('a comparison whose one side fails', () => {
  it("checksum diff: reports that side's error and leaves no scan running on either server", async () => {
    // PostgreSQL fails a few million rows into its scan; MariaDB's scan of 80M rows would go on for minutes.
    const failingQuery = failingAt(2_000_000);
    const def = pgAgainstMaria(failingQuery, targetQuery);
    const result = await compare(def, { logger: silentLogger }, [forcedChecksum]);
    expect(result.status).toBe('error');
    expect(result.error?.message).toMatch(/division by zero/);
    expect(await leftRunning()).toEqual({ postgres: 0, mysql: 0 });
  }, 30_000);

  it("streaming merge: reports that side's error at once, stopping the other side's query instead of waiting for its first row", async () => {
    // PostgreSQL fails on its first row; MariaDB must sort 80M rows before sending its first one.
    const failingQuery = failingAt(1);
    const def = pgAgainstMaria(failingQuery, `${targetQuery} ORDER BY seq DESC`);
    // Without the stop, closing the target would wait for that first row: minutes, beyond this test's limit.
    const result = await compare(def, { logger: silentLogger }, [streamStrategy]);
    expect(result.status).toBe('error');
    expect(result.error?.message).toMatch(/division by zero/);
    expect(await leftRunning()).toEqual({ postgres: 0, mysql: 0 });
  }, 30_000);
});
