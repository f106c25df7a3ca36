/**
 * Adversarial cases: values a careful person compares by hand, on the real engines, same-engine
 * (join diff) and across engines (streaming merge). Each case is a pair of one-column tables
 * `(id, v)` per engine; its rows say which ids must compare equal and which must differ, worked out
 * by hand in the row itself. Every case runs on every same-engine pair and every cross-engine pair.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDialect } from '../../../src/dialects/registry.js';
import { silentLogger } from '../../../src/shared/logger.js';
import type { ComparisonDefinition } from '../../../src/engine/model.js';
import { TEST_DATABASE_URLS, runScoped } from '../../helpers/databases.js';
import { available, definition, openEngine, pairs, runPair, type Engine } from './adversarial-engines.js';
import type { EngineName } from './engines.js';

/** A role of this run's own, for the session-setting case. */
const FLOAT_ROLE = runScoped('dc_adv_float');
const DATESTYLE_ROLE = runScoped('dc_adv_datestyle');

/** A value per engine (an SQL literal), or one literal for all. */
type PerEngine = string | Partial<Record<EngineName, string>>;
const pick = (value: PerEngine, engine: EngineName): string => (typeof value === 'string' ? value : (value[engine] ?? 'NULL'));

interface ValueCase {
  name: string;
  /** Column type of the source table and of the target table, per engine. */
  sourceType: PerEngine;
  targetType: PerEngine;
  /** id, source literal, target literal, and whether a careful person calls them equal. */
  rows: [number, PerEngine, PerEngine, 'equal' | 'differs'][];
  caseSensitive?: boolean;
  tolerance?: number;
  /** Statements run on an engine's session before and after its inserts (e.g. a session time zone). */
  session?: Partial<Record<EngineName, [string, string]>>;
  /** Engine pairs where the case does not apply (e.g. a type the engine lacks). */
  skip?: (source: EngineName, target: EngineName) => boolean;
}

const VALUE_CASES: ValueCase[] = [
  {
    name: 'decimals at different scales',
    sourceType: 'DECIMAL(12,2)',
    targetType: 'DECIMAL(12,4)',
    rows: [
      [1, '1.10', '1.1000', 'equal'], // same number, more zeros
      [2, '1.10', '1.1001', 'differs'], // one ten-thousandth apart
      [3, '0.00', '0.0000', 'equal'],
      [4, '-5.50', '-5.5000', 'equal'],
      [5, '-5.50', '5.5000', 'differs'], // sign
      [6, 'NULL', '0.0000', 'differs'], // NULL is not zero
      [7, 'NULL', 'NULL', 'equal'],
    ],
  },
  {
    name: 'decimals with more than 30 fraction digits',
    sourceType: { postgres: 'NUMERIC(40,35)', mysql: 'DECIMAL(65,35)' },
    targetType: { postgres: 'NUMERIC(40,35)', mysql: 'DECIMAL(65,35)' },
    rows: [
      [1, '1.12345678901234567890123456789012345', '1.12345678901234567890123456789012345', 'equal'],
      [2, '1.12345678901234567890123456789012345', '1.12345678901234567890123456789012346', 'differs'], // the 35th digit
    ],
    skip: (s, t) => s === 'sqlite' || t === 'sqlite', // SQLite stores such a literal as an 8-byte REAL
  },
  {
    name: 'integer against decimal',
    sourceType: 'INTEGER',
    targetType: 'DECIMAL(10,2)',
    rows: [
      [1, '1', '1.00', 'equal'],
      [2, '2', '2.01', 'differs'],
      [3, '-3', '-3.00', 'equal'],
      [4, '0', '0.00', 'equal'],
      [5, '10', '1.00', 'differs'],
    ],
  },
  {
    name: 'bigint near 2^63',
    sourceType: 'BIGINT',
    targetType: 'BIGINT',
    rows: [
      [1, '9223372036854775807', '9223372036854775807', 'equal'],
      [2, '9223372036854775807', '9223372036854775806', 'differs'], // beyond 2^53: a double would call these equal
      [3, '-9223372036854775808', '-9223372036854775808', 'equal'],
      [4, '9007199254740993', '9007199254740992', 'differs'],
    ],
  },
  {
    name: 'doubles: binary precision, signed zero',
    sourceType: { postgres: 'DOUBLE PRECISION', mysql: 'DOUBLE', sqlite: 'REAL' },
    targetType: { postgres: 'DOUBLE PRECISION', mysql: 'DOUBLE', sqlite: 'REAL' },
    rows: [
      [1, '0.30000000000000004', '0.3', 'differs'], // 0.1 + 0.2 is not 0.3 in binary: no tolerance, so it differs
      [2, { postgres: "'-0'::float8", mysql: '-0e0', sqlite: '-0.0' }, '0', 'equal'], // -0 equals 0
      [3, '1e20', '100000000000000000000', 'equal'],
      [4, '0.1', '0.1', 'equal'],
      [5, '1.5e-7', '0.00000015', 'equal'],
      [6, '123456789.123', '123456789.124', 'differs'],
    ],
  },
  {
    name: 'REAL (single precision) values',
    sourceType: { postgres: 'REAL', mysql: 'FLOAT', sqlite: 'REAL' },
    targetType: { postgres: 'REAL', mysql: 'FLOAT', sqlite: 'REAL' },
    rows: [
      [1, '1.234567', '1.234568', 'differs'], // two different single-precision numbers
      [2, '1.2345678', '1.2345678', 'equal'],
      [3, '0.1', '0.1', 'equal'],
      [4, '1234.5', '1234.5', 'equal'],
    ],
  },
  {
    name: 'REAL against DOUBLE: compared at single precision',
    sourceType: { postgres: 'REAL', mysql: 'FLOAT', sqlite: 'REAL' },
    targetType: { postgres: 'DOUBLE PRECISION', mysql: 'DOUBLE', sqlite: 'REAL' },
    rows: [
      [1, '0.1', '0.1', 'equal'], // the same number entered in both; REAL cannot hold more digits
      [2, '1.2345678', '1.2345678', 'equal'],
      [3, '0.1', '0.2', 'differs'],
      [4, '1.5', '1.5', 'equal'],
      [5, '16777216', '16777217', 'equal'], // 2^24 + 1 rounds to 2^24 in a 4-byte float: not representable, so equal at single precision
    ],
    skip: (s) => s === 'sqlite', // SQLite's REAL is an 8-byte double: no single-precision source
  },
  {
    name: 'timestamps at different precisions (compared at the lower one, truncated)',
    sourceType: { postgres: 'TIMESTAMP(6)', mysql: 'DATETIME(6)', sqlite: 'TIMESTAMP(6)' },
    targetType: { postgres: 'TIMESTAMP(3)', mysql: 'DATETIME(3)', sqlite: 'TIMESTAMP(3)' },
    rows: [
      [1, "'2024-01-01 10:00:00.123456'", "'2024-01-01 10:00:00.123'", 'equal'],
      [2, "'2024-01-01 10:00:00.123456'", "'2024-01-01 10:00:00.124'", 'differs'],
      [3, "'2024-01-01 10:00:00.123999'", "'2024-01-01 10:00:00.123'", 'equal'], // truncated, never rounded
      [4, "'1969-12-31 23:59:59.5'", "'1969-12-31 23:59:59.500'", 'equal'],
      [5, "'9999-12-31 23:59:59.999'", "'9999-12-31 23:59:59.999'", 'equal'],
      [6, "'1900-02-28 00:00:00'", "'1900-03-01 00:00:00'", 'differs'],
    ],
  },
  {
    name: "a declared precision of 0 (MySQL's DATETIME default) against microseconds",
    sourceType: { postgres: 'TIMESTAMP(6)', mysql: 'DATETIME(6)', sqlite: 'TIMESTAMP(6)' },
    targetType: { postgres: 'TIMESTAMP(0)', mysql: 'DATETIME', sqlite: 'TIMESTAMP(0)' },
    rows: [
      [1, "'2024-01-01 10:00:00.123456'", "'2024-01-01 10:00:00'", 'equal'], // compared at 0 fraction digits
      [2, "'2024-01-01 10:00:00'", "'2024-01-01 10:00:01'", 'differs'],
      [3, "'2024-01-01 10:00:00'", "'2024-01-01 10:00:00'", 'equal'],
    ],
  },
  {
    name: 'times of day',
    sourceType: 'TIME(6)',
    targetType: 'TIME(3)',
    rows: [
      [1, "'23:59:59.999999'", "'23:59:59.999'", 'equal'], // compared at 3 digits, truncated
      [2, "'00:00:00'", "'00:00:00.000'", 'equal'],
      [3, "'12:00:00'", "'12:00:01'", 'differs'],
    ],
  },
  {
    name: "PostgreSQL's infinite and BC timestamps",
    sourceType: 'TIMESTAMP(6)',
    targetType: 'TIMESTAMP(6)',
    rows: [
      [1, "'infinity'", 'NULL', 'differs'],
      [2, "'infinity'", "'-infinity'", 'differs'],
      [3, "'infinity'", "'infinity'", 'equal'],
      [4, "'-infinity'", "'2024-01-01 00:00:00'", 'differs'],
      [5, "'4713-01-01 10:00:00 BC'", "'4713-01-01 10:00:00'", 'differs'], // BC is not AD
      [6, "'4713-01-01 10:00:00 BC'", "'4713-01-01 10:00:00 BC'", 'equal'],
    ],
    skip: (s, t) => s !== 'postgres' || t !== 'postgres', // the other engines have no infinite timestamps
  },
  {
    name: 'infinite and BC dates',
    sourceType: 'DATE',
    targetType: 'DATE',
    rows: [
      [1, "'infinity'", 'NULL', 'differs'],
      [2, "'infinity'", "'-infinity'", 'differs'],
      [3, "'-infinity'", "'-infinity'", 'equal'],
      [4, "'0044-03-15 BC'", "'0044-03-15'", 'differs'],
      [5, "'0044-03-15 BC'", "'0044-03-15 BC'", 'equal'],
    ],
    skip: (s, t) => s !== 'postgres' || t !== 'postgres',
  },
  {
    name: 'dates past year 9999',
    sourceType: 'DATE',
    targetType: 'DATE',
    rows: [
      [1, "'10000-01-01'", "'10000-01-01'", 'equal'],
      [2, "'10000-01-01'", "'1000-01-01'", 'differs'],
      [3, "'9999-12-31'", "'10000-12-31'", 'differs'],
    ],
    skip: (s, t) => s !== 'postgres' || t !== 'postgres', // the other engines stop at 9999
  },
  {
    name: 'dates before 1970 and in year 9999',
    sourceType: 'DATE',
    targetType: 'DATE',
    rows: [
      [1, "'1969-07-20'", "'1969-07-20'", 'equal'],
      [2, "'0001-01-01'", "'0001-01-01'", 'equal'],
      [3, "'9999-12-31'", "'9999-12-31'", 'equal'],
      [4, "'1600-02-29'", "'1600-03-01'", 'differs'],
    ],
  },
  {
    name: 'booleans',
    sourceType: { postgres: 'BOOLEAN', mysql: 'BOOLEAN', sqlite: 'BOOLEAN' },
    targetType: { postgres: 'BOOLEAN', mysql: 'TINYINT(1)', sqlite: 'BOOLEAN' },
    rows: [
      [1, 'TRUE', { postgres: "'t'", mysql: '1', sqlite: '1' }, 'equal'],
      [2, 'FALSE', { postgres: "'f'", mysql: '0', sqlite: '0' }, 'equal'],
      [3, 'TRUE', 'FALSE', 'differs'],
      [4, 'NULL', 'FALSE', 'differs'],
    ],
  },
  {
    name: 'booleans stored as text in SQLite (a PostgreSQL dump loaded as is)',
    sourceType: { postgres: 'BOOLEAN', mysql: 'BOOLEAN', sqlite: 'BOOLEAN' },
    targetType: { postgres: 'BOOLEAN', mysql: 'BOOLEAN', sqlite: 'BOOLEAN' },
    rows: [
      [1, 'TRUE', { postgres: 'TRUE', mysql: 'TRUE', sqlite: "'t'" }, 'equal'],
      [2, 'FALSE', { postgres: 'FALSE', mysql: 'FALSE', sqlite: "'f'" }, 'equal'],
      [3, 'TRUE', { postgres: 'TRUE', mysql: 'TRUE', sqlite: "'true'" }, 'equal'],
      [4, 'FALSE', { postgres: 'TRUE', mysql: 'TRUE', sqlite: "'TRUE'" }, 'differs'],
      [5, 'TRUE', { postgres: 'FALSE', mysql: 'FALSE', sqlite: "'false'" }, 'differs'],
    ],
  },
  {
    name: 'instants written in different session time zones',
    sourceType: { postgres: 'TIMESTAMPTZ', mysql: 'TIMESTAMP(6)', sqlite: 'TIMESTAMP' },
    targetType: { postgres: 'TIMESTAMPTZ(3)', mysql: 'TIMESTAMP(3)', sqlite: 'TIMESTAMP' },
    session: {
      postgres: ["SET TIME ZONE 'Asia/Kolkata'", "SET TIME ZONE 'UTC'"],
      mysql: ["SET time_zone = '+05:30'", "SET time_zone = '+00:00'"],
    },
    rows: [
      // 15:30 in +05:30 is 10:00 UTC; PostgreSQL and MariaDB read the literal in the session zone, SQLite keeps the offset.
      [1, { postgres: "'2024-06-01 15:30:00'", mysql: "'2024-06-01 15:30:00'", sqlite: "'2024-06-01 15:30:00+05:30'" }, { postgres: "'2024-06-01 10:00:00+00'", mysql: "'2024-06-01 15:30:00'", sqlite: "'2024-06-01T10:00:00Z'" }, 'equal'],
      [2, { postgres: "'2024-06-01 15:30:00'", mysql: "'2024-06-01 15:30:00'", sqlite: "'2024-06-01 15:30:00+05:30'" }, { postgres: "'2024-06-01 15:30:00+00'", mysql: "'2024-06-01 21:00:00'", sqlite: "'2024-06-01T15:30:00Z'" }, 'differs'],
      [3, { postgres: "'2024-01-01 05:29:59.999'", mysql: "'2024-01-01 05:29:59.999'", sqlite: "'2024-01-01 05:29:59.999+05:30'" }, { postgres: "'2023-12-31 23:59:59.999+00'", mysql: "'2024-01-01 05:29:59.999'", sqlite: "'2023-12-31 23:59:59.999Z'" }, 'equal'], // across midnight and the year
    ],
  },
  {
    name: 'text, case-sensitive: trailing spaces, unicode, emoji, markers, separators, empty vs NULL',
    caseSensitive: true,
    sourceType: { postgres: 'VARCHAR(40)', mysql: 'VARCHAR(40)', sqlite: 'VARCHAR(40)' },
    targetType: { postgres: 'TEXT', mysql: 'VARCHAR(40)', sqlite: 'TEXT' },
    rows: [
      [1, "'a '", "'a'", 'differs'], // MariaDB PAD SPACE collations call these equal; we must not
      [2, "'a'", "'a'", 'equal'],
      [3, "''", 'NULL', 'differs'],
      [4, 'NULL', "''", 'differs'],
      [5, "'-'", 'NULL', 'differs'], // '-' is the NULL marker of row texts
      [6, "'NULL'", 'NULL', 'differs'],
      [7, "'0:'", "''", 'differs'],
      [8, "'a|b'", "'a|b'", 'equal'],
      [9, "'😀 ok'", "'😀 ok'", 'equal'],
      [10, "'caf\u00e9'", "'cafe\u0301'", 'differs'], // precomposed é vs e + combining accent: different code points
      [11, "'abc'", "'ABC'", 'differs'],
      [12, "' a'", "'a'", 'differs'],
      [13, "'tab\there'", "'tab here'", 'differs'],
      [14, "'Émile'", "'Émile'", 'equal'],
    ],
  },
  {
    name: 'text, case-insensitive (the default)',
    sourceType: 'VARCHAR(40)',
    targetType: 'VARCHAR(40)',
    rows: [
      [1, "'abc'", "'ABC'", 'equal'],
      [2, "'Émile'", "'ÉMILE'", 'equal'], // é folds to É in every engine
      [3, "'ß'", "'SS'", 'differs'], // simple lowercase mapping only, no full case folding (documented)
      [4, "'a '", "'A'", 'differs'], // trailing space still counts
      [5, "'straße'", "'STRASSE'", 'differs'],
      [6, "'😀'", "'😀'", 'equal'],
      [7, "'İstanbul'", "'İstanbul'", 'equal'], // identical values are equal whatever each engine's lower() does with them
      [8, "'ΟΔΥΣΣΕΥΣ'", "'ΟΔΥΣΣΕΥΣ'", 'equal'], // final sigma
      [9, "'ǅ'", "'ǅ'", 'equal'],
    ],
  },
  {
    name: 'text in a latin1 MariaDB column against UTF-8 elsewhere',
    caseSensitive: true,
    sourceType: { postgres: 'VARCHAR(40)', mysql: 'VARCHAR(40) CHARACTER SET latin1', sqlite: 'VARCHAR(40)' },
    targetType: { postgres: 'VARCHAR(40)', mysql: 'VARCHAR(40) CHARACTER SET utf8mb4', sqlite: 'VARCHAR(40)' },
    rows: [
      [1, "'Émile'", "'Émile'", 'equal'],
      [2, "'café'", "'cafe'", 'differs'],
      [3, "'ß'", "'ß'", 'equal'],
    ],
  },
  {
    name: 'uuid against text in another case',
    sourceType: { postgres: 'UUID', mysql: 'CHAR(36)', sqlite: 'TEXT' },
    targetType: { postgres: 'UUID', mysql: 'CHAR(36)', sqlite: 'TEXT' },
    caseSensitive: true,
    // The uuid family needs a uuid column on one side (PostgreSQL); postgres ↔ postgres stores lowercase anyway.
    skip: (s, t) => !(s === 'postgres' || t === 'postgres'),
    rows: [
      [1, "'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'", "'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11'", 'equal'],
      [2, "'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'", "'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a12'", 'differs'],
    ],
  },
  {
    name: 'JSON by value',
    sourceType: { postgres: 'JSONB', mysql: 'JSON', sqlite: 'JSON' },
    targetType: { postgres: 'JSON', mysql: 'JSON', sqlite: 'JSON' },
    caseSensitive: true,
    rows: [
      [1, `'{"a":1,"b":2}'`, `'{"b":2,"a":1}'`, 'equal'],
      [2, `'{"a":1,"b":2}'`, `'{"a":1,"b":3}'`, 'differs'],
      [3, `'{"a": [1, 2]}'`, `'{"a":[1,2]}'`, 'equal'],
      [4, `'[1,2]'`, `'[2,1]'`, 'differs'],
      [5, `'{"id": 12345678901234567891}'`, `'{"id": 12345678901234567890}'`, 'differs'], // beyond a double's digits
      [6, `'{"id": 12345678901234567891}'`, `'{"id":12345678901234567891}'`, 'equal'],
    ],
  },
  {
    name: 'bytes',
    sourceType: { postgres: 'BYTEA', mysql: 'VARBINARY(20)', sqlite: 'BLOB' },
    targetType: { postgres: 'BYTEA', mysql: 'BLOB', sqlite: 'BLOB' },
    rows: [
      [1, { postgres: "'\\x00ff'::bytea", mysql: "X'00FF'", sqlite: "X'00FF'" }, { postgres: "'\\x00FF'::bytea", mysql: "X'00ff'", sqlite: "X'00ff'" }, 'equal'],
      [2, { postgres: "'\\x00ff'::bytea", mysql: "X'00FF'", sqlite: "X'00FF'" }, { postgres: "'\\x00fe'::bytea", mysql: "X'00FE'", sqlite: "X'00FE'" }, 'differs'],
      [3, { postgres: "''::bytea", mysql: "X''", sqlite: "X''" }, 'NULL', 'differs'],
      [4, { postgres: "'\\x41'::bytea", mysql: "X'41'", sqlite: "X'41'" }, { postgres: "'\\x61'::bytea", mysql: "X'61'", sqlite: "X'61'" }, 'differs'], // 'A' vs 'a' bytes: never case-folded
    ],
  },
  {
    name: 'tolerance at the exact boundary',
    sourceType: 'DECIMAL(12,2)',
    targetType: 'DECIMAL(12,2)',
    tolerance: 0.05,
    rows: [
      [1, '1.00', '1.05', 'equal'], // |a-b| == t passes
      [2, '1.00', '1.06', 'differs'],
      [3, '-1.00', '-0.95', 'equal'],
      [4, '100.01', '100.06', 'equal'],
      [5, 'NULL', '0.00', 'differs'],
    ],
  },
  {
    name: 'tolerance on doubles at the exact boundary',
    sourceType: { postgres: 'DOUBLE PRECISION', mysql: 'DOUBLE', sqlite: 'REAL' },
    targetType: { postgres: 'DOUBLE PRECISION', mysql: 'DOUBLE', sqlite: 'REAL' },
    tolerance: 0.2,
    rows: [
      [1, '0.1', '0.3', 'equal'], // 0.3 - 0.1 = 0.2 in decimal
      [2, '0.1', '0.30000000000000004', 'differs'],
      [3, '1e20', '1e20', 'equal'],
      [4, '-0.1', '0.1', 'equal'], // 0.2 apart
      [5, '1e20', '1.00000000000000001e20', 'equal'], // the same double (1e20 + 1000 rounds to 1e20; the spacing there is 16384)
      [6, '1e-7', '0.2000001', 'equal'], // exactly 0.2 apart in decimal
      [7, '1e-7', '0.20000011', 'differs'],
    ],
  },
];

const TIME_CASES = VALUE_CASES;

describe.each(pairs)('%s → %s', (sourceName, targetName) => {
  const engines = new Map<EngineName, Engine>();
  const source = () => engines.get(sourceName) as Engine;
  const target = () => engines.get(targetName) as Engine;
  const run = (def: ComparisonDefinition) => runPair(sourceName, targetName, def);

  beforeAll(async () => {
    for (const name of new Set([sourceName, targetName])) engines.set(name, await openEngine(name, `values_${sourceName}_${targetName}`));
    for (const [i, c] of TIME_CASES.entries()) {
      if (c.skip?.(sourceName, targetName)) continue;
      for (const [engine, type, column] of [
        [source(), c.sourceType, 1],
        [target(), c.targetType, 2],
      ] as const) {
        const qualified = engine.table(`v${i}_${column === 1 ? 's' : 't'}`);
        const [before, after] = c.session?.[engine.name] ?? [];
        await engine.exec(
          `DROP TABLE IF EXISTS ${qualified}`,
          `CREATE TABLE ${qualified} (id INTEGER NOT NULL PRIMARY KEY, v ${pick(type, engine.name)})`,
          ...(before ? [before] : []),
          `INSERT INTO ${qualified} (id, v) VALUES ${c.rows.map((r) => `(${r[0]}, ${pick(r[column], engine.name)})`).join(', ')}`,
          ...(after ? [after] : []),
        );
      }
    }
  });
  afterAll(async () => {
    for (const engine of engines.values()) await engine.close();
  });

  for (const [i, c] of TIME_CASES.entries()) {
    it.skipIf(c.skip?.(sourceName, targetName) ?? false)(c.name, async () => {
      const result = await run(
        definition(source().side(`v${i}_s`), target().side(`v${i}_t`), {
          caseSensitive: c.caseSensitive ?? false,
          ...(c.tolerance !== undefined ? { tolerance: { v: c.tolerance } } : {}),
        }),
      );
      expect(result.error).toBeUndefined();
      const differing = (result.diff?.diff_rows ?? []).map((r) => r.id).sort((a, b) => Number(a) - Number(b));
      const expected = c.rows.filter((r) => r[3] === 'differs').map((r) => r[0]);
      expect({ differing, matched: result.stats?.matched_rows }).toEqual({ differing: expected, matched: c.rows.length - expected.length });
    });
  }
});


describe.runIf(available.mysql)('MariaDB JSON columns on one connection', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await openEngine('mysql', 'json');
    for (const [table, value] of [['a', `'{"a":1,"b":2}'`], ['b', `'{"b":2, "a":1}'`]] as const) {
      await engine.exec(`CREATE TABLE ${engine.table(table)} (id INTEGER PRIMARY KEY, doc JSON)`, `INSERT INTO ${engine.table(table)} VALUES (1, ${value})`);
    }
  });
  afterAll(() => engine.close());

  it('are read as JSON (not LONGTEXT) and compared by value, streamed because MariaDB keeps their spelling', async () => {
    const result = await runPair('mysql', 'mysql', definition(engine.side('a'), engine.side('b'), { schemaDiff: true }));
    expect(result.stats).toMatchObject({ matched_rows: 1, mismatched_rows: 0 });
    expect(result.schema_diff?.type_mismatches).toEqual([]);
    expect(result.plan?.kind).toBe('stream');
    expect(result.plan?.reason).toMatchInlineSnapshot(`"Both sides are on one MySQL/MariaDB connection, but JSON column \`doc\` can only be compared by value outside the database, so both sides are streamed ordered by key and merged in bounded memory."`);
  });
});

/**
 * A PostgreSQL login role whose sessions start with `setting` (ALTER ROLE … SET), tables `a` and `b`
 * (`columns`, filled by `fill`) it may read, and `asRole`: a side that connects as it.
 */
function roleWith(role: string, suffix: string, setting: string, columns: string, fill: (a: string, b: string) => string[]) {
  const state = { engine: undefined as Engine | undefined };
  beforeAll(async () => {
    const engine = (state.engine = await openEngine('postgres', suffix));
    const [a, b] = [engine.table('a'), engine.table('b')];
    await engine.exec(
      `DROP ROLE IF EXISTS ${role}`,
      `CREATE ROLE ${role} LOGIN`,
      `ALTER ROLE ${role} SET ${setting}`,
      `GRANT USAGE ON SCHEMA ${engine.table('').slice(0, -1)} TO ${role}`,
      `CREATE TABLE ${a} (${columns})`,
      `CREATE TABLE ${b} (${columns})`,
      ...fill(a, b),
      `GRANT SELECT ON ${a}, ${b} TO ${role}`,
    );
  });
  afterAll(async () => {
    const engine = state.engine!;
    await engine.exec(`DROP TABLE ${engine.table('a')}, ${engine.table('b')}`, `DROP OWNED BY ${role}`, `DROP ROLE ${role}`);
    await engine.close();
  });
  const url = new URL(TEST_DATABASE_URLS.postgres);
  url.username = role;
  return {
    side: (table: 'a' | 'b') => state.engine!.side(table),
    asRole: (table: 'a' | 'b') => ({ ...state.engine!.side(table), connection: { type: 'postgres' as const, url: url.toString() } }),
  };
}

describe.runIf(available.postgres)('a PostgreSQL role that prints floats with 15 digits (extra_float_digits = 0)', () => {
  const role = roleWith(FLOAT_ROLE, 'floatdigits', 'extra_float_digits = 0', 'id INTEGER PRIMARY KEY, v DOUBLE PRECISION', (a, b) => [
    `INSERT INTO ${a} VALUES (1, 0.1)`,
    `INSERT INTO ${b} VALUES (1, 0.10000000000000002)`,
  ]);

  it('still tells two neighbouring doubles apart', async () => {
    const result = await runPair('postgres', 'postgres', definition(role.asRole('a'), role.asRole('b')));
    expect(result.error).toBeUndefined();
    expect(result.stats).toMatchObject({ matched_rows: 0, mismatched_rows: 1 });
  });
});

describe.runIf(available.postgres)("a PostgreSQL role that writes dates the German way, day first ('German, DMY')", () => {
  const role = roleWith(DATESTYLE_ROLE, 'datestyle', "DateStyle = 'German, DMY'", 'id INTEGER PRIMARY KEY, d DATE', (a, b) => [
    `INSERT INTO ${a} SELECT i, DATE '2024-01-01' + i FROM generate_series(1, 300) AS i`,
    `INSERT INTO ${b} SELECT i, DATE '2024-01-01' + i + CASE WHEN i = 7 THEN 1 ELSE 0 END FROM generate_series(1, 300) AS i`,
  ]);

  it('compares its dates with an ISO session: only the one changed date differs', async () => {
    // Two connections (the role's and the default user's): streamed, and checksummed, each side reading its own texts.
    const result = await runPair('postgres', 'postgres', definition(role.asRole('a'), role.side('b')));
    expect(result.error).toBeUndefined();
    expect(result.stats).toMatchObject({ matched_rows: 299, mismatched_rows: 1 });
    // Each side's own value, in ISO text: the role's session reads dates the ISO way too.
    expect(result.diff?.diff_rows).toMatchObject([{ id: 7, source_d: '2024-01-08', target_d: '2024-01-09' }]);
  });

  it("writes its dates the ISO way but keeps its day-first order for a filter's date literal", async () => {
    const connection = (await loadDialect('postgres')).connect(role.asRole('a').connection, { logger: silentLogger, datasourceName: 'warehouse' });
    try {
      const rows = await connection.query("SELECT current_setting('DateStyle') AS style, (DATE '2024-03-05')::text AS iso, ('05/03/2024'::date)::text AS literal");
      expect(rows).toEqual([{ style: 'ISO, DMY', iso: '2024-03-05', literal: '2024-03-05' }]);
    } finally {
      await connection.close();
    }
  });
});
