/**
 * The checksum diff gives exactly what the streaming merge and the join diff give (stats, diff rows,
 * per-column counts), across engines: PostgreSQL ↔ MariaDB, PostgreSQL ↔ SQLite, MariaDB ↔ SQLite.
 * The data is built to break a careless checksum: string keys whose order differs between engines
 * (case, hyphens, accents, a trailing space; MariaDB's default collation is case- and
 * accent-insensitive), NULL vs '' vs '-', separators inside values ('a|b','c' vs 'a','b|c'),
 * decimals of different scales, timestamps of different precisions, composite keys (1,11) vs (11,1),
 * NULL and duplicated keys. Expectations are worked out by hand.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { compare } from '../../../src/engine/index.js';
import { joinStrategy, sameConnection, streamStrategy } from '../../../src/engine/plan.js';
import { checksumStrategy } from '../../../src/engine/checksum/strategy.js';
import { codeAt, PrefixBuckets } from '../../../src/engine/checksum/prefix.js';
import { RANGES_PER_QUERY } from '../../../src/engine/checksum/fetch-conditions.js';
import { mysqlCompiler } from '../../../src/dialects/mysql/compiler.js';
import { postgresCompiler } from '../../../src/dialects/postgres/compiler.js';
import { PostgresConnection } from '../../../src/dialects/postgres/connection.js';
import { MysqlConnection } from '../../../src/dialects/mysql/connection.js';
import type { ComparisonDefinition, ComparisonResult } from '../../../src/engine/model.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { loadDialect } from '../../../src/dialects/registry.js';
import type { DatabaseConnection } from '../../../src/dialects/types.js';
import { databaseAvailable, TEST_DATABASE_URLS } from '../../helpers/databases.js';
import { definition, side, testEngine, type EngineName, type TestEngine } from './engines.js';

const available: Record<EngineName, boolean> = {
  sqlite: true,
  postgres: await databaseAvailable('postgres'),
  mysql: await databaseAvailable('mysql'),
};
const pairs = (
  [
    ['postgres', 'mysql'],
    ['postgres', 'sqlite'],
    ['mysql', 'sqlite'],
  ] as const
).filter(([a, b]) => available[a] && available[b]);

/** The checksum diff with no "small table" shortcut and one bucket per row or so. */
// Hash-bucket scans split at any size, so MariaDB's text keys also run the pivot-sliced scan.
const forcedChecksum = checksumStrategy(sameConnection, { smallTableRows: 0, mostRowsDiffer: 1, rowsPerBucket: 2, minRowsToSplitHashScan: 0 });

type Plan = 'checksum' | 'stream' | 'join';

async function runPlan(plan: Plan, def: ComparisonDefinition): Promise<ComparisonResult> {
  const strategies = plan === 'checksum' ? [forcedChecksum] : plan === 'stream' ? [streamStrategy] : [joinStrategy];
  const result = await compare(def, { logger: silentLogger }, strategies);
  expect(result.error).toBeUndefined();
  return result;
}

/** What must be identical whatever the plan. */
function essence(result: ComparisonResult) {
  return { status: result.status, stats: result.stats, diff: result.diff, reasons: result.result?.diff_reasons };
}

// code, label, part2, amount, at, flag
type Item = [string, string | null, string | null, string, string, boolean];
const sourceItems: Item[] = [
  ['Ab', 'x', 'y', '1.50', '2024-01-01 00:00:00.123456', true],
  ['a-c', null, 'p', '1.00', '2024-01-02 00:00:00', false],
  ['ab-', '', null, '1.00', '2024-01-03 00:00:00', true],
  ['Émile', 'a|b', 'c', '4.00', '2024-01-04 00:00:00.123999', false],
  ['zed', '-', 'q', '5.00', '2024-01-05 00:00:00', true],
  ['y', 'ABC', 'r', '6.00', '2024-01-06 00:00:00', false],
  ['tr ', 'q', 's', '2.00', '2024-01-07 00:00:00', true],
  ['only-src', 'o', 't', '3.00', '2024-01-08 00:00:00', false],
  ['k:1', '1:x', '2:y', '7.00', '2024-01-09 00:00:00', true],
];
const targetItems: Item[] = [
  ['Ab', 'x', 'y', '1.5000', '2024-01-01 00:00:00.123', true],
  ['a-c', '', 'p', '1.0000', '2024-01-02 00:00:00', false],
  ['ab-', '', null, '1.0000', '2024-01-03 00:00:00', true],
  ['Émile', 'a', 'b|c', '4.0000', '2024-01-04 00:00:00.123', false],
  ['zed', null, 'q', '5.0000', '2024-01-05 00:00:00', true],
  ['y', 'abc', 'r', '6.0000', '2024-01-06 00:00:00', false],
  ['tr ', 'q', 's', '2.0100', '2024-01-07 00:00:00', true],
  ['Only-tgt', 'n', 'u', '8.0000', '2024-01-10 00:00:00', true],
  ['k:1', '1:x', '2:y', '7.0000', '2024-01-09 00:00:00', true],
];
const literal = (v: string | null) => (v === null ? 'NULL' : `'${v.replaceAll("'", "''")}'`);

async function items(engine: TestEngine, table: string, rows: Item[], scale: number, precision: number) {
  await engine.exec(
    `CREATE TABLE ${engine.table(table)} (code VARCHAR(40) NOT NULL PRIMARY KEY, label VARCHAR(40), part2 VARCHAR(40), amount DECIMAL(12,${scale}), at ${engine.type(`timestamp(${precision})`)}, flag BOOLEAN)`,
    `INSERT INTO ${engine.table(table)} VALUES ${rows
      .map(([code, label, part2, amount, at, flag]) => `(${literal(code)}, ${literal(label)}, ${literal(part2)}, ${amount}, '${at}', ${flag ? 'TRUE' : 'FALSE'})`)
      .join(', ')}`,
  );
}

// code, part1 (a), part2 (b), value
async function pairsTable(engine: TestEngine, table: string, rows: [number, number, string][]) {
  await engine.exec(
    `CREATE TABLE ${engine.table(table)} (a INTEGER NOT NULL, b INTEGER NOT NULL, v VARCHAR(20), PRIMARY KEY (a, b))`,
    `INSERT INTO ${engine.table(table)} VALUES ${rows.map(([a, b, v]) => `(${a}, ${b}, '${v}')`).join(', ')}`,
  );
}

/** A composite key (depot text, seq integer): depot `D<seq mod 3>`, seq 1..120; `change` edits a row's value (undefined: no row). */
async function legs(engine: TestEngine, table: string, change: (seq: number) => string | undefined, extra: string[] = []) {
  const values: string[] = [];
  for (let seq = 1; seq <= 120; seq++) {
    const v = change(seq);
    if (v !== undefined) values.push(`('D${seq % 3}', ${seq}, ${seq % 2}, ${literal(v)})`);
  }
  await engine.exec(
    `CREATE TABLE ${engine.table(table)} (depot VARCHAR(8) NOT NULL, seq INTEGER NOT NULL, grp INTEGER NOT NULL, v VARCHAR(20), PRIMARY KEY (depot, seq))`,
    `INSERT INTO ${engine.table(table)} VALUES ${[...values, ...extra].join(', ')}`,
  );
}

/** 300 integer-keyed rows, no declared key (so NULL and repeated ids are possible). */
async function numbers(engine: TestEngine, table: string, change: (id: number) => string | null | undefined, extra: string[] = []) {
  const values: string[] = [];
  for (let id = 1; id <= 300; id++) {
    const v = change(id);
    if (v !== undefined) values.push(`(${id}, ${literal(v)})`);
  }
  await engine.exec(`CREATE TABLE ${engine.table(table)} (id INTEGER, v VARCHAR(20))`, `INSERT INTO ${engine.table(table)} VALUES ${[...values, ...extra].join(', ')}`);
}

describe.each(pairs)('checksum diff %s ↔ %s', (sourceName, targetName) => {
  let source: TestEngine;
  let target: TestEngine;
  beforeAll(async () => {
    source = await testEngine(sourceName, `cs_${sourceName}_${targetName}`);
    target = await testEngine(targetName, `ct_${sourceName}_${targetName}`);
    await items(source, 'items', sourceItems, 2, 6);
    await items(target, 'items', targetItems, 4, 3);
    // The join diff needs both tables on one connection: the target's rows, with the target's types, next to the source.
    await items(source, 'items_t', targetItems, 4, 3);
    await pairsTable(source, 'pairs', [[1, 11, 'x'], [11, 1, 'y'], [1, 1, 'only-src']]);
    await pairsTable(target, 'pairs', [[1, 11, 'x'], [11, 1, 'z'], [2, 2, 'only-tgt']]);
    await numbers(source, 'nums', (id) => (id === 200 ? undefined : `v${id}`), ['(NULL, \'null key\')']);
    await numbers(target, 'nums', (id) => (id === 50 || id === 51 ? `changed${id}` : id === 120 ? null : `v${id}`), ["(301, 'v301')", "(NULL, 'other')", "(NULL, 'x')"]);
    await numbers(source, 'spread', (id) => `v${id}`);
    await numbers(target, 'spread', (id) => (id % 4 === 0 ? `changed${id}` : `v${id}`));
    await legs(source, 'legs', (seq) => `v${seq}`);
    await legs(target, 'legs', (seq) => (seq === 50 ? undefined : seq === 17 ? 'changed' : `v${seq}`), ["('D9', 500, 0, 'new')"]);
    await numbers(source, 'dups', (id) => `v${id}`, ["(7, 'again')"]);
    await numbers(target, 'dups', (id) => (id === 9 ? 'nine' : `v${id}`), ["(7, 'again')"]);
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  it('string keys in different engine orders, NULL vs empty vs "-", separators, scales and precisions: the same result as the streaming merge and the join diff', async () => {
    const def = definition({ source: side(source, 'items'), target: side(target, 'items') });
    const checksum = await runPlan('checksum', def);
    const stream = await runPlan('stream', def);
    const join = await runPlan('join', definition({ source: side(source, 'items'), target: side(source, 'items_t') }));
    expect(checksum.plan?.kind).toBe('checksum');
    // PostgreSQL and MariaDB bucket text keys in byte order; SQLite has no such functions.
    expect(checksum.plan?.reason).toMatch(targetName === 'sqlite' ? /key-hash buckets/ : /key-order buckets/);
    // By hand: Ab (scale and precision differences only), ab- ('' = ''), y ('ABC' = 'abc' case-insensitively)
    // and k:1 match; a-c (NULL vs ''), Émile ('a|b','c' vs 'a','b|c'), zed ('-' vs NULL) and 'tr ' (2.0000 vs
    // 2.0100) differ; only-src and Only-tgt are on one side.
    expect(checksum.stats).toEqual({
      source_rows: 9, target_rows: 9, matched_rows: 4, mismatched_rows: 4, only_in_source: 1, only_in_target: 1,
      duplicate_keys_source: 0, duplicate_keys_target: 0, null_keys_source: 0, null_keys_target: 0,
    });
    // Byte order of the keys: 'Ab' < 'Only-tgt' < 'a-c' < 'ab-' < 'k:1' < 'only-src' < 'tr ' < 'y' < 'zed' < 'Émile'.
    expect(checksum.diff?.diff_rows.map((r) => [r.code, r._diff_type, Object.keys(r).filter((k) => k.startsWith('source_')).sort()])).toEqual([
      ['Only-tgt', 'only_in_target', []],
      ['a-c', 'changed', ['source_label']],
      ['only-src', 'only_in_source', ['source_amount', 'source_at', 'source_flag', 'source_label', 'source_part2']],
      ['tr ', 'changed', ['source_amount']],
      ['zed', 'changed', ['source_label']],
      ['Émile', 'changed', ['source_label', 'source_part2']],
    ]);
    expect(checksum.diff?.diff_rows[1]).toEqual({ code: 'a-c', _diff_type: 'changed', source_label: null, target_label: '' });
    expect(checksum.diff?.diff_rows[3]).toEqual({ code: 'tr ', _diff_type: 'changed', source_amount: '2.0000', target_amount: '2.0100' });
    expect(checksum.diff?.diff_rows[4]).toEqual({ code: 'zed', _diff_type: 'changed', source_label: '-', target_label: null });
    // Why, by hand: NULL vs '' (a-c), '-' vs NULL (zed), 'a' a prefix of 'a|b' (Émile's label) and 'c' vs
    // 'b|c' (its part2); 2.0100 rounded to the decimals of 2.0000 (none, trailing zeros not counted) is 2.
    expect(checksum.diff?.mismatched_columns_mapping).toEqual({
      label: {
        mismatch_count: 3,
        details: expect.any(String),
        patterns: [
          { kind: 'null_vs_empty', rows: 1, example: 1 },
          { kind: 'null', rows: 1, example: 4 },
          { kind: 'truncated_text', rows: 1, example: 5 },
        ],
      },
      part2: { mismatch_count: 1, details: expect.any(String), patterns: [{ kind: 'other', rows: 1, example: 5 }] },
      amount: { mismatch_count: 1, details: expect.any(String), patterns: [{ kind: 'rounding', rows: 1, detail: 'to 0 decimals', example: 3 }] },
    });
    expect(essence(checksum)).toEqual(essence(stream));
    // The join diff read another table (the target's rows next to the source), so its reasons name that table.
    expect({ ...essence(checksum), reasons: undefined }).toEqual({ ...essence(join), reasons: undefined });
  });

  it('finds a table equal to its copy on the other engine without fetching a single row', async () => {
    // The same rows on both sides: the source's rows copied to the target engine.
    await items(target, 'items_copy', sourceItems, 2, 6);
    const same = definition({ source: side(source, 'items'), target: side(target, 'items_copy') });
    const result = await runPlan('checksum', same);
    expect(result.status).toBe('match');
    expect(result.stats?.matched_rows).toBe(9);
    expect(result.plan?.reason).toMatch(/all buckets are equal/);
    // Only bucket summaries came back: at most one per row, and no row fetch.
    expect(result.plan?.source.rows_sent).toBeLessThanOrEqual(9);
  });

  it('composite keys (1,11) and (11,1) stay apart', async () => {
    const def = definition({ source: side(source, 'pairs'), target: side(target, 'pairs') });
    const checksum = await runPlan('checksum', def);
    const stream = await runPlan('stream', def);
    expect(checksum.stats).toMatchObject({ matched_rows: 1, mismatched_rows: 1, only_in_source: 1, only_in_target: 1 });
    expect(checksum.diff?.diff_rows).toEqual([
      { a: 1, b: 1, _diff_type: 'only_in_source', source_v: 'only-src' },
      { a: 2, b: 2, _diff_type: 'only_in_target', target_v: 'only-tgt' },
      { a: 11, b: 1, _diff_type: 'changed', source_v: 'y', target_v: 'z' },
    ]);
    expect(essence(checksum)).toEqual(essence(stream));
  });

  it('a composite key led by text is bucketed by ranges of its integer column: the same result as the streaming merge', async () => {
    const def = definition({ source: side(source, 'legs'), target: side(target, 'legs') });
    const checksum = await runPlan('checksum', def);
    const stream = await runPlan('stream', def);
    expect(checksum.plan?.kind).toBe('checksum');
    // 120 rows → 60 buckets over seq 1..500: ranges of 9 values.
    // Both engines with an ordered text aggregate hash a range's rows sorted by the key's bytes (SQLite sums per row).
    const ordered = targetName !== 'sqlite' ? ", each bucket's rows hashed as one text in the order of the keys' bytes" : '';
    expect(checksum.plan?.reason).toContain(`ranges of 9 values of key column \`seq\`${ordered}; only the `);
    expect(checksum.plan?.reason).toMatch(/in \d+ ranges of 9 values .*; only the \d+ rows of the 3 differing buckets were fetched/);
    // By hand: 120 source rows; target without seq 50, with ('D9', 500): 120 rows; seq 17 changed.
    expect(checksum.stats).toEqual({
      source_rows: 120, target_rows: 120, matched_rows: 118, mismatched_rows: 1, only_in_source: 1, only_in_target: 1,
      duplicate_keys_source: 0, duplicate_keys_target: 0, null_keys_source: 0, null_keys_target: 0,
    });
    expect(checksum.diff?.diff_rows.map((r) => [r.depot, r.seq, r._diff_type])).toEqual([
      ['D2', 17, 'changed'],
      ['D2', 50, 'only_in_source'],
      ['D9', 500, 'only_in_target'],
    ]);
    expect(essence(checksum)).toEqual(essence(stream));
  });

  it('a composite key led by an integer of few values is bucketed by ranges of a wider integer column, never by too few buckets', async () => {
    const def = definition({ source: side(source, 'legs'), target: side(target, 'legs'), primaryKeys: { source: ['grp', 'seq', 'depot'], target: ['grp', 'seq', 'depot'] } });
    const checksum = await runPlan('checksum', def);
    expect(checksum.plan?.reason).toMatch(/ranges of 9 values of key column `seq`/);
    expect(checksum.stats).toMatchObject({ matched_rows: 118, mismatched_rows: 1, only_in_source: 1, only_in_target: 1 });
    expect(essence(checksum)).toEqual(essence(await runPlan('stream', def)));
  });

  it('integer keys in key-range buckets, with NULL keys counted apart: the same result as the streaming merge', async () => {
    const def = definition({ source: side(source, 'nums'), target: side(target, 'nums'), primaryKeys: { source: ['id'], target: ['id'] } });
    const checksum = await runPlan('checksum', def);
    const stream = await runPlan('stream', def);
    expect(checksum.plan?.kind).toBe('checksum');
    expect(checksum.plan?.reason).toMatch(/key ranges/);
    // By hand: source 1..300 without 200, + 1 NULL key = 300 rows; target 1..301 + 2 NULL keys = 303 rows;
    // 299 keys on both sides, of which 50 and 51 changed and 120 is NULL vs 'v120' → 296 matched;
    // 200 and 301 only in the target.
    expect(checksum.stats).toEqual({
      source_rows: 300, target_rows: 303, matched_rows: 296, mismatched_rows: 3, only_in_source: 0, only_in_target: 2,
      duplicate_keys_source: 0, duplicate_keys_target: 0, null_keys_source: 1, null_keys_target: 2,
    });
    expect(checksum.diff?.diff_rows.map((r) => [r.id, r._diff_type])).toEqual([
      [50, 'changed'],
      [51, 'changed'],
      [120, 'changed'],
      [200, 'only_in_target'],
      [301, 'only_in_target'],
    ]);
    expect(essence(checksum)).toEqual(essence(stream));
  });

  it('fetches many differing key ranges in several queries read one after the other, in key order: the same result as the streaming merge', async () => {
    const def = definition({ source: side(source, 'spread'), target: side(target, 'spread'), primaryKeys: { source: ['id'], target: ['id'] }, maxDiffRows: 1000 });
    const checksum = await runPlan('checksum', def);
    const stream = await runPlan('stream', def);
    expect(checksum.plan?.reason).toMatch(/key ranges of 2\b/);
    // Every fourth key changed, each in a bucket of its own: 75 ranges, more than one fetch query holds.
    expect(checksum.stats).toMatchObject({ matched_rows: 225, mismatched_rows: 75, only_in_source: 0, only_in_target: 0 });
    expect(checksum.stats?.mismatched_rows).toBeGreaterThan(RANGES_PER_QUERY);
    expect(checksum.diff?.diff_rows.map((r) => r.id)).toEqual(Array.from({ length: 75 }, (_, i) => 4 * (i + 1)));
    expect(essence(checksum)).toEqual(essence(stream));
  });

  it('hands over to the streaming merge when a key repeats (a checksum cannot see a key duplicated on both sides), and says so', async () => {
    const def = definition({ source: side(source, 'dups'), target: side(target, 'dups'), primaryKeys: { source: ['id'], target: ['id'] } });
    const checksum = await runPlan('checksum', def);
    const stream = await runPlan('stream', def);
    expect(checksum.plan?.kind).toBe('stream');
    expect(checksum.plan?.reason).toMatchInlineSnapshot(`"The key (id) repeats (1 duplicated in the source, 1 in the target), which checksums cannot see exactly, so both sides are streamed ordered by key and merged."`);
    expect(checksum.stats).toMatchObject({ duplicate_keys_source: 1, duplicate_keys_target: 1, mismatched_rows: 1 });
    expect(essence(checksum)).toEqual(essence(stream));
  });
});

describe.runIf(available.postgres && available.mysql)('text keys in byte-order buckets, PostgreSQL ↔ MariaDB', () => {
  const texts = ['', 'a', 'A', 'ab', 'ab\u0001', 'abc', 'tr ', 'Key-1', 'KEY.1', 'kéy-123456', 'abcdef', 'abcdefg', 'abcdefgh', '€uro', '日本語テキスト', '😀x', "it's"];
  /** The first 7 UTF-8 bytes, zero-padded, as a big-endian integer: what both engines must compute. */
  const byHand = (text: string) => BigInt(`0x${Buffer.concat([Buffer.from(text, 'utf8'), Buffer.alloc(7)]).subarray(0, 7).toString('hex')}`);
  const bounds = [byHand('A'), byHand('Key-1'), byHand('a'), byHand('abcdefg'), byHand('€')];
  const reached = (code: bigint) => bounds.filter((bound) => bound <= code).length;
  let pg: DatabaseConnection;
  let my: DatabaseConnection;
  beforeAll(async () => {
    pg = (await loadDialect('postgres')).connect({ type: 'postgres', url: TEST_DATABASE_URLS.postgres }, { logger: silentLogger, datasourceName: 'pg' });
    my = (await loadDialect('mysql')).connect({ type: 'mysql', url: TEST_DATABASE_URLS.mysql }, { logger: silentLogger, datasourceName: 'my' });
  });
  afterAll(async () => {
    await pg?.close();
    await my?.close();
  });

  /** Evaluates SQL expressions over each text on one engine: row i is texts[i]. */
  async function evaluate(db: DatabaseConnection, expressions: (text: string) => Record<string, string>): Promise<Record<string, unknown>[]> {
    const rows: Record<string, unknown>[] = [];
    const canonical = (value: string) => db.compiler.normalize(db.compiler.stringLiteral(value), { name: 'k', type: 'varchar(40)', family: 'text' }, { caseSensitive: true });
    for (const value of texts) {
      const items = Object.entries(expressions(canonical(value))).map(([alias, sql]) => `${sql} AS ${db.compiler.quoteIdentifier(alias)}`);
      const [row] = await db.query(`SELECT ${items.join(', ')}`);
      rows.push(Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Buffer.isBuffer(v) ? v.toString() : String(v)])));
    }
    return rows;
  }
  const asText = (db: DatabaseConnection, expr: string) => db.compiler.normalize(expr, { name: 'c', type: 'bigint', family: 'integer' }, { caseSensitive: true });

  it.each([['postgres'], ['mysql']] as const)('%s computes the integer of a key\'s bytes from any offset, and its bucket, exactly as worked out by hand', async (engine) => {
    const db = engine === 'postgres' ? pg : my;
    const order = db.compiler.textKeyOrder!;
    const rows = await evaluate(db, (text) => {
      const code = order.prefixCode(order.utf8(text), 0);
      return { code: asText(db, code), skip3: asText(db, order.prefixCode(order.utf8(text), 3)), bucket: order.boundsReached(code, bounds) };
    });
    expect(rows).toEqual(
      texts.map((text) => ({ code: String(byHand(text)), skip3: String(codeAt(Buffer.from(text, 'utf8'), 3)), bucket: String(reached(byHand(text))) })),
    );
  });

  it.each([['postgres'], ['mysql']] as const)('%s puts keys outside a shared prefix in the buckets below and above it, and selects runs of buckets exactly', async (engine) => {
    const db = engine === 'postgres' ? pg : my;
    // Shared prefix 'ab': 'a', 'A', '' are below it, 'tr ', '€uro' and others above; 'abcdef…' inside.
    const bucketing = { kind: 'prefix' as const, shared: Buffer.from('ab').toString('hex'), bounds: [codeAt(Buffer.from('abcdef'), 2), codeAt(Buffer.from('abcdefg'), 2)] };
    const byHandBucket = (text: string) => {
      const key = Buffer.from(text, 'utf8');
      if (Buffer.compare(key, Buffer.from('ab')) < 0) return 0;
      if (Buffer.compare(key, Buffer.from('ac')) >= 0) return 4;
      return 1 + bucketing.bounds.filter((bound) => bound <= codeAt(key, 2)).length;
    };
    const runs = [[0, 0], [1, 2], [2, 3], [0, 4], [4, 4], [3, 4]] as const;
    const rows = await evaluate(db, (text) => {
      const prefix = new PrefixBuckets(db.compiler.textKeyOrder!, bucketing, text);
      return Object.fromEntries([['bucket', prefix.bucket()], ...runs.map(([a, b]) => [`run${a}${b}`, `CASE WHEN ${prefix.run(a, b)} THEN 1 ELSE 0 END`])]);
    });
    expect(rows).toEqual(
      texts.map((text) => {
        const bucket = byHandBucket(text);
        return Object.fromEntries([['bucket', String(bucket)], ...runs.map(([a, b]) => [`run${a}${b}`, bucket >= a && bucket <= b ? '1' : '0'])]);
      }),
    );
    expect(new Set(rows.map((row) => row.bucket))).toEqual(new Set(['0', '1', '2', '3', '4']));
  });

  let source: TestEngine;
  let target: TestEngine;
  /** `prefix-n`, the prefix cycling through cases and punctuation MariaDB's collation orders differently than bytes. */
  const keyOf = (n: number) => `${['Key-', 'key_', 'KEY.', 'kéy-'][n % 4]}${String(n).padStart(4, '0')}`;
  beforeAll(async () => {
    source = await testEngine('postgres', 'pk_src');
    target = await testEngine('mysql', 'pk_tgt');
    const rows = (change: (n: number) => string | undefined) =>
      Array.from({ length: 2000 }, (_, n) => [keyOf(n), change(n)] as const)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `('${k}', '${v}')`)
        .join(', ');
    for (const [engine, change] of [
      [source, (n: number) => `v${n}`],
      // 5 contiguous keys changed, 2 deleted, all in one short stretch of byte order.
      [target, (n: number) => (n >= 1200 && n < 1220 && n % 4 === 1 ? `changed${n}` : n === 1204 || n === 1208 ? undefined : `v${n}`)],
    ] as const) {
      await engine.exec(`CREATE TABLE ${engine.table('words')} (k VARCHAR(20) NOT NULL PRIMARY KEY, v VARCHAR(20))`, `INSERT INTO ${engine.table('words')} VALUES ${rows(change)}`);
    }
    // Order numbers sharing 'ORDER-2024-000': 3 changed; the target also has keys below and above that prefix.
    const orders = (engine: TestEngine, changed: (n: number) => boolean, extra: string[]) =>
      engine.exec(
        `CREATE TABLE ${engine.table('orders')} (k VARCHAR(30) NOT NULL PRIMARY KEY, v VARCHAR(20))`,
        `INSERT INTO ${engine.table('orders')} VALUES ${[
          ...Array.from({ length: 500 }, (_, i) => `('ORDER-2024-${String(i + 1).padStart(6, '0')}', '${changed(i + 1) ? 'changed' : `v${i + 1}`}')`),
          ...extra,
        ].join(', ')}`,
      );
    await orders(source, () => false, []);
    await orders(target, (n) => n >= 250 && n < 253, ["('ORDER-2023-999999', 'x')", "('A-outlier', 'x')", "('zz-outlier', 'x')"]);
    // Keys whose first 7 bytes repeat (half start 'Abcdefg', half 'Bbcdefg'; no prefix shared by all):
    // in `lumpy_heads` they end in a number, in `lumpy` also in the same 7 characters.
    const keys = (tail: string) => Array.from({ length: 2000 }, (_, n) => `('${n % 2 ? 'A' : 'B'}bcdefgh-${n}${tail}', 'v${n}')`).join(', ');
    for (const engine of [source, target]) {
      await engine.exec(`CREATE TABLE ${engine.table('lumpy_heads')} (k VARCHAR(40) NOT NULL PRIMARY KEY, v VARCHAR(20))`, `INSERT INTO ${engine.table('lumpy_heads')} VALUES ${keys('')}`);
      await engine.exec(`CREATE TABLE ${engine.table('lumpy')} (k VARCHAR(40) NOT NULL PRIMARY KEY, v VARCHAR(20))`, `INSERT INTO ${engine.table('lumpy')} VALUES ${keys('-suffix')}`);
    }
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  const tunedSettings = { smallTableRows: 0, mostRowsDiffer: 1, rowsPerBucket: 16, minRowsToSplitHashScan: 0 };
  const tuned = checksumStrategy(sameConnection, tunedSettings);

  it('a clustered change fetches only its few buckets, each side through its own collation\'s key ranges: the same result as the streaming merge', async () => {
    const def = definition({ source: side(source, 'words'), target: side(target, 'words') });
    const checksum = await compare(def, { logger: silentLogger }, [tuned]);
    const stream = await runPlan('stream', def);
    expect(checksum.plan?.reason).toMatch(/key-order buckets/);
    expect(checksum.stats).toMatchObject({ source_rows: 2000, target_rows: 1998, matched_rows: 1993, mismatched_rows: 5, only_in_source: 2, only_in_target: 0 });
    expect(essence(checksum)).toEqual(essence(stream));
    // About 125 buckets of 16: the summaries plus a few buckets' rows, not the 2,000 rows.
    expect(checksum.plan?.source.rows_sent).toBeLessThan(300);
    expect(checksum.plan?.target.rows_sent).toBeLessThan(300);
  });

  it('keys sharing a prefix are bucketed by the bytes after it, keys outside it in buckets of their own: the same result as the streaming merge', async () => {
    const def = definition({ source: side(source, 'orders'), target: side(target, 'orders') });
    const checksum = await compare(def, { logger: silentLogger }, [tuned]);
    const stream = await runPlan('stream', def);
    expect(checksum.plan?.reason).toMatch(/key-order buckets \(by the keys' bytes after their shared prefix\)/);
    expect(checksum.stats).toMatchObject({ source_rows: 500, target_rows: 503, matched_rows: 497, mismatched_rows: 3, only_in_source: 0, only_in_target: 3 });
    expect(essence(checksum)).toEqual(essence(stream));
    // Far fewer than the 500 rows.
    expect(checksum.plan?.source.rows_sent).toBeLessThan(150);
  });

  // The bucketing is chosen from a sample of about 2 keys per bucket (250 of the 2,000): prefix buckets
  // need no 7 bytes after the shared prefix held by more than 2 % of it, key-tail buckets need the
  // last 7 characters to tell 90 % of at least 64 sampled keys apart. The data below decides each case
  // by a wide margin, whichever keys the sample holds (it depends on the row estimates and, on
  // PostgreSQL, on where the rows lie: see the sample's tests below).
  it('keys whose first 7 bytes repeat but whose last characters differ go to key-tail buckets, with the same result', async () => {
    const def = definition({ source: side(source, 'lumpy_heads'), target: side(target, 'lumpy_heads') });
    const checksum = await compare(def, { logger: silentLogger }, [tuned]);
    expect(checksum.plan?.reason).toMatch(/key-tail buckets/);
    expect(checksum.status).toBe('match');
    expect(checksum.stats?.matched_rows).toBe(2000);
  });

  it('keys whose first 7 bytes and last 7 characters both repeat go to key-hash buckets, with the same result', async () => {
    const def = definition({ source: side(source, 'lumpy'), target: side(target, 'lumpy') });
    const checksum = await compare(def, { logger: silentLogger }, [tuned]);
    expect(checksum.plan?.reason).toMatch(/key-hash buckets/);
    expect(checksum.status).toBe('match');
    expect(checksum.stats?.matched_rows).toBe(2000);
  });

  /** The keys each key sample returned during one comparison (PostgreSQL's and MariaDB's), in the order they came. */
  async function sampledKeys(def: ComparisonDefinition, settings = tunedSettings): Promise<string[][]> {
    const samples: string[][] = [];
    const record = (prototype: DatabaseConnection) => {
      const original = prototype.query;
      return vi.spyOn(prototype, 'query').mockImplementation(async function (this: DatabaseConnection, ...args: Parameters<DatabaseConnection['query']>) {
        const rows = await original.apply(this, args);
        if (/AS [`"]key_text(_0)?[`"]/.test(args[0])) samples.push(rows.map((row) => String(row.key_text ?? row.key_text_0)));
        return rows;
      });
    };
    const spies = [record(PostgresConnection.prototype), record(MysqlConnection.prototype)];
    try {
      // The checksum diff even with both sides on one MariaDB connection.
      const result = await compare(def, { logger: silentLogger }, [checksumStrategy(() => false, settings)]);
      expect(result.error).toBeUndefined();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    return samples;
  }

  it.each([
    ['PostgreSQL (a seeded TABLESAMPLE)', 'postgres'],
    ['MariaDB (a condition on a hash of the key)', 'mysql'],
  ] as const)('the key sample is the same on every run while the table and its row estimate are unchanged (seeded, never by chance): %s', async (_, drawn) => {
    // The sample is drawn from PostgreSQL when a side is there, else from the source.
    const def = definition({ source: side(drawn === 'postgres' ? source : target, 'orders'), target: side(target, 'orders') });
    const runs = [await sampledKeys(def), await sampledKeys(def), await sampledKeys(def)];
    expect(runs[0]).toHaveLength(1);
    // A sample of about a fifth of the 500 keys (2 per bucket of 16 rows), not all of them.
    expect(runs[0]![0]!.length).toBeGreaterThan(20);
    expect(runs[0]![0]!.length).toBeLessThan(250);
    const sorted = (run: string[][]) => run.map((keys) => [...keys].sort());
    expect(sorted(runs[1]!)).toEqual(sorted(runs[0]!));
    expect(sorted(runs[2]!)).toEqual(sorted(runs[0]!));
  });

  // A table grown since its last ANALYZE: PostgreSQL estimates 100 rows where there are 2,000, so the
  // sample's share is all rows and its limit (4 keys per bucket, 200) cuts it. What it keeps is the
  // keys first in byte order, whatever order the rows lie in or the scan returns them in; the limit
  // used to keep the rows the scan returned first (the last keys, here, where they were written last).
  it('a sample its limit cuts keeps the keys first in byte order, whatever order the rows lie in (PostgreSQL, a stale estimate)', async () => {
    const keys = Array.from({ length: 2000 }, (_, n) => `K-${String(n).padStart(4, '0')}`);
    const written = { descending: [...keys].reverse(), scattered: keys.map((_, n) => keys[(n * 7919) % keys.length]!) };
    for (const [name, order] of Object.entries(written)) {
      const values = (part: string[]) => part.map((key) => `('${key}', 'v')`).join(', ');
      await source.exec(
        `CREATE TABLE ${source.table(`grown_${name}`)} (k VARCHAR(20) NOT NULL PRIMARY KEY, v VARCHAR(20)) WITH (autovacuum_enabled = false)`,
        `INSERT INTO ${source.table(`grown_${name}`)} VALUES ${values(order.slice(0, 100))}`,
        `ANALYZE ${source.table(`grown_${name}`)}`,
        `INSERT INTO ${source.table(`grown_${name}`)} VALUES ${values(order.slice(100))}`,
      );
    }
    // Two keys per bucket: the share asked for is all of the 100 rows estimated (the sample is drawn from the source side).
    const settings = { ...tunedSettings, rowsPerBucket: 2 };
    const [fromDescending] = await sampledKeys(definition({ source: side(source, 'grown_descending'), target: side(source, 'grown_scattered') }), settings);
    const [fromScattered] = await sampledKeys(definition({ source: side(source, 'grown_scattered'), target: side(source, 'grown_descending') }), settings);
    const firstInByteOrder = [...keys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))).slice(0, 200);
    expect([...fromDescending!].sort()).toEqual(firstInByteOrder);
    expect([...fromScattered!].sort()).toEqual(firstInByteOrder);
  });
});

describe.runIf(available.postgres && available.mysql)('random text keys, PostgreSQL ↔ MariaDB, checksum diff against the count by hand', () => {
  /** A small deterministic PRNG (mulberry32), so a failure can be replayed. */
  function random(seed: number): () => number {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  // Pieces that MariaDB's utf8mb4_general_ci folds together ('a' = 'A' = 'á', 'ss' vs 'ß', trailing spaces) but bytes do not.
  // Quotes and backslashes too: key values are written into the fetch queries as literals.
  const pieces = ['a', 'A', 'á', 'b', 'B', 'e', 'é', 'É', '-', '_', '.', ' ', 'z', 'Z', '0', '9', '€', 'ß', 'ss', '😀', "'", '\\'];
  const next = random(20261123);
  const keys = new Set<string>();
  while (keys.size < 3000) {
    const length = 1 + Math.floor(next() * 6);
    keys.add(`INV-${Array.from({ length }, () => pieces[Math.floor(next() * pieces.length)]).join('')}`);
  }
  const sourceRows = new Map([...keys].map((k, i) => [k, `v${i}`]));
  const targetRows = new Map(sourceRows);
  const expected = { changed: 0, only_in_source: 0, only_in_target: 0 };
  for (const k of keys) {
    const roll = next();
    if (roll < 0.01) {
      targetRows.set(k, 'changed');
      expected.changed++;
    } else if (roll < 0.02) {
      targetRows.delete(k);
      expected.only_in_source++;
    }
  }
  // Keys the sample cannot have seen: below and above the shared prefix 'INV-', and inside it.
  for (const k of ['', ' ', 'A', 'INU', 'INV', 'INV-', 'INW', 'inv-a', 'zzz', 'INV-new-1', 'INV-new-2 ']) {
    if (!sourceRows.has(k)) {
      targetRows.set(k, 'new');
      expected.only_in_target++;
    }
  }
  const values = (rows: Map<string, string>, literal: (text: string) => string) => [...rows].map(([k, v]) => `(${literal(k)}, '${v}')`).join(', ');

  let pgEngine: TestEngine;
  let myEngine: TestEngine;
  beforeAll(async () => {
    pgEngine = await testEngine('postgres', 'rk_pg');
    myEngine = await testEngine('mysql', 'rk_my');
    for (const [engine, rows, name] of [
      [pgEngine, sourceRows, 'src'],
      [pgEngine, targetRows, 'tgt'],
      [myEngine, sourceRows, 'src'],
      [myEngine, targetRows, 'tgt'],
    ] as const) {
      // MariaDB: a plain index, not a unique one: its case- and accent-insensitive collation sees many of these keys as equal.
      const index = engine === myEngine ? ', KEY (k)' : ', PRIMARY KEY (k)';
      const literal = (text: string) => (engine === myEngine ? mysqlCompiler : postgresCompiler).stringLiteral(text);
      await engine.exec(`CREATE TABLE ${engine.table(name)} (k VARCHAR(40) NOT NULL, v VARCHAR(20)${index})`, `INSERT INTO ${engine.table(name)} VALUES ${values(rows, literal)}`);
    }
  });
  afterAll(async () => {
    await pgEngine?.close();
    await myEngine?.close();
  });

  const tunedSettings = { smallTableRows: 0, mostRowsDiffer: 1, rowsPerBucket: 16, minRowsToSplitHashScan: 0 };
  const tuned = checksumStrategy(sameConnection, tunedSettings);

  it.each([
    ['PostgreSQL → MariaDB', 'postgres'],
    ['MariaDB → PostgreSQL', 'mysql'],
  ] as const)('%s: key-order buckets find exactly the changes made, like the streaming merge', async (_label, sourceEngine) => {
    const [source, target] = sourceEngine === 'postgres' ? [pgEngine, myEngine] : [myEngine, pgEngine];
    const def = definition({ source: side(source, 'src'), target: side(target, 'tgt'), primaryKeys: { source: ['k'], target: ['k'] } });
    const checksum = await compare(def, { logger: silentLogger }, [tuned]);
    const stream = await runPlan('stream', def);
    expect(checksum.plan?.reason).toMatch(/key-order buckets \(by the keys' bytes after their shared prefix\)/);
    expect(checksum.stats).toMatchObject({
      source_rows: sourceRows.size,
      target_rows: targetRows.size,
      mismatched_rows: expected.changed,
      only_in_source: expected.only_in_source,
      only_in_target: expected.only_in_target,
      matched_rows: sourceRows.size - expected.changed - expected.only_in_source,
      duplicate_keys_source: 0,
      duplicate_keys_target: 0,
    });
    expect(essence(checksum)).toEqual(essence(stream));
  });
});

describe.runIf(available.postgres && available.mysql)('the same rows hash alike on PostgreSQL and MariaDB', () => {
  // A hash differing for equal rows would not change a result (the bucket is fetched and found equal),
  // only its cost: so this asserts that nothing is fetched.
  const rows: [number, string, string, string, string][] = [
    [1, 'Émile', 'straße', 'café', 'naïve'],
    [2, '😀 emoji', 'ß', 'crème brûlée', 'Ωmega'],
    [3, 'tab\there', "quote ' and \\ backslash", 'ÿ', '日本語'],
    [4, '', ' trailing ', 'MiXeD', 'a|b:c'],
  ];
  let pgEngine: TestEngine;
  let myEngine: TestEngine;
  beforeAll(async () => {
    pgEngine = await testEngine('postgres', 'hash_pg');
    myEngine = await testEngine('mysql', 'hash_my');
    const values = (literal: (text: string) => string) => rows.map(([id, ...texts]) => `(${id}, ${texts.map(literal).join(', ')})`).join(', ');
    await pgEngine.exec(
      `CREATE TABLE ${pgEngine.table('texts')} (id INTEGER PRIMARY KEY, a VARCHAR(40), b TEXT, c VARCHAR(40), d VARCHAR(40))`,
      `INSERT INTO ${pgEngine.table('texts')} VALUES ${values((t) => postgresCompiler.stringLiteral(t))}`,
    );
    // MariaDB: the same texts in utf8mb4 (general and binary collations), latin1 where they fit, and TEXT.
    await myEngine.exec(
      `CREATE TABLE ${myEngine.table('texts')} (id INTEGER PRIMARY KEY, a VARCHAR(40) COLLATE utf8mb4_general_ci, b TEXT COLLATE utf8mb4_bin, c VARCHAR(40) CHARACTER SET latin1, d VARCHAR(40) COLLATE utf8mb4_unicode_ci)`,
      `INSERT INTO ${myEngine.table('texts')} VALUES ${values((t) => mysqlCompiler.stringLiteral(t))}`,
    );
  });
  afterAll(async () => {
    await pgEngine?.close();
    await myEngine?.close();
  });

  it('an equal copy with accents, emoji, quotes and backslashes, in latin1, binary and Unicode collations, fetches no row', async () => {
    const tuned = checksumStrategy(sameConnection, { smallTableRows: 0, mostRowsDiffer: 1, rowsPerBucket: 1, minRowsToSplitHashScan: 0 });
    for (const caseSensitive of [true, false]) {
      const def = definition({ source: side(pgEngine, 'texts'), target: side(myEngine, 'texts'), caseSensitive });
      const result = await compare(def, { logger: silentLogger }, [tuned]);
      expect(result.status).toBe('match');
      expect(result.plan?.reason).toMatch(/all buckets are equal/);
      expect(result.plan?.target.rows_sent).toBeLessThanOrEqual(rows.length);
    }
  });
});
