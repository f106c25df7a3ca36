/**
 * Jobs against real PostgreSQL: terminating a running comparison stops its query on the database
 * (pg_stat_activity), terminating a pending one, priority, a server killed mid-job and restarted,
 * and the PostgreSQL store shared by two servers (claims with FOR UPDATE SKIP LOCKED: every job
 * runs exactly once; a job a stopping server gives back is requeued only once its run has ended).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as c from '../../../src/api/contract.js';
import { databaseAvailable, TEST_DATABASE_URLS, runScoped } from '../../helpers/databases.js';
import { startTcpRelay } from '../../helpers/tcp-relay.js';
import { comparisonBody, sqliteOrders, startTestServer, tempDir, waitForJob, type TestServer } from './harness.js';

const hasPostgres = await databaseAvailable('postgres');
const DATA = 'dc_server_data';
const STORE = `dc_server_store_${randomUUID().slice(0, 8)}`;
const here = path.dirname(fileURLToPath(import.meta.url));
/** Data sources connect as a reader role of their own: the service refuses its store's role on its store's database. */
const READER = runScoped('dc_server_reader');
const READER_URL = (() => {
  const url = new URL(TEST_DATABASE_URLS.postgres);
  url.username = READER;
  url.password = '';
  return url.href;
})();

let admin: pg.Client;

async function activeSlowQueries(): Promise<number> {
  const result = await admin.query(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query ILIKE '%slow_orders%' AND state = 'active' AND pid <> pg_backend_pid()",
  );
  return result.rows[0].n as number;
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A PostgreSQL data source, plus a comparison of `slow_orders` (a view sleeping `seconds`) with `orders`. */
async function slowComparison(t: TestServer, seconds: number, name = 'slow'): Promise<string> {
  await admin.query(`CREATE OR REPLACE VIEW ${DATA}.slow_orders_${seconds} AS SELECT o.id, o.amount, o.status FROM ${DATA}.orders o CROSS JOIN (SELECT pg_sleep(${seconds})) AS s`);
  await admin.query(`GRANT SELECT ON ALL TABLES IN SCHEMA ${DATA} TO ${READER}`);
  let source = c.sourcesResponseSchema.parse((await t.request('GET', '/sources?filter=pg-data')).json).data.items[0]?.id;
  if (!source) {
    const created = await t.request('POST', '/sources', { body: { name: 'pg-data', type: 'postgres', url: READER_URL } });
    expect(created.status).toBe(201);
    source = created.json.data.id as string;
  }
  const answer = await t.request('POST', '/comparisons?create_only=true', {
    body: comparisonBody(source, source, { name, source_dataset_id: `${DATA}.slow_orders_${seconds}`, target_dataset_id: `${DATA}.orders` }),
  });
  expect(answer.status).toBe(201);
  return answer.json.data.id as string;
}

async function execute(t: TestServer, comparisonId: string, query = ''): Promise<c.ExecuteResponse> {
  const answer = await t.request('POST', `/comparisons/${comparisonId}/execute${query}`);
  expect(answer.status, answer.text).toBe(200);
  return c.executeResponseSchema.parse(answer.json);
}

describe.runIf(hasPostgres)('jobs on PostgreSQL', () => {
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${DATA} CASCADE; CREATE SCHEMA ${DATA}`);
    await admin.query(`CREATE TABLE ${DATA}.orders (id int PRIMARY KEY, amount numeric(10,2), status text)`);
    await admin.query(`INSERT INTO ${DATA}.orders VALUES (1, 10.00, 'paid'), (2, 20.00, 'open')`);
    await admin.query(`DO $$ BEGIN CREATE ROLE ${READER} LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$`);
    await admin.query(`GRANT USAGE ON SCHEMA ${DATA} TO ${READER}; GRANT SELECT ON ALL TABLES IN SCHEMA ${DATA} TO ${READER}`);
  });

  afterAll(async () => {
    await admin?.query(`DROP SCHEMA IF EXISTS ${DATA} CASCADE; DROP SCHEMA IF EXISTS ${STORE} CASCADE; DROP SCHEMA IF EXISTS ${STORE}_b CASCADE; DROP ROLE IF EXISTS ${READER}`);
    await admin?.end();
  });

  describe('terminate', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer({ workers: 1 });
    });
    afterAll(async () => {
      await t?.stop();
    });

    it('stops a running comparison: REVOKED, and its query is gone from pg_stat_activity', async () => {
      const comparisonId = await slowComparison(t, 60);
      const run = await execute(t, comparisonId);
      await waitForJob(t, run.run_id, ['STARTED']);
      await until(async () => (await activeSlowQueries()) > 0, 'the slow query to start');
      const answer = await t.request('POST', `/jobs/${run.worker_task_id}/terminate`);
      expect(answer.status).toBe(200);
      expect(c.terminateResponseSchema.parse(answer.json)).toMatchObject({ status: 'REVOKED', message: `Job ${run.run_id} was terminated.` });
      await until(async () => (await activeSlowQueries()) === 0, 'the slow query to stop on the database', 10_000);
      const job = await waitForJob(t, run.run_id);
      expect(job).toMatchObject({ status: 'REVOKED', failure_reason: 'Terminated on request.', time_taken: expect.any(Number) });
      expect(job.result).toBeUndefined();
      // terminal states never change: a late terminate or the worker's end leaves it REVOKED
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await waitForJob(t, run.run_id)).status).toBe('REVOKED');
      expect((await t.request('GET', `/jobs/comparison/${run.run_id}/diff-details`)).status).toBe(409);
    });

    it('revokes a pending job at once; enable_priority jumps the queue; celery_task_id terminates the running job first', async () => {
      const slow = await slowComparison(t, 60, 'blocker');
      const quick = await slowComparison(t, 0, 'quick');
      const blocker = await execute(t, slow);
      await waitForJob(t, blocker.run_id, ['STARTED']);
      const first = await execute(t, quick);
      const second = await execute(t, quick);
      const urgent = await execute(t, quick, '?enable_priority=true');
      const revoked = await t.request('POST', `/jobs/${second.worker_task_id}/terminate`);
      expect(revoked.json).toMatchObject({ status: 'REVOKED' });
      expect((await waitForJob(t, second.run_id)).status).toBe('REVOKED');
      // a new run replacing the blocker: the blocker is terminated, then the queue drains
      const replacement = await execute(t, quick, `?celery_task_id=${blocker.worker_task_id}`);
      expect((await waitForJob(t, blocker.run_id)).status).toBe('REVOKED');
      const done = await Promise.all([urgent, first, replacement].map((r) => waitForJob(t, r.run_id)));
      expect(done.map((job) => job.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS']);
      const byId = new Map((await t.server.store.jobsByIds(t.workspace, [urgent.run_id, first.run_id])).map((job) => [job.id, job]));
      const [urgentJob, firstJob] = [byId.get(urgent.run_id), byId.get(first.run_id)];
      expect(Date.parse(urgentJob!.started_at!)).toBeLessThanOrEqual(Date.parse(firstJob!.started_at!));
      expect((await waitForJob(t, second.run_id)).status).toBe('REVOKED');
    });
  });

  describe('a server killed mid-job', () => {
    it('marks the job FAILURE when the restarted server finds it (no retries left), and keeps working', async () => {
      const dataDir = tempDir('restart');
      const child: ChildProcess = spawn(process.execPath, ['--experimental-transform-types', '--no-warnings', '--import', './register-ts.mjs', 'child-server.ts', dataDir], {
        cwd: here,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      try {
        const first = await new Promise<{ url: string; key: string; workspace: string }>((resolve, reject) => {
          let text = '';
          child.stdout!.on('data', (chunk: Buffer) => {
            text += chunk.toString();
            if (text.includes('\n')) resolve(JSON.parse(text.split('\n')[0]!));
          });
          child.once('exit', (code) => reject(new Error(`child server exited with ${code}`)));
        });
        const call = (method: string, route: string, body?: unknown) =>
          fetch(`${first.url}${route}`, {
            method,
            headers: { Authorization: `Bearer ${first.key}`, 'Workspace-Id': first.workspace, 'Content-Type': 'application/json' },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          }).then((r) => r.json() as Promise<any>);
        await admin.query(`CREATE OR REPLACE VIEW ${DATA}.slow_orders_5 AS SELECT o.id, o.amount, o.status FROM ${DATA}.orders o CROSS JOIN (SELECT pg_sleep(5)) AS s`);
        await admin.query(`GRANT SELECT ON ALL TABLES IN SCHEMA ${DATA} TO ${READER}`);
        const source = (await call('POST', '/sources', { name: 'pg', type: 'postgres', url: READER_URL })).data.id;
        const created = await call('POST', '/comparisons', comparisonBody(source, source, { source_dataset_id: `${DATA}.slow_orders_5`, target_dataset_id: `${DATA}.orders` }));
        await until(async () => (await call('POST', '/jobs/comparison/details', [created.run_id])).data[0].status === 'STARTED', 'the job to start');
        child.kill('SIGKILL');
        await new Promise((resolve) => child.once('exit', resolve));

        const t = await startTestServer({ dataDir, workers: 1, maxRetries: 0 });
        try {
          const [job] = await t.server.store.jobsByIds(first.workspace, [created.run_id]);
          expect(job).toMatchObject({ status: 'FAILURE', retry_count: 0 });
          expect(job!.failure_reason).toBe('The worker running this job stopped (server restart or crash) and no retries are left.');
          const again = await t.request('POST', `/comparisons/${created.data.id}/execute`, { key: first.key, workspace: first.workspace });
          expect(again.status).toBe(200);
        } finally {
          await t.stop();
        }
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    });

    it('retries a job whose lease expired and counts the retry', async () => {
      const t = await startTestServer({ workers: 0, databaseUrl: TEST_DATABASE_URLS.postgres, databaseSchema: `${STORE}_b` });
      try {
        const comparisonId = await slowComparison(t, 0, 'orphan');
        const run = await execute(t, comparisonId);
        // a worker of a vanished process claimed it and never renewed its lease
        const past = new Date(Date.now() - 60_000).toISOString();
        expect((await t.server.store.claimNext('dead-host:1:x:0', past, past))?.id).toBe(run.run_id);
        expect(await t.server.store.reapExpired(new Date().toISOString(), 1)).toBe(1);
        const [job] = await t.server.store.jobsByIds(t.workspace, [run.run_id]);
        expect(job).toMatchObject({ status: 'PENDING', retry_count: 1, runs: 1 });
        // a live server picks it up again
        const worker = await startTestServer({ workers: 1, databaseUrl: TEST_DATABASE_URLS.postgres, databaseSchema: `${STORE}_b`, dataDir: t.dataDir });
        try {
          const done = await waitForJob(t, run.run_id);
          expect(done).toMatchObject({ status: 'SUCCESS', retry_count: 1 });
        } finally {
          await worker.stop();
        }
      } finally {
        await t.stop();
      }
    });
  });

  describe('PostgreSQL store shared by two servers', () => {
    it('runs every job exactly once, spread over both servers', async () => {
      const a = await startTestServer({ workers: 2, databaseUrl: TEST_DATABASE_URLS.postgres, databaseSchema: STORE });
      const b = await startTestServer({ workers: 2, databaseUrl: TEST_DATABASE_URLS.postgres, databaseSchema: STORE, dataDir: a.dataDir });
      try {
        const file = sqliteOrders(path.join(tempDir('shared'), 'o.db'), [[1, '1.00', 'a'], [2, '2.00', 'b']]);
        const source = (await a.request('POST', '/sources', { body: { name: 'lite', type: 'sqlite', path: file } })).json.data.id;
        const comparisonId = (await a.request('POST', '/comparisons?create_only=true', { body: comparisonBody(source, source) })).json.data.id;
        const runs: number[] = [];
        for (let i = 0; i < 30; i++) {
          const answer = await (i % 2 ? a : b).request('POST', `/comparisons/${comparisonId}/execute`, { key: a.key, workspace: a.workspace });
          runs.push(c.executeResponseSchema.parse(answer.json).run_id);
        }
        for (const id of runs) expect((await waitForJob(a, id)).status).toBe('SUCCESS');
        const jobs = await a.server.store.jobsByIds(a.workspace, runs);
        expect(jobs.map((job) => job.runs)).toEqual(runs.map(() => 1));
        const processes = new Set(jobs.map((job) => job.worker_id!.split(':').slice(0, 3).join(':')));
        expect(processes.size).toBe(2);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    });

    it('requeues the job of a server shutting down only once its run has ended, never while its query is still held', async () => {
      // The data source is reached through a relay that stops answering: the run's cancel cannot get
      // through, so its run ends only when its connections are destroyed (the engine's bound, 3 s).
      const relay = await startTcpRelay(READER_URL, 5432);
      const a = await startTestServer({ workers: 1, databaseUrl: TEST_DATABASE_URLS.postgres, databaseSchema: STORE });
      // shares the store, and only watches (no workers)
      const b = await startTestServer({ workers: 0, databaseUrl: TEST_DATABASE_URLS.postgres, databaseSchema: STORE, dataDir: a.dataDir });
      try {
        await admin.query(`CREATE OR REPLACE VIEW ${DATA}.slow_orders_60 AS SELECT o.id, o.amount, o.status FROM ${DATA}.orders o CROSS JOIN (SELECT pg_sleep(60)) AS s`);
        await admin.query(`GRANT SELECT ON ALL TABLES IN SCHEMA ${DATA} TO ${READER}`);
        const source = await a.request('POST', '/sources', { body: { name: 'relayed', type: 'postgres', url: relay.url } });
        expect(source.status, source.text).toBe(201);
        const created = await a.request('POST', '/comparisons', {
          body: comparisonBody(source.json.data.id, source.json.data.id, { source_dataset_id: `${DATA}.slow_orders_60`, target_dataset_id: `${DATA}.orders` }),
        });
        const runId = created.json.run_id as number;
        await waitForJob(a, runId, ['STARTED']);
        await until(async () => (await activeSlowQueries()) > 0, 'the slow query to start');
        relay.freeze();
        // the connection running the slow query
        expect(relay.openAwaitingAnswer()).toBe(1);

        const closing = a.server.close(0); // no grace: the run is aborted at once
        let openWhenRequeued: number | undefined;
        await until(async () => {
          const job = c.jobDetailsResponseSchema.parse((await b.request('POST', '/jobs/comparison/details', { body: [runId], key: a.key, workspace: a.workspace })).json).data[0];
          if (job?.status !== 'PENDING') return false;
          openWhenRequeued = relay.openAwaitingAnswer();
          return true;
        }, 'the job to be requeued');
        await closing;
        // Requeued (another server may claim it now) only after the old run's query connection was closed.
        expect(openWhenRequeued).toBe(0);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
        await relay.close();
        // the frozen network never passed the cancel on: end the query this test started
        await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query ILIKE '%slow_orders_60%' AND pid <> pg_backend_pid()`);
      }
    });
  });
});
