/**
 * Every endpoint of the API document over real HTTP against `datacompare serve`, with its state in
 * SQLite and then in PostgreSQL, comparing real SQLite files; every answer is parsed with the
 * shared contract.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as c from '../../../src/api/contract.js';
import type { ServerOptions } from '../../../src/server/app.js';
import { databaseAvailable, TEST_DATABASE_URLS } from '../../helpers/databases.js';
import { comparisonBody, sqliteOrders, startTestServer, tempDir, waitForJob, type TestServer } from './harness.js';

const hasPostgres = await databaseAvailable('postgres');
const pgSchema = `dc_server_endpoints_${randomUUID().slice(0, 8)}`;
const stores: [string, Partial<ServerOptions>][] = [
  ['SQLite store', {}],
  ...(hasPostgres ? [['PostgreSQL store', { databaseUrl: TEST_DATABASE_URLS.postgres, databaseSchema: pgSchema }] as [string, Partial<ServerOptions>]] : []),
];

let t: TestServer;
let sourceId: string;
let targetId: string;

describe.each(stores)('%s', (_store, storeOptions) => {
  beforeAll(async () => {
    t = await startTestServer({ workers: 2, ...storeOptions });
    const dir = tempDir('dbs');
    const source = sqliteOrders(path.join(dir, 'source.db'), [
      [1, '10.00', 'paid'],
      [2, '20.00', 'paid'],
      [3, '30.00', 'open'],
    ]);
    const target = sqliteOrders(path.join(dir, 'target.db'), [
      [1, '10.00', 'paid'],
      [2, '25.00', 'paid'],
      [4, '40.00', 'open'],
    ]);
    const a = await t.request('POST', '/sources', { body: { name: 'source-db', type: 'sqlite', path: source } });
    const b = await t.request('POST', '/sources', { body: { name: 'target-db', type: 'sqlite', url: `sqlite:${target}`, is_interactive: true } });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    sourceId = c.dataSourceCreateResponseSchema.parse(a.json).data.id;
    targetId = c.dataSourceCreateResponseSchema.parse(b.json).data.id;
  });

  afterAll(async () => {
    await t?.stop();
    if (storeOptions.databaseUrl) {
      const client = new pg.Client({ connectionString: storeOptions.databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${pgSchema} CASCADE`);
      await client.end();
    }
  });

  describe('operability', () => {
    it('answers /healthz and /openapi.json without a key', async () => {
      const health = await t.request('GET', '/healthz', { key: null, workspace: null });
      expect(health.status).toBe(200);
      expect(c.healthResponseSchema.parse(health.json).status).toBe('ok');
      const openapi = await t.request('GET', '/openapi.json', { key: null, workspace: null });
      expect(openapi.status).toBe(200);
      expect(Object.keys(openapi.json.paths)).toEqual(
        expect.arrayContaining(['/comparisons', '/comparisons/{comparison_id}/execute', '/comparisons/execute_multiple', '/jobs/comparison/details', '/jobs/comparison', '/jobs/comparison/{job_id}/diff-details', '/jobs/{task_id}/terminate', '/sources']),
      );
      expect(openapi.json.paths['/jobs/comparison'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining(['page', 'size', 'status_filters', 'filter', 'source_dataset_filters', 'target_dataset_filters', 'start_time', 'end_time']),
      );
    });

    it('answers an unknown route with 404 and FastAPI\'s detail', async () => {
      const answer = await t.request('GET', '/nope');
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual({ detail: 'Not Found', message: 'There is no endpoint GET /nope.', code: 'route_not_found' });
    });

    it('serves every route under /api/v1 too', async () => {
      const answer = await t.request('GET', '/api/v1/sources');
      expect(answer.status).toBe(200);
    });

    it('refuses a body over the limit with 413', async () => {
      const answer = await t.request('POST', '/jobs/comparison/details', { rawBody: `[${'1,'.repeat(600_000)}1]` });
      expect(answer.status).toBe(413);
      expect(c.errorBodySchema.parse(answer.json).code).toBe('request_too_large');
    });

    it('logs requests as JSON without the key or the query string', async () => {
      await t.request('GET', '/sources?filter=secret-filter');
      const line = JSON.stringify(t.logs);
      expect(line).not.toContain(t.key);
      expect(line).not.toContain('secret-filter');
      expect(t.logs.at(-1)).toMatchObject({ msg: 'request', method: 'GET', route: 'GET /sources', status: 200, path: '/sources' });
    });
  });

  describe('data sources (4.10)', () => {
    it('lists data sources with the fields of 2.3 and never a URL', async () => {
      const answer = await t.request('GET', '/sources?is_settings_page=true');
      expect(answer.status).toBe(200);
      const body = c.sourcesResponseSchema.parse(answer.json);
      expect(body.data).toMatchObject({ page: 1, size: 50, total: 2, pages: 1 });
      const target = body.data.items.find((item) => item.name === 'target-db')!;
      expect(target).toMatchObject({ type: 'sqlite', is_interactive: true, status: 'connected', connection: { kind: 'url' } });
      expect(target.database_version).toMatch(/\d+\.\d+/);
      expect(answer.text).not.toContain('target.db');
    });

    it('filters by name and interactive, sorts and paginates', async () => {
      const byName = c.sourcesResponseSchema.parse((await t.request('GET', '/sources?filter=TARGET')).json);
      expect(byName.data.items.map((s) => s.name)).toEqual(['target-db']);
      const interactive = c.sourcesResponseSchema.parse((await t.request('GET', '/sources?interactive=false')).json);
      expect(interactive.data.items.map((s) => s.name)).toEqual(['source-db']);
      const sorted = c.sourcesResponseSchema.parse((await t.request('GET', '/sources?sort_by=name&sort_order=asc&size=1&page=2')).json);
      expect(sorted.data).toMatchObject({ page: 2, size: 1, total: 2, pages: 2 });
      expect(sorted.data.items.map((s) => s.name)).toEqual(['target-db']);
    });

    it('refuses a second data source of the same name with 409', async () => {
      const answer = await t.request('POST', '/sources', { body: { name: 'source-db', type: 'sqlite', path: '/tmp/x.db' } });
      expect(answer.status).toBe(409);
      expect(c.errorBodySchema.parse(answer.json).code).toBe('datasource_exists');
    });

    it('stores a URL encrypted: the password is nowhere in the store file', async () => {
      const answer = await t.request('POST', '/sources', {
        body: { name: 'pg-secret', type: 'postgres', url: 'postgres://u:Sup3rS3cretPw@127.0.0.1:1/none' },
      });
      expect(answer.status).toBe(201);
      expect(answer.text).not.toContain('Sup3rS3cretPw');
      expect(c.dataSourceCreateResponseSchema.parse(answer.json).data.status).toBe('unreachable');
      const { readFileSync } = await import('node:fs');
      for (const file of ['datacompare.db', 'datacompare.db-wal']) {
        let content = '';
        try {
          content = readFileSync(path.join(t.dataDir, file), 'latin1');
        } catch {
          continue;
        }
        expect(content).not.toContain('Sup3rS3cretPw');
      }
    });
  });

  describe('comparisons (4.3) and their extra operations', () => {
    it('creates with create_only, echoing the configuration with its defaults', async () => {
      const answer = await t.request('POST', '/comparisons?create_only=true', { body: comparisonBody(sourceId, targetId) });
      expect(answer.status).toBe(201);
      const body = c.comparisonCreateResponseSchema.parse(answer.json);
      expect(body.run_id).toBeUndefined();
      expect(body.data).toMatchObject({
        name: 'orders',
        workspace_id: t.workspace,
        configuration: { case_sensitive: false, quick_comparison: false, schema_diff: false, source_columns: ['amount', 'status'] },
      });
      expect(body.data.source_dataset_id).toMatch(/^[0-9a-f-]{36}$/);
      // the dataset UUID works in place of the name
      const again = await t.request('POST', '/comparisons?create_only=true', {
        body: comparisonBody(sourceId, targetId, { source_dataset_id: body.data.source_dataset_id }),
      });
      expect(again.status).toBe(201);
      expect(again.json.data.source_dataset_id).toBe(body.data.source_dataset_id);

      const got = await t.request('GET', `/comparisons/${body.data.id}`);
      expect(c.comparisonGetResponseSchema.parse(got.json).data.id).toBe(body.data.id);
      const list = c.comparisonListResponseSchema.parse((await t.request('GET', '/comparisons?filter=ORD')).json);
      expect(list.data.total).toBeGreaterThanOrEqual(2);
      const deleted = await t.request('DELETE', `/comparisons/${again.json.data.id}`);
      expect(deleted.status).toBe(200);
      expect((await t.request('GET', `/comparisons/${again.json.data.id}`)).status).toBe(404);
    });

    it('creates and executes when create_only is false, answering the run ids', async () => {
      const answer = await t.request('POST', '/comparisons', { body: comparisonBody(sourceId, targetId, { name: 'created-and-run' }) });
      expect(answer.status).toBe(201);
      const body = c.comparisonCreateResponseSchema.parse(answer.json);
      expect(body.run_id).toBeGreaterThan(0);
      expect(body.worker_task_id).toBe(body.celery_task_id);
    });

    it('answers 404 for a data source or dataset that is not in the workspace', async () => {
      const missing = await t.request('POST', '/comparisons?create_only=true', {
        body: comparisonBody('00000000-0000-4000-8000-000000000000', targetId),
      });
      expect(missing.status).toBe(404);
      expect(missing.json.code).toBe('datasource_not_found');
      const dataset = await t.request('POST', '/comparisons?create_only=true', {
        body: comparisonBody(sourceId, targetId, { source_dataset_id: '00000000-0000-4000-8000-000000000000' }),
      });
      expect(dataset.status).toBe(404);
      expect(dataset.json.code).toBe('dataset_not_found');
    });
  });

  describe('jobs: execute, details, list, diff details, terminate', () => {
    let comparisonId: string;
    let runId: number;
    let taskId: string;

    beforeAll(async () => {
      const created = await t.request('POST', '/comparisons?create_only=true', { body: comparisonBody(sourceId, targetId, { name: 'orders-diff' }) });
      comparisonId = created.json.data.id;
      const executed = await t.request('POST', `/comparisons/${comparisonId}/execute?translation_iteration_no=2&current_event_key=evt`);
      expect(executed.status).toBe(200);
      const body = c.executeResponseSchema.parse(executed.json);
      expect(Object.keys(body).sort()).toEqual(['celery_task_id', 'message', 'run_id', 'worker_task_id']);
      runId = body.run_id;
      taskId = body.worker_task_id!;
    });

    it('runs the comparison to SUCCESS with the result of 2.5', async () => {
      const job = c.jobDetailSchema.parse(await waitForJob(t, runId));
      expect(job).toMatchObject({ run_id: runId, comparison_id: comparisonId, comparison_name: 'orders-diff', status: 'SUCCESS', failure_reason: null });
      expect(job.result).toMatchObject({ diff_status: 'MISMATCH' });
      expect(job.result!.diff_reasons.length).toBeGreaterThan(0);
      expect(job.started_at).toMatch(/Z$/);
      expect(job.finished_at).toMatch(/Z$/);
    });

    it('serves the diff details after SUCCESS: key, changed columns, every differing row', async () => {
      await waitForJob(t, runId);
      const answer = await t.request('GET', `/jobs/comparison/${runId}/diff-details`);
      expect(answer.status).toBe(200);
      const diff = c.diffDetailsResponseSchema.parse(answer.json).data;
      expect(diff.primary_key_columns).toEqual(['id']);
      expect(diff.column_mapping).toMatchObject({ amount: 'amount', status: 'status' });
      expect(diff.mismatched_columns_mapping.amount?.mismatch_count).toBe(1);
      expect(diff.diff_rows_total).toBe(3);
      expect(diff.truncated).toBe(false);
      const changed = diff.diff_rows.find((row) => String(row.id) === '2');
      expect(changed).toMatchObject({ source_amount: expect.anything(), target_amount: expect.anything() });
    });

    it('answers job details for a bare array and for {job_ids}, listing unknown ids in meta', async () => {
      const bare = c.jobDetailsResponseSchema.parse((await t.request('POST', '/jobs/comparison/details', { body: [runId, 999999] })).json);
      expect(bare.data.map((job) => job.run_id)).toEqual([runId]);
      expect(bare.meta.not_found).toEqual([999999]);
      const wrapped = await t.request('POST', '/jobs/comparison/details', { body: { job_ids: [runId] } });
      expect(wrapped.status).toBe(200);
      expect(wrapped.json.data[0].run_id).toBe(runId);
    });

    it('lists jobs with 2.4 fields, filters and meta', async () => {
      await waitForJob(t, runId);
      const answer = await t.request('GET', '/jobs/comparison?filter=orders-DIFF&status_filters=SUCCESS,FAILURE&source_dataset_filters=orders');
      expect(answer.status).toBe(200);
      const body = c.jobListResponseSchema.parse(answer.json);
      expect(body.data.items.map((job) => job.job_id)).toEqual([runId]);
      expect(body.data.items[0]).toMatchObject({
        task_id: taskId,
        status: 'SUCCESS',
        source_datasource_name: 'source-db',
        target_datasource_type: 'sqlite',
        source_dataset_name: 'orders',
        retry_count: 0,
      });
      expect(body.data.items[0]!.comparison_result_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(body.meta).toMatchObject({ status_filters: ['PENDING', 'STARTED', 'SUCCESS', 'FAILURE', 'REVOKED'], source_dataset_filters: ['orders'] });
      const none = c.jobListResponseSchema.parse((await t.request('GET', '/jobs/comparison?status_filters=REVOKED&filter=orders-diff')).json);
      expect(none.data).toMatchObject({ items: [], total: 0, pages: 0 });
      const old = c.jobListResponseSchema.parse((await t.request('GET', '/jobs/comparison?start_time=2020-01-01T00:00:00&end_time=2020-02-01T00:00:00Z')).json);
      expect(old.data.total).toBe(0);
    });

    it('pages: size 100 is fine, pages = ceil(total/size)', async () => {
      const answer = await t.request('GET', '/jobs/comparison?size=100');
      expect(answer.status).toBe(200);
      const body = c.jobListResponseSchema.parse(answer.json);
      expect(body.data.size).toBe(100);
      expect(body.data.pages).toBe(Math.ceil(body.data.total / 100));
      const one = c.jobListResponseSchema.parse((await t.request('GET', '/jobs/comparison?size=1&page=1')).json);
      expect(one.data.pages).toBe(one.data.total);
    });

    it('terminates a finished job without changing it', async () => {
      await waitForJob(t, runId);
      const answer = await t.request('POST', `/jobs/${taskId}/terminate`);
      expect(answer.status).toBe(200);
      expect(c.terminateResponseSchema.parse(answer.json)).toMatchObject({ status: 'SUCCESS', run_id: runId });
      expect(answer.json.message).toBe(`Job ${runId} had already finished with status SUCCESS; nothing was terminated.`);
    });

    it('answers 404 for an unknown task id and an unknown job', async () => {
      expect((await t.request('POST', '/jobs/no-such-task/terminate')).status).toBe(404);
      expect((await t.request('POST', '/jobs/comparison/details', { body: [9_007_199_254_740_991] })).json.meta.not_found).toEqual([9_007_199_254_740_991]);
      expect((await t.request('GET', '/jobs/comparison/999999999999/diff-details')).status).toBe(404);
      const diff = await t.request('GET', '/jobs/comparison/987654/diff-details');
      expect(diff.status).toBe(404);
      expect(c.errorBodySchema.parse(diff.json).code).toBe('job_not_found');
    });

    it('answers a retried POST with the same Idempotency-Key as the first time, without running it again', async () => {
      const idem = { 'Idempotency-Key': randomUUID() };
      const first = await t.request('POST', `/comparisons/${comparisonId}/execute`, { headers: idem });
      const again = await t.request('POST', `/comparisons/${comparisonId}/execute`, { headers: idem });
      expect(again.status).toBe(200);
      expect(again.json).toEqual(first.json);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      const other = await t.request('POST', `/comparisons/${comparisonId}/execute?enable_priority=true`, { headers: idem });
      expect(other.status).toBe(409);
      expect(other.json.code).toBe('idempotency_key_reused');
      const created = await t.request('POST', '/comparisons?create_only=true', { headers: idem, body: comparisonBody(sourceId, targetId) });
      expect(created.status).toBe(409);
      const fresh = await t.request('POST', `/comparisons/${comparisonId}/execute`, { headers: { 'Idempotency-Key': randomUUID() } });
      expect(fresh.json.run_id).not.toBe(first.json.run_id);
    });

    it('executes a batch for an agent run and maps config ids to job ids', async () => {
      const answer = await t.request('POST', '/comparisons/execute_multiple', {
        body: {
          agent_run_id: '7b0d7e58-8f35-4a38-9c59-7f3f4c3f0a11',
          comparison_agent_configs: [
            { id: 11, configuration: comparisonBody(sourceId, targetId, { name: 'batch-a' }) },
            { id: 12, configuration: comparisonBody(sourceId, sourceId, { name: 'batch-b', target_dataset_id: 'orders' }) },
          ],
        },
      });
      expect(answer.status).toBe(200);
      const body = c.executeMultipleResponseSchema.parse(answer.json);
      expect(Object.keys(body.mapped_run_ids).sort()).toEqual(['11', '12']);
      const same = await waitForJob(t, body.mapped_run_ids['12']!);
      expect(same).toMatchObject({ status: 'SUCCESS', result: { diff_status: 'MATCH' } });
    });

    it('marks a comparison the engine cannot run as FAILURE with its reason, and refuses its diff with 409', async () => {
      const created = await t.request('POST', '/comparisons', {
        body: comparisonBody(sourceId, targetId, { name: 'broken', source_dataset_id: 'no_such_table' }),
      });
      const job = await waitForJob(t, created.json.run_id);
      expect(job.status).toBe('FAILURE');
      expect(job.failure_reason).toMatch(/no_such_table/);
      expect(job.result).toBeUndefined();
      const diff = await t.request('GET', `/jobs/comparison/${created.json.run_id}/diff-details`);
      expect(diff.status).toBe(409);
      expect(diff.json).toMatchObject({ code: 'job_not_successful' });
    });
  });
});
