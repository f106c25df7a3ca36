/**
 * Differing rows in api mode that the user does not get in full: rows the service could not give
 * (diff-details failing) are marked on the result, and a service cap below max_diff_rows is named,
 * in results.json, the terminal and the summary (a real `datacompare serve` behind the fault proxy).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../../../src/engine/model.js';
import { renderJson } from '../../../src/report/json.js';
import { renderText } from '../../../src/report/text.js';
import { renderSummary } from '../../../src/report/markdown-summary.js';
import { runApiComparisons, type ApiSettings } from '../../../src/runner/api-mode.js';
import { MemoryLogger } from '../../../src/shared/logger.js';
import { parseSpec } from '../../../src/spec/load.js';
import { startFaultProxy, type FaultProxy } from '../../helpers/fault-proxy.js';
import { startService, writeOrderDatabases, type Service } from './service-harness.js';

const TUNING = { pollStartMs: 50, pollCapMs: 250, backoffBaseMs: 10, backoffCapMs: 50 };
let service: Service;
let proxy: FaultProxy;
let files: { source: string; target: string };

beforeAll(async () => {
  // the service keeps at most 2 differing rows per job; the orders data has 3
  service = await startService({ maxDiffRows: 2 });
  files = writeOrderDatabases(service.dir);
  await service.addSource({ name: 'shop-sqlite', type: 'sqlite', path: files.source });
  await service.addSource({ name: 'replica-sqlite', type: 'sqlite', path: files.target });
  proxy = await startFaultProxy(service.url);
});
afterAll(async () => {
  await proxy?.close();
  await service?.close();
});

const loaded = () =>
  parseSpec(
    `version: 1
datasources:
  shop: { type: sqlite, path: ${files.source}, service: shop-sqlite }
  replica: { type: sqlite, path: ${files.target}, service: replica-sqlite }
comparisons:
  - name: orders
    source: { datasource: shop, dataset: orders }
    target: { datasource: replica, dataset: orders }
    columns: [amount, status]
    primary_keys: [id]
    max_diff_rows: 50
`,
    { file: 'spec.yml', cwd: '/', env: {} },
  );
const api = (): ApiSettings => ({ url: proxy.url, key: service.key, workspaceId: service.workspaceId, timeoutMs: 60_000 });
const asRun = (comparisons: RunResult['comparisons']): RunResult => ({ version: 1, status: 'mismatch', mode: 'api', started_at: '', finished_at: '', comparisons });

describe('differing rows the service does not give in full', () => {
  it('marks rows that could not be fetched (the verdict and counts stand)', async () => {
    proxy.setSchedule((request) => (request.path.includes('/diff-details') ? { kind: 'status', status: 404, body: { detail: 'Not Found', message: 'gone' } } : undefined));
    const [result] = await runApiComparisons(loaded().definitions, { api: api(), logger: new MemoryLogger(), tuning: TUNING });
    proxy.setSchedule(() => undefined);
    expect(result!.status).toBe('mismatch');
    expect(result!.diff).toBeUndefined();
    expect(result!.diff_rows_unavailable).toBe(`GET /jobs/comparison/{job_id}/diff-details failed with HTTP 404 Not Found from ${proxy.url}: gone.`);
    expect(JSON.parse(renderJson(asRun([result!]))).comparisons[0].diff_rows_unavailable).toBe(result!.diff_rows_unavailable);
    expect(renderText(asRun([result!]), { color: false })).toContain('differing rows not fetched from the service: GET /jobs/comparison/{job_id}/diff-details failed with HTTP 404');
    expect(renderSummary(asRun([result!]), { maxDiffRows: 10 })).toContain('The differing rows could not be fetched from the service');
  });

  it('names a service cap below max_diff_rows, and the terminal does not promise all rows in --json', async () => {
    const [result] = await runApiComparisons(loaded().definitions, { api: api(), logger: new MemoryLogger(), tuning: TUNING });
    expect(result!.diff?.diff_rows).toHaveLength(2);
    expect(result!.diff?.diff_rows_total).toBe(3);
    expect(result!.diff_rows_capped).toEqual({ requested: 50, kept: 2 });
    const text = renderText(asRun([result!]), { color: false });
    expect(text).toContain('the service kept 2 differing rows, fewer than max_diff_rows 50 asks (its cap; datacompare serve --max-diff-rows raises it)');
    expect(text).not.toContain('all of them: --json FILE');
    expect(renderSummary(asRun([result!]), { maxDiffRows: 10 })).toContain('The service kept 2 differing rows, fewer than max_diff_rows (50)');
  });
});
