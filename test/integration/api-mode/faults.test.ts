/**
 * api mode through a fault-injecting proxy in front of a real `datacompare serve`: 429 with
 * Retry-After, 503, connections dropped before the server saw the request, answers lost after the
 * server acted (including execute's), slow requests and answers, some slower than the request time limit.
 * Every logical call meets one fault (its first attempt; a retry passes), so every comparison must
 * still complete with the same result as without faults, no job may run twice, none stay running.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComparisonResult } from '../../../src/engine/model.js';
import { runApiComparisons, type ApiSettings, type ApiTuning } from '../../../src/runner/api-mode.js';
import { runSpec } from '../../../src/runner/run-spec.js';
import { MemoryLogger } from '../../../src/shared/logger.js';
import { parseSpec, type LoadedSpec } from '../../../src/spec/load.js';
import { startFaultProxy, type Fault, type FaultProxy, type ProxiedRequest } from '../../helpers/fault-proxy.js';
import { startService, writeOrderDatabases, type Service } from './service-harness.js';

const REQUEST_TIMEOUT_MS = 1500;
const TUNING: ApiTuning = { pollStartMs: 50, pollCapMs: 300, backoffBaseMs: 20, backoffCapMs: 300, requestTimeoutMs: REQUEST_TIMEOUT_MS };

/** The faults, in rotation. */
const ROTATION: Fault[] = [
  { kind: 'status', status: 429, retryAfter: '1' },
  { kind: 'status', status: 503 },
  { kind: 'drop-before' },
  { kind: 'drop-after' },
  { kind: 'slow', delayMs: 300 },
  { kind: 'status', status: 502 },
  { kind: 'slow', delayMs: REQUEST_TIMEOUT_MS + 1000 },
  { kind: 'slow-answer', delayMs: REQUEST_TIMEOUT_MS + 500 },
];

/**
 * The first attempt of every logical call gets a fault; its retry passes. A call is recognised by
 * its Idempotency-Key (POSTs keep theirs across retries) or, for GETs, by its URL. Executes get a
 * "lost answer" (the server ran it, the client never heard) every other time.
 */
function oneFaultPerCall(): (request: ProxiedRequest) => Fault | undefined {
  const seen = new Set<string>();
  let next = 0;
  let executes = 0;
  return (request) => {
    const key = `${request.method} ${String(request.headers['idempotency-key'] ?? request.path)}`;
    if (seen.has(key)) return undefined;
    seen.add(key);
    if (request.path.endsWith('/execute') && executes++ % 3 === 0) return { kind: 'drop-after' };
    return ROTATION[next++ % ROTATION.length];
  };
}

function comparisons(n: number): string {
  return Array.from(
    { length: n },
    (_, i) => `  - name: orders-${i + 1}
    source: { datasource: shop, dataset: orders, filter: "id <= ${i * 3 + 3}" }
    target: { datasource: replica, dataset: orders, filter: "id <= ${i * 3 + 3}" }
    columns: [amount, status]
    primary_keys: [id]
`,
  ).join('');
}

function essence(result: ComparisonResult) {
  return { name: result.name, status: result.status, stats: result.stats, rows: result.diff?.diff_rows, error: result.error?.message };
}

let service: Service;
let proxy: FaultProxy;
let loaded: LoadedSpec;
let api: ApiSettings;

beforeAll(async () => {
  service = await startService();
  const files = writeOrderDatabases(service.dir);
  await service.addSource({ name: 'shop-sqlite', type: 'sqlite', path: files.source });
  await service.addSource({ name: 'replica-sqlite', type: 'sqlite', path: files.target });
  loaded = parseSpec(
    `version: 1
datasources:
  shop: { type: sqlite, path: ${files.source}, service: shop-sqlite }
  replica: { type: sqlite, path: ${files.target}, service: replica-sqlite }
comparisons:
${comparisons(8)}`,
    { file: 'spec.yml', cwd: '/', env: {} },
  );
  proxy = await startFaultProxy(service.url);
  api = { url: `${proxy.url}/api/v1`, key: service.key, workspaceId: service.workspaceId, timeoutMs: 120_000 };
});
afterAll(async () => {
  await proxy?.close();
  await service?.close();
});

describe('api mode through a faulty network', () => {
  it('polls every running job in one details call per tick', async () => {
    proxy.setSchedule(() => undefined);
    const from = proxy.log.length;
    const results = await runApiComparisons(loaded.definitions, { api, logger: new MemoryLogger(), tuning: TUNING });
    const polls = proxy.log.slice(from).filter((r) => r.method === 'POST' && r.path.endsWith('/jobs/comparison/details'));
    const runIds = results.map((r) => r.service!.run_id!).sort((a, b) => a - b);
    expect((JSON.parse(polls[0]!.body) as number[]).sort((a, b) => a - b)).toEqual(runIds);
    // later ticks ask only for the jobs still running
    for (const [i, poll] of polls.entries()) {
      if (i > 0) expect((JSON.parse(poll.body) as number[]).length).toBeLessThanOrEqual((JSON.parse(polls[i - 1]!.body) as number[]).length);
    }
  });

  it('fails each comparison clearly when the service keeps failing, and starts nothing', async () => {
    proxy.setSchedule((request) => (request.method === 'POST' && request.path.startsWith('/api/v1/comparisons') ? { kind: 'status', status: 503 } : undefined));
    const before = (await service.allJobs()).length;
    const results = await runApiComparisons(loaded.definitions.slice(0, 2), { api, logger: new MemoryLogger(), tuning: { ...TUNING, maxAttempts: 3 } });
    proxy.setSchedule(() => undefined);
    expect(results.map((r) => r.error)).toEqual([
      { kind: 'service', message: 'POST /comparisons failed with HTTP 503 Service Unavailable: Injected fault 503.', hint: 'The service failed; try again later.' },
      { kind: 'service', message: 'POST /comparisons failed with HTTP 503 Service Unavailable: Injected fault 503.', hint: 'The service failed; try again later.' },
    ]);
    expect((await service.allJobs()).length).toBe(before);
  });

  it('completes every comparison over 50+ injected faults, never running a job twice, leaving none running', async () => {
    const expected = (await runSpec({ loaded, mode: 'local', logger: new MemoryLogger() })).comparisons.map(essence);
    expect(expected.map((e) => e.status)).toContain('mismatch');

    // at least one plain round and one agent-run round, more until 60 faults
    for (let round = 0; round < 2 || (round < 4 && proxy.totalInjected() < 60); round++) {
      proxy.setSchedule(oneFaultPerCall());
      const before = new Set((await service.allJobs()).map((job) => job.job_id));
      const agentRun = round % 2 === 1;
      const results = await runApiComparisons(loaded.definitions, {
        api: agentRun ? { ...api, agentRunId: '0e1d2c3b-4a59-4867-9756-a4b3c2d1e0f9' } : api,
        logger: new MemoryLogger(),
        tuning: TUNING,
      });
      expect(results.map(essence), `round ${round}${agentRun ? ' (agent run)' : ''}`).toEqual(expected);

      // exactly one job per comparison in this round: nothing executed twice
      const jobs = (await service.allJobs()).filter((job) => !before.has(job.job_id));
      const perName = new Map<string, number>();
      for (const job of jobs) perName.set(job.comparison_name, (perName.get(job.comparison_name) ?? 0) + 1);
      expect(Object.fromEntries(perName)).toEqual(Object.fromEntries(loaded.definitions.map((d) => [d.name, 1])));
      for (const result of results) expect(jobs.map((j) => j.job_id)).toContain(result.service?.run_id);
    }

    proxy.setSchedule(() => undefined);
    const injected = proxy.totalInjected();
    expect(injected).toBeGreaterThanOrEqual(50);
    for (const label of ['429', '503', '502', 'drop-before', 'drop-after', 'slow', 'slow-answer']) expect(proxy.injected[label] ?? 0).toBeGreaterThan(0);
    const lostExecutes = proxy.log.filter((r) => (r.fault?.kind === 'drop-after' || r.fault?.kind === 'slow-answer') && r.path.includes('execute')).length;
    expect(lostExecutes).toBeGreaterThanOrEqual(4);
    // none left running
    expect((await service.allJobs()).filter((job) => job.status === 'PENDING' || job.status === 'STARTED')).toEqual([]);
    console.info(`fault proxy: ${injected} faults injected ${JSON.stringify(proxy.injected)}, ${lostExecutes} lost execute answers, ${proxy.log.length} requests`);
  }, 240_000);
});
