/**
 * A small dbt project ("shop") in two versions, production and a pull request, as the two manifests
 * dbt would write and as the relations `dbt build` would leave in the database. What the PR changes,
 * worked out by hand:
 * - stg_orders (view, key from a unique + not_null test): body change, order 3's amount 30.00 → 60.00
 * - orders (table, key from a primary_key constraint): downstream of stg_orders; the change propagates
 * - order_totals (table, no key): downstream of stg_orders; counts and columns equal, but the profile of
 *   `total` differs: distinct 2 → 3, max 40 → 70, sum 100 → 130
 * - legacy_orders: downstream of stg_orders, left out by `exclude: [legacy_*]`
 * - order_lines (incremental, unique_key [order_id, line_no]): body change, line (2,2) dropped
 * - customers (key from dbt_utils.unique_combination_of_columns [region, customer_id]): column `email` added
 * - customer_regions (view, key from a unique test): downstream of customers, its data does not change
 * - daily_revenue (key and tolerance from the spec's dbt.models override): config-only change
 *   (table → view), revenue 100.000 → 100.005, within the 0.01 tolerance
 * - payments: new in the PR; refunds: removed by the PR; products: untouched (not diffed)
 */
import { DuckDBInstance } from '@duckdb/node-api';
import type { ModelFixture } from '../../helpers/dbt-manifest.js';

export function shopModels(schema: string, version: 'prod' | 'pr'): ModelFixture[] {
  const pr = version === 'pr';
  const models: ModelFixture[] = [
    { name: 'products', schema, sql: 'select * from raw.products', tests: { unique: ['product_id'] } },
    {
      name: 'stg_orders',
      schema,
      materialized: 'view',
      sql: pr ? 'select order_id, region, case when order_id = 3 then amount * 2 else amount end as amount from raw.orders' : 'select * from raw.orders',
      tests: { unique: ['region', 'order_id'], notNull: ['order_id'] },
    },
    { name: 'orders', schema, sql: 'select * from {{ ref("stg_orders") }}', dependsOn: ['stg_orders'], columns: [{ name: 'order_id', data_type: 'integer', constraints: [{ type: 'primary_key' }] }] },
    { name: 'order_totals', schema, sql: 'select region, sum(amount) from {{ ref("stg_orders") }} group by 1', dependsOn: ['stg_orders'] },
    { name: 'legacy_orders', schema, sql: 'select * from {{ ref("stg_orders") }}', dependsOn: ['stg_orders'], tests: { unique: ['order_id'] } },
    {
      name: 'order_lines',
      schema,
      materialized: 'incremental',
      uniqueKey: ['order_id', 'line_no'],
      sql: pr ? 'select * from raw.order_lines where not (order_id = 2 and line_no = 2)' : 'select * from raw.order_lines',
    },
    {
      name: 'customers',
      schema,
      sql: pr ? 'select region, customer_id, name, email from raw.customers' : 'select region, customer_id, name from raw.customers',
      columns: pr ? [{ name: 'region' }, { name: 'customer_id' }, { name: 'name' }, { name: 'email' }] : [{ name: 'region' }, { name: 'customer_id' }, { name: 'name' }],
      tests: { combination: ['region', 'customer_id'] },
    },
    { name: 'customer_regions', schema, materialized: 'view', sql: 'select region, count(*) from {{ ref("customers") }} group by 1', dependsOn: ['customers'], tests: { unique: ['region'] } },
    { name: 'daily_revenue', schema, materialized: pr ? 'view' : 'table', sql: 'select day, revenue from raw.revenue', meta: { owner: 'finance' } },
  ];
  models.push(pr ? { name: 'payments', schema, sql: 'select 1 as payment_id' } : { name: 'refunds', schema, sql: 'select 1 as refund_id' });
  return models;
}

/** The relations dbt would build in `schema` (SQL that PostgreSQL, DuckDB and MariaDB all run). */
export function shopRelations(schema: string, version: 'prod' | 'pr'): string[] {
  const pr = version === 'pr';
  const s = (name: string) => `${schema}.${name}`;
  return [
    `CREATE TABLE ${s('products')} (product_id INTEGER, title VARCHAR(10))`,
    `INSERT INTO ${s('products')} VALUES (1, 'pen'), (2, 'ink')`,
    `CREATE TABLE ${s('raw_orders')} (order_id INTEGER, region VARCHAR(10), amount DECIMAL(10,2))`,
    `INSERT INTO ${s('raw_orders')} VALUES (1, 'north', 10.00), (2, 'south', 20.00), (3, 'north', 30.00), (4, 'west', 40.00)`,
    `CREATE VIEW ${s('stg_orders')} AS SELECT order_id, region, ${pr ? 'CASE WHEN order_id = 3 THEN amount * 2 ELSE amount END' : 'amount'} AS amount FROM ${s('raw_orders')}`,
    `CREATE TABLE ${s('orders')} AS SELECT * FROM ${s('stg_orders')}`,
    `CREATE TABLE ${s('order_totals')} AS SELECT region, SUM(amount) AS total FROM ${s('stg_orders')} GROUP BY region`,
    `CREATE TABLE ${s('legacy_orders')} AS SELECT * FROM ${s('stg_orders')}`,
    `CREATE TABLE ${s('order_lines')} (order_id INTEGER, line_no INTEGER, sku VARCHAR(10))`,
    `INSERT INTO ${s('order_lines')} VALUES (1, 1, 'a'), (1, 2, 'b'), (2, 1, 'c')${pr ? '' : ", (2, 2, 'd')"}`,
    `CREATE TABLE ${s('customers')} (region VARCHAR(10), customer_id INTEGER, name VARCHAR(20)${pr ? ', email VARCHAR(40)' : ''})`,
    `INSERT INTO ${s('customers')} VALUES ('north', 1, 'Ann'${pr ? ", 'ann@x.org'" : ''}), ('south', 1, 'Bob'${pr ? ', NULL' : ''}), ('north', 2, 'Cy'${pr ? ", 'cy@x.org'" : ''})`,
    `CREATE VIEW ${s('customer_regions')} AS SELECT region, COUNT(*) AS customers FROM ${s('customers')} GROUP BY region`,
    `CREATE TABLE ${s('raw_revenue')} (day DATE, revenue DECIMAL(10,3))`,
    `INSERT INTO ${s('raw_revenue')} VALUES (DATE '2024-01-01', ${pr ? '100.005' : '100.000'}), (DATE '2024-01-02', 50.000)`,
    pr ? `CREATE VIEW ${s('daily_revenue')} AS SELECT * FROM ${s('raw_revenue')}` : `CREATE TABLE ${s('daily_revenue')} AS SELECT * FROM ${s('raw_revenue')}`,
    pr ? `CREATE TABLE ${s('payments')} AS SELECT 1 AS payment_id` : `CREATE TABLE ${s('refunds')} AS SELECT 1 AS refund_id`,
  ];
}

/** The spec's dbt section the tests use; datasources are filled in per engine. */
export function shopSpec(datasources: string, dbt: { datasource: string; base_datasource?: string }): string {
  return `version: 1
datasources:
${datasources}
dbt:
  datasource: ${dbt.datasource}
${dbt.base_datasource ? `  base_datasource: ${dbt.base_datasource}\n` : ''}  manifest: target/manifest.json
  base_manifest: prod/manifest.json
  exclude: [legacy_*]
  models:
    daily_revenue: { primary_keys: [day], tolerance: { revenue: 0.01 } }
`;
}

/** What every engine must report, per model: status, key, and the differences worked out above. */
export const EXPECTED = {
  stg_orders: { status: 'mismatch', reason: 'modified: body', key: 'unique_test', keys: ['order_id'], stats: { mismatched_rows: 1, only_in_source: 0, only_in_target: 0 }, columns: ['amount'] },
  order_lines: { status: 'mismatch', reason: 'modified: body', key: 'unique_key', keys: ['order_id', 'line_no'], stats: { mismatched_rows: 0, only_in_source: 1, only_in_target: 0 }, columns: [] },
  customers: { status: 'mismatch', reason: 'modified: body, columns', key: 'unique_combination', keys: ['region', 'customer_id'], stats: { mismatched_rows: 0, only_in_source: 0, only_in_target: 0 }, columns: [] },
  daily_revenue: { status: 'match', reason: 'modified: config', key: 'override', keys: ['day'], stats: { mismatched_rows: 0, only_in_source: 0, only_in_target: 0 }, columns: [] },
  orders: { status: 'mismatch', reason: 'downstream of stg_orders', key: 'constraint', keys: ['order_id'], stats: { mismatched_rows: 1, only_in_source: 0, only_in_target: 0 }, columns: ['amount'] },
  order_totals: { status: 'mismatch', reason: 'downstream of stg_orders', key: 'none', keys: [], stats: { mismatched_rows: 0, only_in_source: 0, only_in_target: 0 }, columns: [] },
  customer_regions: { status: 'match', reason: 'downstream of customers', key: 'unique_test', keys: ['region'], stats: { mismatched_rows: 0, only_in_source: 0, only_in_target: 0 }, columns: [] },
} as const;

/** A DuckDB file with the shop relations of each version in its own schema. */
export async function buildDuckdb(file: string, schemas: { prod?: string; pr?: string }): Promise<void> {
  const instance = await DuckDBInstance.create(file);
  const connection = await instance.connect();
  try {
    for (const [version, schema] of Object.entries(schemas) as ['prod' | 'pr', string][]) {
      await connection.run(`CREATE SCHEMA ${schema}`);
      for (const statement of shopRelations(schema, version)) await connection.run(statement);
    }
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
