/**
 * A comparison that runs past its time limit, or is cancelled, comes back as an error result (never
 * an exception), and its queries are stopped on the server.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { runComparison } from '../../../src/engine/index.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { databaseAvailable, TEST_DATABASE_URLS } from '../../helpers/databases.js';
import { definition } from './engines.js';
import { ensureNap, NAP } from '../../helpers/pg-nap.js';

const slow = `SELECT g AS id, ${NAP}(0.01) AS z FROM generate_series(1, 3000) AS g`;
const postgres = { type: 'postgres' as const, url: TEST_DATABASE_URLS.postgres };
const slowSide = { datasourceName: 'warehouse', connection: postgres, serviceDatasource: 'warehouse', query: slow };

async function stillRunning(): Promise<number> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
  await client.connect();
  try {
    const result = await client.query("SELECT COUNT(*)::int AS n FROM pg_stat_activity WHERE query LIKE '%dc_test_nap(0.01)%' AND state = 'active' AND pid <> pg_backend_pid()");
    return result.rows[0].n as number;
  } finally {
    await client.end();
  }
}

describe.runIf(await databaseAvailable('postgres'))('time limits and cancellation', () => {
  beforeAll(() => ensureNap());
  it('reports a comparison past its time limit as a timeout and stops its query', async () => {
    const result = await runComparison(
      definition({ source: slowSide, target: slowSide, primaryKeys: { source: ['id'], target: ['id'] }, timeoutMs: 500 }),
      { logger: silentLogger },
    );
    expect(result.status).toBe('error');
    expect(result.error).toMatchObject({ kind: 'timeout', hint: 'Raise timeout_minutes, add a filter, or compare fewer columns.' });
    // Named as a timeout, with the limit and what the comparison was doing.
    expect(result.error?.message).toMatch(/^stopped: the time limit timeout_minutes \(0\.5 s\) was reached while (comparing|counting|introspecting)\b.*, after 0\.\d s\.$/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await stillRunning()).toBe(0);
  });

  it('reports a cancelled run as cancelled', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const result = await runComparison(definition({ source: slowSide, target: slowSide, primaryKeys: { source: ['id'], target: ['id'] } }), {
      logger: silentLogger,
      signal: controller.signal,
    });
    expect(result.status).toBe('error');
    expect(result.error?.kind).toBe('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await stillRunning()).toBe(0);
  });
});
