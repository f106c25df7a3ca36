/**
 * api mode against a real `datacompare serve` over HTTP, on real SQLite files (and PostgreSQL for
 * the long-running jobs): the results equal local mode's for the same spec.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { ApiClient } from '../../../src/api/client.js';
import type { ComparisonResult } from '../../../src/engine/model.js';
import { runApiComparisons, type ApiSettings, type StartedJob } from '../../../src/runner/api-mode.js';
import { runSpec } from '../../../src/runner/run-spec.js';
import { MemoryLogger } from '../../../src/shared/logger.js';
import { parseSpec, type LoadedSpec } from '../../../src/spec/load.js';
import { databaseAvailable, TEST_DATABASE_URLS, runScoped } from '../../helpers/databases.js';
import { ensureNap, NAP } from '../../helpers/pg-nap.js';
import { startService, writeOrderDatabases, type Service } from './service-harness.js';

const FAST = { pollStartMs: 50, pollCapMs: 250, backoffBaseMs: 20, backoffCapMs: 200 };

function spec(files: { source: string; target: string }, comparisons: string): LoadedSpec {
  const text = `version: 1
datasources:
  shop:
    type: sqlite
    path: ${files.source}
    service: shop-sqlite
  replica:
    type: sqlite
    path: ${files.target}
    service: replica-sqlite
comparisons:
${comparisons}`;
  return parseSpec(text, { file: 'spec.yml', cwd: '/', env: {} });
}

const ORDERS = `  - name: orders
    source: { datasource: shop, dataset: orders }
    target: { datasource: replica, dataset: orders }
    columns: [amount, status]
    primary_keys: [id]
  - name: customers
    source: { datasource: shop, dataset: customers }
    target: { datasource: replica, dataset: customers }
    columns: [name]
    primary_keys: [id]
  - name: early-orders
    source: { datasource: shop, dataset: orders, filter: "id <= 2" }
    target: { datasource: replica, dataset: orders, filter: "id <= 2" }
    columns: [amount, status]
    primary_keys: [id]
  - name: orders-count
    source: { datasource: shop, dataset: orders }
    target: { datasource: replica, dataset: orders }
    columns: [amount, status]
    primary_keys: [id]
    quick_comparison: true
  - name: orders-schema
    source: { datasource: shop, dataset: orders }
    target: { datasource: replica, dataset: orders }
    columns: [status]
    primary_keys: [id]
    schema_diff: true
  - name: orders-by-query
    source: { datasource: shop, query: "select id, amount, status from orders where id > 10" }
    target: { datasource: replica, query: "select id, amount, status from orders where id > 10" }
    columns: [amount, status]
    primary_keys: [id]
    case_sensitive: true
`;

/** What must be equal between local and api mode. */
function essence(result: ComparisonResult) {
  const rows = [...(result.diff?.diff_rows ?? [])].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return {
    name: result.name,
    status: result.status,
    diff_status: result.result?.diff_status,
    diff_reasons: result.result?.diff_reasons,
    stats: result.stats,
    mismatched: result.diff?.mismatched_columns_mapping,
    diff_rows_total: result.diff?.diff_rows_total,
    rows,
    error: result.error?.kind,
    schema_diff: result.schema_diff,
  };
}

let service: Service;
let files: { source: string; target: string };
let api: ApiSettings;

beforeAll(async () => {
  service = await startService();
  files = writeOrderDatabases(service.dir);
  await service.addSource({ name: 'shop-sqlite', type: 'sqlite', path: files.source });
  await service.addSource({ name: 'replica-sqlite', type: 'sqlite', path: files.target });
  api = { url: `${service.url}/api/v1`, key: service.key, workspaceId: service.workspaceId, timeoutMs: 60_000 };
});
afterAll(async () => {
  await service?.close();
});

describe('api mode against datacompare serve', () => {
  it('creates and executes each comparison, with results equal to local mode', async () => {
    const loaded = spec(files, ORDERS);
    const started: StartedJob[][] = [];
    const logger = new MemoryLogger();
    const apiResults = await runApiComparisons(loaded.definitions, { api, logger, tuning: FAST, onJobsStarted: (jobs) => started.push(jobs) });
    const local = await runSpec({ loaded, mode: 'local', logger: new MemoryLogger() });

    expect(apiResults.map(essence)).toEqual(local.comparisons.map(essence));
    // orders-by-query (id > 10) still sees order 21, which only the target has
    expect(apiResults.map((r) => r.status)).toEqual(['mismatch', 'match', 'match', 'match', 'mismatch', 'mismatch']);
    expect(apiResults[3]!.diff).toBeUndefined(); // quick comparison: counts only, as in local mode
    expect(apiResults[4]!.schema_diff?.only_in_target.map((c) => c.name)).toEqual(['note']);
    const orders = apiResults[0]!;
    // order 12 differs only by case: equal unless case_sensitive
    expect(orders.stats).toMatchObject({ source_rows: 20, target_rows: 20, only_in_source: 1, only_in_target: 1, mismatched_rows: 1 });
    expect(apiResults[5]!.stats).toMatchObject({ mismatched_rows: 1, only_in_target: 1 });
    expect(orders.plan?.kind).toBe('service');
    expect(orders.service).toMatchObject({ run_id: expect.any(Number), task_id: expect.any(String), comparison_id: expect.any(String) });
    // every job reported for the post step, with its task id
    expect(started.at(-1)!.map((job) => job.comparison).sort()).toEqual(['customers', 'early-orders', 'orders', 'orders-by-query', 'orders-count', 'orders-schema']);
    expect(logger.text('warning')).toBe('');
  });

  it('executes an existing comparison by its id', async () => {
    const client = new ApiClient({ baseUrl: service.url, apiKey: service.key, workspaceId: service.workspaceId, logger: new MemoryLogger() });
    const [shop, replica] = await Promise.all([client.allSources('shop-sqlite'), client.allSources('replica-sqlite')]);
    const stored = await client.createComparison({
      name: 'stored orders',
      source_datasource_id: shop[0]!.id,
      target_datasource_id: replica[0]!.id,
      source_dataset_id: 'orders',
      target_dataset_id: 'orders',
      configuration: {
        source_columns: ['amount', 'status'],
        target_columns: ['amount', 'status'],
        primary_keys_source: ['id'],
        primary_keys_target: ['id'],
        case_sensitive: false,
        quick_comparison: false,
        schema_diff: false,
      },
    });
    const loaded = spec(files, `  - name: stored\n    comparison_id: ${stored.id}\n`);
    const [result] = await runApiComparisons(loaded.definitions, { api, logger: new MemoryLogger(), tuning: FAST });
    expect(result).toMatchObject({ name: 'stored', status: 'mismatch', service: { comparison_id: stored.id } });
    const local = await runSpec({ loaded: spec(files, ORDERS), only: ['orders'], mode: 'local', logger: new MemoryLogger() });
    expect({ ...essence(result!), name: 'orders' }).toEqual(essence(local.comparisons[0]!));
  });

  it('submits an agent run as one execute_multiple batch and maps each result back', async () => {
    const loaded = spec(files, ORDERS);
    const before = new Set((await service.allJobs()).map((job) => job.job_id));
    const results = await runApiComparisons(loaded.definitions, {
      api: { ...api, agentRunId: '3f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0' },
      logger: new MemoryLogger(),
      tuning: FAST,
    });
    expect(results.map((r) => [r.name, r.status])).toEqual([
      ['orders', 'mismatch'],
      ['customers', 'match'],
      ['early-orders', 'match'],
      ['orders-count', 'match'],
      ['orders-schema', 'mismatch'],
      ['orders-by-query', 'mismatch'],
    ]);
    const jobs = (await service.allJobs()).filter((job) => !before.has(job.job_id));
    expect(jobs.map((job) => job.comparison_name).sort()).toEqual(['customers', 'early-orders', 'orders', 'orders-by-query', 'orders-count', 'orders-schema']);
    for (const result of results) {
      expect(jobs.find((job) => job.job_id === result.service?.run_id)?.comparison_name).toBe(result.name);
    }
  });

  it('shows the failure reason of a failing job', async () => {
    const loaded = spec(
      files,
      `  - name: missing-table
    source: { datasource: shop, dataset: no_such_table }
    target: { datasource: replica, dataset: orders }
    columns: [amount]
    primary_keys: [id]
`,
    );
    const [result] = await runApiComparisons(loaded.definitions, { api, logger: new MemoryLogger(), tuning: FAST });
    expect(result).toMatchObject({ status: 'error', error: { kind: 'service' } });
    expect(result!.error!.message).toMatch(/^The service job \d+ failed: .*no_such_table/);
  });

  it('refuses a data source the service does not have, listing what it has', async () => {
    const loaded = parseSpec(
      `version: 1
datasources:
  x: { type: service, service: warehouse }
  shop: { type: sqlite, path: ${files.source}, service: shop-sqlite }
comparisons:
  - name: nowhere
    source: { datasource: x, dataset: orders }
    target: { datasource: shop, dataset: orders }
    columns: [amount]
    primary_keys: [id]
`,
      { file: 'spec.yml', cwd: '/', env: {} },
    );
    const [result] = await runApiComparisons(loaded.definitions, { api, logger: new MemoryLogger(), tuning: FAST });
    expect(result!.error).toMatchObject({ kind: 'configuration' });
    expect(result!.error!.message).toMatchInlineSnapshot(`"The service has no data source named "warehouse"; it has: "replica-sqlite", "shop-sqlite"."`);
  });

  it('turns a wrong key into one clear sentence for the whole run, without the key', async () => {
    const loaded = spec(files, ORDERS);
    const error = (await runApiComparisons(loaded.definitions, { api: { ...api, key: 'dc_wrong_key_123456' }, logger: new MemoryLogger(), tuning: FAST }).then(
      () => undefined,
      (e: unknown) => e,
    )) as Error & { hint?: string };
    expect(error.message).toMatch(/^GET \/jobs\/comparison failed with HTTP 401 Unauthorized from http:\/\/127\.0\.0\.1:\d+\/api\/v1: /);
    expect(error.hint).toContain('Workspace-Id');
    expect(`${error.message} ${error.hint}`).not.toContain('dc_wrong_key_123456');
  });

  it('checks the workspace id before sending anything, naming the setting to fix and never echoing it', async () => {
    const loaded = spec(files, ORDERS);
    const pasted = 'dck_secretlooking_value';
    await expect(
      runApiComparisons(loaded.definitions, { api: { ...api, workspaceId: pasted, workspaceSetting: 'the workspace-id input' }, logger: new MemoryLogger(), tuning: FAST }),
    ).rejects.toMatchObject({
      kind: 'configuration',
      message: 'The workspace id (23 characters) is not a UUID like 0f8c2d1e-3b4a-4c5d-8e6f-7a8b9c0d1e2f.',
      hint: "Set the workspace-id input to the workspace's id as the service shows it (the API key goes in its own setting).",
    });
  });
});

describe.runIf(await databaseAvailable('postgres'))('api mode: stopping long jobs (PostgreSQL)', () => {
  const schema = `dc_api_${process.pid}`;
  let slowSpec: LoadedSpec;

  beforeAll(async () => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
    await client.query(`CREATE TABLE ${schema}.orders (id int PRIMARY KEY, amount numeric(12,2) NOT NULL)`);
    await client.query(`INSERT INTO ${schema}.orders SELECT g, g * 1.5 FROM generate_series(1, 50) g`);
    await client.end();
    await ensureNap();
    await service.addSource({ name: 'pg-slow', type: 'postgres', url: TEST_DATABASE_URLS.postgres });
    const slow = `select id, amount from ${schema}.orders cross join ${NAP}(20)`;
    slowSpec = parseSpec(
      `version: 1
datasources:
  pg: { type: postgres, url: "${TEST_DATABASE_URLS.postgres}", service: pg-slow }
comparisons:
  - name: slow-a
    source: { datasource: pg, query: "${slow}" }
    target: { datasource: pg, dataset: ${schema}.orders }
    columns: [amount]
    primary_keys: [id]
  - name: slow-b
    source: { datasource: pg, query: "${slow}" }
    target: { datasource: pg, dataset: ${schema}.orders }
    columns: [amount]
    primary_keys: [id]
`,
      { file: 'spec.yml', cwd: '/', env: {} },
    );
  });
  afterAll(async () => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });

  it('terminates every unfinished job on the service when the run is cancelled', async () => {
    const controller = new AbortController();
    let jobs: StartedJob[] = [];
    const running = runApiComparisons(slowSpec.definitions, {
      api,
      logger: new MemoryLogger(),
      signal: controller.signal,
      tuning: FAST,
      onJobsStarted: (started) => {
        jobs = started;
        if (started.length === 2) setTimeout(() => controller.abort(new Error('SIGINT')), 300);
      },
    });
    const results = await running;
    expect(results.map((r) => r.error?.kind)).toEqual(['cancelled', 'cancelled']);
    expect(results[0]!.error!.message).toMatch(/^The run was cancelled before the comparison finished; job \d+ was terminated on the service\.$/);
    const onServer = await service.allJobs();
    for (const job of jobs) expect(onServer.find((j) => j.job_id === job.runId)?.status).toBe('REVOKED');
  });

  it('terminates the jobs and fails clearly when the run exceeds its time limit', async () => {
    const results = await runApiComparisons(slowSpec.definitions.slice(0, 1), { api: { ...api, timeoutMs: 1500 }, logger: new MemoryLogger(), tuning: FAST });
    expect(results[0]!.error).toMatchObject({ kind: 'timeout' });
    expect(results[0]!.error!.message).toMatch(/^The comparison did not finish within 1\.5 s \(timeout-minutes\); job \d+ was terminated on the service\.$/);
    const job = (await service.allJobs()).find((j) => j.job_id === results[0]!.service?.run_id);
    expect(job?.status).toBe('REVOKED');
  });
});

describe.runIf((await databaseAvailable('postgres')) && (await databaseAvailable('mysql')))('api mode across PostgreSQL and MariaDB', () => {
  const name = runScoped('dc_api_x');

  beforeAll(async () => {
    const pgClient = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
    await pgClient.connect();
    await pgClient.query(`DROP SCHEMA IF EXISTS ${name} CASCADE; CREATE SCHEMA ${name}`);
    await pgClient.query(`CREATE TABLE ${name}.orders (id int PRIMARY KEY, amount numeric(12,2) NOT NULL, note text, placed date)`);
    await pgClient.query(`INSERT INTO ${name}.orders SELECT g, g * 1.25, CASE WHEN g % 7 = 0 THEN NULL ELSE 'n' || g END, DATE '2026-01-01' + g FROM generate_series(1, 200) g`);
    await pgClient.end();
    const my = await mysql.createConnection(TEST_DATABASE_URLS.mysql);
    await my.query(`DROP DATABASE IF EXISTS ${name}`);
    await my.query(`CREATE DATABASE ${name}`);
    await my.query(`CREATE TABLE ${name}.orders (id int PRIMARY KEY, amount decimal(12,2) NOT NULL, note text, placed date)`);
    const rows = Array.from({ length: 200 }, (_, i) => i + 1)
      .filter((g) => g !== 50) // only in PostgreSQL
      .map((g) => [g, g === 10 ? 99.99 : g * 1.25, g % 7 === 0 ? (g === 14 ? 'filled' : null) : `n${g}`, new Date(Date.UTC(2026, 0, 1 + g)).toISOString().slice(0, 10)]);
    rows.push([201, 1, 'extra', '2026-09-01']);
    await my.query(`INSERT INTO ${name}.orders (id, amount, note, placed) VALUES ?`, [rows]);
    await my.end();
    await service.addSource({ name: 'pg-x', type: 'postgres', url: TEST_DATABASE_URLS.postgres });
    await service.addSource({ name: 'maria-x', type: 'mariadb', url: TEST_DATABASE_URLS.mysql });
  });
  afterAll(async () => {
    const pgClient = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
    await pgClient.connect();
    await pgClient.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
    await pgClient.end();
    const my = await mysql.createConnection(TEST_DATABASE_URLS.mysql);
    await my.query(`DROP DATABASE IF EXISTS ${name}`);
    await my.end();
  });

  it('compares a PostgreSQL table with a MariaDB table exactly as local mode does', async () => {
    const loaded = parseSpec(
      `version: 1
datasources:
  pgx: { type: postgres, url: "${TEST_DATABASE_URLS.postgres}", service: pg-x }
  mariax: { type: mariadb, url: "${TEST_DATABASE_URLS.mysql}", service: maria-x }
comparisons:
  - name: pg-vs-maria
    source: { datasource: pgx, dataset: ${name}.orders }
    target: { datasource: mariax, dataset: ${name}.orders }
    columns: [amount, note, placed]
    primary_keys: [id]
  - name: pg-vs-maria-within-thresholds
    source: { datasource: pgx, dataset: ${name}.orders }
    target: { datasource: mariax, dataset: ${name}.orders }
    columns: [amount, note, placed]
    primary_keys: [id]
    thresholds: { max_mismatched_rows: 5 }
`,
      { file: 'spec.yml', cwd: '/', env: {} },
    );
    const apiResults = await runApiComparisons(loaded.definitions, { api, logger: new MemoryLogger(), tuning: FAST });
    const local = await runSpec({ loaded, mode: 'local', logger: new MemoryLogger() });
    expect(apiResults.map(essence)).toEqual(local.comparisons.map(essence));
    expect(apiResults[0]).toMatchObject({ status: 'mismatch', stats: { mismatched_rows: 2, only_in_source: 1, only_in_target: 1 } });
    expect(apiResults[1]).toMatchObject({ status: 'match', within_thresholds: true });
  });
});
