/**
 * Issue 43, finding 4: one workspace cannot take what every workspace shares. Its unfinished jobs are
 * counted in the store, in the transaction that queues new ones (also across two servers on one
 * PostgreSQL store): past its share of the queue its executes answer 429, while another workspace is
 * still queued.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import * as c from '../../../src/api/contract.js';
import { databaseAvailable, TEST_DATABASE_URLS } from '../../helpers/databases.js';
import { comparisonBody, sqliteOrders, startTestServer, tempDir, type TestServer } from './harness.js';

/** A stored comparison of a SQLite file with itself, in the workspace of `key`. */
async function storedComparison(t: TestServer, workspace = t.workspace, key = t.key): Promise<string> {
  const file = sqliteOrders(path.join(tempDir('fair'), `${randomUUID()}.db`), [[1, '1.00', 'x']]);
  const source = await t.request('POST', '/sources', { body: { name: `s-${randomUUID().slice(0, 8)}`, type: 'sqlite', path: file }, workspace, key });
  expect(source.status, source.text).toBe(201);
  const created = await t.request('POST', '/comparisons?create_only=true', { body: comparisonBody(source.json.data.id, source.json.data.id), workspace, key });
  expect(created.status, created.text).toBe(201);
  return created.json.data.id as string;
}

describe("a workspace's share of the queue", () => {
  it('answers 429 to the flooding workspace only, counts what the store holds, and queues all or none', async () => {
    // no workers: every job stays PENDING, as behind a data source that never answers
    const t = await startTestServer({ workers: 0, maxQueue: 10, workspaceMaxQueue: 3 });
    try {
      const flooder = await storedComparison(t);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await t.request('POST', `/comparisons/${flooder}/execute`)).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const refused = await t.request('POST', `/comparisons/${flooder}/execute`);
      expect(refused.headers.get('retry-after')).toBe('10');
      expect(c.errorBodySchema.parse(refused.json)).toMatchInlineSnapshot(`
        {
          "code": "workspace_queue_full",
          "detail": "Too Many Requests",
          "message": "This workspace has 3 unfinished job(s) and may have 3 in the queue, so no more fits; wait for some to finish or terminate them, then retry.",
        }
      `);

      // another workspace is still queued
      const other = randomUUID();
      const otherKey = (await t.newKey(['write'], { workspaces: [other] })).key;
      const theirs = await storedComparison(t, other, otherKey);
      expect((await t.request('POST', `/comparisons/${theirs}/execute`, { workspace: other, key: otherKey })).status).toBe(200);

      // refused means nothing stored: neither a batch nor a create-and-execute leaves a comparison behind
      const before = c.comparisonListResponseSchema.parse((await t.request('GET', '/comparisons')).json).data.total;
      const created = await storedComparisonBody(t);
      expect((await t.request('POST', '/comparisons', { body: created })).status).toBe(429);
      const batch = await t.request('POST', '/comparisons/execute_multiple', {
        body: { agent_run_id: randomUUID(), comparison_agent_configs: [1, 2].map((id) => ({ id, configuration: { ...created, name: `batch-${id}` } })) },
      });
      expect(batch.status).toBe(429);
      expect(batch.json.message).toContain('so 2 more do not fit');
      expect(c.comparisonListResponseSchema.parse((await t.request('GET', '/comparisons')).json).data.total).toBe(before);

      // the count is the store's: a terminated job frees its place at once
      const pending = c.jobListResponseSchema.parse((await t.request('GET', '/jobs/comparison')).json).data.items[0]!;
      expect((await t.request('POST', `/jobs/${pending.task_id}/terminate`)).status).toBe(200);
      expect((await t.request('POST', `/comparisons/${flooder}/execute`)).status).toBe(200);
      expect((await t.request('POST', `/comparisons/${flooder}/execute`)).status).toBe(429);
    } finally {
      await t.stop();
    }
  });

  it('holds on a PostgreSQL store shared by two servers, under concurrent executes', async (context) => {
    if (!(await databaseAvailable('postgres'))) return context.skip();
    const schema = `dc_fair_${randomUUID().slice(0, 8)}`;
    const store = { databaseUrl: TEST_DATABASE_URLS.postgres, databaseSchema: schema };
    const first = await startTestServer({ workers: 0, maxQueue: 100, workspaceMaxQueue: 5, ...store });
    const second = await startTestServer({ workers: 0, maxQueue: 100, workspaceMaxQueue: 5, ...store, dataDir: first.dataDir });
    try {
      const comparison = await storedComparison(first);
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, i) => (i % 2 === 0 ? first : second).request('POST', `/comparisons/${comparison}/execute`, { key: first.key, workspace: first.workspace })),
      );
      const counts = { 200: 0, 429: 0 } as Record<number, number>;
      for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
      expect(counts).toEqual({ 200: 5, 429: 19 });
      const listed = c.jobListResponseSchema.parse((await second.request('GET', '/jobs/comparison?status_filters=PENDING,STARTED', { key: first.key, workspace: first.workspace })).json);
      expect(listed.data.total).toBe(5);
    } finally {
      await second.stop();
      await first.stop();
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    }
  });
});

/** A create-and-execute body for a new comparison of a new SQLite source. */
async function storedComparisonBody(t: TestServer): Promise<Record<string, unknown>> {
  const file = sqliteOrders(path.join(tempDir('fair'), `${randomUUID()}.db`), [[1, '1.00', 'x']]);
  const source = (await t.request('POST', '/sources', { body: { name: `b-${randomUUID().slice(0, 8)}`, type: 'sqlite', path: file } })).json.data.id as string;
  return comparisonBody(source, source, { name: 'refused' });
}
