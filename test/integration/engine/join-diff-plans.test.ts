/**
 * How the join diff runs on one connection: PostgreSQL's first test on raw values (never letting an
 * equality that is not identity hide a difference), its merge of key-ordered indexes, and SQLite's
 * primary keys that may hold NULL. Expectations worked out by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runComparison } from '../../../src/engine/index.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { databaseAvailable } from '../../helpers/databases.js';
import { definition, side, testEngine, type TestEngine } from './engines.js';

const available = { postgres: await databaseAvailable('postgres') };

describe('the join diff on SQLite, whose primary keys may hold NULL', () => {
  let db: TestEngine;
  beforeAll(async () => {
    db = await testEngine('sqlite', 'join_nullpk');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('counts NULL keys apart instead of taking a target row for a source-only one', async () => {
    await db.exec(
      `CREATE TABLE ${db.table('a')} (code TEXT PRIMARY KEY, qty INTEGER)`,
      `INSERT INTO ${db.table('a')} VALUES ('x', 1), ('y', 2)`,
      `CREATE TABLE ${db.table('b')} (code TEXT PRIMARY KEY, qty INTEGER)`,
      `INSERT INTO ${db.table('b')} VALUES ('x', 1), ('y', 3), (NULL, 4), (NULL, 5)`,
    );
    // The planner streams such keys (sqlite-join-plan.test.ts); forced, the join must count them the same.
    for (const strategy of ['join', 'auto'] as const) {
      const result = await runComparison(definition({ source: side(db, 'a'), target: side(db, 'b'), strategy }), { logger: silentLogger });
      expect(result.plan?.kind).toBe(strategy === 'join' ? 'join' : 'stream');
      expect(result.stats).toEqual({
        source_rows: 2, target_rows: 4, matched_rows: 1, mismatched_rows: 1, only_in_source: 0, only_in_target: 0,
        duplicate_keys_source: 0, duplicate_keys_target: 0, null_keys_source: 0, null_keys_target: 2,
      });
    }
  });
});

describe.runIf(available.postgres)('the join diff\'s first test on raw values (PostgreSQL)', () => {
  let db: TestEngine;
  beforeAll(async () => {
    db = await testEngine('postgres', 'join_raw');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('never lets an equality that is not identity hide a difference: case-insensitive collations, numeric scale, -0, instants', async () => {
    // A nondeterministic collation says 'Ada' = 'ADA'; unconstrained numeric says 1.0 = 1.00; 0 = -0;
    // two timestamptz literals in different zones are one instant.
    await db.exec(
      `CREATE COLLATION ${db.ns}.dc_ci (provider = icu, locale = 'und-u-ks-level2', deterministic = false)`,
      ...['raw_a', 'raw_b'].map((t) => `CREATE TABLE ${db.table(t)} (id INTEGER PRIMARY KEY, name VARCHAR(20) COLLATE ${db.ns}.dc_ci, note TEXT COLLATE ${db.ns}.dc_ci, qty NUMERIC, score DOUBLE PRECISION, at TIMESTAMPTZ)`),
      `INSERT INTO ${db.table('raw_a')} VALUES (1, 'Ada', 'x', 1.0, 0, '2024-01-01 10:00:00+00'), (2, 'Bob', 'same', 2, 1.5, '2024-01-01 10:00:00+00'), (3, 'Cy', NULL, 3, 2, NULL)`,
      `INSERT INTO ${db.table('raw_b')} VALUES (1, 'ADA', 'X', 1.00, -0, '2024-01-01 11:00:00+01'), (2, 'Bob', 'same', 2.000, 1.5, '2024-01-01 10:00:00.000001+00'), (3, 'Cy', '', 3, 2, NULL)`,
    );
    const caseSensitive = await runComparison(definition({ source: side(db, 'raw_a'), target: side(db, 'raw_b'), caseSensitive: true }), { logger: silentLogger });
    expect(caseSensitive.plan?.kind).toBe('join');
    // Row 1: name and note differ in case only (reported when compared case-sensitively); 1.0 vs 1.00,
    // 0 vs -0 and the two spellings of one instant are equal. Row 2: one microsecond. Row 3: NULL vs ''.
    expect(caseSensitive.stats).toMatchObject({ matched_rows: 0, mismatched_rows: 3, only_in_source: 0, only_in_target: 0 });
    expect(caseSensitive.diff?.diff_rows).toEqual([
      { id: 1, _diff_type: 'changed', source_name: 'Ada', target_name: 'ADA', source_note: 'x', target_note: 'X' },
      { id: 2, _diff_type: 'changed', source_at: '2024-01-01T10:00:00.000000Z', target_at: '2024-01-01T10:00:00.000001Z' },
      { id: 3, _diff_type: 'changed', source_note: null, target_note: '' },
    ]);
    const insensitive = await runComparison(definition({ source: side(db, 'raw_a'), target: side(db, 'raw_b'), caseSensitive: false }), { logger: silentLogger });
    expect(insensitive.stats).toMatchObject({ matched_rows: 1, mismatched_rows: 2 });
    // The general form (a query side: no key index, canonical texts joined) answers the same.
    const general = await runComparison(
      definition({ source: side(db, { query: `SELECT * FROM ${db.table('raw_a')}` }), target: side(db, 'raw_b'), caseSensitive: true, primaryKeys: { source: ['id'], target: ['id'] } }),
      { logger: silentLogger },
    );
    expect(general.stats).toEqual(caseSensitive.stats);
    expect(general.diff?.diff_rows).toEqual(caseSensitive.diff?.diff_rows);
  });

  it('merges the key indexes when both tables lie in key order on disk, and hashes otherwise, with the same answer', async () => {
    // 2,000 rows each; 'ordered_*' inserted in key order, 'shuffled' in random order; 3 rows differ.
    const rows = (order: string) => `SELECT g, 'name ' || g, g * 1.5 FROM generate_series(1, 2000) AS g ORDER BY ${order}`;
    await db.exec(
      ...['ordered_a', 'ordered_b', 'shuffled'].map((t) => `CREATE TABLE ${db.table(t)} (id INTEGER PRIMARY KEY, name TEXT, amount NUMERIC(10,2))`),
      `INSERT INTO ${db.table('ordered_a')} ${rows('g')}`,
      `INSERT INTO ${db.table('ordered_b')} ${rows('g')}`,
      `INSERT INTO ${db.table('shuffled')} ${rows('md5(g::text)')}`,
      ...['ordered_b', 'shuffled'].map((t) => `UPDATE ${db.table(t)} SET name = 'changed' WHERE id IN (7, 700, 1999)`),
    );
    const compareWith = (target: string) => runComparison(definition({ source: side(db, 'ordered_a'), target: side(db, target), caseSensitive: true }), { logger: silentLogger });
    // Without statistics nothing is known of the order on disk: hashing, as PostgreSQL plans by itself.
    const unknown = await compareWith('ordered_b');
    expect(unknown.plan?.reason).not.toMatch(/merge their key indexes/);
    await db.exec(...['ordered_a', 'ordered_b', 'shuffled'].map((t) => `ANALYZE ${db.table(t)}`));
    const ordered = await compareWith('ordered_b');
    expect(ordered.plan?.reason).toMatch(/Both tables' rows lie in key order on disk \(correlation 1\.00 and 1\.00\), so the query is planned without hash joins, to merge their key indexes\./);
    const shuffled = await compareWith('shuffled');
    expect(shuffled.plan?.reason).not.toMatch(/merge their key indexes/);
    for (const result of [unknown, ordered, shuffled]) {
      expect(result.stats).toMatchObject({ source_rows: 2000, target_rows: 2000, matched_rows: 1997, mismatched_rows: 3, only_in_source: 0, only_in_target: 0 });
      expect(result.diff?.diff_rows.map((row) => row.id)).toEqual([7, 700, 1999]);
    }
  });
});

describe.runIf(available.postgres)('the join diff against names and values that look like its own (PostgreSQL)', () => {
  let db: TestEngine;
  beforeAll(async () => {
    db = await testEngine('postgres', 'join_names');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('compares a table named like a part of its query (dc_d) by another plan, with the counts a hand count gives', async () => {
    await db.exec(
      `CREATE TABLE ${db.table('dc_d')} (id INTEGER PRIMARY KEY, qty INTEGER)`,
      `INSERT INTO ${db.table('dc_d')} SELECT i, i FROM generate_series(1, 100) AS i`,
      `CREATE TABLE ${db.table('same')} (id INTEGER PRIMARY KEY, qty INTEGER)`,
      `INSERT INTO ${db.table('same')} SELECT i, i FROM generate_series(1, 100) AS i`,
    );
    // Unqualified, as a search_path would let a user write it: our query's part of that name would be counted instead.
    const bare = (table: string) => ({ ...side(db, table), dataset: table, connection: { ...side(db, table).connection!, url: `${(side(db, table).connection as { url: string }).url}?options=-csearch_path%3D${db.ns}` } });
    const result = await runComparison(definition({ source: bare('dc_d'), target: bare('same') }), { logger: silentLogger });
    expect(result.error).toBeUndefined();
    expect(result.plan?.kind).not.toBe('join');
    expect(result.stats).toMatchObject({ source_rows: 100, target_rows: 100, matched_rows: 100, mismatched_rows: 0 });
    // Qualified by its schema, the name cannot be taken for the query's part: the join runs.
    const qualified = await runComparison(definition({ source: side(db, 'dc_d'), target: side(db, 'same') }), { logger: silentLogger });
    expect(qualified.plan?.kind).toBe('join');
    expect(qualified.stats).toMatchObject({ source_rows: 100, target_rows: 100, matched_rows: 100, mismatched_rows: 0 });
  });

  it('counts NaN against NaN and Infinity against Infinity as equal under a tolerance, as the streaming merge does', async () => {
    await db.exec(
      ...['nan_a', 'nan_b'].map((t) => `CREATE TABLE ${db.table(t)} (id INTEGER PRIMARY KEY, x DOUBLE PRECISION)`),
      `INSERT INTO ${db.table('nan_a')} VALUES (1, 'NaN'), (2, 'Infinity'), (3, 1.0), (4, 'NaN')`,
      `INSERT INTO ${db.table('nan_b')} VALUES (1, 'NaN'), (2, 'Infinity'), (3, 1.0005), (4, 2)`,
    );
    for (const strategy of ['join', 'stream'] as const) {
      const result = await runComparison(definition({ source: side(db, 'nan_a'), target: side(db, 'nan_b'), tolerance: { x: 0.001 }, strategy }), { logger: silentLogger });
      expect(result.plan?.kind).toBe(strategy);
      expect(result.stats).toMatchObject({ matched_rows: 3, mismatched_rows: 1 });
      expect(result.diff?.diff_rows.map((row) => row.id)).toEqual([4]);
    }
  });
});
