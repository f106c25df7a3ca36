/**
 * The bundled action (`node dist/index.js`) in api mode against a real `datacompare serve`, run as
 * the runner runs it: a full run equal to local mode; SIGINT (the runner's cancel) terminating the
 * jobs on the service and writing the summary within 7.5 s; and the `post` entry terminating what a
 * killed main step left running.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../../src/engine/model.js';
import { BUNDLE, makeRepo, parseOutputs, requireBundle, ROOT, type Repo } from './action-report-harness.js';
import { databaseAvailable, TEST_DATABASE_URLS } from '../helpers/databases.js';
import { ensureNap, NAP } from '../helpers/pg-nap.js';
import { startService, writeOrderDatabases, type Service } from '../integration/api-mode/service-harness.js';

interface Step {
  child: ChildProcess;
  files: { output: string; summary: string; state: string };
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

/** Starts the action's main (or, with `state`, its post) step as the runner would. */
function startStep(repo: Repo, inputs: Record<string, string>, state?: Record<string, string>): Step {
  const dir = mkdtempSync(path.join(repo.runnerTemp, 'step-'));
  const files = { output: path.join(dir, 'output'), summary: path.join(dir, 'summary.md'), state: path.join(dir, 'state') };
  for (const file of Object.values(files)) writeFileSync(file, '');
  writeFileSync(path.join(dir, 'event.json'), JSON.stringify({ repository: { full_name: 'acme/shop' } }));
  const defaults: Record<string, string> = {
    spec: '.github/data-comparisons.yml',
    comparisons: '',
    mode: 'api',
    'fail-on': 'mismatch',
    comment: 'never',
    'max-diff-rows': '100',
    'timeout-minutes': '5',
    'github-token': 'ghs_e2eTestToken0000',
  };
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    GITHUB_ACTIONS: 'true',
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_STATE: files.state,
    GITHUB_EVENT_PATH: path.join(dir, 'event.json'),
    GITHUB_EVENT_NAME: 'workflow_dispatch',
    GITHUB_REPOSITORY: 'acme/shop',
    GITHUB_WORKSPACE: repo.dir,
    RUNNER_TEMP: repo.runnerTemp,
    ...Object.fromEntries(Object.entries({ ...defaults, ...inputs }).map(([name, value]) => [`INPUT_${name.toUpperCase()}`, value])),
    ...Object.fromEntries(Object.entries(state ?? {}).map(([name, value]) => [`STATE_${name}`, value])),
  };
  const child = spawn(process.execPath, [BUNDLE], { cwd: repo.dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, files, done };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let service: Service;
let inputs: Record<string, string>;

beforeAll(async () => {
  requireBundle();
  service = await startService();
  inputs = { 'api-url': `${service.url}/api/v1`, 'api-key': service.key, 'workspace-id': service.workspaceId };
});
afterAll(async () => {
  await service?.close();
});

describe('the bundled action in api mode', () => {
  it('runs the spec on the service with the same report as local mode', async () => {
    const repo = makeRepo(`version: 1
datasources:
  shop: { type: sqlite, path: data/source.db, service: shop-sqlite }
  replica: { type: sqlite, path: data/target.db, service: replica-sqlite }
comparisons:
  - name: orders
    source: { datasource: shop, dataset: orders }
    target: { datasource: replica, dataset: orders }
    columns: [amount, status]
    primary_keys: [id]
  - name: customers
    source: { datasource: shop, dataset: customers }
    target: { datasource: replica, dataset: customers }
    columns: [name]
    primary_keys: [id]
`);
    const files = writeOrderDatabases(path.join(repo.dir, 'data'));
    await service.addSource({ name: 'shop-sqlite', type: 'sqlite', path: files.source });
    await service.addSource({ name: 'replica-sqlite', type: 'sqlite', path: files.target });

    const api = startStep(repo, { ...inputs, 'report-dir': path.join(repo.runnerTemp, 'api') });
    const apiRun = await api.done;
    const local = startStep(repo, { mode: 'local', 'report-dir': path.join(repo.runnerTemp, 'local') });
    const localRun = await local.done;

    expect(apiRun.code, apiRun.stdout + apiRun.stderr).toBe(1);
    expect(localRun.code, localRun.stdout + localRun.stderr).toBe(1);
    const apiOutputs = parseOutputs(readFileSync(api.files.output, 'utf8'));
    const localOutputs = parseOutputs(readFileSync(local.files.output, 'utf8'));
    expect(apiOutputs.status).toBe('mismatch');
    expect(apiOutputs['mismatched-comparisons']).toBe('orders');
    expect(JSON.parse(apiOutputs['run-ids']!)).toEqual([expect.any(Number), expect.any(Number)]);
    const report = (file: string) =>
      (JSON.parse(readFileSync(file, 'utf8')) as RunResult).comparisons.map((c) => ({ name: c.name, status: c.status, stats: c.stats, diff: c.diff, reasons: c.result?.diff_reasons }));
    expect(report(apiOutputs['report-json']!)).toEqual(report(localOutputs['report-json']!));
    expect(readFileSync(api.files.summary, 'utf8')).toContain('orders');
  }, 60_000);
});

describe.runIf(await databaseAvailable('postgres'))('cancelling the bundled action in api mode (PostgreSQL)', () => {
  const schema = `dc_api_action_${process.pid}`;
  let repo: Repo;

  beforeAll(async () => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
    await client.query(`CREATE TABLE ${schema}.orders (id int PRIMARY KEY, amount numeric(12,2) NOT NULL)`);
    await client.query(`INSERT INTO ${schema}.orders SELECT g, g * 1.5 FROM generate_series(1, 50) g`);
    await client.end();
    await ensureNap();
    await service.addSource({ name: 'pg-action', type: 'postgres', url: TEST_DATABASE_URLS.postgres });
    const slow = `select id, amount from ${schema}.orders cross join ${NAP}(30)`;
    const comparison = (name: string) => `  - name: ${name}
    source: { datasource: pg, query: "${slow}" }
    target: { datasource: pg, dataset: ${schema}.orders }
    columns: [amount]
    primary_keys: [id]
`;
    repo = makeRepo(`version: 1
datasources:
  pg: { type: service, service: pg-action }
comparisons:
${comparison('slow-one')}${comparison('slow-two')}`);
  });
  afterAll(async () => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });

  const runningJobs = async () => (await service.allJobs()).filter((j) => j.comparison_name.startsWith('slow-') && (j.status === 'STARTED' || j.status === 'PENDING'));

  it('SIGINT terminates the jobs on the service and writes the summary within 7.5 s', async () => {
    // fail-on never: a cancelled run still exits non-zero
    const step = startStep(repo, { ...inputs, 'fail-on': 'never' });
    const jobs = await until('two running jobs', async () => {
      const running = (await runningJobs()).filter((j) => j.status === 'STARTED');
      return running.length === 2 ? running : undefined;
    });
    const sentAt = Date.now();
    step.child.kill('SIGINT');
    const result = await step.done;
    const elapsed = Date.now() - sentAt;

    expect(elapsed).toBeLessThan(7500);
    expect(result.code, result.stdout + result.stderr).not.toBe(0);
    expect(result.stdout).toMatch(/::error::Stopped: SIGINT was received; 0 of 2 comparison\(s\) finished, the others are marked "stopped" in the job summary\. 2 unfinished service job\(s\) were terminated on the service\./);
    const summary = readFileSync(step.files.summary, 'utf8');
    expect(summary).toContain('slow-one');
    expect(summary).toMatch(/cancelled/i);
    const after = await service.allJobs();
    for (const job of jobs) expect(after.find((j) => j.job_id === job.job_id)?.status).toBe('REVOKED');
  }, 60_000);

  it('Ctrl-C in `datacompare run --mode api` terminates the jobs on the service and exits 2', async () => {
    const child = spawn(process.execPath, [path.join(ROOT, 'bin/datacompare.js'), 'run', '--mode', 'api'], {
      cwd: repo.dir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATACOMPARE_API_URL: service.url,
        DATACOMPARE_API_KEY: service.key,
        DATACOMPARE_WORKSPACE_ID: service.workspaceId,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    const before = new Set((await service.allJobs()).map((j) => j.job_id));
    const jobs = await until('two running jobs', async () => {
      const running = (await runningJobs()).filter((j) => j.status === 'STARTED' && !before.has(j.job_id));
      return running.length === 2 ? running : undefined;
    });
    child.kill('SIGINT');
    expect(await exited, stdout + stderr).toBe(2);
    expect(stderr).toContain('SIGINT: stopping the running comparisons');
    expect(stdout).toMatch(/The run was cancelled before the comparison finished; job \d+ was terminated on the service\./);
    const after = await service.allJobs();
    for (const job of jobs) expect(after.find((j) => j.job_id === job.job_id)?.status).toBe('REVOKED');
    expect(stdout + stderr).not.toContain(service.key);
  }, 60_000);

  it('the post entry terminates the jobs a killed main step left running', async () => {
    const main = startStep(repo, inputs);
    const saved = await until('the started jobs in the state file', async () => {
      const state = parseOutputs(readFileSync(main.files.state, 'utf8'));
      const jobs = state.startedJobs ? (JSON.parse(state.startedJobs) as unknown[]) : [];
      return jobs.length === 2 ? state.startedJobs : undefined;
    });
    // saved before each execute was sent: the post step finds the jobs by these alone
    const executes = parseOutputs(readFileSync(main.files.state, 'utf8')).apiExecutes!;
    expect((JSON.parse(executes) as { idempotencyKey: string }[]).map((e) => e.idempotencyKey)).toHaveLength(2);
    main.child.kill('SIGKILL');
    await main.done;
    const left = await runningJobs();
    expect(left).toHaveLength(2);

    // only what was saved before the executes were sent (as when the main step dies before their answers)
    const post = startStep(repo, inputs, { isPost: 'true', apiExecutes: executes });
    const result = await post.done;
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('datacompare: of 2 service job(s) started by the main step, 0 had finished, 2 were terminated now.');
    const after = await service.allJobs();
    for (const job of left) expect(after.find((j) => j.job_id === job.job_id)?.status).toBe('REVOKED');
    expect(saved).toBeDefined();
  }, 60_000);
});
