/**
 * dbt pull requests end to end below the action: two manifests and the relations of both builds, for
 * real in PostgreSQL (two schemas), in DuckDB (two schemas of one file) and across databases
 * (production in PostgreSQL, the PR in DuckDB). Every engine must diff exactly the changed models and
 * their downstream models, with keys found in the manifest, and report the differences worked out by
 * hand in shop-project.ts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDbtComparisons } from '../../../src/dbt/derive.js';
import type { RunResult } from '../../../src/engine/model.js';
import { dbtSection } from '../../../src/report/markdown-dbt.js';
import { runSpec } from '../../../src/runner/run-spec.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { loadSpec } from '../../../src/spec/load.js';
import { databaseAvailable, TEST_DATABASE_URLS, runScoped } from '../../helpers/databases.js';
import { buildManifest } from '../../helpers/dbt-manifest.js';
import { buildDuckdb, EXPECTED, shopModels, shopRelations, shopSpec } from './shop-project.js';

const PROD = 'dbt_prod_shop';
const PR = 'dbt_pr_shop';

/** A repository checkout with the spec and both manifests (production's as the v11 one, the PR's as v12). */
function makeRepo(spec: string, prodSchema: string, prSchema: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dc-dbt-'));
  mkdirSync(path.join(dir, 'target'));
  mkdirSync(path.join(dir, 'prod'));
  writeFileSync(path.join(dir, 'spec.yml'), spec);
  writeFileSync(path.join(dir, 'prod/manifest.json'), JSON.stringify(buildManifest({ version: 11, models: shopModels(prodSchema, 'prod') })));
  writeFileSync(path.join(dir, 'target/manifest.json'), JSON.stringify(buildManifest({ version: 12, models: shopModels(prSchema, 'pr') })));
  return dir;
}

async function runRepo(dir: string): Promise<RunResult> {
  const env = { PG_URL: TEST_DATABASE_URLS.postgres, MARIADB_URL: TEST_DATABASE_URLS.mysql };
  const loaded = addDbtComparisons(await loadSpec('spec.yml', { cwd: dir, env }), { cwd: dir });
  return runSpec({ loaded, mode: 'local', logger: silentLogger });
}

/** The run as the EXPECTED table spells it. */
function perModel(run: RunResult) {
  return Object.fromEntries(
    run.comparisons.map((c) => [
      c.name,
      {
        status: c.status,
        reason: c.dbt?.reason,
        key: c.dbt?.key_source,
        keys: c.diff?.primary_key_columns ?? [],
        stats: { mismatched_rows: c.stats?.mismatched_rows, only_in_source: c.stats?.only_in_source, only_in_target: c.stats?.only_in_target },
        columns: Object.keys(c.diff?.mismatched_columns_mapping ?? {}).filter((k) => (c.diff?.mismatched_columns_mapping[k]?.mismatch_count ?? 0) > 0),
        ...(c.error && { error: c.error.message }),
      },
    ]),
  );
}

function expectShopOutcome(run: RunResult): void {
  expect(run.comparisons.map((c) => c.name)).toEqual(['customers', 'daily_revenue', 'order_lines', 'stg_orders', 'customer_regions', 'order_totals', 'orders']);
  expect(perModel(run)).toEqual(EXPECTED);
  const customers = run.comparisons.find((c) => c.name === 'customers')!;
  expect(customers.schema_diff?.only_in_target.map((c) => c.name)).toEqual(['email']);
  const stg = run.comparisons.find((c) => c.name === 'stg_orders')!;
  expect(stg.diff?.diff_rows.map((r) => [r.order_id, r._diff_type, Number(r.source_amount), Number(r.target_amount)])).toEqual([[3, 'changed', 30, 60]]);
  const totals = run.comparisons.find((c) => c.name === 'order_totals')!;
  expect(totals.result?.diff_reasons.join(' ')).toContain('No key found for model order_totals');
  expect(totals.profile?.map((p) => [p.column, p.differs, p.source.sum, p.target.sum, p.source.max, p.target.max])).toEqual([['total', ['distinct', 'max', 'sum'], 100, 130, 40, 70]]);
  expect(run.dbt).toMatchObject({
    select: 'modified+',
    added: [{ unique_id: 'model.shop.payments', name: 'payments' }],
    removed: [{ unique_id: 'model.shop.refunds', name: 'refunds' }],
    excluded: [{ unique_id: 'model.shop.legacy_orders', name: 'legacy_orders' }],
  });
  expect(run.status).toBe('mismatch');
}

async function buildPostgres(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
  await client.connect();
  for (const schema of [PROD, PR]) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
  for (const statement of [...shopRelations(PROD, 'prod'), ...shopRelations(PR, 'pr')]) await client.query(statement);
  return client;
}

describe.runIf(await databaseAvailable('postgres'))('a dbt pull request in PostgreSQL (schemas prod and pr)', () => {
  let client: pg.Client;
  beforeAll(async () => {
    client = await buildPostgres();
  });
  afterAll(async () => {
    for (const schema of [PROD, PR]) await client?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client?.end();
  });

  it('diffs exactly the modified and downstream models, with keys from the manifest, and the differences worked out by hand', async () => {
    const dir = makeRepo(shopSpec('  warehouse: { type: postgres, url: "${PG_URL}" }', { datasource: 'warehouse' }), PROD, PR);
    try {
      const run = await runRepo(dir);
      expectShopOutcome(run);
      expect(dbtSection(run, { limit: 50 })).toMatchInlineSnapshot(`
        "#### dbt models (modified+): 7 models compared

        | Model | Why | Key | Rows prod → PR | Result |
        |---|---|---|--:|---|
        | order_lines | modified: body | order_id, line_no (unique_key) | 4 → 3 (-1, -25.0%) | ❌ 0 changed, 1 removed, 0 added rows |
        | stg_orders | modified: body | order_id (unique test) | 4 → 4 (+0, +0.0%) | ❌ 1 changed, 0 removed, 0 added rows; moved: amount 25.0% |
        | orders | downstream of stg_orders | order_id (primary_key constraint) | 4 → 4 (+0, +0.0%) | ❌ 1 changed, 0 removed, 0 added rows; moved: amount 25.0%; the change propagated |
        | customers | modified: body, columns | region, customer_id (unique_combination_of_columns) | 3 → 3 (+0, +0.0%) | ❌ 1 column change |
        | order_totals | downstream of stg_orders | none (counts and profiles) | 3 → 3 (+0, +0.0%) | ❌ profile differs: total (distinct, max, sum); the change propagated; no key: add one to compare row by row |
        | daily_revenue | modified: config | day (spec override) | 2 → 2 (+0, +0.0%) | ✅ no difference |
        | customer_regions | downstream of customers | region (unique test) | 2 → 2 (+0, +0.0%) | ✅ the change did not reach it |

        **New models (no production relation to compare):** payments

        **Removed models (dropped by this pull request):** refunds

        **Excluded by dbt.exclude:** legacy_orders"
      `);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('with select: modified, diffs only the modified models', async () => {
    const dir = makeRepo(shopSpec('  warehouse: { type: postgres, url: "${PG_URL}" }', { datasource: 'warehouse' }).replace('  exclude:', '  select: modified\n  exclude:'), PROD, PR);
    try {
      const run = await runRepo(dir);
      expect(run.comparisons.map((c) => c.name)).toEqual(['customers', 'daily_revenue', 'order_lines', 'stg_orders']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports a relation that is missing in the database as an error of that model only', async () => {
    const dir = makeRepo(shopSpec('  warehouse: { type: postgres, url: "${PG_URL}" }', { datasource: 'warehouse' }), PROD, PR);
    try {
      await client.query(`ALTER TABLE ${PR}.order_lines RENAME TO order_lines_gone`);
      const run = await runRepo(dir);
      const lines = run.comparisons.find((c) => c.name === 'order_lines')!;
      expect(lines.status).toBe('error');
      expect(lines.error?.message).toContain('does not exist');
      expect(run.comparisons.filter((c) => c.status !== 'error')).toHaveLength(6);
    } finally {
      await client.query(`ALTER TABLE ${PR}.order_lines_gone RENAME TO order_lines`);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a dbt pull request in DuckDB (schemas prod and pr of one file)', () => {
  it('gives the same answer as PostgreSQL', async () => {
    const dir = makeRepo(shopSpec('  warehouse: { type: duckdb, path: shop.duckdb }', { datasource: 'warehouse' }), 'prod', 'pr');
    try {
      await buildDuckdb(path.join(dir, 'shop.duckdb'), { prod: 'prod', pr: 'pr' });
      expectShopOutcome(await runRepo(dir));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(await databaseAvailable('postgres'))('a dbt pull request across databases: production in PostgreSQL, the PR in DuckDB', () => {
  let client: pg.Client;
  beforeAll(async () => {
    client = await buildPostgres();
  });
  afterAll(async () => {
    for (const schema of [PROD, PR]) await client?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client?.end();
  });

  it('gives the same answer as within one database', async () => {
    const spec = shopSpec('  prod: { type: postgres, url: "${PG_URL}" }\n  ci: { type: duckdb, path: ci.duckdb }', { datasource: 'ci', base_datasource: 'prod' });
    const dir = makeRepo(spec, PROD, 'pr');
    try {
      await buildDuckdb(path.join(dir, 'ci.duckdb'), { pr: 'pr' });
      expectShopOutcome(await runRepo(dir));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf((await databaseAvailable('postgres')) && (await databaseAvailable('mysql')))('a dbt pull request across databases: production in PostgreSQL, the PR in MariaDB', () => {
  const MARIA_PR = runScoped('dbt_pr_shop_maria');
  let client: pg.Client;
  let maria: mysql.Connection;
  beforeAll(async () => {
    client = await buildPostgres();
    maria = await mysql.createConnection({ uri: TEST_DATABASE_URLS.mysql });
    await maria.query(`DROP DATABASE IF EXISTS ${MARIA_PR}`);
    await maria.query(`CREATE DATABASE ${MARIA_PR} CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci`);
    for (const statement of shopRelations(MARIA_PR, 'pr')) await maria.query(statement);
  });
  afterAll(async () => {
    for (const schema of [PROD, PR]) await client?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client?.end();
    await maria?.query(`DROP DATABASE IF EXISTS ${MARIA_PR}`);
    await maria?.end();
  });

  it('gives the same answer as within one database', async () => {
    const spec = shopSpec('  prod: { type: postgres, url: "${PG_URL}" }\n  ci: { type: mariadb, url: "${MARIADB_URL}" }', { datasource: 'ci', base_datasource: 'prod' });
    const dir = makeRepo(spec, PROD, MARIA_PR);
    try {
      expectShopOutcome(await runRepo(dir));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
