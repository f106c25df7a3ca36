/**
 * The bundled action on a dbt pull request, as the runner runs it: the spec has a `dbt` section, the
 * PR's manifest is in target/, production's comes in through the dbt-base-manifest input, and both
 * builds are real schemas in PostgreSQL. Also: a missing base manifest stops the run with one error.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunResult } from '../../src/engine/model.js';
import { databaseAvailable, TEST_DATABASE_URLS } from '../helpers/databases.js';
import { buildManifest } from '../helpers/dbt-manifest.js';
import { startGitHubApiStub, type GitHubApiStub } from '../helpers/github-api-stub.js';
import { shopModels, shopRelations } from '../integration/dbt/shop-project.js';
import { makeRepo, requireBundle, runAction, type Repo } from './action-report-harness.js';

const PROD = 'dbt_e2e_prod';
const PR = 'dbt_e2e_pr';
const SPEC = `version: 1
datasources:
  warehouse: { type: postgres, url: "\${PG_URL}" }
dbt:
  datasource: warehouse
  exclude: [tag:nodiff, legacy_*]
  models:
    daily_revenue: { primary_keys: [day], tolerance: { revenue: 0.01 } }
`;

function dbtRepo(): Repo {
  const repo = makeRepo(SPEC);
  mkdirSync(path.join(repo.dir, 'target'));
  mkdirSync(path.join(repo.dir, 'prod-artifacts'));
  writeFileSync(path.join(repo.dir, 'target/manifest.json'), JSON.stringify(buildManifest({ version: 12, models: shopModels(PR, 'pr') })));
  writeFileSync(path.join(repo.dir, 'prod-artifacts/manifest.json'), JSON.stringify(buildManifest({ version: 11, models: shopModels(PROD, 'prod') })));
  return repo;
}

let stub: GitHubApiStub;
beforeAll(() => requireBundle());
beforeEach(async () => {
  stub = await startGitHubApiStub({ headSha: 'c0ffee'.padEnd(40, '0') });
});
afterEach(() => stub.close());

describe.runIf(await databaseAvailable('postgres'))('the action on a dbt pull request', () => {
  let client: pg.Client;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
    await client.connect();
    for (const schema of [PROD, PR]) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
    for (const statement of [...shopRelations(PROD, 'prod'), ...shopRelations(PR, 'pr')]) await client.query(statement);
  });
  afterAll(async () => {
    for (const schema of [PROD, PR]) await client?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client?.end();
  });

  it('diffs the changed models and their downstream models, and reports each in the summary, the comment and results.json', async () => {
    const repo = dbtRepo();
    const run = await runAction({
      repo,
      event: 'pull_request',
      apiUrl: stub.url,
      inputs: { 'dbt-base-manifest': 'prod-artifacts/manifest.json' },
      env: { PG_URL: TEST_DATABASE_URLS.postgres },
    });
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.outputs.status).toBe('mismatch');
    expect(run.outputs['mismatched-comparisons']!.split(/[\n,]/).sort()).toEqual(['customers', 'order_lines', 'order_totals', 'orders', 'stg_orders']);

    const results = JSON.parse(readFileSync(run.outputs['report-json']!, 'utf8')) as RunResult;
    expect(results.comparisons.map((c) => [c.name, c.status, c.dbt?.unique_id, c.dbt?.reason, c.dbt?.key_source])).toEqual([
      ['customers', 'mismatch', 'model.shop.customers', 'modified: body, columns', 'unique_combination'],
      ['daily_revenue', 'match', 'model.shop.daily_revenue', 'modified: config', 'override'],
      ['order_lines', 'mismatch', 'model.shop.order_lines', 'modified: body', 'unique_key'],
      ['stg_orders', 'mismatch', 'model.shop.stg_orders', 'modified: body', 'unique_test'],
      ['customer_regions', 'match', 'model.shop.customer_regions', 'downstream of customers', 'unique_test'],
      ['order_totals', 'mismatch', 'model.shop.order_totals', 'downstream of stg_orders', 'none'],
      ['orders', 'mismatch', 'model.shop.orders', 'downstream of stg_orders', 'constraint'],
    ]);
    expect(results.comparisons.find((c) => c.name === 'orders')!.stats).toMatchObject({ source_rows: 4, target_rows: 4, matched_rows: 3, mismatched_rows: 1 });
    expect(results.dbt).toMatchObject({ manifest: 'target/manifest.json', base_manifest: 'prod-artifacts/manifest.json', added: [{ name: 'payments' }], removed: [{ name: 'refunds' }] });

    expect(run.summary).toContain('#### dbt models (modified+): 7 models compared');
    expect(run.summary).toContain('**New models (no production relation to compare):** payments');
    const comment = stub.comments.get(7)?.find((c) => c.body.includes('datacompare:comment-key'));
    expect(comment?.body).toMatch(/\| orders \| downstream of stg_orders \| order_id \(primary_key constraint\) \| 4 → 4 \(\+0, \+0\.0%\) \| ❌ 1 changed, 0 removed, 0 added rows; moved: amount 25\.0%; the change propagated \|/);
  });
});

describe('the action with a dbt section and no production manifest', () => {
  it('stops with one error naming the file and the fix; nothing runs', async () => {
    const repo = dbtRepo();
    const run = await runAction({ repo, event: 'pull_request', apiUrl: stub.url, inputs: { 'dbt-base-manifest': 'prod-artifacts/missing.json' }, env: { PG_URL: TEST_DATABASE_URLS.postgres } });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("::error::dbt base_manifest prod-artifacts/missing.json does not exist");
    expect(run.stdout).toContain("download production's manifest.json");
    expect(run.outputs.status).toBe('error');
    expect(run.outputs['mismatched-comparisons'] ?? '').toBe('');
  });
});
