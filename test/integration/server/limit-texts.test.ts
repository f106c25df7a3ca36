/**
 * A tenant cannot set the service's time limits: they are the operator's (`serve --statement-timeout-seconds`,
 * `--job-timeout-minutes`). A job stopped by one says which limit and who sets it, never "raise
 * query_timeout_seconds in the spec (or --query-timeout)" or "raise timeout_minutes", settings a
 * tenant of the service does not have. Through HTTP, on SQLite and PostgreSQL sources.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ServerOptions } from '../../../src/server/app.js';
import { databaseAvailable, TEST_DATABASE_URLS } from '../../helpers/databases.js';
import { comparisonBody, sqliteOrders, startTestServer, tempDir, waitForJob } from './harness.js';

const hasPostgres = await databaseAvailable('postgres');

/** One row whose aggregate runs for ever (SQLite): one native step, stopped only by a limit. */
const ENDLESS_SQLITE = "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c) SELECT max(i) AS id, 1.5 AS amount, 'x' AS status FROM c";
/** The same on PostgreSQL: minutes of counting, stopped by a limit. */
const ENDLESS_POSTGRES = "SELECT max(g) AS id, 1.5 AS amount, 'x'::text AS status FROM generate_series(1, 100000000000) AS g";

/** A job comparing `query` with itself on a new data source; its failure reason. */
async function failureOf(limits: Partial<ServerOptions>, source: Record<string, unknown>, query: string): Promise<string> {
  const t = await startTestServer({ workers: 1, scanOnCreate: false, ...limits });
  try {
    const created = await t.request('POST', '/sources', { body: { name: 'slow', ...source } });
    expect(created.status, created.text).toBe(201);
    const id = created.json.data.id;
    const configuration = { source_query: query, target_query: query, source_columns: ['amount', 'status'], target_columns: ['amount', 'status'], primary_keys_source: ['id'], primary_keys_target: ['id'] };
    const run = await t.request('POST', '/comparisons', { body: comparisonBody(id, id, { configuration }) });
    expect(run.status, run.text).toBe(201);
    const job = await waitForJob(t, run.json.run_id, ['SUCCESS', 'FAILURE', 'REVOKED'], 60_000);
    expect(job.status).toBe('FAILURE');
    return job.failure_reason;
  } finally {
    await t.stop();
  }
}

const sqlite = () => ({ type: 'sqlite', path: sqliteOrders(path.join(tempDir('limit-texts'), 'slow.db'), [[1, '1.50', 'x']]) });

describe("a job's timeout names the operator's limit, which the tenant cannot set", () => {
  it('the statement time limit (SQLite)', { timeout: 90_000 }, async () => {
    expect(await failureOf({ statementTimeoutMs: 1_000 }, sqlite(), ENDLESS_SQLITE)).toMatchInlineSnapshot(
      `"A query on data source "slow" ran longer than the query time limit (1 s) and was stopped. The service's operator sets the time limit of a statement (\`datacompare serve --statement-timeout-seconds\`); make the filter or query cheaper."`,
    );
  });

  it.runIf(hasPostgres)('the statement time limit (PostgreSQL)', { timeout: 90_000 }, async () => {
    expect(await failureOf({ statementTimeoutMs: 1_000 }, { type: 'postgres', url: TEST_DATABASE_URLS.postgres }, ENDLESS_POSTGRES)).toMatchInlineSnapshot(
      `"A query on data source "slow" ran longer than the query time limit (1 s) and was stopped. The service's operator sets the time limit of a statement (\`datacompare serve --statement-timeout-seconds\`); make the filter or query cheaper."`,
    );
  });

  it("the job's time limit", { timeout: 90_000 }, async () => {
    const failure = await failureOf({ jobTimeoutMs: 1_000, statementTimeoutMs: 60_000 }, sqlite(), ENDLESS_SQLITE);
    expect(failure.replace(/after [\d.]+ s/, 'after … s')).toMatchInlineSnapshot(
      `"stopped: the time limit of a job on this service (1 s) was reached while introspecting, after … s. The service's operator sets the time limit of a job (\`datacompare serve --job-timeout-minutes\`); add a filter, or compare fewer columns."`,
    );
  });
});
