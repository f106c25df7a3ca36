/**
 * `npm run bench:server`: 200 small comparisons submitted at once to `datacompare serve` (in-process,
 * real HTTP, SQLite store by default; `--postgres URL` for the PostgreSQL store with two server
 * processes' worth of workers sharing it). Checks that every job completes, none is lost and none
 * runs twice, and prints wall time and jobs/s.
 * Usage: npm run bench:server -- [--jobs 200] [--workers 2] [--postgres URL]
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createApiKey } from '../src/server/api-keys.js';
import { startServer, type RunningServer } from '../src/server/app.js';
import { silentLogger } from '../src/shared/logger.js';

const { values } = parseArgs({ options: { jobs: { type: 'string', default: '200' }, workers: { type: 'string', default: '2' }, postgres: { type: 'string' } } });
const JOBS = Number(values.jobs);
const WORKERS = Number(values.workers);
const dir = mkdtempSync(path.join(os.tmpdir(), 'dc-bench-server-'));
const schema = `dc_server_bench_${randomUUID().slice(0, 8)}`;

function table(file: string, rows: number, changed: number): string {
  const db = new DatabaseSync(file);
  db.exec('CREATE TABLE orders (id INTEGER PRIMARY KEY, amount NUMERIC(10,2), status TEXT)');
  const insert = db.prepare('INSERT INTO orders VALUES (?, ?, ?)');
  db.exec('BEGIN');
  for (let i = 1; i <= rows; i++) insert.run(i, i % changed === 0 ? `${i}.01` : `${i}.00`, i % 3 ? 'paid' : 'open');
  db.exec('COMMIT');
  db.close();
  return file;
}

const servers: RunningServer[] = [];
try {
  const common = {
    dataDir: dir,
    port: 0,
    workers: WORKERS,
    workspaceWorkers: WORKERS, // one workspace submits every job: let it use every worker, as before
    logger: silentLogger,
    log: () => {},
    rateLimit: { burst: 100_000, perSecond: 100_000 },
    probeConnections: false,
    pollMs: 200,
    allowPaths: [`*=${dir}`],
    ...(values.postgres ? { databaseUrl: values.postgres, databaseSchema: schema } : {}),
  };
  servers.push(await startServer(common));
  if (values.postgres) servers.push(await startServer(common)); // a second process sharing the store
  const [server] = servers as [RunningServer];
  const workspace = randomUUID();
  const { key } = await createApiKey(server.store, { name: 'bench', scopes: ['write'], workspaces: [workspace] });
  const headers = { Authorization: `Bearer ${key}`, 'Workspace-Id': workspace, 'Content-Type': 'application/json' };
  const call = async (base: string, method: string, route: string, body?: unknown): Promise<any> => {
    const response = await fetch(`${base}${route}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const source = (await call(server.url, 'POST', '/sources', { name: 'source', type: 'sqlite', path: table(path.join(dir, 's.db'), 200, 50) })).data.id;
  const target = (await call(server.url, 'POST', '/sources', { name: 'target', type: 'sqlite', path: table(path.join(dir, 't.db'), 200, 1000) })).data.id;
  const comparison = (
    await call(server.url, 'POST', '/comparisons?create_only=true', {
      name: 'bench',
      source_datasource_id: source,
      target_datasource_id: target,
      source_dataset_id: 'orders',
      target_dataset_id: 'orders',
      configuration: { source_columns: ['amount', 'status'], target_columns: ['amount', 'status'], primary_keys_source: ['id'], primary_keys_target: ['id'] },
    })
  ).data.id;

  const started = performance.now();
  const runIds: number[] = await Promise.all(
    Array.from({ length: JOBS }, (_, i) => call(servers[i % servers.length]!.url, 'POST', `/comparisons/${comparison}/execute`).then((r) => r.run_id as number)),
  );
  const submitted = performance.now();
  let statuses: Record<string, number> = {};
  for (;;) {
    const details = await call(server.url, 'POST', '/jobs/comparison/details', runIds);
    statuses = {};
    for (const job of details.data as { status: string }[]) statuses[job.status] = (statuses[job.status] ?? 0) + 1;
    if ((statuses.SUCCESS ?? 0) + (statuses.FAILURE ?? 0) + (statuses.REVOKED ?? 0) === JOBS) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const finished = performance.now();
  const jobs = await server.store.jobsByIds(workspace, runIds);
  const runTwice = jobs.filter((job) => job.runs !== 1).length;
  const mismatches = jobs.filter((job) => (job.result as { diff_status?: string } | null)?.diff_status === 'MISMATCH').length;
  const wall = (finished - started) / 1000;
  const report = {
    store: values.postgres ? 'postgres (2 servers)' : 'sqlite',
    workers_per_server: WORKERS,
    jobs: JOBS,
    distinct_run_ids: new Set(runIds).size,
    statuses,
    lost: JOBS - jobs.length,
    run_more_than_once: runTwice,
    mismatches_found: mismatches,
    submit_seconds: Number(((submitted - started) / 1000).toFixed(2)),
    wall_seconds: Number(wall.toFixed(2)),
    jobs_per_second: Number((JOBS / wall).toFixed(1)),
  };
  console.log(JSON.stringify(report, null, 2));
  const ok = report.distinct_run_ids === JOBS && report.lost === 0 && runTwice === 0 && statuses.SUCCESS === JOBS && mismatches === JOBS;
  if (!ok) {
    console.error('FAILED: some job was lost, failed, or ran twice.');
    process.exitCode = 1;
  }
} finally {
  for (const server of servers) await server.close(5000);
  if (values.postgres) {
    const client = new pg.Client({ connectionString: values.postgres });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  }
  rmSync(dir, { recursive: true, force: true });
}
