import { describe, expect, it } from 'vitest';
import { discoverKey } from '../../../src/dbt/keys.js';
import { toManifest } from '../../../src/dbt/manifest.js';
import { buildManifest, type ModelFixture } from '../../helpers/dbt-manifest.js';

/** The key found for one model, as `columns (source)`. */
function keyOf(model: Partial<ModelFixture>, override?: string[]): string {
  const manifest = toManifest(buildManifest({ models: [{ name: 'orders', schema: 'pr', sql: 'x', ...model }] }), 'm.json', 'manifest');
  const key = discoverKey(manifest.nodes.get('model.shop.orders')!, manifest.testsByNode.get('model.shop.orders') ?? [], override);
  return `${key.columns.join(',')} (${key.source})`;
}

describe('finding a model\'s key without configuration', () => {
  it('takes the spec\'s override first', () => {
    expect(keyOf({ tests: { unique: ['id'] } }, ['order_id'])).toBe('order_id (override)');
  });
  it('then meta.datacompare.primary_keys', () => {
    expect(keyOf({ meta: { datacompare: { primary_keys: ['region', 'id'] } }, tests: { unique: ['id'] } })).toBe('region,id (meta)');
  });
  it('then a primary_key constraint, model-level or on a column', () => {
    expect(keyOf({ constraints: [{ type: 'primary_key', columns: ['a', 'b'] }] })).toBe('a,b (constraint)');
    expect(keyOf({ columns: [{ name: 'id', constraints: [{ type: 'not_null' }, { type: 'primary_key' }] }, { name: 'x' }] })).toBe('id (constraint)');
  });
  it('then the unique_key of an incremental model (a list, or a comma-separated text); an expression is no key', () => {
    expect(keyOf({ materialized: 'incremental', uniqueKey: ['order_id', 'line'] })).toBe('order_id,line (unique_key)');
    expect(keyOf({ materialized: 'incremental', uniqueKey: 'order_id' })).toBe('order_id (unique_key)');
    expect(keyOf({ materialized: 'incremental', uniqueKey: "order_id || '-' || line" })).toBe(' (none)');
    expect(keyOf({ materialized: 'table', uniqueKey: 'order_id' })).toBe(' (none)');
  });
  it('then a column with a unique test, preferring one that is also not_null', () => {
    expect(keyOf({ tests: { unique: ['email'] } })).toBe('email (unique_test)');
    expect(keyOf({ tests: { unique: ['email', 'id'], notNull: ['id'] } })).toBe('id (unique_test)');
  });
  it('then dbt_utils.unique_combination_of_columns', () => {
    expect(keyOf({ tests: { combination: ['order_id', 'line_no'] } })).toBe('order_id,line_no (unique_combination)');
  });
  it('and says when there is none', () => {
    expect(keyOf({ tests: { notNull: ['id'] } })).toBe(' (none)');
  });
});
