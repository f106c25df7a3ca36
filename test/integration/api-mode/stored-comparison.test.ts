/**
 * `datacompare run --mode api` on a comparison stored on the service (`comparison_id`), against a real
 * `datacompare serve` (behind the fault proxy, to answer as a service that tells less): its
 * thresholds are applied as a spec comparison's are when the stored configuration says what the job
 * counts (GET /comparisons/{id}), and never pass on what the service may not have counted: a schema
 * difference, a counter not sent, a configuration that cannot be read or does not say.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/main.js';
import type { RunResult } from '../../../src/engine/model.js';
import { startFaultProxy, type FaultProxy, type FaultSchedule } from '../../helpers/fault-proxy.js';
import { ordersComparison, ordersSpec, startOrdersService, type OrdersService } from './service-harness.js';

let service: OrdersService;
let proxy: FaultProxy;
let sources: { shop: string; replica: string };
let run = 0;

beforeAll(async () => {
  service = await startOrdersService();
  proxy = await startFaultProxy(service.url);
  const listed = (await service.request('GET', '/sources')).body.data.items as { id: string; name: string }[];
  const id = (name: string) => listed.find((source) => source.name === name)!.id;
  sources = { shop: id('shop-sqlite'), replica: id('replica-sqlite') };
});
afterAll(async () => {
  await proxy?.close();
  await service?.close();
});

/** Stores the orders comparison (amount and status by id: 1 changed, 1 only in each side; the target has a `note` column) with this configuration. */
async function storeOrders(configuration: { schema_diff?: boolean; quick_comparison?: boolean } = {}): Promise<string> {
  const answer = await service.request('POST', '/comparisons?create_only=true', {
    name: `stored orders ${++run}`,
    source_datasource_id: sources.shop,
    target_datasource_id: sources.replica,
    source_dataset_id: 'orders',
    target_dataset_id: 'orders',
    configuration: { source_columns: ['amount', 'status'], target_columns: ['amount', 'status'], primary_keys_source: ['id'], primary_keys_target: ['id'], ...configuration },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.id as string;
}

/** The CLI's `run --mode api` through the proxy, with its JSON report. */
async function cli(comparisons: string, schedule: FaultSchedule = () => undefined): Promise<{ status: number; stdout: string; json: RunResult }> {
  proxy.setSchedule(schedule);
  const name = `stored-${++run}`;
  writeFileSync(path.join(service.dir, `${name}.yml`), ordersSpec({ source: 'source.db', target: 'target.db' }, comparisons));
  let stdout = '';
  let stderr = '';
  const status = await runCli(['run', '--spec', `${name}.yml`, '--mode', 'api', '--json', `${name}.json`], {
    stdout: { write: (text: string) => void (stdout += text), color: false },
    stderr: { write: (text: string) => void (stderr += text), color: false },
    env: { DATACOMPARE_API_URL: `${proxy.url}/api/v1`, DATACOMPARE_API_KEY: service.key, DATACOMPARE_WORKSPACE_ID: service.workspaceId },
    cwd: service.dir,
    signal: new AbortController().signal,
  });
  expect(stderr).not.toMatch(/^error/m);
  return { status, stdout, json: JSON.parse(readFileSync(path.join(service.dir, `${name}.json`), 'utf8')) as RunResult };
}

/** A schedule answering the requests of `method` to a path ending in `pathEnd` with the service's JSON as `change` leaves it. */
function rewriting<T>(method: string, pathEnd: string, change: (body: T) => unknown): FaultSchedule {
  return (request) =>
    request.method === method && request.path.endsWith(pathEnd)
      ? {
          kind: 'rewrite',
          rewrite: (body: T) => {
            change(body);
            return body;
          },
        }
      : undefined;
}

const stored = (id: string) => `  - name: stored\n    comparison_id: ${id}\n    thresholds: { max_mismatched_rows: 5 }\n`;

/** The note a MISMATCH carries when its thresholds were not applied. */
const notesOf = (json: RunResult) => json.comparisons[0]!.notes?.filter((note) => note.startsWith('The thresholds were not applied'));

/** Output as it can be pinned: durations replaced. */
const stable = (text: string) => text.replace(/\d+(\.\d+)? (ms|s|min)\b/g, 'T');

describe('thresholds on a stored comparison in api mode', () => {
  it('a stored comparison that does not diff the schema passes within its thresholds, as the same spec comparison does', async () => {
    const id = await storeOrders({ schema_diff: false });
    const fromSpec = await cli(ordersComparison('    thresholds: { max_mismatched_rows: 5 }\n'));
    const fromStore = await cli(stored(id));
    expect([fromSpec.status, fromStore.status]).toEqual([0, 0]);
    expect(stable(fromStore.stdout)).toMatchInlineSnapshot(`
      "✔ match (within thresholds)  stored  · 85.7% match · 20 source rows, 20 target rows · 3 differing rows (1 changed, 1 only in source, 1 only in target) · T
          1 row exists only in the source (orders).
          1 row exists only in the target (orders).
          1 row has a different value in column \`amount\`.
          note: Column \`status\` was compared case-insensitively (\`case_sensitive\` is false, the default): values differing only in letter case count as equal. Set \`case_sensitive: true\` to count them as differences.
          columns: amount 1
            amount — 1 other
          id=3: amount 3.25 → 30.5
          id=5: only in source
          id=21: only in target

      MATCH: 1 comparison — 1 matched, 0 differ, 0 failed (api mode, T)
      "
    `);
    const verdict = ({ json }: { json: RunResult }) => json.comparisons.map((c) => ({ status: c.status, within: c.within_thresholds, stats: c.stats, notes: c.notes }));
    expect(verdict(fromStore)).toEqual(verdict(fromSpec));
    // the configuration was read once, before the job was started
    expect(proxy.log.filter((request) => request.method === 'GET' && request.path === `/api/v1/comparisons/${id}`)).toHaveLength(1);
  });

  it('a stored comparison that diffs the schema keeps its MISMATCH when the schemas differ, thresholds or not', async () => {
    const { status, json } = await cli(stored(await storeOrders({ schema_diff: true })));
    expect(status).toBe(1);
    expect(json.comparisons[0]).toMatchObject({ status: 'mismatch', schema_diff: { only_in_target: [{ name: 'note' }] } });
    expect(json.comparisons[0]!.within_thresholds).toBeUndefined();
  });

  it('a stored quick comparison counts rows: its diff details are not asked for', async () => {
    const id = await storeOrders({ quick_comparison: true });
    const before = proxy.log.length;
    const { status, json } = await cli(stored(id));
    expect(status).toBe(0); // 20 rows on each side
    expect(json.comparisons[0]).toMatchObject({ status: 'match', stats: { source_rows: 20, target_rows: 20 } });
    expect(json.comparisons[0]!.diff).toBeUndefined();
    expect(proxy.log.slice(before).map((request) => `${request.method} ${request.path.replace(/\/\d+\//, '/N/')}`)).not.toContain('GET /api/v1/jobs/comparison/N/diff-details');
  });

  it('a service that does not answer GET /comparisons/{id}: the MISMATCH stands, and the note says why', async () => {
    const id = await storeOrders({ schema_diff: false });
    const { status, json } = await cli(stored(id), (request) =>
      request.method === 'GET' && request.path.endsWith(`/comparisons/${id}`) ? { kind: 'status', status: 404, body: { detail: 'Not Found' } } : undefined,
    );
    expect(status).toBe(1);
    expect(json.comparisons[0]!.status).toBe('mismatch');
    expect(notesOf(json)?.map((note) => note.replace(/http:\/\/127\.0\.0\.1:\d+/, 'http://SERVICE'))).toMatchInlineSnapshot(`
      [
        "The thresholds were not applied, so the MISMATCH stands: the service sent no schema differences (thresholds never excuse one), and the stored comparison's configuration could not be read (GET /comparisons/{comparison_id} failed with HTTP 404 Not Found from http://SERVICE/api/v1: Not Found).",
      ]
    `);
  });

  it('a stored configuration that does not say whether it diffs the schema: the MISMATCH stands', async () => {
    const id = await storeOrders({ schema_diff: false });
    const { status, json } = await cli(
      stored(id),
      rewriting('GET', `/comparisons/${id}`, (body: { data: { configuration: Record<string, unknown> } }) => delete body.data.configuration.schema_diff),
    );
    expect(status).toBe(1);
    expect(notesOf(json)).toMatchInlineSnapshot(`
      [
        "The thresholds were not applied, so the MISMATCH stands: the service sent no schema differences (thresholds never excuse one), and the stored comparison's configuration does not say whether it asks for them (schema_diff).",
      ]
    `);
  });

  it('counters the service did not send: a threshold cannot pass a stored comparison on them', async () => {
    const id = await storeOrders({ schema_diff: false });
    const { status, json } = await cli(
      stored(id),
      rewriting('POST', '/jobs/comparison/details', (body: { data: { result?: { stats: Record<string, unknown> } | null }[] }) => {
        for (const job of body.data) if (job.result) for (const name of ['duplicate_keys_target', 'null_keys_target']) delete job.result.stats[name];
      }),
    );
    expect(status).toBe(1);
    expect(notesOf(json)).toMatchInlineSnapshot(`
      [
        "The thresholds were not applied, so the MISMATCH stands: the service did not send duplicate_keys_target, null_keys_target.",
      ]
    `);
  });
});
