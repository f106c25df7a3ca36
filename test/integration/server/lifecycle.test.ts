/**
 * Graceful shutdown (a running job finishes within the grace period, or is requeued after it), and
 * comparisons on MariaDB through a data source whose URL lives in the server's environment
 * (`url_env`), with queries instead of tables and a quick (count-only) comparison.
 */
import { randomUUID } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as c from '../../../src/api/contract.js';
import { openStore } from '../../../src/server/storage/open.js';
import { databaseAvailable, TEST_DATABASE_URLS, runScoped } from '../../helpers/databases.js';
import { comparisonBody, startTestServer, tempDir, waitForJob, type TestServer } from './harness.js';

const hasPostgres = await databaseAvailable('postgres');
const hasMysql = await databaseAvailable('mysql');
const PG_DATA = 'dc_server_life';
const MY_DB = runScoped('dc_server_life');

describe.runIf(hasPostgres)('graceful shutdown', () => {
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${PG_DATA} CASCADE; CREATE SCHEMA ${PG_DATA}`);
    await admin.query(`CREATE TABLE ${PG_DATA}.orders (id int PRIMARY KEY, amount numeric(10,2))`);
    await admin.query(`INSERT INTO ${PG_DATA}.orders VALUES (1, 1.00), (2, 2.00)`);
    for (const seconds of [1, 60]) {
      await admin.query(`CREATE VIEW ${PG_DATA}.slow_${seconds} AS SELECT o.* FROM ${PG_DATA}.orders o CROSS JOIN (SELECT pg_sleep(${seconds})) s`);
    }
  });
  afterAll(async () => {
    await admin?.query(`DROP SCHEMA IF EXISTS ${PG_DATA} CASCADE`);
    await admin?.end();
  });

  async function startSlow(t: TestServer, seconds: number): Promise<number> {
    const source = (await t.request('POST', '/sources', { body: { name: 'pg', type: 'postgres', url: TEST_DATABASE_URLS.postgres } })).json.data.id;
    const body = comparisonBody(source, source, {
      source_dataset_id: `${PG_DATA}.slow_${seconds}`,
      target_dataset_id: `${PG_DATA}.orders`,
      configuration: { source_columns: ['amount'], target_columns: ['amount'], primary_keys_source: ['id'], primary_keys_target: ['id'] },
    });
    const runId = (await t.request('POST', '/comparisons', { body })).json.run_id as number;
    await waitForJob(t, runId, ['STARTED']);
    return runId;
  }

  it('lets a running job finish within the grace period', async () => {
    const dataDir = tempDir('grace-ok');
    const t = await startTestServer({ dataDir, workers: 1 });
    const runId = await startSlow(t, 1);
    await t.server.close(20_000);
    const store = await openStore({ dataDir });
    try {
      expect((await store.jobById(runId))?.status).toBe('SUCCESS');
    } finally {
      await store.close();
    }
  });

  it('requeues a job still running when the grace period ends, and stops its query', async () => {
    const dataDir = tempDir('grace-over');
    const t = await startTestServer({ dataDir, workers: 1 });
    const runId = await startSlow(t, 60);
    await t.server.close(300);
    const store = await openStore({ dataDir });
    try {
      expect(await store.jobById(runId)).toMatchObject({ status: 'PENDING', started_at: null, worker_id: null, runs: 1, message: 'Requeued: the server running it shut down.' });
    } finally {
      await store.close();
    }
    // The cancel has been sent when close() returns; the server ends the statement as it takes the signal,
    // which a loaded machine may delay a moment: gone within 10 s, not after the view's 60 s of sleep.
    await vi.waitFor(
      async () => {
        const active = await admin.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE query ILIKE '%slow_60%' AND state = 'active' AND pid <> pg_backend_pid()`);
        expect(active.rows[0].n).toBe(0);
      },
      { timeout: 10_000, interval: 100 },
    );
  });
});

describe.runIf(hasMysql)('MariaDB through url_env', () => {
  let t: TestServer;
  let source: string;
  const env = { ...process.env, DC_SERVER_TEST_MYSQL_URL: TEST_DATABASE_URLS.mysql.replace(/\/[^/]*$/, `/${MY_DB}`) };

  beforeAll(async () => {
    const connection = await mysql.createConnection(TEST_DATABASE_URLS.mysql);
    await connection.query(`DROP DATABASE IF EXISTS ${MY_DB}`);
    await connection.query(`CREATE DATABASE ${MY_DB}`);
    await connection.query(`CREATE TABLE ${MY_DB}.a (id INT PRIMARY KEY, name VARCHAR(20), amount DECIMAL(10,2))`);
    await connection.query(`CREATE TABLE ${MY_DB}.b (id INT PRIMARY KEY, name VARCHAR(20), amount DECIMAL(10,2))`);
    await connection.query(`INSERT INTO ${MY_DB}.a VALUES (1, 'x', 1.00), (2, 'y', 2.00), (3, 'z', 3.00)`);
    await connection.query(`INSERT INTO ${MY_DB}.b VALUES (1, 'X', 1.00), (2, 'y', 2.50), (3, 'z', 3.00)`);
    await connection.end();
    t = await startTestServer({ workers: 2, env, allowEnv: ['DC_SERVER_TEST_MYSQL_URL', 'DC_SERVER_TEST_UNSET_VARIABLE'] });
    const created = await t.request('POST', '/sources', { body: { name: 'maria', type: 'mariadb', url_env: 'DC_SERVER_TEST_MYSQL_URL' } });
    expect(created.status).toBe(201);
    expect(created.json.data).toMatchObject({ status: 'connected', type: 'mariadb', connection: { kind: 'url_env', url_env: 'DC_SERVER_TEST_MYSQL_URL' } });
    expect(created.json.data.database_version).toMatch(/MariaDB|\d+\.\d+/);
    source = created.json.data.id;
  });

  afterAll(async () => {
    await t?.stop();
    const connection = await mysql.createConnection(TEST_DATABASE_URLS.mysql);
    await connection.query(`DROP DATABASE IF EXISTS ${MY_DB}`);
    await connection.end();
  });

  const config = { source_columns: ['name', 'amount'], target_columns: ['name', 'amount'], primary_keys_source: ['id'], primary_keys_target: ['id'] };

  it('compares two tables case-insensitively by default, and case-sensitively when asked', async () => {
    const loose = await t.request('POST', '/comparisons', { body: comparisonBody(source, source, { source_dataset_id: 'a', target_dataset_id: 'b', configuration: config }) });
    const strict = await t.request('POST', '/comparisons', {
      body: comparisonBody(source, source, { source_dataset_id: 'a', target_dataset_id: 'b', configuration: { ...config, case_sensitive: true } }),
    });
    const [looseJob, strictJob] = await Promise.all([waitForJob(t, loose.json.run_id), waitForJob(t, strict.json.run_id)]);
    expect(looseJob.status).toBe('SUCCESS');
    expect(strictJob.status).toBe('SUCCESS');
    const looseDiff = c.diffDetailsResponseSchema.parse((await t.request('GET', `/jobs/comparison/${loose.json.run_id}/diff-details`)).json).data;
    const strictDiff = c.diffDetailsResponseSchema.parse((await t.request('GET', `/jobs/comparison/${strict.json.run_id}/diff-details`)).json).data;
    expect(looseDiff.diff_rows_total).toBe(1);
    expect(strictDiff.diff_rows_total).toBe(2);
    expect(Object.keys(strictDiff.mismatched_columns_mapping).sort()).toEqual(['amount', 'name']);
  });

  it('compares queries instead of tables (source_query overrides the dataset)', async () => {
    const answer = await t.request('POST', '/comparisons', {
      body: {
        ...comparisonBody(source, source, { configuration: { ...config, source_query: 'SELECT id, name, amount FROM a WHERE id <> 2', target_query: 'SELECT id, name, amount FROM b WHERE id <> 2' } }),
        source_dataset_id: undefined,
        target_dataset_id: undefined,
      },
    });
    expect(answer.status, answer.text).toBe(201);
    const job = await waitForJob(t, answer.json.run_id);
    expect(job).toMatchObject({ status: 'SUCCESS', result: { diff_status: 'MATCH' } });
    const list = c.jobListResponseSchema.parse((await t.request('GET', `/jobs/comparison?source_dataset_filters=query`)).json);
    expect(list.data.items.map((item) => item.job_id)).toContain(answer.json.run_id);
  });

  it('runs a quick (row count) comparison and serves an empty diff for it', async () => {
    const answer = await t.request('POST', '/comparisons', {
      body: comparisonBody(source, source, { name: `quick-${randomUUID().slice(0, 4)}`, source_dataset_id: 'a', target_dataset_id: 'b', configuration: { ...config, quick_comparison: true } }),
    });
    const job = await waitForJob(t, answer.json.run_id);
    expect(job).toMatchObject({ status: 'SUCCESS', result: { diff_status: 'MATCH' } });
    const diff = await t.request('GET', `/jobs/comparison/${answer.json.run_id}/diff-details`);
    expect(diff.status).toBe(200);
    expect(c.diffDetailsResponseSchema.parse(diff.json).data).toMatchObject({ diff_rows: [], primary_key_columns: ['id'] });
  });

  it('fails a job whose environment variable is missing, naming it', async () => {
    const created = await t.request('POST', '/sources', { body: { name: 'nowhere', type: 'postgres', url_env: 'DC_SERVER_TEST_UNSET_VARIABLE' } });
    expect(created.json.data.status).toBe('unreachable');
    const answer = await t.request('POST', '/comparisons', { body: comparisonBody(created.json.data.id, source, { source_dataset_id: 'a', target_dataset_id: 'b', configuration: config }) });
    const job = await waitForJob(t, answer.json.run_id);
    expect(job.status).toBe('FAILURE');
    expect(job.failure_reason).toBe(
      'The environment variable DC_SERVER_TEST_UNSET_VARIABLE of data source "nowhere" is not set on the server. Start the server with DC_SERVER_TEST_UNSET_VARIABLE set to the connection URL.',
    );
  });
});
