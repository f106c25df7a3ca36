/**
 * The engine on one connection (the join diff), on each of SQLite, PostgreSQL and MariaDB. Every
 * expectation is worked out by hand from the rows inserted in the test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runComparison } from '../../../src/engine/index.js';
import { silentLogger } from '../../../src/shared/logger.js';
import type { ComparisonDefinition } from '../../../src/engine/model.js';
import { databaseAvailable } from '../../helpers/databases.js';
import { definition, side, testEngine, type EngineName, type TestEngine } from './engines.js';

const available: Record<EngineName, boolean> = {
  sqlite: true,
  postgres: await databaseAvailable('postgres'),
  mysql: await databaseAvailable('mysql'),
};
const engines = (['sqlite', 'postgres', 'mysql'] as const).filter((name) => available[name]);

describe.each(engines)('join diff on %s', (name) => {
  let db: TestEngine;
  beforeAll(async () => {
    db = await testEngine(name, 'join');
  });
  afterAll(async () => {
    await db?.close();
  });
  const run = (d: ComparisonDefinition) => runComparison(d, { logger: silentLogger });

  async function orders(table: string, rows: string[]) {
    await db.exec(
      `CREATE TABLE ${db.table(table)} (id INTEGER PRIMARY KEY, customer ${db.type('VARCHAR(50)')}, amount DECIMAL(12,2), placed_at ${db.type('timestamp(6)')})`,
    );
    if (rows.length > 0) await db.exec(`INSERT INTO ${db.table(table)} (id, customer, amount, placed_at) VALUES ${rows.join(', ')}`);
  }

  it('reports equal tables as a match', async () => {
    const rows = [`(1, 'Ada', 10.50, '2024-01-01 10:00:00')`, `(2, 'Bob', 20.00, '2024-01-02 11:30:00.250000')`];
    await orders('eq_a', rows);
    await orders('eq_b', rows);
    const result = await run(definition({ source: side(db, 'eq_a'), target: side(db, 'eq_b') }));
    expect(result.error).toBeUndefined();
    expect(result.status).toBe('match');
    expect(result.result?.diff_status).toBe('MATCH');
    expect(result.result?.diff_reasons).toEqual([]);
    expect(result.stats).toEqual({
      source_rows: 2, target_rows: 2, matched_rows: 2, mismatched_rows: 0, only_in_source: 0, only_in_target: 0,
      duplicate_keys_source: 0, duplicate_keys_target: 0, null_keys_source: 0, null_keys_target: 0,
    });
    expect(result.diff?.primary_key_columns).toEqual(['id']);
    expect(result.diff?.column_mapping).toEqual({ id: 'id', customer: 'customer', amount: 'amount', placed_at: 'placed_at' });
    expect(result.diff?.diff_rows).toEqual([]);
    expect(result.plan?.kind).toBe('join');
  });

  it('finds changed values and rows on one side only', async () => {
    await orders('chg_a', [
      `(1, 'Ada', 10.50, '2024-01-01 10:00:00')`,
      `(2, 'Bob', 20.00, '2024-01-02 11:30:00')`,
      `(3, 'Cy', 30.00, '2024-01-03 12:00:00')`,
      `(4, 'Di', 40.00, '2024-01-04 12:00:00')`,
    ]);
    await orders('chg_b', [
      `(1, 'Ada', 10.50, '2024-01-01 10:00:00')`,
      `(2, 'Bob', 21.00, '2024-01-02 11:30:00')`,
      `(4, 'Dee', 40.00, '2024-01-04 12:00:01')`,
      `(5, 'Eve', 50.00, '2024-01-05 12:00:00')`,
    ]);
    const result = await run(definition({ source: side(db, 'chg_a'), target: side(db, 'chg_b') }));
    expect(result.status).toBe('mismatch');
    expect(result.stats).toMatchObject({ source_rows: 4, target_rows: 4, matched_rows: 1, mismatched_rows: 2, only_in_source: 1, only_in_target: 1 });
    expect(result.result?.diff_reasons).toEqual([
      `1 row exists only in the source (${db.table('chg_a')}).`,
      `1 row exists only in the target (${db.table('chg_b')}).`,
      '1 row has a different value in column `customer`.',
      '1 row has a different value in column `amount`.',
      '1 row has a different value in column `placed_at`.',
    ]);
    expect(result.diff?.diff_rows).toEqual([
      { id: 2, _diff_type: 'changed', source_amount: '20.00', target_amount: '21.00' },
      { id: 3, _diff_type: 'only_in_source', source_customer: 'Cy', source_amount: '30.00', source_placed_at: '2024-01-03T12:00:00.000000' },
      {
        id: 4, _diff_type: 'changed', source_customer: 'Di', target_customer: 'Dee',
        source_placed_at: '2024-01-04T12:00:00.000000', target_placed_at: '2024-01-04T12:00:01.000000',
      },
      { id: 5, _diff_type: 'only_in_target', target_customer: 'Eve', target_amount: '50.00', target_placed_at: '2024-01-05T12:00:00.000000' },
    ]);
    expect(result.diff?.mismatched_columns_mapping.amount?.mismatch_count).toBe(1);
    expect(result.diff?.diff_rows_total).toBe(4);
    expect(result.diff?.truncated).toBe(false);

    const capped = await run(definition({ source: side(db, 'chg_a'), target: side(db, 'chg_b'), maxDiffRows: 2 }));
    expect(capped.diff?.diff_rows.map((r) => r.id)).toEqual([2, 3]);
    expect(capped.diff?.truncated).toBe(true);
  });
});
