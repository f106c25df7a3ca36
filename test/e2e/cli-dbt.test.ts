/**
 * The CLI on a spec with a dbt section: `validate` lists the derived comparisons, why each and where its
 * key came from; `run` diffs them (DuckDB, two schemas) and writes the dbt part into the JSON result.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildManifest } from '../helpers/dbt-manifest.js';
import type { RunResult } from '../../src/engine/model.js';
import { buildDuckdb, shopModels, shopSpec } from '../integration/dbt/shop-project.js';

const bin = path.resolve('bin/datacompare.js');

/** A checkout with the spec and both manifests (production's at `basePath`). */
function shopCheckout(spec: string, schemas: { prod: string; pr: string }, basePath: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dc-dbt-cli-'));
  mkdirSync(path.join(dir, 'target'));
  mkdirSync(path.dirname(path.join(dir, basePath)), { recursive: true });
  writeFileSync(path.join(dir, 'spec.yml'), spec);
  writeFileSync(path.join(dir, basePath), JSON.stringify(buildManifest({ version: 10, models: shopModels(schemas.prod, 'prod') })));
  writeFileSync(path.join(dir, 'target/manifest.json'), JSON.stringify(buildManifest({ version: 12, models: shopModels(schemas.pr, 'pr') })));
  return dir;
}

function cli(dir: string, args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [bin, ...args], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...env }, timeout: 60_000 });
}

describe('datacompare validate with a dbt section', () => {
  it('lists every derived comparison with its reason and key source, then the new, removed and excluded models', () => {
    const spec = shopSpec('  warehouse: { type: postgres, url: "${PG_URL}" }', { datasource: 'warehouse' });
    const dir = shopCheckout(spec, { prod: 'analytics', pr: 'pr_42' }, 'prod/manifest.json');
    try {
      const result = cli(dir, ['validate', '--spec', 'spec.yml'], { PG_URL: 'postgres://ci@db/dw' });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(result.stdout).toMatchInlineSnapshot(`
        "✔ spec.yml is valid: 7 comparisons
          customers         warehouse (postgres) "analytics"."customers" → warehouse (postgres) "pr_42"."customers"
                            dbt model.shop.customers: modified: body, columns; key: region, customer_id (from the dbt_utils.unique_combination_of_columns test)
          daily_revenue     warehouse (postgres) "analytics"."daily_revenue" → warehouse (postgres) "pr_42"."daily_revenue"
                            dbt model.shop.daily_revenue: modified: config; key: day (from the dbt.models override in the spec)
          order_lines       warehouse (postgres) "analytics"."order_lines" → warehouse (postgres) "pr_42"."order_lines"
                            dbt model.shop.order_lines: modified: body; key: order_id, line_no (from the incremental unique_key)
          stg_orders        warehouse (postgres) "analytics"."stg_orders" → warehouse (postgres) "pr_42"."stg_orders"
                            dbt model.shop.stg_orders: modified: body; key: order_id (from the unique test)
          customer_regions  warehouse (postgres) "analytics"."customer_regions" → warehouse (postgres) "pr_42"."customer_regions"
                            dbt model.shop.customer_regions: downstream of customers; key: region (from the unique test)
          order_totals      warehouse (postgres) "analytics"."order_totals" → warehouse (postgres) "pr_42"."order_totals"
                            dbt model.shop.order_totals: downstream of stg_orders; key: none found (row counts, columns and per-column profiles only)
          orders            warehouse (postgres) "analytics"."orders" → warehouse (postgres) "pr_42"."orders"
                            dbt model.shop.orders: downstream of stg_orders; key: order_id (from the primary_key constraint)
        dbt: target/manifest.json against prod/manifest.json (select modified+)
          new model (not diffed): payments ("warehouse"."pr_42"."payments")
          removed model (not diffed): refunds ("warehouse"."analytics"."refunds")
          excluded by dbt.exclude: legacy_orders
        "
      `);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('datacompare run with a dbt section', () => {
  it('diffs the changed models, prints the new and removed ones, and exits 1 on the differences', async () => {
    const spec = shopSpec('  warehouse: { type: duckdb, path: shop.duckdb }', { datasource: 'warehouse' });
    const dir = shopCheckout(spec, { prod: 'prod', pr: 'pr' }, 'artifacts/prod.json');
    try {
      await buildDuckdb(path.join(dir, 'shop.duckdb'), { prod: 'prod', pr: 'pr' });
      const result = cli(dir, ['run', '--spec', 'spec.yml', '--dbt-base-manifest', 'artifacts/prod.json', '--json', 'out.json']);
      expect(result.status, result.stderr).toBe(1);
      expect(result.stdout).toContain('dbt: target/manifest.json against artifacts/prod.json (select modified+)');
      expect(result.stdout).toContain('new model (not diffed): payments');
      const json = JSON.parse(readFileSync(path.join(dir, 'out.json'), 'utf8')) as RunResult;
      expect(json.comparisons.filter((c) => c.status === 'mismatch').map((c) => c.name)).toEqual(['customers', 'order_lines', 'stg_orders', 'order_totals', 'orders']);
      expect(json.dbt?.removed.map((m) => m.name)).toEqual(['refunds']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
