/**
 * 422 in FastAPI's shape for every malformed input of the document's tables (4.3–4.10), with
 * `loc[0]` naming body, query or path; and the pagination edges (size 100 ok, 101 → 422, page 0 → 422).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as c from '../../../src/api/contract.js';
import { comparisonBody, sqliteOrders, startTestServer, tempDir, type TestServer } from './harness.js';

let t: TestServer;
let sourceId: string;
let comparisonId: string;

beforeAll(async () => {
  t = await startTestServer({ workers: 0, rateLimit: { burst: 1000, perSecond: 1000 } });
  const file = sqliteOrders(path.join(tempDir('validation'), 'a.db'), [[1, '1.00', 'x']]);
  sourceId = (await t.request('POST', '/sources', { body: { name: 'a', type: 'sqlite', path: file } })).json.data.id;
  comparisonId = (await t.request('POST', '/comparisons?create_only=true', { body: comparisonBody(sourceId, sourceId) })).json.data.id;
});

afterAll(async () => {
  await t?.stop();
});

function without(object: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _, ...rest } = object;
  return rest;
}

function withConfig(changes: Record<string, unknown>): Record<string, unknown> {
  const body = comparisonBody(sourceId, sourceId);
  return { ...body, configuration: { ...(body.configuration as object), ...changes } };
}

const configuration = (): Record<string, unknown> => comparisonBody(sourceId, sourceId).configuration as Record<string, unknown>;

type Case = [name: string, method: string, route: () => string, body: (() => unknown) | undefined, loc: (string | number)[]];

const cases: Case[] = [
  // 4.3 create comparison
  ['create: no body', 'POST', () => '/comparisons', undefined, ['body']],
  ['create: name missing', 'POST', () => '/comparisons', () => without(comparisonBody(sourceId, sourceId), 'name'), ['body', 'name']],
  ['create: name empty', 'POST', () => '/comparisons', () => comparisonBody(sourceId, sourceId, { name: '  ' }), ['body', 'name']],
  ['create: source_datasource_id not a UUID', 'POST', () => '/comparisons', () => comparisonBody('x', sourceId), ['body', 'source_datasource_id']],
  ['create: target_datasource_id missing', 'POST', () => '/comparisons', () => without(comparisonBody(sourceId, sourceId), 'target_datasource_id'), ['body', 'target_datasource_id']],
  ['create: source dataset and query both missing', 'POST', () => '/comparisons', () => without(comparisonBody(sourceId, sourceId), 'source_dataset_id'), ['body', 'source_dataset_id']],
  ['create: configuration missing', 'POST', () => '/comparisons', () => without(comparisonBody(sourceId, sourceId), 'configuration'), ['body', 'configuration']],
  ['create: source_columns missing', 'POST', () => '/comparisons', () => ({ ...comparisonBody(sourceId, sourceId), configuration: without(configuration(), 'source_columns') }), ['body', 'configuration', 'source_columns']],
  ['create: target_columns empty', 'POST', () => '/comparisons', () => withConfig({ target_columns: [] }), ['body', 'configuration', 'target_columns']],
  ['create: columns not paired', 'POST', () => '/comparisons', () => withConfig({ target_columns: ['amount'] }), ['body', 'configuration', 'target_columns']],
  ['create: primary_keys_source not a list', 'POST', () => '/comparisons', () => withConfig({ primary_keys_source: 'id' }), ['body', 'configuration', 'primary_keys_source']],
  ['create: primary_keys_target missing', 'POST', () => '/comparisons', () => ({ ...comparisonBody(sourceId, sourceId), configuration: without(configuration(), 'primary_keys_target') }), ['body', 'configuration', 'primary_keys_target']],
  ['create: case_sensitive not a boolean', 'POST', () => '/comparisons', () => withConfig({ case_sensitive: 'yes' }), ['body', 'configuration', 'case_sensitive']],
  ['create: quick_comparison not a boolean', 'POST', () => '/comparisons', () => withConfig({ quick_comparison: 1 }), ['body', 'configuration', 'quick_comparison']],
  ['create: schema_diff not a boolean', 'POST', () => '/comparisons', () => withConfig({ schema_diff: null }), ['body', 'configuration', 'schema_diff']],
  ['create: source_filter not a string', 'POST', () => '/comparisons', () => withConfig({ source_filter: 5 }), ['body', 'configuration', 'source_filter']],
  ['create: create_only not a boolean', 'POST', () => '/comparisons?create_only=maybe', () => comparisonBody(sourceId, sourceId), ['query', 'create_only']],
  ['create: body not JSON', 'POST', () => '/comparisons', () => '{"name":', ['body', 0]],
  // 4.4 execute
  ['execute: comparison_id not a UUID', 'POST', () => '/comparisons/abc/execute', undefined, ['path', 'comparison_id']],
  ['execute: enable_priority not a boolean', 'POST', () => `/comparisons/${comparisonId}/execute?enable_priority=often`, undefined, ['query', 'enable_priority']],
  ['execute: translation_iteration_no not an integer', 'POST', () => `/comparisons/${comparisonId}/execute?translation_iteration_no=1.5`, undefined, ['query', 'translation_iteration_no']],
  // 4.5 execute multiple
  ['batch: agent_run_id missing', 'POST', () => '/comparisons/execute_multiple', () => ({ comparison_agent_configs: [{ id: 1, configuration: comparisonBody(sourceId, sourceId) }] }), ['body', 'agent_run_id']],
  ['batch: agent_run_id not a UUID', 'POST', () => '/comparisons/execute_multiple', () => ({ agent_run_id: 'x', comparison_agent_configs: [{ id: 1, configuration: comparisonBody(sourceId, sourceId) }] }), ['body', 'agent_run_id']],
  ['batch: configs missing', 'POST', () => '/comparisons/execute_multiple', () => ({ agent_run_id: comparisonId }), ['body', 'comparison_agent_configs']],
  ['batch: config id not an integer', 'POST', () => '/comparisons/execute_multiple', () => ({ agent_run_id: comparisonId, comparison_agent_configs: [{ id: 'a', configuration: comparisonBody(sourceId, sourceId) }] }), ['body', 'comparison_agent_configs', 0, 'id']],
  ['batch: configuration invalid', 'POST', () => '/comparisons/execute_multiple', () => ({ agent_run_id: comparisonId, comparison_agent_configs: [{ id: 1, configuration: without(comparisonBody(sourceId, sourceId), 'name') }] }), ['body', 'comparison_agent_configs', 0, 'configuration', 'name']],
  ['batch: duplicate config ids', 'POST', () => '/comparisons/execute_multiple', () => ({ agent_run_id: comparisonId, comparison_agent_configs: [1, 1].map((id) => ({ id, configuration: comparisonBody(sourceId, sourceId) })) }), ['body', 'comparison_agent_configs', 1, 'id']],
  // 4.6 details
  ['details: no body', 'POST', () => '/jobs/comparison/details', undefined, ['body']],
  ['details: not a list', 'POST', () => '/jobs/comparison/details', () => ({ ids: [1] }), ['body']],
  ['details: id not an integer', 'POST', () => '/jobs/comparison/details', () => [1, 'x'], ['body', 1]],
  // 4.7 job list
  ['jobs: page 0', 'GET', () => '/jobs/comparison?page=0', undefined, ['query', 'page']],
  ['jobs: size 0', 'GET', () => '/jobs/comparison?size=0', undefined, ['query', 'size']],
  ['jobs: size 101', 'GET', () => '/jobs/comparison?size=101', undefined, ['query', 'size']],
  ['jobs: size not a number', 'GET', () => '/jobs/comparison?size=ten', undefined, ['query', 'size']],
  ['jobs: unknown status filter', 'GET', () => '/jobs/comparison?status_filters=SUCCESS,DONE', undefined, ['query', 'status_filters', 1]],
  ['jobs: start_time not a timestamp', 'GET', () => '/jobs/comparison?start_time=yesterday', undefined, ['query', 'start_time']],
  ['jobs: end_time not a timestamp', 'GET', () => '/jobs/comparison?end_time=2026-13-45T99:00:00Z', undefined, ['query', 'end_time']],
  // 4.8 diff details
  ['diff: job_id not an integer', 'GET', () => '/jobs/comparison/abc/diff-details', undefined, ['path', 'job_id']],
  // 4.10 sources
  ['sources: size 101', 'GET', () => '/sources?size=101', undefined, ['query', 'size']],
  ['sources: page 0', 'GET', () => '/sources?page=0', undefined, ['query', 'page']],
  ['sources: sort_by unknown', 'GET', () => '/sources?sort_by=size', undefined, ['query', 'sort_by']],
  ['sources: sort_order unknown', 'GET', () => '/sources?sort_order=up', undefined, ['query', 'sort_order']],
  ['sources: interactive not a boolean', 'GET', () => '/sources?interactive=perhaps', undefined, ['query', 'interactive']],
  ['sources: is_settings_page not a boolean', 'GET', () => '/sources?is_settings_page=2', undefined, ['query', 'is_settings_page']],
  // create data source (ours)
  ['new source: no connection', 'POST', () => '/sources', () => ({ name: 'n', type: 'postgres' }), ['body', 'url']],
  ['new source: two connections', 'POST', () => '/sources', () => ({ name: 'n', type: 'postgres', url: 'postgres://x', url_env: 'PG_URL' }), ['body', 'url_env']],
  ['new source: unknown type', 'POST', () => '/sources', () => ({ name: 'n', type: 'oracle', url: 'x' }), ['body', 'type']],
];

describe('422 for malformed input', () => {
  it.each(cases)('%s', async (_name, method, route, body, loc) => {
    const payload = body?.();
    const answer = await t.request(method, route(), typeof payload === 'string' ? { rawBody: payload } : payload === undefined ? {} : { body: payload });
    expect(answer.status, answer.text).toBe(422);
    const error = c.validationErrorBodySchema.parse(answer.json);
    expect(error.code).toBe('validation_error');
    expect(error.message).toMatch(/^The request is invalid: /);
    expect(error.detail.map((issue) => issue.loc)).toContainEqual(loc);
    for (const issue of error.detail) expect(Object.keys(issue).sort()).toEqual(['input', 'loc', 'msg', 'type']);
  });

  it('words a missing field as FastAPI does', async () => {
    const answer = await t.request('POST', '/comparisons', { body: without(comparisonBody(sourceId, sourceId), 'name') });
    expect(answer.json).toMatchInlineSnapshot(`
      {
        "code": "validation_error",
        "detail": [
          {
            "input": null,
            "loc": [
              "body",
              "name",
            ],
            "msg": "Field required",
            "type": "missing",
          },
        ],
        "message": "The request is invalid: body.name: Field required.",
      }
    `);
  });
});

describe('pagination edges', () => {
  it('accepts size 100 and answers pages 0 when there is nothing', async () => {
    const answer = await t.request('GET', '/jobs/comparison?size=100');
    expect(answer.status).toBe(200);
    expect(c.jobListResponseSchema.parse(answer.json).data).toEqual({ items: [], page: 1, size: 100, total: 0, pages: 0 });
    const sources = c.sourcesResponseSchema.parse((await t.request('GET', '/sources?size=100&page=3')).json);
    expect(sources.data).toMatchObject({ items: [], page: 3, size: 100, total: 1, pages: 1 });
  });
});
