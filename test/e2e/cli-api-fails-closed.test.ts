/**
 * `datacompare run --mode api` as a process against a real `datacompare serve` behind the fault proxy,
 * with a service that answers wrongly: numbers that contradict each other, counters left out, an
 * answer that never ends, a value of 200,000,000 characters. Each run must end with the verdict the
 * facts allow (an error that says why, or the MISMATCH standing), its exit status, and every report
 * file written.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../../src/engine/model.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { ordersComparison, ordersSpec, startOrdersService, type OrdersService } from '../integration/api-mode/service-harness.js';

const bin = path.resolve('bin/datacompare.js');
const COUNTERS = ['source_rows', 'target_rows', 'matched_rows', 'mismatched_rows', 'only_in_source', 'only_in_target'];
const KEY_COUNTERS = ['duplicate_keys_source', 'duplicate_keys_target', 'null_keys_source', 'null_keys_target'];

let service: OrdersService;
let proxy: FaultProxy;
let run = 0;
/** Runs not finished yet (a test that timed out leaves one): ended in afterAll. */
const running = new Set<ChildProcess>();

/** The CLI as a process (async: the service and the proxy live in this process), with its report files. */
async function cli(spec: string): Promise<{ status: number | null; stdout: string; stderr: string; dir: string }> {
  const dir = `run-${++run}`;
  writeFileSync(path.join(service.dir, `${dir}.yml`), spec);
  const args = ['run', '--spec', `${dir}.yml`, '--mode', 'api', '--json', `${dir}.json`, '--markdown', `${dir}.md`, '--csv', dir];
  const env = { PATH: process.env.PATH ?? '', NO_COLOR: '1', DATACOMPARE_API_URL: `${proxy.url}/api/v1`, DATACOMPARE_API_KEY: service.key, DATACOMPARE_WORKSPACE_ID: service.workspaceId };
  const child = spawn(process.execPath, [bin, ...args], { cwd: service.dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.on('close', () => running.delete(child));
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { status, stdout, stderr, dir: path.join(service.dir, dir) };
}

function reports(dir: string): { json: RunResult; markdown: string; csv: boolean } {
  return { json: JSON.parse(readFileSync(`${dir}.json`, 'utf8')) as RunResult, markdown: readFileSync(`${dir}.md`, 'utf8'), csv: existsSync(dir) };
}

/** Output as it can be pinned: the proxy's port, job ids and durations replaced. */
function stable(text: string): string {
  return text
    .replace(new RegExp(proxy.url.replace(/[.:/]/g, '\\$&'), 'g'), 'http://SERVICE')
    .replace(/job \d+/g, 'job N')
    .replace(/\d+(\.\d+)? (ms|s|min)\b/g, 'T');
}

const spec = (comparisons: string) => ordersSpec({ source: 'source.db', target: 'target.db' }, comparisons);

/** orders: 1 changed, 1 only in the source, 1 only in the target (service-harness.ts); ten allowed. */
const ORDERS = spec(ordersComparison('    thresholds: { max_mismatched_rows: 10 }\n'));

/** The same without thresholds. */
const ORDERS_STRICT = spec(ordersComparison());

/** Rewrites the result of every job in a details answer. */
function rewriteResults(change: (result: Record<string, any>) => void) {
  return (request: { method: string; path: string }) =>
    request.method === 'POST' && request.path.endsWith('/jobs/comparison/details')
      ? {
          kind: 'rewrite' as const,
          rewrite: (body: { data: { result?: Record<string, any> | null }[] }) => {
            for (const job of body.data) if (job.result) change(job.result);
            return body;
          },
        }
      : undefined;
}

beforeAll(async () => {
  service = await startOrdersService();
  proxy = await startFaultProxy(service.url);
});
afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await proxy?.close();
  await service?.close();
});

describe('api mode fails closed on what the service answers', () => {
  it('a MISMATCH whose counters are all 0 while diff_rows_total is 5 is an error naming the service, not a match within thresholds', async () => {
    proxy.setSchedule(
      rewriteResults((result) => {
        result.stats = Object.fromEntries([...COUNTERS, ...KEY_COUNTERS].map((name) => [name, 0]));
        result.diff_rows_total = 5;
      }),
    );
    const { status, stdout, dir } = await cli(ORDERS);
    expect(status, stdout).toBe(2);
    expect(stable(stdout)).toMatchInlineSnapshot(`
      "! error  orders
          shop · orders → replica · orders
          service error: The service at http://SERVICE/api/v1 reports job N with numbers that contradict each other: diff_rows_total is 5 in the result but 3 in the diff details; diff_rows_total is 5 but mismatched_rows + only_in_source + only_in_target is 0; the diff details hold 1 row of _diff_type changed but mismatched_rows is 0; the diff details hold 1 row of _diff_type only_in_source but only_in_source is 0 (and 2 more). datacompare reports no verdict from them.
          hint: Tell the service's operator (job N); compare in local mode (--mode local, or the mode input) for a verdict you can trust.

      ERROR: 1 comparison — 0 matched, 0 differ, 1 failed (api mode, T)
      "
    `);
    const { json, markdown, csv } = reports(dir);
    expect(json.comparisons.map((c) => [c.status, c.error?.kind])).toEqual([['error', 'service']]);
    expect(markdown).toContain('contradict each other');
    expect(csv).toBe(true);
  });

  it('with the duplicate- and NULL-key counters left out, a threshold cannot pass a comparison whose target repeats a key', async () => {
    proxy.setSchedule(rewriteResults((result) => KEY_COUNTERS.forEach((name) => delete result.stats[name])));
    const { status, stdout, dir } = await cli(
      spec(`  - name: orders
    source: { datasource: shop, dataset: orders }
    target: { datasource: replica, query: "SELECT id, amount, status FROM orders UNION ALL SELECT id, amount, status FROM orders WHERE id = 7" }
    columns: [amount, status]
    primary_keys: [id]
    thresholds: { max_mismatched_rows: 10 }
`),
    );
    expect(status, stdout).toBe(1);
    expect(stdout).toContain('Key (id) = 7 occurs twice in the target.');
    expect(stdout).toContain(
      'The thresholds were not applied, so the MISMATCH stands: the service did not send duplicate_keys_source, duplicate_keys_target, null_keys_source, null_keys_target.',
    );
    const { json } = reports(dir);
    expect(json.comparisons.map((c) => [c.status, c.within_thresholds])).toEqual([['mismatch', undefined]]);
  });

  it('a value of 200,000,000 characters in a differing row: the answer is refused past 64 MiB, the verdict stands, every report is written', async () => {
    proxy.setSchedule((request) =>
      request.path.endsWith('/diff-details') ? { kind: 'huge-value', path: 'data.diff_rows.0.source_amount', chars: 200_000_000 } : undefined,
    );
    const { status, stdout, stderr, dir } = await cli(ORDERS_STRICT);
    expect(status, stdout + stderr).toBe(1);
    expect(stable(stderr)).toContain(
      'warning: The differing rows of "orders" (job N) could not be read: GET /jobs/comparison/{job_id}/diff-details failed: the service at http://SERVICE/api/v1 answered with more than 64 MiB, the most datacompare reads from one answer.',
    );
    const { json, markdown, csv } = reports(dir);
    expect(json.comparisons.map((c) => [c.status, c.stats?.mismatched_rows, c.diff_rows_unavailable])).toEqual([
      ['mismatch', 1, expect.stringContaining('answered with more than 64 MiB')],
    ]);
    expect(markdown).toContain('orders');
    expect(csv).toBe(true);
  }, 120_000);

  it('a details answer that never ends (a byte every 2 s): after 3 failed polls over 90 s the run stops with an error naming the service and terminates the job', async () => {
    proxy.setSchedule((request) => (request.method === 'POST' && request.path.endsWith('/jobs/comparison/details') ? { kind: 'trickle', everyMs: 2000 } : undefined));
    const { status, stdout, stderr, dir } = await cli(ORDERS);
    proxy.setSchedule(() => undefined);
    expect(status, stdout + stderr).toBe(2);
    expect(stable(stdout)).toMatchInlineSnapshot(`
      "! error  orders
          shop · orders → replica · orders
          service error: The service at http://SERVICE/api/v1 gave no usable answer to 3 requests in a row over T (the last: POST /jobs/comparison/details failed: the answer did not finish within T (14 bytes of its body came)); datacompare stopped waiting for it.
          hint: Check that the service is up and reachable from here (its address came from DATACOMPARE_API_URL), then run again.

      ERROR: 1 comparison — 0 matched, 0 differ, 1 failed (api mode, T T)
      "
    `);
    const { json } = reports(dir);
    expect(json.comparisons.map((c) => [c.status, c.error?.kind])).toEqual([['error', 'service']]);
    const polls = proxy.log.filter((r) => r.fault?.kind === 'trickle').length;
    expect(polls).toBe(3);
    expect(proxy.log.filter((r) => r.path.includes('/terminate')).length).toBeGreaterThan(0);
    // nothing left running on the service
    expect((await service.allJobs()).filter((job) => job.status === 'PENDING' || job.status === 'STARTED')).toEqual([]);
  }, 240_000);
});
