/** The wire contract: what our server accepts, what a client tolerates, and that OpenAPI can be generated. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as c from '../../../src/api/contract.js';

const config = { source_columns: ['a'], target_columns: ['a'], primary_keys_source: ['id'], primary_keys_target: ['id'] };
const create = {
  name: 'n',
  source_datasource_id: '7b0d7e58-8f35-4a38-9c59-7f3f4c3f0a11',
  target_datasource_id: '7b0d7e58-8f35-4a38-9c59-7f3f4c3f0a12',
  source_dataset_id: 'orders',
  target_dataset_id: 'orders',
  configuration: config,
};

describe('requests', () => {
  it('pagination: defaults 1/50, size 100 accepted, 101 and 0 refused, page ≥ 1', () => {
    expect(c.paginationQuerySchema.parse({})).toEqual({ page: 1, size: 50 });
    expect(c.paginationQuerySchema.parse({ page: '3', size: '100' })).toEqual({ page: 3, size: 100 });
    for (const bad of [{ size: '101' }, { size: '0' }, { page: '0' }, { size: '1.5' }, { page: 'x' }]) {
      expect(c.paginationQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('create: boolean configuration fields take their defaults; a query replaces the dataset', () => {
    const parsed = c.comparisonCreateBodySchema.parse(create);
    expect(parsed.configuration).toMatchObject({ case_sensitive: false, quick_comparison: false, schema_diff: false });
    const { source_dataset_id: _, ...noDataset } = create;
    expect(c.comparisonCreateBodySchema.safeParse(noDataset).success).toBe(false);
    expect(c.comparisonCreateBodySchema.safeParse({ ...noDataset, configuration: { ...config, source_query: 'select 1 as id, 2 as a' } }).success).toBe(true);
  });

  it('create_only and other booleans of the query string read like FastAPI', () => {
    expect(c.comparisonCreateQuerySchema.parse({})).toEqual({ create_only: false });
    expect(c.comparisonCreateQuerySchema.parse({ create_only: 'true' })).toEqual({ create_only: true });
    expect(c.comparisonCreateQuerySchema.parse({ create_only: '0' })).toEqual({ create_only: false });
    expect(c.comparisonCreateQuerySchema.safeParse({ create_only: 'maybe' }).success).toBe(false);
  });

  it('job details: a bare array or {job_ids}, numeric strings accepted, nothing else', () => {
    expect(c.jobDetailsBodySchema.parse([1, '2'])).toEqual([1, 2]);
    expect(c.jobDetailsBodySchema.parse({ job_ids: [3] })).toEqual([3]);
    expect(c.jobDetailsBodySchema.safeParse({ ids: [1] }).success).toBe(false);
    expect(c.jobDetailsBodySchema.safeParse([0]).success).toBe(false);
    expect(c.jobDetailsBodySchema.safeParse([true]).success).toBe(false);
  });

  it('job list: comma-separated filters, statuses case-insensitive but known', () => {
    expect(c.jobListQuerySchema.parse({ status_filters: 'success, failure', source_dataset_filters: 'a,,b' })).toMatchObject({
      status_filters: ['SUCCESS', 'FAILURE'],
      source_dataset_filters: ['a', 'b'],
    });
    expect(c.jobListQuerySchema.safeParse({ status_filters: 'DONE' }).success).toBe(false);
  });

  it('execute: every optional input of 4.4 as a query parameter', () => {
    expect(
      c.executeQuerySchema.parse({ celery_task_id: 't', enable_priority: 'yes', translation_iteration_no: '2', translation_run_id: 'r', current_event_key: 'e' }),
    ).toEqual({ celery_task_id: 't', enable_priority: true, translation_iteration_no: 2, translation_run_id: 'r', current_event_key: 'e' });
  });

  it('new data source: exactly one of url, url_env, path; path only for sqlite', () => {
    expect(c.dataSourceCreateBodySchema.safeParse({ name: 'a', type: 'postgres', url_env: 'PG_URL' }).success).toBe(true);
    expect(c.dataSourceCreateBodySchema.safeParse({ name: 'a', type: 'postgres' }).success).toBe(false);
    expect(c.dataSourceCreateBodySchema.safeParse({ name: 'a', type: 'postgres', path: '/x.db' }).success).toBe(false);
    expect(c.dataSourceCreateBodySchema.safeParse({ name: 'a', type: 'sqlite', path: '/x.db', url: 'x' }).success).toBe(false);
  });
});

describe('responses: a client keeps what it does not know', () => {
  it('keeps unknown fields and accepts unknown statuses only through the lenient schema', () => {
    const detail = c.jobDetailSchema.parse({ run_id: 1, comparison_id: 'x', comparison_name: 'n', status: 'RETRY', shiny: true });
    expect(detail).toMatchObject({ status: 'RETRY', shiny: true });
    expect(c.jobStatusSchema.safeParse('RETRY').success).toBe(false);
    expect(c.lenientJobStatusSchema.parse('RETRY')).toBe('RETRY');
    expect(c.isTerminalJobStatus('REVOKED')).toBe(true);
    expect(c.isTerminalJobStatus('RETRY')).toBe(false);
  });

  it('execute response: either task id name', () => {
    expect(c.executeResponseSchema.parse({ message: 'm', run_id: 5, celery_task_id: 't' }).celery_task_id).toBe('t');
    expect(c.executeResponseSchema.parse({ message: 'm', run_id: 5, worker_task_id: 't' }).worker_task_id).toBe('t');
  });

  it('both error shapes', () => {
    expect(c.anyErrorBodySchema.safeParse({ detail: 'Not authenticated' }).success).toBe(true);
    expect(c.anyErrorBodySchema.safeParse({ detail: [{ type: 'missing', loc: ['body', 'name'], msg: 'Field required', input: null }] }).success).toBe(true);
  });
});

describe('JSON Schema', () => {
  it('can be generated for every exported schema (the server\'s /openapi.json depends on it)', () => {
    const schemas = Object.entries(c).filter(([, value]) => value instanceof z.ZodType) as [string, z.ZodType][];
    expect(schemas.length).toBeGreaterThan(30);
    for (const [name, schema] of schemas) {
      expect(() => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), name).not.toThrow();
      expect(() => z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }), name).not.toThrow();
    }
  });
});

describe('a pattern count a service sends', () => {
  it('loses only its example when the example is null, negative or not a number, never the diff details', () => {
    const parsed = c.diffDetailsSchema.parse({
      primary_key_columns: ['id'],
      column_mapping: { id: 'id', amount: 'amount' },
      mismatched_columns_mapping: {
        amount: { mismatch_count: 3, details: '3 rows', patterns: [{ kind: 'sign', rows: 1, example: null }, { kind: 'scale', rows: 1, example: -1 }, { kind: 'other', rows: 1, example: 'x' }] },
      },
      diff_rows: [{ id: 1 }],
    });
    expect(parsed.mismatched_columns_mapping.amount?.patterns).toEqual([
      { kind: 'sign', rows: 1 },
      { kind: 'scale', rows: 1 },
      { kind: 'other', rows: 1 },
    ]);
  });
});
