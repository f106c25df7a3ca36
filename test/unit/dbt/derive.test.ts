import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addDbtComparisons } from '../../../src/dbt/derive.js';
import { ConfigurationError } from '../../../src/shared/errors.js';
import { parseSpec } from '../../../src/spec/load.js';
import { buildManifest, type ModelFixture } from '../../helpers/dbt-manifest.js';

/** A checkout with a spec and the two manifests; returns the loaded spec with the derived comparisons. */
function derive(spec: string, prod: ModelFixture[], pr: ModelFixture[], options: { manifest?: string; baseManifest?: string } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dc-derive-'));
  mkdirSync(path.join(dir, 'target'));
  writeFileSync(path.join(dir, 'prod.json'), JSON.stringify(buildManifest({ models: prod })));
  writeFileSync(path.join(dir, 'target/manifest.json'), JSON.stringify(buildManifest({ models: pr })));
  const loaded = parseSpec(spec, { file: 'spec.yml', cwd: dir, env: {} });
  return addDbtComparisons(loaded, { cwd: dir, ...options });
}

const SPEC = `version: 1
datasources:
  ci: { type: sqlite, path: ci.db }
  prod: { type: duckdb, path: prod.duckdb }
defaults:
  max_diff_rows: 7
dbt:
  datasource: ci
  base_datasource: prod
  base_manifest: prod.json
  models:
    finance.orders: { primary_keys: [id], exclude_columns: [loaded_at] }
`;

describe('turning changed models into comparisons', () => {
  it('names a model after itself, or package.model when two packages share the name; overrides by package.model', () => {
    const prod = [
      { name: 'orders', schema: 'analytics', sql: 'a' },
      { name: 'orders', schema: 'finance', sql: 'b', package: 'finance' },
    ];
    const pr = [
      { name: 'orders', schema: 'pr_1', sql: 'a2' },
      { name: 'orders', schema: 'pr_1_finance', sql: 'b2', package: 'finance' },
    ];
    const loaded = derive(SPEC, prod, pr);
    expect(loaded.definitions.map((d) => d.name)).toEqual(['finance.orders', 'shop.orders']);
    const finance = loaded.definitions[0]!;
    expect(finance.source).toMatchObject({ datasourceName: 'prod', dataset: '"finance"."orders"', connection: { type: 'duckdb' } });
    expect(finance.target).toMatchObject({ datasourceName: 'ci', dataset: '"pr_1_finance"."orders"', connection: { type: 'sqlite' } });
    expect(finance.primaryKeys).toEqual({ source: ['id'], target: ['id'] });
    expect(finance.excludeColumns).toEqual(['loaded_at']);
    expect(finance.maxDiffRows).toBe(7);
    expect(finance.schemaDiff).toBe(true);
    expect(finance.dbt).toEqual({ unique_id: 'model.finance.orders', reason: 'modified: body', key_source: 'override', downstream: false });
    const shop = loaded.definitions[1]!;
    expect([shop.primaryKeys, shop.quickComparison, shop.profile, shop.dbt?.key_source]).toEqual([null, true, true, 'none']);
    expect(shop.location).toEqual({ file: 'spec.yml', line: 7, column: 1 });
  });

  it('keeps the non-key columns both manifests declare, for api mode (excluded columns left out)', () => {
    const columns = (...names: string[]) => names.map((name) => ({ name }));
    const prod = [{ name: 'orders', schema: 'finance', sql: 'b', package: 'finance', columns: columns('id', 'amount', 'status', 'loaded_at', 'old_col') }];
    const pr = [{ name: 'orders', schema: 'pr_1_finance', sql: 'b2', package: 'finance', columns: columns('id', 'Amount', 'status', 'loaded_at', 'new_col') }];
    const [orders] = derive(SPEC, prod, pr).definitions;
    expect(orders!.columns).toBeNull();
    expect(orders!.declaredColumns).toEqual(['Amount', 'status']);
  });

  it('takes the manifest paths from the inputs over the spec', () => {
    const loaded = derive(SPEC, [], [], { baseManifest: 'prod.json', manifest: 'target/manifest.json' });
    expect(loaded.dbt).toMatchObject({ manifest: 'target/manifest.json', base_manifest: 'prod.json', added: [], removed: [] });
  });

  it('needs a base manifest from the spec or the input', () => {
    expect(() => derive(SPEC.replace('  base_manifest: prod.json\n', ''), [], [])).toThrow(ConfigurationError);
    expect(() => derive(SPEC.replace('  base_manifest: prod.json\n', ''), [], [])).toThrow('the dbt section of spec.yml names no base manifest');
  });
});
