/**
 * Why values differ, on real engines: a table with one planted pattern of every kind per row,
 * compared across PostgreSQL, MariaDB and SQLite (the streaming merge and the checksum plan), within
 * each engine (the join diff), and from a DuckDB file, CSV and Parquet. Every plan counts the same
 * kinds over every differing row, keeps the same rows, and accepts what the comparison accepts.
 * Expectations are worked out by hand, row by row.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compare } from '../../../src/engine/index.js';
import { joinStrategy, sameConnection, streamStrategy } from '../../../src/engine/plan.js';
import { checksumStrategy } from '../../../src/engine/checksum/strategy.js';
import type { ComparisonDefinition, ComparisonResult } from '../../../src/engine/model.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { databaseAvailable } from '../../helpers/databases.js';
import { definition, side, testEngine, type EngineName, type TestEngine } from './engines.js';

const available: Record<EngineName, boolean> = { sqlite: true, postgres: await databaseAvailable('postgres'), mysql: await databaseAvailable('mysql') };
const engines = (['postgres', 'mysql', 'sqlite'] as const).filter((name) => available[name]);
const pairs = (
  [
    ['postgres', 'mysql'],
    ['mysql', 'sqlite'],
    ['sqlite', 'postgres'],
  ] as const
).filter(([a, b]) => available[a] && available[b]);

const forcedChecksum = checksumStrategy(sameConnection, { smallTableRows: 0, mostRowsDiffer: 1, rowsPerBucket: 2, minRowsToSplitHashScan: 0 });
type Plan = 'checksum' | 'stream' | 'join';

async function runPlan(plan: Plan, def: ComparisonDefinition): Promise<ComparisonResult> {
  const strategies = plan === 'checksum' ? [forcedChecksum] : plan === 'stream' ? [streamStrategy] : [joinStrategy];
  const result = await compare(def, { logger: silentLogger }, strategies);
  expect(result.error).toBeUndefined();
  expect(result.plan?.kind).toBe(plan);
  return result;
}

// id, txt, amt, ts, zip, flag: the source writes zip and flag as text, the target as INTEGER and BOOLEAN.
type Row = [number, string | null, string, string, string | null, string | null];
const base = (id: number): Row => [id, `row ${id}`, `${id}.5000`, '2024-03-01 10:00:00', null, null];
const with_ = (id: number, column: 1 | 2 | 3 | 4 | 5, value: string | null): Row => {
  const row: (string | number | null)[] = base(id);
  row[column] = value;
  return row as Row;
};

// One pattern per row (row 18 has two: an accepted kind beside one that is not), rows 19–20 equal.
const SOURCE: Row[] = [
  with_(1, 1, 'Alice'), // case
  with_(2, 1, 'Main St'), // whitespace
  with_(3, 1, 'café'), // encoding: UTF-8 read as Latin-1
  with_(4, 1, 'Zoë'), // encoding: lost to '?'
  with_(5, 1, 'International Business'), // truncated_text
  with_(6, 1, null), // null_vs_empty
  with_(7, 1, 'x'), // null
  with_(8, 2, '12.5'), // sign
  with_(9, 2, '12.34'), // scale ×100
  with_(10, 2, '2988.3312'), // rounding to 2 decimals
  with_(11, 3, '2024-03-01 10:00:00'), // time_shift +02:00
  with_(12, 3, '2024-03-01 10:00:00.123456'), // time_precision
  with_(13, 4, '00042'), // leading_zeros (text against an integer)
  with_(14, 5, 'Y'), // boolean_spelling (text against a boolean)
  with_(15, 1, 'abc'), // other
  with_(16, 2, '10.5'), // other: 10.5 against 1.06 only looks like a scale
  with_(17, 3, '2024-03-01 10:00:00'), // other: a day and 7 s
  [18, ' Bob', '5', '2024-03-01 10:00:00', null, null], // whitespace (txt) and other (amt)
  base(19),
  base(20),
  base(21), // source only
];
const TARGET: Row[] = [
  with_(1, 1, 'ALICE'),
  with_(2, 1, 'Main St '),
  with_(3, 1, 'cafÃ©'),
  with_(4, 1, 'Zo?'),
  with_(5, 1, 'International'),
  with_(6, 1, ''),
  with_(7, 1, null),
  with_(8, 2, '-12.5'),
  with_(9, 2, '1234'),
  with_(10, 2, '2988.33'),
  with_(11, 3, '2024-03-01 12:00:00'),
  with_(12, 3, '2024-03-01 10:00:00'),
  with_(13, 4, '42'),
  with_(14, 5, 'TRUE'),
  with_(15, 1, 'xyz'),
  with_(16, 2, '1.06'),
  with_(17, 3, '2024-03-02 10:00:07'),
  [18, 'Bob', '6', '2024-03-01 10:00:00', null, null],
  base(19),
  base(20),
  base(22), // target only
];

/** Each changed row is its id's place in diff_rows (1…18 come first by key): an example is its row. */
const at = (id: number) => id - 1;
const EXPECTED_MAPPING = {
  txt: {
    mismatch_count: 9,
    details: expect.any(String),
    patterns: [
      { kind: 'whitespace', rows: 2, example: at(2) },
      { kind: 'encoding', rows: 2, example: at(3) },
      { kind: 'null_vs_empty', rows: 1, example: at(6) },
      { kind: 'null', rows: 1, example: at(7) },
      { kind: 'case', rows: 1, example: at(1) },
      { kind: 'truncated_text', rows: 1, example: at(5) },
      { kind: 'other', rows: 1, example: at(15) },
    ],
  },
  amt: {
    mismatch_count: 5,
    details: expect.any(String),
    patterns: [
      { kind: 'other', rows: 2, example: at(16) },
      { kind: 'sign', rows: 1, example: at(8) },
      { kind: 'scale', rows: 1, detail: '×100', example: at(9) },
      { kind: 'rounding', rows: 1, detail: 'to 2 decimals', example: at(10) },
    ],
  },
  ts: {
    mismatch_count: 3,
    details: expect.any(String),
    patterns: [
      { kind: 'time_shift', rows: 1, detail: '+02:00', example: at(11) },
      { kind: 'time_precision', rows: 1, example: at(12) },
      { kind: 'other', rows: 1, example: at(17) },
    ],
  },
  zip: { mismatch_count: 1, details: expect.any(String), patterns: [{ kind: 'leading_zeros', rows: 1, example: at(13) }] },
  flag: { mismatch_count: 1, details: expect.any(String), patterns: [{ kind: 'boolean_spelling', rows: 1, example: at(14) }] },
};

function sql(value: string | null): string {
  return value === null ? 'NULL' : `'${value.replaceAll("'", "''")}'`;
}

async function load(engine: TestEngine, table: string, rows: Row[], role: 'source' | 'target'): Promise<void> {
  const zip = role === 'source' ? 'VARCHAR(10)' : 'INTEGER';
  const flag = role === 'source' ? 'VARCHAR(5)' : 'BOOLEAN';
  const flagValue = (v: string | null) => (v === null ? 'NULL' : role === 'source' ? sql(v) : v);
  await engine.exec(
    `CREATE TABLE ${engine.table(table)} (id INTEGER NOT NULL PRIMARY KEY, txt VARCHAR(40), amt DECIMAL(12,4), ts ${engine.type('timestamp(6)')}, zip ${zip}, flag ${flag})`,
    `INSERT INTO ${engine.table(table)} VALUES ${rows.map(([id, txt, amt, ts, z, f]) => `(${id}, ${sql(txt)}, ${amt}, '${ts}', ${z === null ? 'NULL' : role === 'source' ? sql(z) : z}, ${flagValue(f)})`).join(', ')}`,
  );
}

const compared = (overrides: Partial<ComparisonDefinition> & Pick<ComparisonDefinition, 'source' | 'target'>) =>
  definition({ primaryKeys: { source: ['id'], target: ['id'] }, caseSensitive: true, ...overrides });

describe.each(pairs)('patterns %s → %s', (sourceName, targetName) => {
  let source: TestEngine;
  let target: TestEngine;
  beforeAll(async () => {
    source = await testEngine(sourceName, `vp_s_${sourceName}_${targetName}`);
    target = await testEngine(targetName, `vp_t_${sourceName}_${targetName}`);
    await load(source, 'planted', SOURCE, 'source');
    await load(target, 'planted', TARGET, 'target');
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  it('counts one kind per changed pair, the first of the list that applies, the same on both plans', async () => {
    const def = compared({ source: side(source, 'planted'), target: side(target, 'planted') });
    const [stream, checksum] = [await runPlan('stream', def), await runPlan('checksum', def)];
    expect(stream.stats).toMatchObject({ mismatched_rows: 18, matched_rows: 2, only_in_source: 1, only_in_target: 1 });
    expect(stream.diff?.mismatched_columns_mapping).toEqual(EXPECTED_MAPPING);
    expect(checksum.diff).toEqual(stream.diff);
    expect(checksum.stats).toEqual(stream.stats);
  });

  it('accepts kinds as equal for the verdict, reports them apart, and keeps a row that also differs otherwise', async () => {
    const def = compared({ source: side(source, 'planted'), target: side(target, 'planted'), accept: ['whitespace', 'case', 'time_precision'] });
    const result = await runPlan('stream', def);
    // Rows 1, 2 and 12 differ only in accepted kinds; row 18 also differs in amt, so it stays a mismatch.
    expect(result.stats).toMatchObject({ mismatched_rows: 15, matched_rows: 5, accepted_rows: 3 });
    const txt = result.diff?.mismatched_columns_mapping.txt;
    expect(txt?.mismatch_count).toBe(6);
    expect(txt?.accepted).toEqual([
      { kind: 'whitespace', rows: 2 },
      { kind: 'case', rows: 1 },
    ]);
    expect(txt?.patterns?.reduce((sum, p) => sum + p.rows, 0)).toBe(6);
    expect(result.diff?.mismatched_columns_mapping.ts).toMatchObject({ mismatch_count: 2, accepted: [{ kind: 'time_precision', rows: 1 }] });
    // Row 18 is kept for its amt; its accepted txt difference is not shown as one.
    expect(result.diff?.diff_rows.find((row) => row.id === 18)).toEqual({ id: 18, _diff_type: 'changed', source_amt: expect.any(String), target_amt: expect.any(String) });
    expect(result.diff?.diff_rows.some((row) => row.id === 1 || row.id === 2 || row.id === 12)).toBe(false);
    expect(result.notes).toContain('3 rows differ only in kinds of difference the comparison accepts (whitespace, case, time_precision), so they count as equal; each column\'s accepted differences are listed with their counts.');
    expect(await runPlan('checksum', def)).toMatchObject({ stats: result.stats, diff: result.diff });
  });
});

describe.each(engines)('patterns within %s (the join diff)', (name) => {
  let engine: TestEngine;
  beforeAll(async () => {
    engine = await testEngine(name, `vp_j_${name}`);
    await load(engine, 'planted_s', SOURCE, 'source');
    await load(engine, 'planted_t', TARGET, 'target');
  });
  afterAll(async () => {
    await engine?.close();
  });

  it('counts the same kinds over every changed row as the streaming merge, and keeps the same rows', async () => {
    const def = compared({ source: side(engine, 'planted_s'), target: side(engine, 'planted_t') });
    const [join, stream] = [await runPlan('join', def), await runPlan('stream', def)];
    expect(join.diff?.mismatched_columns_mapping).toEqual(EXPECTED_MAPPING);
    expect(join.diff?.diff_rows).toEqual(stream.diff?.diff_rows);
    expect(join.stats).toEqual(stream.stats);
  });

  it('keeps one example of every (column, kind) first, then the smallest keys, counting every differing row', async () => {
    // 40 rows differ the same way (other) before a sign flip and a scale at the largest keys.
    const rows = (amounts: (id: number) => string): Row[] => Array.from({ length: 42 }, (_, i) => [100 + i, 'same', amounts(100 + i), '2024-03-01 10:00:00', null, null]);
    await load(engine, 'many_s', rows((id) => `${id}.5`), 'source');
    await load(engine, 'many_t', rows((id) => (id === 140 ? `-${id}.5` : id === 141 ? `${id}5` : `${id + 1}.5`)), 'target');
    const def = compared({ source: side(engine, 'many_s'), target: side(engine, 'many_t'), maxDiffRows: 5 });
    for (const plan of ['join', 'stream'] as const) {
      const result = await runPlan(plan, def);
      expect(result.diff?.mismatched_columns_mapping.amt?.patterns).toEqual([
        { kind: 'other', rows: 40, example: 0 },
        { kind: 'sign', rows: 1, example: 3 },
        { kind: 'scale', rows: 1, detail: '×10', example: 4 },
      ]);
      // Key order alone would keep 100–104: the sign flip (140) and the scale (141) take two places.
      expect(result.diff?.diff_rows.map((row) => row.id)).toEqual([100, 101, 102, 140, 141]);
    }
  });
});

describe('patterns from DuckDB, CSV and Parquet', () => {
  let dir: string;
  let sqliteSide: TestEngine;
  const written: Record<'duckdb' | 'csv' | 'parquet', string> = { duckdb: '', csv: '', parquet: '' };
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'dc-patterns-files-'));
    sqliteSide = await testEngine('sqlite', 'vp_files');
    await load(sqliteSide, 'planted', SOURCE, 'source');
    written.duckdb = path.join(dir, 'target.duckdb');
    written.csv = path.join(dir, 'target.csv');
    written.parquet = path.join(dir, 'target.parquet');
    const instance = await DuckDBInstance.create(written.duckdb);
    const connection = await instance.connect();
    try {
      await connection.run('CREATE TABLE planted (id INTEGER NOT NULL PRIMARY KEY, txt VARCHAR, amt DECIMAL(12,4), ts TIMESTAMP, zip INTEGER, flag BOOLEAN)');
      await connection.run(`INSERT INTO planted VALUES ${TARGET.map(([id, txt, amt, ts, z, f]) => `(${id}, ${sql(txt)}, ${amt}, '${ts}', ${z ?? 'NULL'}, ${f ?? 'NULL'})`).join(', ')}`);
      await connection.run(`COPY planted TO '${written.csv}' (HEADER)`);
      await connection.run(`COPY planted TO '${written.parquet}' (FORMAT parquet)`);
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });
  afterAll(async () => {
    await sqliteSide?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['duckdb', 'csv', 'parquet'] as const)('SQLite → %s: the same kinds as between databases', async (kind) => {
    const connection =
      kind === 'duckdb'
        ? ({ type: 'duckdb', path: written.duckdb } as const)
        : kind === 'csv'
          ? ({ type: 'csv', path: written.csv, table: 'planted', csv: { columnTypes: { id: 'INTEGER', txt: 'VARCHAR', amt: 'DECIMAL(12,4)', ts: 'TIMESTAMP', zip: 'INTEGER', flag: 'BOOLEAN' } } } as const)
          : ({ type: 'parquet', path: written.parquet, table: 'planted' } as const);
    const target = { datasourceName: kind, connection, serviceDatasource: kind, dataset: 'planted' };
    const result = await runPlan('stream', compared({ source: side(sqliteSide, 'planted'), target }));
    expect(result.diff?.mismatched_columns_mapping).toEqual(EXPECTED_MAPPING);
  });
});
