/**
 * Issue 43, findings 4 and 6c: no workspace, and no group of workspaces, can take what every workspace
 * shares. A workspace's unfinished jobs are counted in the store, in the transaction that queues new ones
 * (also across two servers on one PostgreSQL store): past its most its executes answer 429; and once the
 * queue is full, a workspace below its fair share of it (the queue divided among the workspaces) is still
 * admitted, while those holding their share get 429. Catalog scans and Test connection open connections
 * to the tenant's database: a few per workspace at once, the rest 429 before any connection is opened.
 */
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import * as c from '../../../src/api/contract.js';
import { runCli } from '../../../src/cli/main.js';
import { databaseAvailable, TEST_DATABASE_URLS } from '../../helpers/databases.js';
import { cliCapture, comparisonBody, sqliteOrders, startTestServer, tempDir, webSession, type TestServer } from './harness.js';

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

  it('admits a workspace below its fair share while four others fill the queue, and refuses the flooders alone', async () => {
    const t = await startTestServer({ workers: 0, maxQueue: 20, workspaceMaxQueue: 5 });
    try {
      // One key holding four workspaces floods them all; a fifth workspace has a key of its own. The keys
      // name 7 workspaces (with the first start's and the harness's): a fair share of 20 / 7 → 2 each.
      const floodWorkspaces = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      const floodKey = (await t.newKey(['write'], { workspaces: floodWorkspaces })).key;
      const flooders = await Promise.all(floodWorkspaces.map(async (workspace) => ({ workspace, key: floodKey, comparison: await storedComparison(t, workspace, floodKey) })));
      const fifthWorkspace = randomUUID();
      const fifthKey = (await t.newKey(['write'], { workspaces: [fifthWorkspace] })).key;
      const fifth = { workspace: fifthWorkspace, key: fifthKey, comparison: await storedComparison(t, fifthWorkspace, fifthKey) };
      const execute = (who: { workspace: string; key: string; comparison: string }) => t.request('POST', `/comparisons/${who.comparison}/execute`, who);

      const floods = flooders.map(() => [] as string[]);
      for (let round = 0; round < 8; round++) {
        for (const [i, flooder] of flooders.entries()) {
          const answer = await execute(flooder);
          floods[i]!.push(answer.status === 200 ? '200' : `${answer.status} ${answer.json.code}`);
        }
      }
      // each flooder: its most (5), then refused to itself; together they fill the queue of 20
      expect(floods).toEqual(flooders.map(() => [...Array(5).fill('200'), ...Array(3).fill('429 workspace_queue_full')]));
      const waiting = c.jobListResponseSchema.parse((await t.request('GET', '/jobs/comparison?status_filters=PENDING', { workspace: flooders[0]!.workspace, key: floodKey })).json);
      expect(waiting.data.total).toBe(5);

      // the fifth gets in up to its fair share, whatever the others filled; past it, it is refused (429, never 503)
      expect([(await execute(fifth)).status, (await execute(fifth)).status]).toEqual([200, 200]);
      const past = await execute(fifth);
      expect(past.status).toBe(429);
      expect(past.headers.get('retry-after')).toBe('5');
      expect(c.errorBodySchema.parse(past.json)).toMatchInlineSnapshot(`
        {
          "code": "queue_full",
          "detail": "Too Many Requests",
          "message": "The job queue is full (22 of 20 jobs waiting) and this workspace has 2 of them, its fair share being 2 (the queue divided among 7 workspaces), so no more fits; retry when some have run.",
        }
      `);
      // and the flooders stay refused
      expect((await execute(flooders[0]!)).json.code).toBe('workspace_queue_full');
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

/**
 * A TCP server that accepts connections and answers nothing while it holds (from the start, or from
 * `hold()`); `release()` hangs up on every connection, then and later. Counts how many were held at once.
 */
async function silentDatabase(holding = true): Promise<{ port: number; peak: () => number; hold(): void; release(): void; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let peak = 0;
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    if (!holding) return void socket.destroy();
    sockets.add(socket);
    peak = Math.max(peak, sockets.size);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const release = () => {
    holding = false;
    for (const socket of sockets) socket.destroy();
  };
  return {
    port: (server.address() as net.AddressInfo).port,
    peak: () => peak,
    hold: () => void (holding = true),
    release,
    close: () => {
      release();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Starts every request at once; resolves with their answers once `settled` of them have answered (the rest still running). */
async function concurrently<T>(count: number, request: () => Promise<T>, settled: number): Promise<{ answered: T[]; all: Promise<T[]> }> {
  const answered: T[] = [];
  const all = Promise.all(Array.from({ length: count }, () => request().then((answer) => (answered.push(answer), answer))));
  const deadline = Date.now() + 20_000;
  while (answered.length < settled) {
    if (Date.now() > deadline) throw new Error(`only ${answered.length} of ${count} requests answered while the first ones held the database; ${settled} were expected to`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { answered: [...answered], all };
}

describe('scans and connection tests per workspace', () => {
  const silent: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const server of silent) await server.close();
  });

  it('runs 2 of 30 concurrent scans of one workspace and answers the rest 429 before connecting', async () => {
    const database = await silentDatabase();
    silent.push(database);
    // the scans that get a place hang on the silent database until the test releases it
    const t = await startTestServer({ workers: 0, scanOnCreate: false, connectTimeoutMs: 120_000, rateLimit: { burst: 1000, perSecond: 1000 } });
    try {
      const source = await t.request('POST', '/sources', { body: { name: 'silent', type: 'postgres', url: `postgres://u:pw@127.0.0.1:${database.port}/db` } });
      expect(source.status, source.text).toBe(201);
      const scan = () => t.request('POST', `/sources/${source.json.data.id}/scan?time_limit_seconds=300`);
      const { answered, all } = await concurrently(30, scan, 28);
      expect(answered.map((answer) => answer.status)).toEqual(Array(28).fill(429));
      expect(answered[0]!.headers.get('retry-after')).toBe('5');
      expect(c.errorBodySchema.parse(answered[0]!.json)).toMatchInlineSnapshot(`
        {
          "code": "workspace_connections_busy",
          "detail": "Too Many Requests",
          "message": "This workspace already has 2 data source(s) being created, scanned or tested, the most it may have at once; retry when they finish.",
        }
      `);
      // the two admitted scans connect when they get to it (later under load); none of the refused ever does
      await vi.waitFor(() => expect(database.peak()).toBe(2), { timeout: 30_000 });
      database.release();
      expect((await all).filter((answer) => answer.status === 200)).toHaveLength(2);
      expect(database.peak()).toBe(2);
      // the places are free again once the scans ended
      expect((await scan()).status).toBe(200);
    } finally {
      await t.stop();
    }
  });

  it("counts the web page's Test connection too", async () => {
    const database = await silentDatabase();
    silent.push(database);
    const t = await startTestServer({ workers: 0, connectTimeoutMs: 120_000, scanTimeLimitMs: 300_000 });
    try {
      const { cookie, csrf } = await webSession(t.url, t.key, '/ui/sources/new');
      const test = async () => {
        const answer = await fetch(`${t.url}/ui/sources/new`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: t.url, Cookie: cookie },
          body: new URLSearchParams({ _csrf: csrf, action: 'test', name: 'silent', type: 'postgres', kind: 'url', url: `postgres://u:pw@127.0.0.1:${database.port}/db` }).toString(),
        });
        return { status: answer.status, page: await answer.text() };
      };
      const { answered, all } = await concurrently(10, test, 8);
      expect(answered.map((answer) => answer.status)).toEqual(Array(8).fill(429));
      expect(answered[0]!.page).toContain('This workspace already has 2 data source(s) being created, scanned or tested');
      // the two admitted scans connect when they get to it (later under load); none of the refused ever does
      await vi.waitFor(() => expect(database.peak()).toBe(2), { timeout: 30_000 });
      database.release();
      expect((await all).filter((answer) => answer.status === 200)).toHaveLength(2);
      expect(database.peak()).toBe(2);
    } finally {
      await t.stop();
    }
  });
});

describe('datacompare serve: the flags of fair admission', () => {
  it('takes a quarter of --max-queue as a workspace share by default, and --workspace-scans', async () => {
    // hangs up at once while the source is created (its scan fails fast), then holds the scans
    const database = await silentDatabase(false);
    const run = cliCapture();
    const dataDir = tempDir('fair-flags');
    const serving = runCli(['serve', '--port', '0', '--data-dir', dataDir, '--workers', '0', '--max-queue', '8', '--workspace-scans', '1', '--allow-path', `*=${os.tmpdir()}`, '--allow-privileged-sources'], run.io);
    try {
      const deadline = Date.now() + 20_000;
      while (!run.err().includes('DATACOMPARE_WORKSPACE_ID=')) {
        if (Date.now() > deadline) throw new Error(`the server did not start: ${run.err()}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const url = /listening on (\S+)/.exec(run.err())![1]!;
      const headers = { Authorization: `Bearer ${/DATACOMPARE_API_KEY=(\S+)/.exec(run.err())![1]!}`, 'Workspace-Id': /DATACOMPARE_WORKSPACE_ID=(\S+)/.exec(run.err())![1]!, 'Content-Type': 'application/json' };
      const post = async (route: string, body?: unknown) => {
        const answer = await fetch(`${url}${route}`, { method: 'POST', headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
        return { status: answer.status, json: (await answer.json()) as any };
      };
      const file = sqliteOrders(path.join(tempDir('fair-flags'), 'o.db'), [[1, '1.00', 'x']]);
      const source = (await post('/sources', { name: 'o', type: 'sqlite', path: file })).json.data.id as string;
      const comparison = (await post('/comparisons?create_only=true', comparisonBody(source, source))).json.data.id as string;
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await post(`/comparisons/${comparison}/execute`)).status);
      expect(statuses).toEqual([200, 200, 429]);

      const silent = (await post('/sources', { name: 'silent', type: 'postgres', url: `postgres://u:pw@127.0.0.1:${database.port}/db` })).json.data.id as string;
      database.hold();
      const { answered, all } = await concurrently(3, () => post(`/sources/${silent}/scan`), 2);
      expect(answered.map((answer) => answer.status)).toEqual([429, 429]);
      await vi.waitFor(() => expect(database.peak()).toBe(1), { timeout: 30_000 });
      database.release();
      expect((await all).map((answer) => answer.status).sort()).toEqual([200, 429, 429]);
    } finally {
      await database.close();
      run.stop();
      await serving;
    }
  });

  it('refuses a workspace share larger than the queue, and a trusted proxy that is no address', async () => {
    for (const [flags, message] of [
      [['--max-queue', '10', '--workspace-max-queue', '11'], '--workspace-max-queue 11 is more than --max-queue 10'],
      [['--trusted-proxy', 'proxy.internal'], '--trusted-proxy proxy.internal is not an address or a network.'],
    ] as const) {
      const run = cliCapture();
      expect(await runCli(['serve', '--port', '0', '--data-dir', tempDir('fair-flags-bad'), ...flags], run.io)).toBe(2);
      expect(run.err()).toContain(message);
    }
  });
});
