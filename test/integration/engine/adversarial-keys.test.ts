/**
 * Adversarial keys and column matching, on every same-engine pair (join diff) and cross-engine
 * pair (streaming merge): string keys differing only by case or a trailing space are different
 * keys (also in a MariaDB case-insensitive, PAD SPACE column), composite keys (1,11) vs (11,1),
 * NULL and duplicated keys, keys near 2^63, UUID keys in either case, columns matched by name
 * case-insensitively, query sides with aliases and filters with quoted strings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComparisonResult, SideDefinition } from '../../../src/engine/model.js';
import { compare } from '../../../src/engine/index.js';
import { streamStrategy } from '../../../src/engine/plan.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { available, definition, openEngine, pairs, runPair, type Engine } from './adversarial-engines.js';
import type { EngineName } from './engines.js';

type PerEngine = string | Partial<Record<EngineName, string>>;
const pick = (value: PerEngine, engine: EngineName): string => (typeof value === 'string' ? value : (value[engine] ?? ''));

interface KeyCase {
  name: string;
  /** Column definitions of both tables (per engine). */
  columns: PerEngine;
  /** Column definitions of the target table when they differ. */
  targetColumns?: PerEngine;
  /** SQL row literals `(…)` for the source and the target tables. */
  source: string[];
  target: string[];
  primaryKeys?: string[];
  /** The differing rows by hand: key text(s) joined with `,` → diff type. */
  expected: Record<string, 'changed' | 'only_in_source' | 'only_in_target'>;
  stats: Partial<ComparisonResult['stats'] & object>;
  skip?: (source: EngineName, target: EngineName) => boolean;
}

const KEY_CASES: KeyCase[] = [
  {
    name: 'string keys differing only by case or a trailing space are different keys (no declared key)',
    // MariaDB: the database default utf8mb4_general_ci (case-insensitive, PAD SPACE) on purpose.
    columns: 'k VARCHAR(10), v INTEGER',
    primaryKeys: ['k'],
    source: ["('a', 1)", "('A', 2)", "('a ', 3)", "('b', 4)", "('abc', 5)", "('ABC', 6)"],
    target: ["('a', 1)", "('A', 20)", "('a ', 3)", "('B', 4)", "('abc', 5)", "('ABC', 6)"],
    expected: { A: 'changed', b: 'only_in_source', B: 'only_in_target' },
    stats: { matched_rows: 4, mismatched_rows: 1, only_in_source: 1, only_in_target: 1, duplicate_keys_source: 0, duplicate_keys_target: 0 },
  },
  {
    name: 'a declared case-insensitive PAD SPACE key: "a" vs "a " and "abc" vs "ABC" never pair',
    columns: { postgres: 'k VARCHAR(10) PRIMARY KEY, v INTEGER', mysql: 'k VARCHAR(10) COLLATE utf8mb4_general_ci PRIMARY KEY, v INTEGER', sqlite: 'k VARCHAR(10) PRIMARY KEY, v INTEGER' },
    source: ["('a', 1)", "('abc', 2)", "('x', 3)"],
    target: ["('a ', 1)", "('ABC', 2)", "('x', 4)"],
    expected: { a: 'only_in_source', abc: 'only_in_source', 'a ': 'only_in_target', ABC: 'only_in_target', x: 'changed' },
    stats: { matched_rows: 0, mismatched_rows: 1, only_in_source: 2, only_in_target: 2 },
  },
  {
    name: 'composite keys (1,11) and (11,1) are different keys',
    columns: 'k1 INTEGER NOT NULL, k2 INTEGER NOT NULL, v VARCHAR(10), PRIMARY KEY (k1, k2)',
    source: ["(1, 11, 'x')", "(11, 1, 'y')"],
    target: ["(1, 11, 'x')", "(11, 1, 'z')", "(1, 1, 'w')"],
    expected: { '11,1': 'changed', '1,1': 'only_in_target' },
    stats: { matched_rows: 1, mismatched_rows: 1, only_in_source: 0, only_in_target: 1 },
  },
  {
    name: 'NULL keys are counted, never matched; a key duplicated on one side or equally on both is reported, not compared',
    columns: 'k INTEGER, v VARCHAR(10)',
    primaryKeys: ['k'],
    source: ["(1, 'a')", "(1, 'a')", "(2, 'b')", "(NULL, 'n')", "(3, 'c')", "(4, 'd')", "(4, 'd')"],
    target: ["(1, 'a')", "(2, 'b')", "(3, 'x')", "(NULL, 'n')", "(4, 'd')", "(4, 'd')"],
    expected: { '3': 'changed' },
    stats: {
      source_rows: 7, target_rows: 6, matched_rows: 1, mismatched_rows: 1, only_in_source: 0, only_in_target: 0,
      duplicate_keys_source: 2, duplicate_keys_target: 1, null_keys_source: 1, null_keys_target: 1,
    },
  },
  {
    name: 'bigint keys near 2^63 (beyond what a double tells apart)',
    columns: 'k BIGINT NOT NULL PRIMARY KEY, v VARCHAR(10)',
    source: ["(9223372036854775807, 'a')", "(9223372036854775806, 'b')", "(-9223372036854775808, 'c')", "(9007199254740992, 'e')"],
    target: ["(9223372036854775807, 'a')", "(9223372036854775806, 'x')", "(9007199254740993, 'd')", "(9007199254740992, 'e')"],
    expected: { '9223372036854775806': 'changed', '-9223372036854775808': 'only_in_source', '9007199254740993': 'only_in_target' },
    stats: { matched_rows: 2, mismatched_rows: 1, only_in_source: 1, only_in_target: 1 },
  },
  {
    name: 'UUID keys in upper case on one side match the lowercase ones',
    columns: { postgres: 'k UUID PRIMARY KEY, v INTEGER', mysql: 'k CHAR(36) PRIMARY KEY, v INTEGER', sqlite: 'k TEXT PRIMARY KEY, v INTEGER' },
    source: ["('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 1)", "('b0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 2)"],
    target: ["('A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11', 1)", "('B0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11', 3)"],
    expected: { 'b0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11': 'changed' },
    stats: { matched_rows: 1, mismatched_rows: 1 },
    skip: (s, t) => s !== 'postgres' && t !== 'postgres', // only PostgreSQL has a uuid type
  },
  {
    name: 'an integer key against a decimal key, and a date key',
    columns: { postgres: 'k INTEGER NOT NULL, d DATE NOT NULL, v INTEGER', mysql: 'k INTEGER NOT NULL, d DATE NOT NULL, v INTEGER', sqlite: 'k INTEGER NOT NULL, d DATE NOT NULL, v INTEGER' },
    primaryKeys: ['k', 'd'],
    source: ["(1, '2024-01-01', 1)", "(10, '1969-12-31', 2)", "(2, '2024-01-01', 3)"],
    target: ["(1.00, '2024-01-01', 1)", "(10.00, '1969-12-31', 20)", "(2.50, '2024-01-01', 3)"],
    // Keys are compared (and reported) as decimals at the shared scale: 1 and 1.00 are one key.
    expected: { '2.00,2024-01-01': 'only_in_source', '2.50,2024-01-01': 'only_in_target', '10.00,1969-12-31': 'changed' },
    stats: { matched_rows: 1, mismatched_rows: 1, only_in_source: 1, only_in_target: 1 },
    targetColumns: 'k DECIMAL(10,2) NOT NULL, d DATE NOT NULL, v INTEGER',
  },
  {
    name: 'text keys every engine orders differently (emoji, fullwidth, accents, hyphens, spaces) pair up',
    columns: 'k VARCHAR(10) NOT NULL, v INTEGER',
    primaryKeys: ['k'],
    source: ["('😀', 1)", "('ｚ', 2)", "('é', 3)", "('z', 4)", "('Z', 5)", "('-a', 6)", "('a-', 7)", "(' a', 8)", "('a', 9)", "('~', 10)"],
    target: ["('😀', 1)", "('ｚ', 20)", "('é', 3)", "('z', 4)", "('Z', 5)", "('-a', 6)", "('a-', 7)", "(' a', 8)", "('ab', 9)", "('~', 10)"],
    expected: { 'ｚ': 'changed', a: 'only_in_source', ab: 'only_in_target' },
    stats: { matched_rows: 8, mismatched_rows: 1, only_in_source: 1, only_in_target: 1 },
  },
  {
    name: 'float keys',
    columns: { postgres: 'k DOUBLE PRECISION NOT NULL PRIMARY KEY, v INTEGER', mysql: 'k DOUBLE NOT NULL PRIMARY KEY, v INTEGER', sqlite: 'k REAL NOT NULL PRIMARY KEY, v INTEGER' },
    source: ['(1e20, 1)', '(0.5, 2)', '(3, 3)', '(1.5e-7, 4)'],
    target: ['(1e20, 1)', '(0.5, 20)', '(3, 3)', '(1.5e-7, 4)'],
    expected: { '0.5': 'changed' },
    stats: { matched_rows: 3, mismatched_rows: 1, only_in_source: 0, only_in_target: 0 },
  },
  {
    name: 'an empty source against a non-empty target',
    columns: 'k INTEGER NOT NULL PRIMARY KEY, v INTEGER',
    source: [],
    target: ['(1, 1)', '(2, 2)'],
    expected: { '1': 'only_in_target', '2': 'only_in_target' },
    stats: { source_rows: 0, target_rows: 2, matched_rows: 0, only_in_target: 2 },
  },
];

describe.each(pairs)('%s → %s', (sourceName, targetName) => {
  const engines = new Map<EngineName, Engine>();
  const source = () => engines.get(sourceName) as Engine;
  const target = () => engines.get(targetName) as Engine;

  beforeAll(async () => {
    for (const name of new Set([sourceName, targetName])) engines.set(name, await openEngine(name, `keys_${sourceName}_${targetName}`));
    for (const [i, c] of KEY_CASES.entries()) {
      for (const [engine, rows, suffix] of [
        [source(), c.source, 's'],
        [target(), c.target, 't'],
      ] as const) {
        const table = engine.table(`k${i}_${suffix}`);
        const columns = suffix === 't' && c.targetColumns ? c.targetColumns : c.columns;
        await engine.exec(`DROP TABLE IF EXISTS ${table}`, `CREATE TABLE ${table} (${pick(columns, engine.name)})`);
        if (rows.length > 0) await engine.exec(`INSERT INTO ${table} VALUES ${rows.join(', ')}`);
      }
    }
    const customers = (engine: Engine, suffix: string, amountName: string, noteName: string, idName: string) =>
      engine.exec(
        `DROP TABLE IF EXISTS ${engine.table(`c_${suffix}`)}`,
        `CREATE TABLE ${engine.table(`c_${suffix}`)} (${q(engine, idName)} INTEGER NOT NULL PRIMARY KEY, ${q(engine, amountName)} DECIMAL(10,2), ${q(engine, noteName)} VARCHAR(20)${suffix === 't' ? ', extra INTEGER' : ''})`,
        `INSERT INTO ${engine.table(`c_${suffix}`)} VALUES ${[
          [1, '1.00', "'O''Brien'"],
          [2, '2.00', "'plain'"],
          [3, '3.00', "'x'"],
        ]
          .map(([id, amount, note]) => `(${id}, ${suffix === 't' && id === 3 ? '3.50' : amount}, ${note}${suffix === 't' ? ', 0' : ''})`)
          .join(', ')}`,
      );
    await customers(source(), 's', 'Amount', 'Note', 'id');
    await customers(target(), 't', 'amount', 'NOTE', 'ID');
  });
  afterAll(async () => {
    for (const engine of engines.values()) await engine.close();
  });

  for (const [i, c] of KEY_CASES.entries()) {
    it.skipIf(c.skip?.(sourceName, targetName) ?? false)(c.name, async () => {
      const keys = c.primaryKeys ? { primaryKeys: { source: c.primaryKeys, target: c.primaryKeys } } : {};
      const result = await runPair(sourceName, targetName, definition(source().side(`k${i}_s`), target().side(`k${i}_t`), { caseSensitive: true, ...keys }));
      expect(result.error).toBeUndefined();
      const keyNames = result.diff?.primary_key_columns ?? [];
      const found = Object.fromEntries((result.diff?.diff_rows ?? []).map((row) => [keyNames.map((k) => String(row[k])).join(','), row._diff_type]));
      expect(found).toEqual(c.expected);
      expect(result.stats).toMatchObject(c.stats);
    });
  }

  it('handles column and table names with spaces, quotes and dots', async () => {
    const ident = (engine: Engine, name: string) => (engine.name === 'mysql' ? `\`${name.replaceAll('`', '``')}\`` : `"${name.replaceAll('"', '""')}"`);
    for (const [engine, suffix, amount] of [[source(), 's', '1.50'], [target(), 't', '1.75']] as const) {
      const table = engine.name === 'sqlite' ? ident(engine, `odd.name ${suffix}`) : `${engine.table('')}${ident(engine, `odd.name ${suffix}`)}`;
      await engine.exec(
        `DROP TABLE IF EXISTS ${table}`,
        `CREATE TABLE ${table} (${ident(engine, 'Order ID')} INTEGER NOT NULL PRIMARY KEY, ${ident(engine, 'amount "$"')} DECIMAL(10,2), ${ident(engine, 'a`b')} INTEGER)`,
        `INSERT INTO ${table} VALUES (1, ${amount}, 1), (2, 2.00, 2)`,
      );
    }
    const dataset = (engine: Engine, suffix: string) => {
      const quoted = engine.name === 'mysql' ? `\`odd.name ${suffix}\`` : `"odd.name ${suffix}"`;
      return engine.name === 'sqlite' ? quoted : `${engine.table('')}${quoted}`;
    };
    const result = await runPair(sourceName, targetName, definition({ ...source().side(''), dataset: dataset(source(), 's') }, { ...target().side(''), dataset: dataset(target(), 't') }));
    expect(result.error).toBeUndefined();
    expect(result.diff?.diff_rows).toEqual([{ 'Order ID': 1, _diff_type: 'changed', 'source_amount "$"': '1.50', 'target_amount "$"': '1.75' }]);
    expect(result.stats).toMatchObject({ matched_rows: 1, mismatched_rows: 1 });
  });

  it('keeps counting every difference when max_diff_rows cuts the samples', async () => {
    const def = definition(source().side('k0_s'), target().side('k0_t'), { caseSensitive: true, primaryKeys: { source: ['k'], target: ['k'] }, maxDiffRows: 1 });
    const result = await runPair(sourceName, targetName, def);
    expect(result.diff).toMatchObject({ diff_rows_total: 3, truncated: true, mismatched_columns_mapping: { v: { mismatch_count: 1 } } });
    expect(result.diff?.diff_rows).toHaveLength(1);
    expect(result.stats).toMatchObject({ matched_rows: 4, mismatched_rows: 1, only_in_source: 1, only_in_target: 1 });
  });

  it('compares every shared column when none are listed: names matched case-insensitively, keys and extra columns left out', async () => {
    const result = await runPair(sourceName, targetName, definition(source().side('c_s'), target().side('c_t')));
    expect(result.error).toBeUndefined();
    expect(result.diff?.column_mapping).toEqual({ id: 'ID', Amount: 'amount', Note: 'NOTE' });
    expect(result.diff?.diff_rows).toEqual([{ id: 3, _diff_type: 'changed', source_Amount: '3.00', target_Amount: '3.50' }]);
  });

  it('applies filters with quoted strings, and reads a query side through its aliases', async () => {
    const filtered = await runPair(
      sourceName,
      targetName,
      definition(
        source().side('c_s', { filter: `${q(source(), 'Note')} <> 'O''Brien'` }),
        target().side('c_t', { filter: `${q(target(), 'NOTE')} = 'plain' OR ${q(target(), 'NOTE')} = 'x'` }),
      ),
    );
    expect(filtered.error).toBeUndefined();
    expect(filtered.stats).toMatchObject({ source_rows: 2, target_rows: 2, matched_rows: 1, mismatched_rows: 1 });

    const query: SideDefinition = source().query(`SELECT c.id AS code, c.${q(source(), 'Amount')} AS total FROM ${source().table('c_s')} AS c WHERE c.${q(source(), 'Note')} <> 'x'`);
    const aliased = await runPair(
      sourceName,
      targetName,
      definition(query, target().side('c_t'), { primaryKeys: { source: ['code'], target: ['ID'] }, columns: { source: ['total'], target: ['amount'] } }),
    );
    expect(aliased.error).toBeUndefined();
    // The query leaves out id 3 (note 'x'): ids 1 and 2 match, 3 is only in the target.
    expect(aliased.stats).toMatchObject({ source_rows: 2, target_rows: 3, matched_rows: 2, only_in_target: 1 });
    expect(aliased.diff?.diff_rows).toEqual([{ code: 3, _diff_type: 'only_in_target', target_total: '3.50' }]);
  });
});

/** A column name as written in SQL: quoted where case matters (PostgreSQL), as is elsewhere. */
function q(engine: Engine, name: string): string {
  return engine.name === 'postgres' ? `"${name}"` : name;
}

describe.runIf(available.postgres)('a SQLite INTEGER key holding a non-integer', () => {
  it('is a clear error naming the column and the value, never a crash', async () => {
    const sqlite = await openEngine('sqlite', 'badkey');
    const postgres = await openEngine('postgres', 'badkey');
    try {
      await sqlite.exec('CREATE TABLE t (k INTEGER, v INTEGER)', "INSERT INTO t VALUES (1, 1), ('abc', 2), (3, 3)");
      await postgres.exec(`CREATE TABLE ${postgres.table('t')} (k INTEGER PRIMARY KEY, v INTEGER)`, `INSERT INTO ${postgres.table('t')} VALUES (1, 1), (3, 3)`);
      const def = definition(sqlite.side('t'), postgres.side('t'), { primaryKeys: { source: ['k'], target: ['k'] } });
      const result = await compare(def, { logger: silentLogger }, [streamStrategy]);
      expect(result.error).toMatchInlineSnapshot(`
        {
          "hint": "Fix the value, or compare the key as text: make the source a query selecting CAST(k AS TEXT) AS k.",
          "kind": "configuration",
          "message": "Key column \`k\` of table \`t\` in data source \`sqlite_db\` holds "abc", which is not an integer although the column is declared as one.",
        }
      `);
    } finally {
      await sqlite.close();
      await postgres.close();
    }
  });
});
