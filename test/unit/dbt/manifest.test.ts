import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSameProject, readManifest } from '../../../src/dbt/manifest.js';
import { ConfigurationError } from '../../../src/shared/errors.js';
import { buildManifest } from '../../helpers/dbt-manifest.js';

const fixtures = path.resolve(import.meta.dirname, '../../fixtures/dbt');
const read = (name: string) => readManifest(name, path.join(fixtures, name), 'manifest');

function messageOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return `${(error as ConfigurationError).message} | ${(error as ConfigurationError).hint ?? ''}`;
  }
  throw new Error('expected a ConfigurationError');
}

function tempFile(text: string): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'dbt-')), 'manifest.json');
  writeFileSync(file, text);
  return file;
}

describe('reading a dbt manifest', () => {
  it('reads a real v12 manifest (dbt 1.10, DuckDB project): models with their relations and parents', () => {
    const manifest = read('duckdb-etl-v12.json');
    expect(manifest.schemaVersion).toBe(12);
    expect(manifest.projectName).toBe('new_project');
    expect([...manifest.nodes.keys()].sort()).toEqual([
      'model.new_project.categorydim',
      'model.new_project.fact_userproducts',
      'model.new_project.productsdim',
      'model.new_project.stg_category',
      'model.new_project.stg_products',
      'model.new_project.stg_users',
      'model.new_project.userdim',
    ]);
    const fact = manifest.nodes.get('model.new_project.fact_userproducts')!;
    expect(fact.config.materialized).toBe('table');
    expect([fact.schema, fact.alias]).toEqual(['main', 'fact_userproducts']);
    expect(fact.depends_on.nodes).toContain('model.new_project.userdim');
  });

  it('reads a real v9 manifest (dbt 1.5, jaffle_shop on Snowflake) with its incremental models', () => {
    const manifest = read('jaffle-shop-v9.json');
    expect(manifest.schemaVersion).toBe(9);
    expect(manifest.nodes.get('model.jaffle_shop.stg_orders')!.config.materialized).toBe('incremental');
    expect(manifest.nodes.get('model.jaffle_shop.fact_orders')!.schema).toBe('DEV');
  });

  it('groups generic tests under the model they test', () => {
    const file = tempFile(JSON.stringify(buildManifest({ version: 11, models: [{ name: 'orders', schema: 'pr', sql: 'x', tests: { unique: ['id'], notNull: ['id'] } }] })));
    const manifest = readManifest('m.json', file, 'manifest');
    expect(manifest.testsByNode.get('model.shop.orders')!.map((t) => t.test_metadata?.name).sort()).toEqual(['not_null', 'unique']);
    expect(manifest.nodes.has('model.shop.orders')).toBe(true);
  });

  it('rejects a missing file, naming it and how to produce it', () => {
    expect(messageOf(() => readManifest('target/manifest.json', '/nonexistent/manifest.json', 'manifest'))).toMatchInlineSnapshot(
      `"dbt manifest target/manifest.json does not exist | run \`dbt build\` (or \`dbt compile\`) before this step so target/manifest.json exists, or set dbt.manifest / the dbt-manifest input"`,
    );
    expect(messageOf(() => readManifest('prod/manifest.json', '/nonexistent/manifest.json', 'base_manifest'))).toContain("download production's manifest.json");
  });

  it('rejects text that is not JSON', () => {
    expect(messageOf(() => readManifest('m.json', tempFile('{"metadata": '), 'manifest'))).toMatch(/^dbt manifest m\.json is not JSON \(.+\) \| point it at the manifest\.json/);
  });

  it('rejects an unknown schema version and a file that is no manifest', () => {
    const old = tempFile(JSON.stringify({ metadata: { dbt_schema_version: 'https://schemas.getdbt.com/dbt/manifest/v4.json' }, nodes: {} }));
    expect(messageOf(() => readManifest('m.json', old, 'manifest'))).toMatchInlineSnapshot(
      `"dbt manifest m.json is of schema https://schemas.getdbt.com/dbt/manifest/v4.json, which datacompare does not read | datacompare reads manifest schemas v9–v12 (dbt 1.5 and later): build it with a recent dbt"`,
    );
    expect(messageOf(() => readManifest('r.json', tempFile('{"results": []}'), 'manifest'))).toContain('is not a dbt manifest (no metadata.dbt_schema_version)');
  });

  it('rejects two manifests of different projects', () => {
    const shop = readManifest('a.json', tempFile(JSON.stringify(buildManifest({ project: 'shop', models: [] }))), 'manifest');
    const other = readManifest('b.json', tempFile(JSON.stringify(buildManifest({ project: 'finance', models: [] }))), 'base_manifest');
    expect(messageOf(() => checkSameProject(shop, other))).toContain('dbt manifests a.json and b.json come from different projects (shop vs finance)');
    expect(() => checkSameProject(shop, shop)).not.toThrow();
  });
});
