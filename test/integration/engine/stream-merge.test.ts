/**
 * Comparisons across engines: PostgreSQL ↔ MariaDB, PostgreSQL ↔ SQLite, MariaDB ↔ SQLite. String
 * keys are chosen so the engines' own orders disagree (mixed case, hyphens, accents: MariaDB's
 * default collation is case- and accent-insensitive, PostgreSQL's depends on the locale); the
 * streaming merge must still pair every row. Expectations are worked out by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compare, runComparison } from '../../../src/engine/index.js';
import { joinStrategy, streamStrategy } from '../../../src/engine/plan.js';
import { streamSql } from '../../../src/engine/stream-merge.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { databaseAvailable } from '../../helpers/databases.js';
import { definition, side, testEngine, type EngineName, type TestEngine } from './engines.js';

const available: Record<EngineName, boolean> = {
  sqlite: true,
  postgres: await databaseAvailable('postgres'),
  mysql: await databaseAvailable('mysql'),
};
const pairs = ([
  ['postgres', 'mysql'],
  ['postgres', 'sqlite'],
  ['mysql', 'sqlite'],
] as const).filter(([a, b]) => available[a] && available[b]);

// key, name, amount, placed_at, paid, score
type Row = [string, string, string, string, boolean, number];
const common: Row[] = [
  ['ab', 'Ann', '1.00', '2024-01-01 00:00:00', true, 0.1],
  ['c', 'Cid', '3.50', '2024-01-03 00:00:00.000001', false, 1e20],
  ['Zoe', 'Zoe', '7.25', '2024-02-01 10:00:00', true, 2.5],
];
const sourceRows: Row[] = [
  ...common,
  ['B', 'Bea', '2.00', '2024-01-02 00:00:00', true, 3],
  ['emma', 'Emma', '5.00', '2024-01-05 00:00:00.500000', false, 4],
  ['zed', 'Zed', '9.00', '2024-01-09 00:00:00', false, 5],
  ['Émile', 'Émile', '10.00', '2024-01-10 00:00:00', true, 6],
];
const targetRows: Row[] = [
  ...common.map((r): Row => (r[0] === 'Zoe' ? [r[0], 'ZOE', r[2], r[3], r[4], r[5]] : r)),
  ['B', 'Bea', '2.00', '2024-01-02 00:00:00', false, 3],
  ['emma', 'Emma', '5.00', '2024-01-05 00:00:00.600000', false, 4],
  ['a-b', 'Abe', '8.00', '2024-01-08 00:00:00', true, 7],
  ['Émile', 'Émile', '10.01', '2024-01-10 00:00:00', true, 6],
];

// By hand: ab, c and Zoe match (3); keys in byte order B < Zoe < a-b < ab < c < emma < zed < Émile; 'Zoe' vs 'ZOE' is equal
// case-insensitively; B differs in paid, emma in placed_at, Émile in amount; a-b only in the target,
// zed only in the source.
const expectedRows = [
  { code: 'B', _diff_type: 'changed', source_paid: true, target_paid: false },
  { code: 'a-b', _diff_type: 'only_in_target', target_name: 'Abe', target_amount: '8.00', target_placed_at: '2024-01-08T00:00:00.000000', target_paid: true, target_score: 7 },
  { code: 'emma', _diff_type: 'changed', source_placed_at: '2024-01-05T00:00:00.500000', target_placed_at: '2024-01-05T00:00:00.600000' },
  { code: 'zed', _diff_type: 'only_in_source', source_name: 'Zed', source_amount: '9.00', source_placed_at: '2024-01-09T00:00:00.000000', source_paid: false, source_score: 5 },
  { code: 'Émile', _diff_type: 'changed', source_amount: '10.00', target_amount: '10.01' },
];
const expectedStats = {
  source_rows: 7, target_rows: 7, matched_rows: 3, mismatched_rows: 3, only_in_source: 1, only_in_target: 1,
  duplicate_keys_source: 0, duplicate_keys_target: 0, null_keys_source: 0, null_keys_target: 0,
};

async function shop(engine: TestEngine, table: string, rows: Row[]) {
  await engine.exec(
    `CREATE TABLE ${engine.table(table)} (code VARCHAR(20) NOT NULL PRIMARY KEY, name VARCHAR(40), amount DECIMAL(12,2), placed_at ${engine.type('timestamp(6)')}, paid BOOLEAN, score ${engine.type('double')})`,
    `INSERT INTO ${engine.table(table)} VALUES ${rows
      .map(([code, name, amount, at, paid, score]) => `('${code}', '${name}', ${amount}, '${at}', ${paid ? 'TRUE' : 'FALSE'}, ${score})`)
      .join(', ')}`,
  );
}

describe.each(pairs)('%s ↔ %s', (sourceName, targetName) => {
  let source: TestEngine;
  let target: TestEngine;
  beforeAll(async () => {
    source = await testEngine(sourceName, `xs_${sourceName}_${targetName}`);
    target = await testEngine(targetName, `xt_${sourceName}_${targetName}`);
    await shop(source, 'orders', sourceRows);
    await shop(target, 'orders', targetRows);
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  it('streams both sides in the same byte order and merges them exactly', async () => {
    const result = await compare(definition({ source: side(source, 'orders'), target: side(target, 'orders') }), { logger: silentLogger }, [
      joinStrategy,
      streamStrategy,
    ]);
    expect(result.error).toBeUndefined();
    expect(result.plan?.kind).toBe('stream');
    expect(result.stats).toEqual(expectedStats);
    expect(result.diff?.diff_rows).toEqual(expectedRows);
    // Why, by hand: true → false is no spelling of one truth value; .5 → .6 s at the same precision is no
    // precision lost; 10.00 (no decimals once trailing zeros go) is 10.01 rounded to 0 decimals. Each
    // pattern's example is its row in diff_rows.
    expect(result.diff?.mismatched_columns_mapping).toEqual({
      placed_at: { mismatch_count: 1, details: expect.any(String), patterns: [{ kind: 'other', rows: 1, example: 2 }] },
      paid: { mismatch_count: 1, details: expect.any(String), patterns: [{ kind: 'other', rows: 1, example: 0 }] },
      amount: { mismatch_count: 1, details: expect.any(String), patterns: [{ kind: 'rounding', rows: 1, detail: 'to 0 decimals', example: 4 }] },
    });
    expect(result.plan?.source.rows_sent).toBe(7);
  });

  it('gives the same answer whichever plan the planner picks', async () => {
    const result = await runComparison(definition({ source: side(source, 'orders'), target: side(target, 'orders') }), { logger: silentLogger });
    expect(result.error).toBeUndefined();
    expect(result.stats).toEqual(expectedStats);
    expect(result.diff?.diff_rows).toEqual(expectedRows);
  });

  it('finds no difference between a table and its own copy on the other engine', async () => {
    await shop(source, 'same', sourceRows);
    await shop(target, 'same', sourceRows);
    const result = await compare(definition({ source: side(source, 'same'), target: side(target, 'same') }), { logger: silentLogger }, [streamStrategy]);
    expect(result.status).toBe('match');
    expect(result.stats?.matched_rows).toBe(7);
  });
});

describe.each(pairs)('%s ↔ %s: keys, NULLs and tolerance when streaming', (sourceName, targetName) => {
  let source: TestEngine;
  let target: TestEngine;
  beforeAll(async () => {
    source = await testEngine(sourceName, `ys_${sourceName}_${targetName}`);
    target = await testEngine(targetName, `yt_${sourceName}_${targetName}`);
    const create = (engine: TestEngine) =>
      `CREATE TABLE ${engine.table('items')} (shop ${engine.type('keytext')}, line INTEGER, note VARCHAR(20), price DECIMAL(10,2))`;
    await source.exec(
      create(source),
      `INSERT INTO ${source.table('items')} VALUES ('a', 1, 'x', 1.00), ('a', 2, '', 2.00), ('a', 10, NULL, 3.00), ('b', 1, 'Y', 4.00),
        ('b', 2, 'dup', 5.00), ('b', 2, 'dup', 5.00), (NULL, 1, 'nokey', 6.00), ('c', 1, 'z', 7.00)`,
    );
    await target.exec(
      create(target),
      `INSERT INTO ${target.table('items')} VALUES ('a', 1, 'x', 1.004), ('a', 2, NULL, 2.00), ('a', 10, '', 3.00), ('b', 1, 'y', 4.02),
        ('b', 2, 'dup', 5.00), ('c', 1, 'z', 7.00), ('c', 1, 'z', 7.00), ('c', 1, 'z', 7.00), ('d', NULL, 'nokey', 8.00)`,
    );
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  it('pairs composite keys, keeps NULL apart from the empty string, and leaves duplicated and NULL keys out', async () => {
    const result = await compare(
      definition({
        source: side(source, 'items'),
        target: side(target, 'items'),
        primaryKeys: { source: ['shop', 'line'], target: ['shop', 'line'] },
        caseSensitive: true,
        tolerance: { price: 0.01 },
      }),
      { logger: silentLogger },
      [streamStrategy],
    );
    expect(result.error).toBeUndefined();
    // By hand: (a,1) price 1.00 vs 1.00 (1.004 is stored as 1.00 at scale 2) → match; (a,2) '' vs NULL → changed;
    // (a,10) NULL vs '' → changed; (b,1) 'Y' vs 'y' (case-sensitive) and 4.00 vs 4.02 (beyond 0.01) → changed;
    // (b,2) twice in the source, (c,1) three times in the target → left out; NULL keys: 1 and 1.
    expect(result.stats).toEqual({
      source_rows: 8, target_rows: 9, matched_rows: 1, mismatched_rows: 3, only_in_source: 0, only_in_target: 0,
      duplicate_keys_source: 1, duplicate_keys_target: 1, null_keys_source: 1, null_keys_target: 1,
    });
    expect(result.diff?.diff_rows).toEqual([
      { shop: 'a', line: 2, _diff_type: 'changed', source_note: '', target_note: null },
      { shop: 'a', line: 10, _diff_type: 'changed', source_note: null, target_note: '' },
      { shop: 'b', line: 1, _diff_type: 'changed', source_note: 'Y', target_note: 'y', source_price: '4.00', target_price: '4.02' },
    ]);
    expect(result.result?.diff_reasons).toContain("Key (shop, line) = ('b', 2) occurs twice in the source.");
    expect(result.result?.diff_reasons).toContain("Key (shop, line) = ('c', 1) occurs 3 times in the target.");
  });
});

describe.each(pairs)('%s ↔ %s: JSON and UUIDs', (sourceName, targetName) => {
  let source: TestEngine;
  let target: TestEngine;
  const types: Record<EngineName, [string, string]> = { postgres: ['JSONB', 'UUID'], mysql: ['JSON', 'CHAR(36)'], sqlite: ['JSON', 'TEXT'] };
  beforeAll(async () => {
    source = await testEngine(sourceName, `js_${sourceName}_${targetName}`);
    target = await testEngine(targetName, `jt_${sourceName}_${targetName}`);
    for (const [engine, rows] of [
      [source, `(1, '{"b": [1, 2], "a": 1}', 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11'), (2, '{"x": "y"}', 'b0eebc99-9c0b-4ef8-bb6d-6bb9bd380a12')`],
      [target, `(1, '{"a":1,"b":[1,2]}', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'), (2, '{"x": "z"}', 'B0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A12')`],
    ] as const) {
      const [json, uuid] = types[engine.name];
      await engine.exec(`CREATE TABLE ${engine.table('docs')} (id INTEGER PRIMARY KEY, doc ${json}, ref ${uuid})`, `INSERT INTO ${engine.table('docs')} VALUES ${rows}`);
    }
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  // A UUID column is compared lowercased; a UUID kept in a text column follows case_sensitive (default false).
  it('compares JSON by value (key order and spacing aside) and UUIDs regardless of case', async () => {
    const result = await compare(definition({ source: side(source, 'docs'), target: side(target, 'docs') }), { logger: silentLogger }, [
      streamStrategy,
    ]);
    expect(result.error).toBeUndefined();
    expect(result.stats).toMatchObject({ matched_rows: 1, mismatched_rows: 1 });
    expect(result.diff?.diff_rows).toEqual([{ id: 2, _diff_type: 'changed', source_doc: '{"x":"y"}', target_doc: '{"x":"z"}' }]);
  });
});

describe('the streaming SQL per dialect', () => {
  it.each(['sqlite', 'postgres', 'mysql'] as const)('orders %s rows by the bytes of the canonical key', async (name) => {
    const engine = await testEngine(name, 'sqltext');
    try {
      if (!engine.available) return;
      await shop(engine, 'orders', common);
      const { loadDialect } = await import('../../../src/dialects/registry.js');
      const { describeSide } = await import('../../../src/engine/sides.js');
      const { resolveColumns } = await import('../../../src/engine/resolve.js');
      const dialect = await loadDialect(name);
      const connection = dialect.connect(engine.connection, { logger: silentLogger, datasourceName: 'db' });
      try {
        const sideDefinition = side(engine, 'orders');
        const s = await describeSide('source', sideDefinition, connection, undefined);
        const resolved = resolveColumns(definition({ source: sideDefinition, target: sideDefinition }), s, s);
        expect(streamSql(s, resolved, { dynamicTyping: name === 'sqlite' }).replaceAll(engine.ns, 'NS')).toMatchSnapshot();
      } finally {
        await connection.close();
      }
    } finally {
      await engine.close();
    }
  });

  // Values that would break a naive join of texts: NULL vs '' vs '-', separators, a length-like
  // prefix, multi-byte characters (byte lengths ≠ character counts), a line break.
  const hostile: [number, string | null, string | null, string | null][] = [
    [1, null, '', '-'],
    [2, '-', '|', 'a|b'],
    [3, '3:x', '-|-', null],
    [4, 'Émile 🎉', '日本語', 'Zoë'],
    [5, 'line\nbreak', 'x'.repeat(300), '0'],
  ];

  it.each(['sqlite', 'postgres', 'mysql'] as const)('packs %s columns into one text that decodes to exactly each column\'s canonical text', async (name) => {
    const engine = await testEngine(name, 'packed');
    try {
      if (!engine.available) return;
      const { loadDialect } = await import('../../../src/dialects/registry.js');
      const { describeSide, fromClause } = await import('../../../src/engine/sides.js');
      const { resolveColumns } = await import('../../../src/engine/resolve.js');
      const { sideSelect } = await import('../../../src/engine/side-select.js');
      const { unpack } = await import('../../../src/engine/packed-values.js');
      const dialect = await loadDialect(name);
      const literal = (text: string | null) => (text === null ? 'NULL' : dialect.compiler.stringLiteral(text));
      await engine.exec(
        `CREATE TABLE ${engine.table('hostile')} (id INTEGER PRIMARY KEY, a VARCHAR(40), b TEXT, c VARCHAR(40), amount DECIMAL(12,2), at ${engine.type('timestamp(6)')})${name === 'mysql' ? ' CHARACTER SET utf8mb4' : ''}`,
        `INSERT INTO ${engine.table('hostile')} VALUES ${hostile.map(([id, ...texts]) => `(${id}, ${texts.map(literal).join(', ')}, ${id % 2 ? 'NULL' : '-1.50'}, '2024-01-0${id} 00:00:00.00000${id}')`).join(', ')}`,
      );
      const connection = dialect.connect(engine.connection, { logger: silentLogger, datasourceName: 'db' });
      try {
        for (const caseSensitive of [true, false]) {
          const sideDefinition = side(engine, 'hostile');
          const s = await describeSide('source', sideDefinition, connection, undefined);
          const resolved = resolveColumns(definition({ source: sideDefinition, target: sideDefinition, caseSensitive }), s, s);
          const plain = sideSelect(s, resolved, 'b');
          const packed = sideSelect(s, resolved, 'b', { pack: true, dynamicTyping: name === 'sqlite' }).packed;
          expect(packed?.columns).toEqual([0, 1, 2, 3, 4]);
          const q = (alias: string) => dialect.compiler.quoteIdentifier(alias);
          const rows = await connection.query(
            `SELECT ${[...plain.values, packed!].map((item) => `${item.sql} AS ${q(item.alias)}`).join(', ')} ${fromClause(s, 'b')} ORDER BY ${q('b')}.${q('id')}`,
          );
          expect(rows).toHaveLength(hostile.length);
          for (const row of rows) {
            const text = (value: unknown) => (value === null ? null : Buffer.isBuffer(value) ? value.toString('utf8') : String(value));
            const expected = plain.values.map((item) => text(row[item.alias]));
            const decoded: (string | null)[] = new Array(expected.length);
            unpack(text(row.p)!, packed!, decoded);
            expect(decoded).toEqual(expected);
          }
        }
      } finally {
        await connection.close();
      }
    } finally {
      await engine.close();
    }
  });
});

describe.runIf(available.postgres)('values that are not of their declared type (SQLite)', () => {
  let sqlite: TestEngine;
  let postgres: TestEngine;
  beforeAll(async () => {
    sqlite = await testEngine('sqlite', 'untyped');
    postgres = await testEngine('postgres', 'untyped');
    // SQLite keeps '-' in a DECIMAL column and 'a|b' in a DATE column; PostgreSQL has NULL and a real date.
    await sqlite.exec(
      `CREATE TABLE ${sqlite.table('t')} (id INTEGER PRIMARY KEY, amount DECIMAL(10,2), day DATE, note TEXT)`,
      `INSERT INTO ${sqlite.table('t')} VALUES (1, '-', '2024-01-01', 'x'), (2, 2.50, 'a|b', 'c'), (3, 3.00, '2024-01-03', 'y')`,
    );
    await postgres.exec(
      `CREATE TABLE ${postgres.table('t')} (id INTEGER PRIMARY KEY, amount DECIMAL(10,2), day DATE, note TEXT)`,
      `INSERT INTO ${postgres.table('t')} VALUES (1, NULL, '2024-01-01', 'x'), (2, 2.50, NULL, 'a|b|c'), (3, 3.00, '2024-01-03', 'y')`,
    );
  });
  afterAll(async () => {
    await sqlite?.close();
    await postgres?.close();
  });

  it.each(['stream', 'checksum'] as const)('are never taken for NULL or for a neighbour\'s text (%s)', async (strategy) => {
    // Written as is, '-' would read as NULL and ('a|b', 'c') as ('a', 'b|c'): both rows would look equal.
    const result = await runComparison(
      definition({ source: side(sqlite, 't'), target: side(postgres, 't'), caseSensitive: true, strategy }),
      { logger: silentLogger },
    );
    expect(result.error).toBeUndefined();
    expect(result.plan?.kind).toBe(strategy);
    expect(result.stats).toMatchObject({ matched_rows: 1, mismatched_rows: 2 });
    expect(result.diff?.diff_rows.map((row) => row.id)).toEqual([1, 2]);
  });
});
