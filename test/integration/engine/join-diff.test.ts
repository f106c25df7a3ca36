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

    // Two rows kept: first one example of each (column, kind) — 2 for amount, 4 for customer and placed_at —
    // then by key; the rows on one side only (3, 5) teach nothing new.
    const capped = await run(definition({ source: side(db, 'chg_a'), target: side(db, 'chg_b'), maxDiffRows: 2 }));
    expect(capped.diff?.diff_rows.map((r) => r.id)).toEqual([2, 4]);
    expect(capped.diff?.truncated).toBe(true);
  });

  it('matches composite and string keys exactly, with different key and column names per side', async () => {
    await db.exec(
      `CREATE TABLE ${db.table('ck_a')} (region ${db.type('keytext')} NOT NULL, code ${db.type('keytext')} NOT NULL, qty INTEGER, PRIMARY KEY (region, code))`,
      `INSERT INTO ${db.table('ck_a')} VALUES ('eu', 'A-1', 1), ('eu', 'a-1', 2), ('us', 'A-1', 3), ('1', '11', 4), ('11', '1', 5)`,
      `CREATE TABLE ${db.table('ck_b')} (area ${db.type('keytext')} NOT NULL, sku ${db.type('keytext')} NOT NULL, quantity INTEGER, PRIMARY KEY (area, sku))`,
      `INSERT INTO ${db.table('ck_b')} VALUES ('eu', 'A-1', 1), ('eu', 'a-1', 20), ('US', 'A-1', 3), ('1', '11', 4), ('11', '1', 5)`,
    );
    const result = await run(
      definition({
        source: side(db, 'ck_a'),
        target: side(db, 'ck_b'),
        primaryKeys: { source: ['region', 'code'], target: ['area', 'sku'] },
        columns: { source: ['qty'], target: ['quantity'] },
      }),
    );
    // Keys match exactly (case-sensitively): 'us' and 'US' are different keys; ('1','11') ≠ ('11','1').
    expect(result.stats).toMatchObject({ matched_rows: 3, mismatched_rows: 1, only_in_source: 1, only_in_target: 1 });
    expect(result.diff?.column_mapping).toEqual({ region: 'area', code: 'sku', qty: 'quantity' });
    expect(result.diff?.diff_rows).toEqual([
      { region: 'US', code: 'A-1', _diff_type: 'only_in_target', target_qty: 3 },
      { region: 'eu', code: 'a-1', _diff_type: 'changed', source_qty: 2, target_qty: 20 },
      { region: 'us', code: 'A-1', _diff_type: 'only_in_source', source_qty: 3 },
    ]);
  });

  it('applies per-side filters and compares queries', async () => {
    await orders('flt_a', [`(1, 'Ada', 10.00, NULL)`, `(2, 'Bob', 20.00, NULL)`, `(3, 'Cy', 30.00, NULL)`]);
    await orders('flt_b', [`(1, 'Ada', 10.00, NULL)`, `(2, 'Bob', 25.00, NULL)`, `(3, 'Cy', 99.00, NULL)`]);
    const filtered = await run(
      definition({ source: side(db, 'flt_a', { filter: 'id <> 3' }), target: side(db, 'flt_b', { filter: 'amount < 50' }) }),
    );
    expect(filtered.stats).toMatchObject({ source_rows: 2, target_rows: 2, matched_rows: 1, mismatched_rows: 1 });
    const queried = await run(
      definition({
        source: side(db, { query: `SELECT id AS order_id, amount AS total FROM ${db.table('flt_a')}` }),
        target: side(db, { query: `SELECT id AS order_id, amount AS total FROM ${db.table('flt_b')} WHERE id < 3;` }),
        primaryKeys: { source: ['order_id'], target: ['order_id'] },
      }),
    );
    expect(queried.error).toBeUndefined();
    expect(queried.stats).toMatchObject({ source_rows: 3, target_rows: 2, matched_rows: 1, mismatched_rows: 1, only_in_source: 1 });
    expect(queried.diff?.diff_rows).toEqual([
      { order_id: 2, _diff_type: 'changed', source_total: '20.00', target_total: '25.00' },
      { order_id: 3, _diff_type: 'only_in_source', source_total: '30.00' },
    ]);
  });

  it('compares text case-insensitively by default and case-sensitively when asked; NULL is not the empty string', async () => {
    await db.exec(
      `CREATE TABLE ${db.table('case_a')} (id INTEGER PRIMARY KEY, name VARCHAR(50))`,
      `INSERT INTO ${db.table('case_a')} VALUES (1, 'Ada Lovelace'), (2, 'ÉMILE'), (3, ''), (4, NULL), (5, 'trailing ')`,
      `CREATE TABLE ${db.table('case_b')} (id INTEGER PRIMARY KEY, name VARCHAR(50))`,
      `INSERT INTO ${db.table('case_b')} VALUES (1, 'ADA LOVELACE'), (2, 'émile'), (3, NULL), (4, ''), (5, 'trailing')`,
    );
    const insensitive = await run(definition({ source: side(db, 'case_a'), target: side(db, 'case_b') }));
    expect(insensitive.stats).toMatchObject({ matched_rows: 2, mismatched_rows: 3 });
    expect(insensitive.diff?.diff_rows).toEqual([
      { id: 3, _diff_type: 'changed', source_name: '', target_name: null },
      { id: 4, _diff_type: 'changed', source_name: null, target_name: '' },
      { id: 5, _diff_type: 'changed', source_name: 'trailing ', target_name: 'trailing' },
    ]);
    const sensitive = await run(definition({ source: side(db, 'case_a'), target: side(db, 'case_b'), caseSensitive: true }));
    expect(sensitive.stats).toMatchObject({ matched_rows: 0, mismatched_rows: 5 });
    expect(sensitive.diff?.diff_rows[0]).toEqual({ id: 1, _diff_type: 'changed', source_name: 'Ada Lovelace', target_name: 'ADA LOVELACE' });
  });

  it('compares decimals of different scale by value and timestamps at the lower precision (truncated)', async () => {
    await db.exec(
      `CREATE TABLE ${db.table('num_a')} (id INTEGER PRIMARY KEY, price DECIMAL(10,1), at ${db.type('timestamp(6)')})`,
      `INSERT INTO ${db.table('num_a')} VALUES (1, 10.5, '2024-03-01 10:00:00.123456'), (2, 7.0, '2024-03-01 10:00:00.999999'), (3, 1.2, '2024-03-01 10:00:01.500000')`,
      `CREATE TABLE ${db.table('num_b')} (id INTEGER PRIMARY KEY, price DECIMAL(12,3), at ${db.type('timestamp(3)')})`,
      `INSERT INTO ${db.table('num_b')} VALUES (1, 10.500, '2024-03-01 10:00:00.123'), (2, 7.001, '2024-03-01 10:00:00.999'), (3, 1.2, '2024-03-01 10:00:01.400')`,
    );
    const result = await run(definition({ source: side(db, 'num_a'), target: side(db, 'num_b') }));
    // Scale 3 on both sides: 10.500 = 10.500, 7.000 ≠ 7.001. Precision 3: .123456 → .123, .999999 → .999 (truncated), .500 ≠ .400.
    expect(result.diff?.diff_rows).toEqual([
      { id: 2, _diff_type: 'changed', source_price: '7.000', target_price: '7.001' },
      { id: 3, _diff_type: 'changed', source_at: '2024-03-01T10:00:01.500000', target_at: '2024-03-01T10:00:01.400000' },
    ]);
    expect(result.stats).toMatchObject({ matched_rows: 1, mismatched_rows: 2 });
  });

  it('lets numeric differences within a tolerance pass', async () => {
    await db.exec(
      `CREATE TABLE ${db.table('tol_a')} (id INTEGER PRIMARY KEY, amount DECIMAL(12,2), score ${db.type('double')})`,
      `INSERT INTO ${db.table('tol_a')} VALUES (1, 100.00, 0.5), (2, 100.00, 1.25), (3, NULL, 2)`,
      `CREATE TABLE ${db.table('tol_b')} (id INTEGER PRIMARY KEY, amount DECIMAL(12,2), score ${db.type('double')})`,
      `INSERT INTO ${db.table('tol_b')} VALUES (1, 100.01, 0.5), (2, 100.02, 1.25), (3, 0.00, 2)`,
    );
    const result = await run(definition({ source: side(db, 'tol_a'), target: side(db, 'tol_b'), tolerance: { amount: 0.01 } }));
    // |100.00-100.01| = 0.01 ≤ 0.01 passes; 0.02 does not; NULL vs 0 always differs.
    expect(result.diff?.mismatched_columns_mapping).toMatchObject({ amount: { mismatch_count: 2 } });
    expect(result.diff?.diff_rows.map((r) => r.id)).toEqual([2, 3]);
    expect(result.result?.diff_reasons).toEqual(['2 rows have different values in column `amount` (beyond the tolerance of 0.01).']);
  });

  it('counts and reports duplicate and NULL keys and never matches their rows', async () => {
    await db.exec(
      `CREATE TABLE ${db.table('dup_a')} (id INTEGER, v VARCHAR(10))`,
      `INSERT INTO ${db.table('dup_a')} VALUES (1, 'a'), (2, 'b'), (2, 'b'), (3, 'c'), (NULL, 'x')`,
      `CREATE TABLE ${db.table('dup_b')} (id INTEGER, v VARCHAR(10))`,
      `INSERT INTO ${db.table('dup_b')} VALUES (1, 'a'), (2, 'b'), (3, 'c'), (3, 'c'), (3, 'z'), (NULL, 'x'), (NULL, 'y')`,
    );
    const result = await run(definition({ source: side(db, 'dup_a'), target: side(db, 'dup_b'), primaryKeys: { source: ['id'], target: ['id'] } }));
    expect(result.status).toBe('mismatch');
    expect(result.stats).toEqual({
      source_rows: 5, target_rows: 7, matched_rows: 1, mismatched_rows: 0, only_in_source: 0, only_in_target: 0,
      duplicate_keys_source: 1, duplicate_keys_target: 1, null_keys_source: 1, null_keys_target: 2,
    });
    expect(result.result?.diff_reasons).toEqual([
      'Key (id) = 2 occurs twice in the source.',
      'Key (id) = 3 occurs 3 times in the target.',
      'Rows with a duplicated key are not compared (it is ambiguous which rows correspond); make the key unique or choose another primary key.',
      '1 row in the source has NULL in a key column (id) and cannot be matched.',
      '2 rows in the target have NULL in a key column (id) and cannot be matched.',
    ]);
    expect(result.diff?.diff_rows).toEqual([]);
  });

  it('accepts empty tables', async () => {
    await orders('empty_a', []);
    await orders('empty_b', []);
    await orders('one_row', [`(1, 'Ada', 1.00, NULL)`]);
    const both = await run(definition({ source: side(db, 'empty_a'), target: side(db, 'empty_b') }));
    expect(both.status).toBe('match');
    expect(both.stats).toMatchObject({ source_rows: 0, target_rows: 0, matched_rows: 0 });
    const oneSide = await run(definition({ source: side(db, 'one_row'), target: side(db, 'empty_b') }));
    expect(oneSide.stats).toMatchObject({ source_rows: 1, target_rows: 0, only_in_source: 1 });
    expect(oneSide.diff?.diff_rows).toEqual([{ id: 1, _diff_type: 'only_in_source', source_customer: 'Ada', source_amount: '1.00', source_placed_at: null }]);
  });

  it('compares row counts only in quick mode', async () => {
    await orders('quick_a', [`(1, 'Ada', 1.00, NULL)`, `(2, 'Bob', 2.00, NULL)`]);
    await orders('quick_b', [`(1, 'Ada', 9.00, NULL)`]);
    const result = await run(definition({ source: side(db, 'quick_a'), target: side(db, 'quick_b'), quickComparison: true }));
    expect(result.status).toBe('mismatch');
    expect(result.result?.diff_reasons).toEqual([
      `Row counts differ: the source (${db.table('quick_a')}) has 2 rows, the target (${db.table('quick_b')}) has 1.`,
    ]);
    expect(result.plan?.kind).toBe('quick');
    expect(result.diff).toBeUndefined();
    const same = await run(definition({ source: side(db, 'quick_a', { filter: 'id = 1' }), target: side(db, 'quick_b'), quickComparison: true }));
    expect(same.status).toBe('match');
  });

  it('reports schema differences and makes them a mismatch', async () => {
    await db.exec(
      `CREATE TABLE ${db.table('sch_a')} (id INTEGER PRIMARY KEY, name VARCHAR(20), price DECIMAL(10,2), legacy_flag INTEGER)`,
      `INSERT INTO ${db.table('sch_a')} VALUES (1, 'x', 1.00, 0)`,
      `CREATE TABLE ${db.table('sch_b')} (id BIGINT PRIMARY KEY, name VARCHAR(40), price VARCHAR(20), created ${db.type('timestamp(0)')})`,
      `INSERT INTO ${db.table('sch_b')} VALUES (1, 'x', 'one', NULL)`,
    );
    const result = await run(definition({ source: side(db, 'sch_a'), target: side(db, 'sch_b'), schemaDiff: true }));
    expect(result.status).toBe('mismatch');
    expect(result.schema_diff?.only_in_source.map((c) => c.name)).toEqual(['legacy_flag']);
    expect(result.schema_diff?.only_in_target.map((c) => c.name)).toEqual(['created']);
    expect(result.schema_diff?.type_mismatches.map((m) => [m.source_column, m.target_column])).toEqual([['price', 'price']]);
    // Columns of different families are compared as text: 1.00 is not 'one'.
    expect(result.stats).toMatchObject({ matched_rows: 0, mismatched_rows: 1 });
    expect(result.result?.diff_reasons).toEqual([
      `Column \`legacy_flag\` (${result.schema_diff?.only_in_source[0]?.type}) exists only in the source.`,
      `Column \`created\` (${result.schema_diff?.only_in_target[0]?.type}) exists only in the target.`,
      `Column \`price\` is ${result.schema_diff?.type_mismatches[0]?.source_type} in the source but \`price\` is ${result.schema_diff?.type_mismatches[0]?.target_type} in the target.`,
      '1 row has a different value in column `price`.',
    ]);
  });

  it('turns bad input into clear errors, never exceptions', async () => {
    await orders('err_a', [`(1, 'Ada', 1.00, NULL)`]);
    await db.exec(`CREATE TABLE ${db.table('nokey')} (id INTEGER, v INTEGER)`);
    const missingTable = await run(definition({ source: side(db, 'err_a'), target: side(db, 'nope') }));
    expect(missingTable.status).toBe('error');
    expect(missingTable.error?.kind).toBe('query');
    expect(missingTable.error?.message).toBe(`The target table \`${db.table('nope')}\` does not exist in data source \`${name}_db\`.`);
    const badFilter = await run(definition({ source: side(db, 'err_a', { filter: 'no_such_column = 1' }), target: side(db, 'err_a') }));
    expect(badFilter.error?.kind).toBe('query');
    expect(badFilter.error?.message).toContain('The source filter `no_such_column = 1` is not valid SQL');
    const badColumn = await run(definition({ source: side(db, 'err_a'), target: side(db, 'err_a'), columns: { source: ['amount'], target: ['amout'] } }));
    expect(badColumn.error).toEqual({
      kind: 'configuration',
      message: `The compared column \`amout\` does not exist in table \`${db.table('err_a')}\` in data source \`${name}_db\`.`,
      hint: 'Available columns: id, customer, amount, placed_at.',
    });
    const noKey = await run(definition({ source: side(db, 'nokey'), target: side(db, 'nokey') }));
    expect(noKey.error?.kind).toBe('configuration');
    expect(noKey.error?.hint).toBe('Set `primary_keys` (or `primary_keys_source` and `primary_keys_target`) in the comparison.');
  });

  it('generates one outer-join query per comparison (general and key-index forms)', async () => {
    await db.exec(
      `CREATE TABLE ${db.table('sql_a')} (id INTEGER PRIMARY KEY, name VARCHAR(20), price DECIMAL(8,2))`,
      `CREATE TABLE ${db.table('sql_b')} (id INTEGER PRIMARY KEY, name VARCHAR(20), price DECIMAL(8,3))`,
    );
    const { loadDialect } = await import('../../../src/dialects/registry.js');
    const { describeSide } = await import('../../../src/engine/sides.js');
    const { resolveColumns } = await import('../../../src/engine/resolve.js');
    const { buildJoinDiffSql, canUseKeyIndexes } = await import('../../../src/engine/join-diff-sql.js');
    const connection = (await loadDialect(name)).connect(db.connection, { logger: silentLogger, datasourceName: 'db' });
    try {
      const build = async (source: ReturnType<typeof side>, target: ReturnType<typeof side>) => {
        const d = definition({ source, target, primaryKeys: { source: ['id'], target: ['id'] } });
        const s = await describeSide('source', source, connection, undefined);
        const t = await describeSide('target', target, connection, undefined);
        const resolved = resolveColumns(d, s, t);
        return { fast: canUseKeyIndexes(s, t, resolved), sql: buildJoinDiffSql(s, t, resolved, 10) };
      };
      const tables = await build(side(db, 'sql_a', { filter: 'price > 0' }), side(db, 'sql_b'));
      // SQLite too: INTEGER PRIMARY KEY is the rowid, never NULL.
      expect(tables.fast).toBe(true);
      expect(tables.sql.passes).toBe('one');
      expect((tables.sql.passes === 'one' ? tables.sql.query : tables.sql.stats).replaceAll(db.ns, 'NS')).toMatchSnapshot();
      const queries = await build(side(db, { query: `SELECT * FROM ${db.table('sql_a')}` }), side(db, 'sql_b'));
      expect(queries.fast).toBe(false);
      expect(queries.sql.passes).toBe('two');
      if (queries.sql.passes === 'two') expect(queries.sql.samples.replaceAll(db.ns, 'NS')).toMatchSnapshot();
    } finally {
      await connection.close();
    }
  });

  it("matches text keys exactly even where the key's collation ignores case and trailing spaces", async () => {
    await db.exec(
      `CREATE TABLE ${db.table('ci_a')} (code VARCHAR(20) PRIMARY KEY, qty INTEGER)`,
      `INSERT INTO ${db.table('ci_a')} VALUES ('us', 1), ('fr', 2), ('de', 3), ('it ', 4)`,
      `CREATE TABLE ${db.table('ci_b')} (code VARCHAR(20) PRIMARY KEY, qty INTEGER)`,
      `INSERT INTO ${db.table('ci_b')} VALUES ('US', 1), ('fr', 2), ('de', 30), ('it', 4)`,
    );
    const result = await run(definition({ source: side(db, 'ci_a'), target: side(db, 'ci_b') }));
    // Keys always match exactly: 'us' ≠ 'US' and 'it ' ≠ 'it', even in MariaDB's case-insensitive, PAD SPACE collation.
    expect(result.stats).toMatchObject({ matched_rows: 1, mismatched_rows: 1, only_in_source: 2, only_in_target: 2 });
    expect(result.diff?.diff_rows).toEqual([
      { code: 'US', _diff_type: 'only_in_target', target_qty: 1 },
      { code: 'de', _diff_type: 'changed', source_qty: 3, target_qty: 30 },
      { code: 'it', _diff_type: 'only_in_target', target_qty: 4 },
      { code: 'it ', _diff_type: 'only_in_source', source_qty: 4 },
      { code: 'us', _diff_type: 'only_in_source', source_qty: 1 },
    ]);
  });

  it('compares booleans, dates and bytes by their canonical text', async () => {
    const bytes = (hex: string) => (name === 'postgres' ? `'\\x${hex}'::bytea` : `X'${hex}'`);
    const blob = name === 'postgres' ? 'BYTEA' : name === 'mysql' ? 'VARBINARY(20)' : 'BLOB';
    await db.exec(
      `CREATE TABLE ${db.table('typ_a')} (id INTEGER PRIMARY KEY, flag BOOLEAN, day DATE, data ${blob})`,
      `INSERT INTO ${db.table('typ_a')} VALUES (1, TRUE, '2024-02-29', ${bytes('00ff')}), (2, FALSE, '2024-03-01', ${bytes('0a')}), (3, NULL, NULL, NULL)`,
      `CREATE TABLE ${db.table('typ_b')} (id INTEGER PRIMARY KEY, flag BOOLEAN, day DATE, data ${blob})`,
      `INSERT INTO ${db.table('typ_b')} VALUES (1, TRUE, '2024-02-29', ${bytes('00ff')}), (2, TRUE, '2024-03-02', ${bytes('0b')}), (3, FALSE, NULL, ${bytes('')})`,
    );
    const result = await run(definition({ source: side(db, 'typ_a'), target: side(db, 'typ_b') }));
    expect(result.diff?.diff_rows).toEqual([
      { id: 2, _diff_type: 'changed', source_flag: false, target_flag: true, source_day: '2024-03-01', target_day: '2024-03-02', source_data: '0a', target_data: '0b' },
      // NULL is neither FALSE nor an empty byte string.
      { id: 3, _diff_type: 'changed', source_flag: null, target_flag: false, source_data: null, target_data: '' },
    ]);
  });
});
