/**
 * What api mode guarantees under faults, against a real `datacompare serve` behind the fault proxy:
 * a verdict only from a job proven to be this run's (a lost answer while another run with the same
 * comparison name runs, on our service and on one that keeps no Idempotency-Key like the hosted
 * one), one job per logical execute (503 after the service acted, a request landing late), nothing
 * left running after a cancel with an execute in flight (single, batch, comparison_id), the post
 * step's backstop, and timeout_minutes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/api/client.js';
import type { JobListItem } from '../../../src/api/contract.js';
import type { ComparisonResult } from '../../../src/engine/model.js';
import { runApiComparisons, terminateLeftoverJobs, type ApiSettings, type ApiTuning, type PendingExecute } from '../../../src/runner/api-mode.js';
import { MemoryLogger } from '../../../src/shared/logger.js';
import { parseSpec, type LoadedSpec } from '../../../src/spec/load.js';
import { startFaultProxy, type Fault, type FaultProxy, type ProxiedRequest } from '../../helpers/fault-proxy.js';
import { startService, writeOrderDatabases, type Service } from './service-harness.js';

const TUNING: ApiTuning = { pollStartMs: 50, pollCapMs: 250, backoffBaseMs: 20, backoffCapMs: 200, requestTimeoutMs: 1000 };
const AGENT_A = '0a0a0a0a-1111-4222-8333-444455556666';
const AGENT_B = '0b0b0b0b-1111-4222-8333-444455556666';

let files: { source: string; target: string };
let service: Service;
/** workers: 0, so a job stays PENDING until terminated: "nothing left running" cannot pass by itself. */
let idle: Service;
let proxy: FaultProxy;
let idleProxy: FaultProxy;

function spec(comparisons: string): LoadedSpec {
  return parseSpec(
    `version: 1
datasources:
  shop: { type: sqlite, path: ${files.source}, service: shop-sqlite }
  replica: { type: sqlite, path: ${files.target}, service: replica-sqlite }
comparisons:
${comparisons}`,
    { file: 'spec.yml', cwd: '/', env: {} },
  );
}

/** The same comparison name: run A compares data that differs, run B data that matches. */
const differs = (name: string) => `  - name: ${name}\n    source: { datasource: shop, dataset: orders }\n    target: { datasource: replica, dataset: orders }\n    columns: [amount, status]\n    primary_keys: [id]\n`;
const matches = (name: string) => `  - name: ${name}\n    source: { datasource: shop, dataset: orders }\n    target: { datasource: shop, dataset: orders }\n    columns: [amount, status]\n    primary_keys: [id]\n`;

const apiOf = (url: string, target: Service, extra: Partial<ApiSettings> = {}): ApiSettings => ({
  url,
  key: target.key,
  workspaceId: target.workspaceId,
  timeoutMs: 60_000,
  ...extra,
});

/** A fault on the first request matching `test`, nothing else. */
function once(test: (request: ProxiedRequest) => boolean, fault: Fault): (request: ProxiedRequest) => Fault | undefined {
  let done = false;
  return (request) => {
    if (done || !test(request)) return undefined;
    done = true;
    return fault;
  };
}
const isExecute = (request: ProxiedRequest) => request.method === 'POST' && /\/execute(_multiple)?(\?|$)/.test(request.path);

async function jobsNamed(target: Service, name: string): Promise<JobListItem[]> {
  return (await target.allJobs()).filter((job) => job.comparison_name === name);
}

async function addSources(target: Service): Promise<void> {
  await target.addSource({ name: 'shop-sqlite', type: 'sqlite', path: files.source });
  await target.addSource({ name: 'replica-sqlite', type: 'sqlite', path: files.target });
}

async function storedComparison(target: Service, name: string): Promise<string> {
  const client = new ApiClient({ baseUrl: target.url, apiKey: target.key, workspaceId: target.workspaceId, logger: new MemoryLogger() });
  const [shop, replica] = await Promise.all([client.allSources('shop-sqlite'), client.allSources('replica-sqlite')]);
  const stored = await client.createComparison({
    name,
    source_datasource_id: shop[0]!.id,
    target_datasource_id: replica[0]!.id,
    source_dataset_id: 'orders',
    target_dataset_id: 'orders',
    configuration: { source_columns: ["amount", "status"], target_columns: ["amount", "status"], primary_keys_source: ["id"], primary_keys_target: ["id"], case_sensitive: false, quick_comparison: false, schema_diff: false },
  });
  return stored.id;
}

beforeAll(async () => {
  service = await startService();
  idle = await startService({ workers: 0 });
  files = writeOrderDatabases(service.dir);
  await addSources(service);
  await addSources(idle);
  proxy = await startFaultProxy(service.url);
  idleProxy = await startFaultProxy(idle.url);
});
afterAll(async () => {
  await proxy?.close();
  await idleProxy?.close();
  await service?.close();
  await idle?.close();
});

describe('a verdict only from a job proven to be this run\'s', () => {
  /** Run A's execute answer is lost; just before A's request reaches the service, run B (same name, data that matches) runs to its end. */
  async function raceWithSameName(name: string, agentRuns: boolean): Promise<{ a: ComparisonResult; b: ComparisonResult; aKey: string }> {
    let b: ComparisonResult | undefined;
    proxy.setSchedule(
      once(isExecute, {
        kind: 'hook',
        hook: async () => {
          [b] = await runApiComparisons(spec(matches(name)).definitions, { api: apiOf(service.url, service, agentRuns ? { agentRunId: AGENT_B } : {}), logger: new MemoryLogger(), tuning: TUNING });
        },
        then: { kind: 'drop-after' },
      }),
    );
    const from = proxy.log.length;
    // The hook runs b's whole comparison before a's execute goes on: a waits for it however long a loaded machine
    // takes (its answer is lost by the drop, not by a timeout).
    const [a] = await runApiComparisons(spec(differs(name)).definitions, {
      api: apiOf(`${proxy.url}/api/v1`, service, agentRuns ? { agentRunId: AGENT_A } : {}),
      logger: new MemoryLogger(),
      tuning: { ...TUNING, requestTimeoutMs: 60_000 },
    });
    proxy.setSchedule(() => undefined);
    const aKey = String(proxy.log.slice(from).find(isExecute)!.headers['idempotency-key']);
    return { a: a!, b: b!, aKey };
  }

  it('agent run: a lost answer while another run with the same comparison name finishes MATCH reports its own MISMATCH', async () => {
    const { a, b, aKey } = await raceWithSameName('shared-batch', true);
    expect(b.status).toBe('match');
    expect(a.status).toBe('mismatch');
    const jobs = await jobsNamed(service, 'shared-batch');
    expect(jobs).toHaveLength(2);
    expect(jobs.find((job) => job.job_id === a.service?.run_id)?.idempotency_key).toBe(aKey);
    expect(a.service?.run_id).not.toBe(b.service?.run_id);
  });

  it('single execute: the same race reports its own MISMATCH', async () => {
    const { a, b } = await raceWithSameName('shared-single', false);
    expect([a.status, b.status]).toEqual(['mismatch', 'match']);
    expect(await jobsNamed(service, 'shared-single')).toHaveLength(2);
  });

  it('a service that keeps no Idempotency-Key (hosted): the same race is an error that says why, never a match', async () => {
    proxy.setHosted(true);
    try {
      const { a, b } = await raceWithSameName('shared-hosted', true);
      expect(b.status).toBe('match');
      expect(a.status).toBe('error');
      expect(a.error?.message).toContain('none can be proven to be this run\'s; no verdict is reported');
      expect(a.error?.message).toContain(`job(s) ${b.service!.run_id}`);
    } finally {
      proxy.setHosted(false);
    }
  });

  it('comparison_id: a lost answer while another run executes the same stored comparison takes the job with its own key', async () => {
    const id = await storedComparison(service, 'stored-shared');
    let otherRun: number | undefined;
    proxy.setSchedule(
      once(isExecute, {
        kind: 'hook',
        hook: async () => {
          const client = new ApiClient({ baseUrl: service.url, apiKey: service.key, workspaceId: service.workspaceId, logger: new MemoryLogger() });
          otherRun = (await client.execute({ id, name: 'stored-shared' })).runId;
        },
        then: { kind: 'drop-after' },
      }),
    );
    const from = proxy.log.length;
    const [a] = await runApiComparisons(spec(`  - name: stored\n    comparison_id: ${id}\n`).definitions, { api: apiOf(`${proxy.url}/api/v1`, service), logger: new MemoryLogger(), tuning: TUNING });
    proxy.setSchedule(() => undefined);
    const key = String(proxy.log.slice(from).find(isExecute)!.headers['idempotency-key']);
    const jobs = await jobsNamed(service, 'stored-shared');
    expect(jobs).toHaveLength(2);
    expect(a!.status).toBe('mismatch');
    expect(a!.service?.run_id).not.toBe(otherRun);
    expect(jobs.find((job) => job.job_id === a!.service?.run_id)?.idempotency_key).toBe(key);
  });

  it('comparison_id on a service that keeps no key: the same race is an error, not a verdict', async () => {
    const id = await storedComparison(service, 'stored-hosted');
    proxy.setHosted(true);
    proxy.setSchedule(
      once(isExecute, {
        kind: 'hook',
        hook: async () => {
          const client = new ApiClient({ baseUrl: service.url, apiKey: service.key, workspaceId: service.workspaceId, logger: new MemoryLogger() });
          await client.execute({ id, name: 'stored-hosted' });
        },
        then: { kind: 'drop-after' },
      }),
    );
    try {
      const [a] = await runApiComparisons(spec(`  - name: stored\n    comparison_id: ${id}\n`).definitions, { api: apiOf(`${proxy.url}/api/v1`, service), logger: new MemoryLogger(), tuning: TUNING });
      expect(a!.status).toBe('error');
      expect(a!.error?.message).toContain('no verdict is reported');
    } finally {
      proxy.setHosted(false);
      proxy.setSchedule(() => undefined);
    }
  });

  it('refuses a result whose job is a run of another comparison (e.g. a restored store handing out a job id again)', async () => {
    const [other] = await runApiComparisons(spec(matches('someone-else')).definitions, { api: apiOf(service.url, service), logger: new MemoryLogger(), tuning: TUNING });
    expect(other!.status).toBe('match');
    proxy.setSchedule(once(isExecute, { kind: 'rewrite', rewrite: (body: { run_id: number }) => ({ ...body, run_id: other!.service!.run_id }) }));
    const [a] = await runApiComparisons(spec(differs('mine')).definitions, { api: apiOf(`${proxy.url}/api/v1`, service), logger: new MemoryLogger(), tuning: TUNING });
    proxy.setSchedule(() => undefined);
    expect(a!.status).toBe('error');
    expect(a!.error?.message).toMatch(/^The service reports job \d+ as a run of comparison [0-9a-f-]+ \("someone-else"\), not of comparison [0-9a-f-]+ that this run created; its result is refused for "mine"\.$/);
  });
});

describe('one logical execute → one job', () => {
  for (const [label, agentRunId] of [
    ['single', undefined],
    ['agent run', AGENT_A],
  ] as const) {
    it(`${label}: a gateway 503 after the service acted, then a request landing after the client's time limit`, async () => {
      const name = `one-job-${label.replace(' ', '-')}`;
      for (const fault of [
        { kind: 'status-after', status: 503 },
        { kind: 'slow', delayMs: 2500 },
      ] satisfies Fault[]) {
        const before = (await jobsNamed(service, name)).length;
        proxy.setSchedule(once(isExecute, fault));
        const [result] = await runApiComparisons(spec(differs(name)).definitions, {
          api: apiOf(`${proxy.url}/api/v1`, service, agentRunId ? { agentRunId } : {}),
          logger: new MemoryLogger(),
          tuning: TUNING,
        });
        // the late request has landed by now (the run polled the job to its end after it)
        await new Promise((resolve) => setTimeout(resolve, 3000 - 1000));
        proxy.setSchedule(() => undefined);
        expect(result!.status, fault.kind).toBe('mismatch');
        expect((await jobsNamed(service, name)).length - before, fault.kind).toBe(1);
      }
    }, 30_000);
  }
});

describe('one logical execute → one job on a service that keeps no Idempotency-Key', () => {
  it('single: a gateway 503 after the service acted: the new job of the comparison this run created is taken, not a second one', async () => {
    proxy.setHosted(true);
    proxy.setSchedule(once(isExecute, { kind: 'status-after', status: 503 }));
    try {
      const [result] = await runApiComparisons(spec(differs('one-job-hosted')).definitions, { api: apiOf(`${proxy.url}/api/v1`, service), logger: new MemoryLogger(), tuning: TUNING });
      expect(result!.status).toBe('mismatch');
      expect(await jobsNamed(service, 'one-job-hosted')).toHaveLength(1);
    } finally {
      proxy.setHosted(false);
      proxy.setSchedule(() => undefined);
    }
  });
});

describe('cancel leaves nothing running', () => {
  async function cancelInFlight(definitions: LoadedSpec['definitions'], agentRunId?: string): Promise<ComparisonResult[]> {
    const controller = new AbortController();
    // the execute reaches the service 1 s after the cancel
    idleProxy.setSchedule(once(isExecute, { kind: 'hook', hook: () => controller.abort(), then: { kind: 'slow', delayMs: 1000, landAnyway: true } }));
    const results = await runApiComparisons(definitions, {
      api: apiOf(`${idleProxy.url}/api/v1`, idle, agentRunId ? { agentRunId } : {}),
      logger: new MemoryLogger(),
      signal: controller.signal,
      tuning: { ...TUNING, terminateWithinMs: 8000 },
    });
    idleProxy.setSchedule(() => undefined);
    return results;
  }
  const running = async () => (await idle.allJobs()).filter((job) => job.status === 'PENDING' || job.status === 'STARTED');

  it('single, agent run and comparison_id: an execute landing after the cancel is found and terminated', async () => {
    const id = await storedComparison(idle, 'stored-cancel');
    for (const [definitions, agentRunId] of [
      [spec(differs('cancel-single')).definitions, undefined],
      [spec(differs('cancel-batch')).definitions, AGENT_A],
      [spec(`  - name: cancel-stored\n    comparison_id: ${id}\n`).definitions, undefined],
    ] as const) {
      const [result] = await cancelInFlight([...definitions], agentRunId);
      expect(result!.status).toBe('error');
      expect(result!.error?.kind).toBe('cancelled');
      expect(result!.error?.message, JSON.stringify(result)).toMatch(/job \d+ was terminated on the service/);
    }
    expect(await running()).toEqual([]);
    expect((await idle.allJobs()).filter((job) => job.status === 'REVOKED').length).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it('the post step finds the job of an execute saved before sending, terminates it, and leaves another request\'s job alone', async () => {
    const id = await storedComparison(idle, 'stored-post');
    const raw = (key: string) =>
      fetch(`${idle.url}/comparisons/${id}/execute`, {
        method: 'POST',
        headers: { authorization: `Bearer ${idle.key}`, 'workspace-id': idle.workspaceId, 'idempotency-key': key },
      }).then(async (response) => (await response.json()) as { run_id: number });
    const saved: PendingExecute = { comparisons: ['stored'], idempotencyKey: 'post-key-ours', comparisonId: id, ownComparison: false, sentAfter: new Date(Date.now() - 5000).toISOString() };
    const ours = await raw(saved.idempotencyKey);
    const theirs = await raw('post-key-theirs');
    const outcome = await terminateLeftoverJobs([], apiOf(idle.url, idle), new MemoryLogger(), { executes: [saved] });
    expect(outcome.terminated.map((job) => job.runId)).toEqual([ours.run_id]);
    const jobs = await idle.allJobs();
    expect(jobs.find((job) => job.job_id === ours.run_id)?.status).toBe('REVOKED');
    expect(jobs.find((job) => job.job_id === theirs.run_id)?.status).toBe('PENDING');
    await fetch(`${idle.url}/jobs/${jobs.find((job) => job.job_id === theirs.run_id)!.task_id}/terminate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${idle.key}`, 'workspace-id': idle.workspaceId },
    });
  });
});

describe('timeout_minutes in api mode', () => {
  it('terminates the job at the limit and reports an error naming it', async () => {
    const loaded = spec(`${differs('slow-one')}    timeout_minutes: 0.05\n`);
    const [result] = await runApiComparisons(loaded.definitions, { api: apiOf(idle.url, idle), logger: new MemoryLogger(), tuning: TUNING });
    expect(result!.status).toBe('error');
    expect(result!.error).toMatchObject({ kind: 'timeout', hint: 'Raise timeout_minutes, add a filter, or compare fewer columns.' });
    expect(result!.error?.message).toMatch(/^The comparison did not finish within its time limit \(3 s, timeout_minutes\); job \d+ was terminated on the service\.$/);
    expect((await jobsNamed(idle, 'slow-one')).map((job) => job.status)).toEqual(['REVOKED']);
  });
});
