/**
 * The demo (`npm run demo`) tells its story with these exact results. The expectations are worked
 * out by hand from examples/demo/build-shop.js: 300 legacy orders; the migration changed order 42's
 * total (19.99 → 21.99), lost order 137, copied order 256 twice, and upper-cased customer 7's name.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildShop } from '../../../examples/demo/build-shop.js';
import { runSpec } from '../../../src/runner/run-spec.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { loadSpec } from '../../../src/spec/load.js';

const root = mkdtempSync(path.join(tmpdir(), 'dc_engine_demo-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('finds exactly the differences the demo migration introduced', async () => {
  mkdirSync(path.join(root, 'examples/demo'), { recursive: true });
  copyFileSync(path.resolve('examples/demo/data-comparisons.yml'), path.join(root, 'examples/demo/data-comparisons.yml'));
  buildShop(path.join(root, 'examples/demo/shop.db'));
  const loaded = await loadSpec('examples/demo/data-comparisons.yml', { cwd: root });
  const run = await runSpec({ loaded, mode: 'local', logger: silentLogger });

  expect(run.status).toBe('mismatch');
  const [customers, orders, rowCount] = run.comparisons;
  const zero = { duplicate_keys_source: 0, duplicate_keys_target: 0, null_keys_source: 0, null_keys_target: 0 };

  expect(customers).toMatchObject({
    name: 'customers',
    status: 'match',
    result: { diff_status: 'MATCH', diff_reasons: [] },
    stats: { source_rows: 40, target_rows: 40, matched_rows: 40, mismatched_rows: 0, only_in_source: 0, only_in_target: 0, ...zero },
    diff: {
      primary_key_columns: ['id'],
      column_mapping: { id: 'id', name: 'name', email: 'email', country: 'country' },
      mismatched_columns_mapping: {},
      diff_rows: [],
      diff_rows_total: 0,
      truncated: false,
    },
    plan: { kind: 'join' },
  });

  expect(orders).toMatchObject({
    name: 'orders',
    status: 'mismatch',
    result: {
      diff_status: 'MISMATCH',
      diff_reasons: [
        '1 row exists only in the source (legacy_orders).',
        '1 row has a different value in column `total`.',
        'Key (id) = 256 occurs twice in the target.',
        'Rows with a duplicated key are not compared (it is ambiguous which rows correspond); make the key unique or choose another primary key.',
      ],
    },
    // 300 legacy rows; 299 + 1 copy = 300 migrated rows. 300 − 42 (changed) − 137 (lost) − 256 (duplicated) = 297 matched.
    stats: { source_rows: 300, target_rows: 300, matched_rows: 297, mismatched_rows: 1, only_in_source: 1, only_in_target: 0, ...zero, duplicate_keys_target: 1 },
    diff: {
      primary_key_columns: ['id'],
      column_mapping: { id: 'id', customer_id: 'customer_id', total: 'total', status: 'status', ordered_at: 'ordered_at' },
      mismatched_columns_mapping: { total: { mismatch_count: 1 } },
      diff_rows: [
        { id: 42, _diff_type: 'changed', source_total: '19.99', target_total: '21.99' },
        // Order 137: customer (137·7 mod 40)+1 = 40, total (137·1373 mod 19000 + 500)/100 = 176.01,
        // status #137 mod 4 = 1 'shipped', placed 137·7 = 959 h = 39 d 23 h after 2024-01-01.
        { id: 137, _diff_type: 'only_in_source', source_customer_id: 40, source_total: '176.01', source_status: 'shipped', source_ordered_at: '2024-02-09T23:00:00.000000' },
      ],
      diff_rows_total: 2,
      truncated: false,
    },
  });

  expect(rowCount).toMatchObject({
    name: 'orders-row-count',
    status: 'match',
    result: { diff_status: 'MATCH', diff_reasons: [] },
    stats: { source_rows: 300, target_rows: 300 },
    plan: { kind: 'quick' },
  });
});
