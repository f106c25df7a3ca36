/**
 * A dbt pull request in api mode against a real `datacompare serve` (PostgreSQL, a schema per build):
 * the service cannot introspect, so the model's columns come from what both manifests declare.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDbtComparisons } from '../../../src/dbt/derive.js';
import { runSpec } from '../../../src/runner/run-spec.js';
import { MemoryLogger } from '../../../src/shared/logger.js';
import { loadSpec } from '../../../src/spec/load.js';
import { databaseAvailable, TEST_DATABASE_URLS } from '../../helpers/databases.js';
import { buildManifest, type ModelFixture } from '../../helpers/dbt-manifest.js';
import { startService, type Service } from './service-harness.js';

const PROD = 'dc_api_dbt_prod';
const PR = 'dc_api_dbt_pr';

const model = (schema: string, sql: string, declared: boolean): ModelFixture => ({
  name: 'orders',
  schema,
  sql,
  tests: { unique: ['order_id'] },
  ...(declared ? { columns: [{ name: 'order_id' }, { name: 'region' }, { name: 'amount' }] } : {}),
});

describe.runIf(await databaseAvailable('postgres'))('a dbt pull request in api mode (PostgreSQL)', () => {
  let service: Service;
  const sql = async (statements: string[]) => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await sql([
      `DROP SCHEMA IF EXISTS ${PROD} CASCADE`,
      `DROP SCHEMA IF EXISTS ${PR} CASCADE`,
      `CREATE SCHEMA ${PROD}`,
      `CREATE SCHEMA ${PR}`,
      `CREATE TABLE ${PROD}.orders (order_id int, region text, amount numeric(10,2))`,
      `INSERT INTO ${PROD}.orders VALUES (1, 'north', 10), (2, 'south', 20), (3, 'north', 30)`,
      `CREATE TABLE ${PR}.orders AS SELECT order_id, region, CASE WHEN order_id = 3 THEN amount * 2 ELSE amount END AS amount FROM ${PROD}.orders`,
    ]);
    service = await startService();
    await service.addSource({ name: 'pg-dbt', type: 'postgres', url: TEST_DATABASE_URLS.postgres });
  });
  afterAll(async () => {
    await service?.close();
    await sql([`DROP SCHEMA IF EXISTS ${PROD} CASCADE`, `DROP SCHEMA IF EXISTS ${PR} CASCADE`]);
  });

  async function run(declared: boolean) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dc-api-dbt-'));
    mkdirSync(path.join(dir, 'target'));
    writeFileSync(path.join(dir, 'prod.json'), JSON.stringify(buildManifest({ models: [model(PROD, 'select 1', declared)] })));
    writeFileSync(path.join(dir, 'target/manifest.json'), JSON.stringify(buildManifest({ models: [model(PR, 'select 2', declared)] })));
    writeFileSync(
      path.join(dir, 'spec.yml'),
      `version: 1\ndatasources:\n  pg: { type: service, service: pg-dbt }\ndbt:\n  datasource: pg\n  manifest: target/manifest.json\n  base_manifest: prod.json\n`,
    );
    const loaded = addDbtComparisons(await loadSpec('spec.yml', { cwd: dir, env: {} }), { cwd: dir });
    const api = { url: service.url, key: service.key, workspaceId: service.workspaceId, timeoutMs: 60_000 };
    return (await runSpec({ loaded, mode: 'api', api, logger: new MemoryLogger() })).comparisons;
  }

  it('compares the columns both manifests declare, and finds the changed amount', async () => {
    const [orders] = await run(true);
    expect(orders).toMatchObject({ name: 'orders', status: 'mismatch', stats: { mismatched_rows: 1, only_in_source: 0, only_in_target: 0 } });
    expect(Object.keys(orders!.diff!.mismatched_columns_mapping).filter((c) => orders!.diff!.mismatched_columns_mapping[c]!.mismatch_count > 0)).toEqual(['amount']);
  });

  it('without declared columns: an error whose hint says where to declare them', async () => {
    const [orders] = await run(false);
    expect(orders!.status).toBe('error');
    expect(orders!.error?.hint).toContain("Declare the model's columns in its .yml");
  });
});
