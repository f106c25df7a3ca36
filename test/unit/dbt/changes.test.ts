import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeReason, detectChanges } from '../../../src/dbt/changes.js';
import { toManifest, type Manifest } from '../../../src/dbt/manifest.js';
import { isExcluded } from '../../../src/dbt/select.js';
import { buildManifest, type ModelFixture } from '../../helpers/dbt-manifest.js';

const fixtures = path.resolve(import.meta.dirname, '../../fixtures/dbt');
const real = (name: string) => JSON.parse(readFileSync(path.join(fixtures, name), 'utf8')) as { nodes: Record<string, Record<string, unknown>> };
const manifestOf = (raw: unknown) => toManifest(raw, 'm.json', 'manifest');
const build = (models: ModelFixture[]) => manifestOf(buildManifest({ models }));

/** "name: reason" for every changed relation, in report order. */
function changed(pr: Manifest, base: Manifest, select: 'modified' | 'modified+' = 'modified+'): string[] {
  return detectChanges(pr, base, select).changed.map((c) => `${c.node.name}: ${describeReason(c.reason)}`);
}

const stg = { name: 'stg_orders', schema: 'pr', sql: 'select * from raw.orders' };
const orders = { name: 'orders', schema: 'pr', sql: 'select * from {{ ref("stg_orders") }}', dependsOn: ['stg_orders'] };
const revenue = { name: 'revenue', schema: 'pr', sql: 'select sum(amount) from {{ ref("orders") }}', dependsOn: ['orders'] };
const customers = { name: 'customers', schema: 'pr', sql: 'select * from raw.customers' };
const project = [stg, orders, revenue, customers];

describe('finding what a pull request changed (dbt state:modified)', () => {
  it('finds nothing when the PR manifest equals production (CI schema names do not count)', () => {
    const prod = build(project.map((m) => ({ ...m, schema: 'analytics' })));
    expect(changed(build(project), prod)).toEqual([]);
  });

  it('a body change marks the model modified and, with modified+, everything downstream', () => {
    const pr = build([{ ...stg, sql: 'select *, 1 as x from raw.orders' }, orders, revenue, customers]);
    expect(changed(pr, build(project))).toEqual(['stg_orders: modified: body', 'orders: downstream of stg_orders', 'revenue: downstream of stg_orders']);
    expect(changed(pr, build(project), 'modified')).toEqual(['stg_orders: modified: body']);
  });

  it('a config-only change (materialization, unique_key) is a modification', () => {
    const pr = build([stg, { ...orders, materialized: 'incremental', uniqueKey: 'order_id' }, revenue, customers]);
    expect(changed(pr, build(project))).toEqual(['orders: modified: config', 'revenue: downstream of orders']);
  });

  it('a declared column added is a modification of columns', () => {
    const pr = build([stg, orders, revenue, { ...customers, columns: [{ name: 'email', data_type: 'text' }] }]);
    expect(changed(pr, build(project))).toEqual(['customers: modified: columns']);
  });

  it('a changed project macro modifies the models calling it (not a dbt upgrade of its own macros)', () => {
    const withMacro = (sql: string) =>
      manifestOf(buildManifest({ macros: { cents_to_dollars: sql }, models: [stg, { ...orders, macros: ['cents_to_dollars'] }, revenue, customers] }));
    expect(changed(withMacro('({{ c }} / 100)::numeric(16, 2)'), withMacro('({{ c }} / 100)::numeric(16, 2)'))).toEqual([]);
    expect(changed(withMacro('round({{ c }} / 100.0, 2)'), withMacro('({{ c }} / 100)::numeric(16, 2)'))).toEqual(['orders: modified: macros', 'revenue: downstream of orders']);
  });

  it('lists new and removed models apart: they have no other side to diff', () => {
    const pr = build([stg, orders, revenue, { name: 'payments', schema: 'pr', sql: 'select 1' }]);
    const result = detectChanges(pr, build(project), 'modified+');
    expect(result.changed).toEqual([]);
    expect(result.added.map((n) => n.name)).toEqual(['payments']);
    expect(result.removed.map((n) => n.name)).toEqual(['customers']);
  });

  it('an ephemeral model is no relation: its change surfaces in the models that use it', () => {
    const eph = { name: 'int_orders', schema: 'pr', sql: 'select 1', materialized: 'ephemeral' as const, dependsOn: ['stg_orders'] };
    const user = { ...orders, dependsOn: ['int_orders'] };
    const base = build([stg, eph, user, revenue]);
    const pr = build([stg, { ...eph, sql: 'select 2' }, user, revenue]);
    expect(changed(pr, base)).toEqual(['orders: modified: ephemeral model int_orders it uses', 'revenue: downstream of orders']);
  });

  it('on the real v12 project: changing stg_users reaches userdim and fact_userproducts, not the product branch', () => {
    const base = real('duckdb-etl-v12.json');
    const pr = structuredClone(base);
    (pr.nodes['model.new_project.stg_users']!.checksum as { checksum: string }).checksum = 'changed';
    expect(changed(manifestOf(pr), manifestOf(base))).toEqual([
      'stg_users: modified: body',
      'fact_userproducts: downstream of stg_users',
      'userdim: downstream of stg_users',
    ]);
  });

  it('on the real v9 jaffle_shop: an incremental model whose materialization changed, and its mart', () => {
    const base = real('jaffle-shop-v9.json');
    const pr = structuredClone(base);
    (pr.nodes['model.jaffle_shop.stg_payments']!.config as Record<string, unknown>).materialized = 'table';
    expect(changed(manifestOf(pr), manifestOf(base))).toEqual(['stg_payments: modified: config', 'fact_orders: downstream of stg_payments']);
  });
});

describe('dbt.exclude', () => {
  const node = build([{ name: 'legacy_orders', schema: 'pr', sql: 'x', tags: ['nodiff'], path: 'models/legacy/legacy_orders.sql' }]).nodes.get('model.shop.legacy_orders')!;
  it.each([
    ['legacy_orders', true],
    ['legacy_*', true],
    ['orders', false],
    ['tag:nodiff', true],
    ['tag:other', false],
    ['path:models/legacy', true],
    ['path:models/marts', false],
  ])('%s excludes it: %s', (pattern, expected) => {
    expect(isExcluded(node, [pattern])).toBe(expected);
  });
});

describe('a large project', () => {
  it('plans 5,000 models (a chain of 50 layers) in one pass: a change in layer 0 reaches its 49 descendants', () => {
    const models: ModelFixture[] = [];
    const body = `-- ${'a realistic model body of a few kB '.repeat(100)}\n`;
    for (let i = 0; i < 5000; i++) {
      const layer = Math.floor(i / 100);
      models.push({ name: `m${i}`, schema: 'pr', sql: `${body}select ${i}`, dependsOn: layer > 0 ? [`m${i - 100}`] : [], columns: [{ name: 'id', data_type: 'int' }], tests: { unique: ['id'] } });
    }
    const baseText = JSON.stringify(buildManifest({ models }));
    models[7] = { ...models[7]!, sql: `${body}select -7` };
    const prText = JSON.stringify(buildManifest({ models }));
    const started = performance.now();
    const pr = toManifest(JSON.parse(prText), 'pr.json', 'manifest');
    const base = toManifest(JSON.parse(baseText), 'base.json', 'base_manifest');
    const result = detectChanges(pr, base, 'modified+');
    const ms = performance.now() - started;
    console.log(`parse+plan of two ${(prText.length / 1e6).toFixed(1)} MB manifests with 5,000 models and 5,000 tests: ${ms.toFixed(0)} ms`);
    expect(pr.nodes.size).toBe(5000);
    expect(result.changed.map((c) => c.node.name)).toEqual(['m7', ...Array.from({ length: 49 }, (_, k) => `m${7 + 100 * (k + 1)}`).sort()]);
  });
});
