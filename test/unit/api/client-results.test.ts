import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/api/client.js';
import type { JobDetail } from '../../../src/api/contract.js';
import { parseServiceTimestamp } from '../../../src/api/normalize.js';
import { buildCreateBody, DatasourceResolver, localOnlyOptionsWarning } from '../../../src/api/resolve.js';
import { jobResult } from '../../../src/api/results.js';
import type { ComparisonDefinition } from '../../../src/engine/model.js';
import { MemoryLogger } from '../../../src/shared/logger.js';

const definition: ComparisonDefinition = {
  name: 'orders',
  location: { file: 'spec.yml', line: 3, column: 5 },
  source: { datasourceName: 'wh', connection: null, serviceDatasource: 'warehouse', dataset: 'public.orders' },
  target: { datasourceName: 'lake', connection: null, serviceDatasource: 'lake', query: 'select * from orders', filter: 'id > 0' },
  columns: { source: ['amount', 'status'], target: ['amount', 'state'] },
  primaryKeys: { source: ['id'], target: ['order_id'] },
  caseSensitive: true,
  quickComparison: false,
  schemaDiff: false,
  tolerance: {},
  thresholds: {},
  maxDiffRows: 100,
};
const service = { comparison_id: 'c-1', run_id: 7, task_id: 't-7' };
const success = (result: unknown): JobDetail =>
  ({ run_id: 7, comparison_id: 'c-1', comparison_name: 'orders', status: 'SUCCESS', failure_reason: null, result }) as JobDetail;

describe('parseServiceTimestamp', () => {
  it('reads a timestamp without an offset as UTC (Celery date_done)', () => {
    expect(parseServiceTimestamp('2026-03-01T12:30:00.123456')?.toISOString()).toBe('2026-03-01T12:30:00.123Z');
    expect(parseServiceTimestamp('2026-03-01 12:30:00')?.toISOString()).toBe('2026-03-01T12:30:00.000Z');
  });
  it('keeps an explicit offset', () => {
    expect(parseServiceTimestamp('2026-03-01T12:30:00+02:00')?.toISOString()).toBe('2026-03-01T10:30:00.000Z');
    expect(parseServiceTimestamp('2026-03-01T12:30:00Z')?.toISOString()).toBe('2026-03-01T12:30:00.000Z');
  });
  it('ignores what it cannot read', () => {
    expect(parseServiceTimestamp(null)).toBeUndefined();
    expect(parseServiceTimestamp('yesterday')).toBeUndefined();
  });
});

describe('jobResult', () => {
  it('fails closed on an unknown diff_status', () => {
    const result = jobResult(definition, success({ diff_status: 'PARTIAL', diff_reasons: [], time_taken: 1 }), undefined, service);
    expect(result.status).toBe('error');
    expect(result.error?.message).toMatchInlineSnapshot(`"The service job 7 reports diff_status "PARTIAL", which datacompare does not know (MATCH or MISMATCH); treated as an error, not a match."`);
  });

  it('fails closed on a SUCCESS without a result', () => {
    const result = jobResult(definition, success(null), undefined, service);
    expect(result).toMatchObject({ status: 'error', error: { kind: 'service' } });
    expect(result.error?.message).toMatchInlineSnapshot(`"The service job 7 reports SUCCESS but no readable result; treated as an error, not a match."`);
  });

  it('shows the failure reason of a FAILURE and calls a REVOKED job cancelled', () => {
    const failed = jobResult(definition, { ...success(undefined), status: 'FAILURE', failure_reason: 'relation "orders" does not exist' }, undefined, service);
    expect(failed.error).toEqual({ kind: 'service', message: 'The service job 7 failed: relation "orders" does not exist' });
    const revoked = jobResult(definition, { ...success(undefined), status: 'REVOKED' }, undefined, service);
    expect(revoked.error?.kind).toBe('cancelled');
  });

  it('builds the local-mode result from the summary, the stats and the diff details', () => {
    const result = jobResult(
      definition,
      success({
        diff_status: 'MISMATCH',
        diff_reasons: ['1 row has different values in column amount.'],
        time_taken: 0.5,
        stats: { source_rows: 10, target_rows: 10, matched_rows: 9, mismatched_rows: 1, only_in_source: 0, only_in_target: 0 },
      }),
      {
        primary_key_columns: ['id'],
        column_mapping: { id: 'order_id', amount: 'amount' },
        mismatched_columns_mapping: { amount: { mismatch_count: 1, details: '1 row' } },
        diff_rows: [{ id: 4, source_amount: '1.50', target_amount: { value: 2 } }],
      },
      service,
    );
    expect(result).toMatchObject({
      status: 'mismatch',
      result: { diff_status: 'MISMATCH', time_taken: 0.5 },
      stats: { source_rows: 10, mismatched_rows: 1, duplicate_keys_source: 0 },
      diff: { diff_rows: [{ _diff_type: 'changed', id: 4, source_amount: '1.50', target_amount: '{"value":2}' }], diff_rows_total: 1, truncated: false },
      plan: { kind: 'service' },
      service,
    });
  });

  it("reads a service's patterns only when their rows add up to the column's count, else classifies the rows it sent", () => {
    const summary = {
      diff_status: 'MISMATCH',
      diff_reasons: ['2 rows have different values in column amount.'],
      time_taken: 0.5,
      stats: { source_rows: 10, target_rows: 10, matched_rows: 8, mismatched_rows: 2, only_in_source: 0, only_in_target: 0 },
    };
    const diff = (patterns: { kind: string; rows: number; example?: number }[]) => ({
      primary_key_columns: ['id'],
      column_mapping: { id: 'order_id', amount: 'amount' },
      mismatched_columns_mapping: { amount: { mismatch_count: 2, details: '2 rows', patterns } },
      diff_rows: [
        { id: 4, source_amount: 1.5, target_amount: 150 },
        { id: 5, source_amount: 2.5, target_amount: -2.5 },
      ],
    });
    const kept = jobResult(definition, success(summary), diff([{ kind: 'rounding', rows: 1, example: 0 }, { kind: 'sign', rows: 1, example: 9 }]), service);
    // ties in the order of kinds (sign before scale before rounding); an example past the rows sent is dropped
    expect(kept.diff?.mismatched_columns_mapping.amount?.patterns).toEqual([{ kind: 'sign', rows: 1 }, { kind: 'rounding', rows: 1, example: 0 }]);
    const inflated = jobResult(definition, success(summary), diff([{ kind: 'rounding', rows: 500 }, { kind: 'sign', rows: 40 }]), service);
    expect(inflated.diff?.mismatched_columns_mapping.amount?.patterns).toEqual([
      { kind: 'sign', rows: 1, example: 1 },
      { kind: 'scale', rows: 1, detail: '×100', example: 0 },
    ]);
  });

  it('fails closed when a service accepted more rows than it matched (accepted rows count among the matched)', () => {
    const result = jobResult(
      { ...definition, accept: ['whitespace'] },
      success({
        diff_status: 'MATCH',
        diff_reasons: [],
        time_taken: 0.5,
        stats: { source_rows: 10, target_rows: 10, matched_rows: 8, mismatched_rows: 0, only_in_source: 2, only_in_target: 2, accepted_rows: 50 },
      }),
      undefined,
      service,
    );
    expect(result.status).toBe('error');
    expect(result.error?.message).toContain('accepted_rows is 50 but matched_rows, which counts them, is 8');
  });

  it('applies thresholds to the returned stats when every counter they count was sent', () => {
    const stats = { source_rows: 100, target_rows: 99, matched_rows: 98, mismatched_rows: 1, only_in_source: 1, only_in_target: 0 };
    const keys = { duplicate_keys_source: 0, duplicate_keys_target: 0, null_keys_source: 0, null_keys_target: 0 };
    const mismatch = (counters: Record<string, number>) =>
      success({ diff_status: 'MISMATCH', diff_reasons: ['1 row exists only in the source.'], time_taken: 1, stats: counters, diff_rows_total: 2 });
    expect(jobResult({ ...definition, thresholds: { maxMismatchedRows: 2 } }, mismatch({ ...stats, ...keys }), undefined, service)).toMatchObject({ status: 'match', within_thresholds: true });
    expect(jobResult({ ...definition, thresholds: { maxMismatchRatio: 0.01 } }, mismatch({ ...stats, ...keys }), undefined, service).status).toBe('mismatch');
    // without the duplicate- and NULL-key counters the differing rows cannot be counted: the MISMATCH stands
    const unsent = jobResult({ ...definition, thresholds: { maxMismatchedRows: 2 } }, mismatch(stats), undefined, service);
    expect(unsent.status).toBe('mismatch');
    expect(unsent.within_thresholds).toBeUndefined();
    expect(unsent.notes).toMatchInlineSnapshot(`
      [
        "The thresholds were not applied, so the MISMATCH stands: the service did not send duplicate_keys_source, duplicate_keys_target, null_keys_source, null_keys_target.",
      ]
    `);
  });
});

describe('buildCreateBody', () => {
  it('maps the definition onto the create body of the document', () => {
    expect(buildCreateBody(definition, 'src-id', 'tgt-id')).toMatchInlineSnapshot(`
      {
        "configuration": {
          "case_sensitive": true,
          "max_diff_rows": 100,
          "primary_keys_source": [
            "id",
          ],
          "primary_keys_target": [
            "order_id",
          ],
          "quick_comparison": false,
          "schema_diff": false,
          "source_columns": [
            "amount",
            "status",
          ],
          "target_columns": [
            "amount",
            "state",
          ],
          "target_filter": "id > 0",
          "target_query": "select * from orders",
        },
        "name": "orders",
        "source_dataset_id": "public.orders",
        "source_datasource_id": "src-id",
        "target_datasource_id": "tgt-id",
      }
    `);
  });

  it('needs explicit columns and keys', () => {
    expect(() => buildCreateBody({ ...definition, columns: null, primaryKeys: null }, 'a', 'b')).toThrowErrorMatchingInlineSnapshot(
      `[ConfigurationError: Comparison "orders" needs explicit \`columns\` (or \`source_columns\` and \`target_columns\`) and \`primary_keys\` (or \`primary_keys_source\` and \`primary_keys_target\`) in api mode.]`,
    );
  });

  it('sends a dbt model\'s declared columns when the spec lists none; without them the hint says where to declare them', () => {
    const dbt = { unique_id: 'model.shop.orders', reason: 'modified: body', key_source: 'unique_test', downstream: false };
    const body = buildCreateBody({ ...definition, columns: null, declaredColumns: ['amount', 'status'], dbt }, 'a', 'b');
    expect([body.configuration.source_columns, body.configuration.target_columns]).toEqual([['amount', 'status'], ['amount', 'status']]);
    let error: unknown;
    try {
      buildCreateBody({ ...definition, columns: null, dbt }, 'a', 'b');
    } catch (caught) {
      error = caught;
    }
    expect((error as { hint: string }).hint).toMatchInlineSnapshot(
      `"The service cannot discover columns or keys for us. Declare the model's columns in its .yml (api mode compares the columns both manifests declare), or run it in local mode."`,
    );
  });

  it('warns once about options beyond the document', () => {
    expect(localOnlyOptionsWarning([definition])).toBeUndefined();
    expect(localOnlyOptionsWarning([{ ...definition, compareAs: { tags: 'set' } }])).toMatchInlineSnapshot(`"In api mode, options beyond the API document work differently: compare_as and precision (orders) apply in local mode only: the service compares by its own rules."`);
    expect(localOnlyOptionsWarning([{ ...definition, tolerance: { amount: 0.01 }, thresholds: { maxMismatchedRows: 1 } }])).toMatchInlineSnapshot(
      `"In api mode, options beyond the API document work differently: thresholds (orders) are applied by datacompare to the counters the service returns (a MISMATCH stands when it does not return every counter they count); tolerance (orders) is sent as an extension that \`datacompare serve\` applies and the hosted service ignores."`,
    );
  });
});

describe('DatasourceResolver', () => {
  const source = (id: string, name: string) => ({
    id,
    name,
    type: 'postgres',
    status: 'connected',
    is_interactive: false,
    dataset_count: 0,
    validation_count: 0,
    failed_validation_count: 0,
    column_count: 0,
    sensitive_column_count: 0,
    last_scanned_at: null,
    database_version: null,
    workspace_id: 'w',
  });
  const all = [source('a1', 'warehouse'), source('a2', 'warehouse-staging'), source('a3', 'Lake'), source('a4', 'dup'), source('a5', 'dup')];
  function resolver() {
    const requests: string[] = [];
    const fetchImpl = (async (input: URL | string | Request) => {
      const url = new URL(String(input));
      requests.push(url.search);
      const filter = url.searchParams.get('filter') ?? '';
      const page = Number(url.searchParams.get('page'));
      const matching = all.filter((s) => s.name.toLowerCase().includes(filter.toLowerCase()));
      // two per page, to exercise pagination
      const items = matching.slice((page - 1) * 2, page * 2);
      return new Response(JSON.stringify({ message: 'ok', meta: {}, data: { items, page, size: 2, total: matching.length, pages: Math.ceil(matching.length / 2) } }));
    }) as typeof fetch;
    const client = new ApiClient({ baseUrl: 'http://dc.test', apiKey: 'key-1234', workspaceId: '7d6f3c1e-8a5b-4c2d-9e0f-1a2b3c4d5e6f', logger: new MemoryLogger(), fetch: fetchImpl });
    return { resolver: new DatasourceResolver(client), requests };
  }

  it('finds the exact name among the filter matches, asking once per name', async () => {
    const { resolver: r, requests } = resolver();
    expect(await r.resolve('warehouse')).toBe('a1');
    expect(await r.resolve('warehouse')).toBe('a1');
    expect(requests).toHaveLength(1);
  });

  it('uses a UUID as is', async () => {
    const { resolver: r, requests } = resolver();
    expect(await r.resolve('0F0E0D0C-0B0A-4908-8706-050403020100')).toBe('0F0E0D0C-0B0A-4908-8706-050403020100');
    expect(requests).toHaveLength(0);
  });

  it('lists what exists when nothing matches exactly', async () => {
    const { resolver: r } = resolver();
    const error = (await r.resolve('lake').catch((e: unknown) => e)) as Error & { hint?: string };
    expect(error.message).toMatchInlineSnapshot(`"The service has no data source named "lake"; it has: "Lake", "dup", "warehouse", "warehouse-staging"."`);
    expect(error.hint).toMatchInlineSnapshot(`"Names match exactly, case included: did you mean "Lake"? Set \`service:\` on the datasource in the spec."`);
  });

  it('refuses a name shared by several data sources', async () => {
    const { resolver: r } = resolver();
    await expect(r.resolve('dup')).rejects.toThrowErrorMatchingInlineSnapshot(`[ConfigurationError: The service has 2 data sources named "dup" (ids a4, a5).]`);
  });
});
