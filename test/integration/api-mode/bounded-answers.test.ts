/**
 * The bounds on what api mode waits for and reads, through the fault proxy in front of a real
 * `datacompare serve`, with the limits made small: an answer's body counts against the request's
 * time limit as a whole, an answer larger than the size limit is refused, and a service that keeps
 * failing is given up on only once both bounds are reached (so many requests in a row, over so long).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/api/client.js';
import { runApiComparisons, type ApiSettings, type ApiTuning } from '../../../src/runner/api-mode.js';
import { MemoryLogger, silentLogger } from '../../../src/shared/logger.js';
import { parseSpec, type LoadedSpec } from '../../../src/spec/load.js';
import { startFaultProxy, type FaultProxy } from '../../helpers/fault-proxy.js';
import { ordersComparison, ordersSpec, startOrdersService, type OrdersService } from './service-harness.js';

const TUNING: ApiTuning = { pollStartMs: 20, pollCapMs: 100, backoffBaseMs: 10, backoffCapMs: 50, requestTimeoutMs: 1000 };

let service: OrdersService;
let proxy: FaultProxy;
let loaded: LoadedSpec;
let api: ApiSettings;

beforeAll(async () => {
  service = await startOrdersService();
  loaded = parseSpec(ordersSpec(service.files, ordersComparison()), { file: 'spec.yml', cwd: '/', env: {} });
  proxy = await startFaultProxy(service.url);
  api = { url: `${proxy.url}/api/v1`, key: service.key, workspaceId: service.workspaceId, timeoutMs: 120_000 };
});
afterAll(async () => {
  await proxy?.close();
  await service?.close();
});

const isPoll = (request: { method: string; path: string }) => request.method === 'POST' && request.path.endsWith('/jobs/comparison/details');

describe('bounded answers', () => {
  it('a body that trickles in is cut off by the request\'s time limit, which covers the whole body', async () => {
    proxy.setSchedule((request) => (request.path.endsWith('/jobs/comparison?page=1&size=1') ? { kind: 'trickle', everyMs: 50 } : undefined));
    const client = new ApiClient({ baseUrl: `${proxy.url}/api/v1`, apiKey: service.key, workspaceId: service.workspaceId, logger: silentLogger, maxAttempts: 1, requestTimeoutMs: 1000 });
    const error = await client.listJobs({ page: 1, size: 1 }).then(
      () => new Error('expected the call to fail'),
      (caught: unknown) => caught as Error,
    );
    proxy.setSchedule(() => undefined);
    expect(error.message).toMatch(/^GET \/jobs\/comparison failed: the answer did not finish within 1 s \(\d+ bytes of its body came\)\.$/);
  });

  it('an answer larger than the size limit is refused at the limit, naming it; the verdict stands without the rows', async () => {
    proxy.setSchedule((request) => (request.path.endsWith('/diff-details') ? { kind: 'huge-value', path: 'data.diff_rows.0.source_amount', chars: 3 * 1024 * 1024 } : undefined));
    const logger = new MemoryLogger();
    const [result] = await runApiComparisons(loaded.definitions, { api, logger, tuning: { ...TUNING, maxBodyBytes: 1024 * 1024 } });
    proxy.setSchedule(() => undefined);
    expect(result).toMatchObject({ status: 'mismatch', stats: { mismatched_rows: 1, only_in_source: 1, only_in_target: 1 } });
    expect(result!.diff_rows_unavailable?.replace(proxy.url, 'http://SERVICE')).toBe(
      'GET /jobs/comparison/{job_id}/diff-details failed: the service at http://SERVICE/api/v1 answered with more than 1 MiB, the most datacompare reads from one answer.',
    );
    // not retried: the same answer would be as large again
    expect(proxy.log.filter((request) => request.fault?.kind === 'huge-value')).toHaveLength(1);
  });

  it('failed polls over less than the period are waited out: the run ends with the verdict', async () => {
    let failures = 0;
    proxy.setSchedule((request) => (isPoll(request) && failures++ < 4 ? { kind: 'status', status: 503 } : undefined));
    const [result] = await runApiComparisons(loaded.definitions, { api, logger: new MemoryLogger(), tuning: { ...TUNING, outageFailures: 3, outagePeriodMs: 60_000 } });
    proxy.setSchedule(() => undefined);
    expect(failures).toBeGreaterThan(4);
    expect(result).toMatchObject({ status: 'mismatch', stats: { mismatched_rows: 1 } });
  });

  it('polls failing in a row past both bounds end the run with an error naming the service, and the job is terminated', async () => {
    proxy.setSchedule((request) => (isPoll(request) ? { kind: 'status', status: 503 } : undefined));
    const from = proxy.log.length;
    const started = performance.now();
    const [result] = await runApiComparisons(loaded.definitions, { api, logger: new MemoryLogger(), tuning: { ...TUNING, outageFailures: 3, outagePeriodMs: 1500 } });
    const elapsed = performance.now() - started;
    proxy.setSchedule(() => undefined);
    const requests = proxy.log.slice(from);
    const polls = requests.filter(isPoll);
    expect(polls.length).toBeGreaterThanOrEqual(3);
    expect(elapsed).toBeGreaterThanOrEqual(1500);
    expect(result?.error?.message.replace(proxy.url, 'http://SERVICE').replace(/over [\d.]+ s/, 'over T')).toBe(
      'The service at http://SERVICE/api/v1 gave no usable answer to ' +
        `${polls.length} requests in a row over T (the last: POST /jobs/comparison/details failed with HTTP 503 Service Unavailable: Injected fault 503); datacompare stopped waiting for it.`,
    );
    expect(requests.filter((request) => request.path.includes('/terminate'))).toHaveLength(1);
  });
});
