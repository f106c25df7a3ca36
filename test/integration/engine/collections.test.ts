/**
 * Collections compared by value (issue #35) on real engines: MariaDB SET, PostgreSQL arrays, DuckDB
 * LIST, JSON arrays in MariaDB and SQLite. Each comparison runs on every plan that applies to it (the
 * streaming merge, the checksum diff forced with no small-table switch, the join diff on one
 * connection), and every plan must give the same answer.
 */
import { withoutRunId } from '../../helpers/databases.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { compare } from '../../../src/engine/index.js';
import type { ComparisonDefinition, ComparisonResult, ConnectionConfig, DiffStrategyName } from '../../../src/engine/model.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { definition, side, testEngine, type TestEngine } from './engines.js';

type Members = (string | null)[] | null;

const FEATURES = "SET('Trailers','Commentaries','Deleted Scenes','Behind the Scenes')";

/** The Sakila case: PostgreSQL's text[] against MariaDB's SET; row 1 in another order, rows 6 to 8 differ. */
const FILMS: { id: number; postgres: Members; mariadb: string | null }[] = [
  { id: 1, postgres: ['Deleted Scenes', 'Trailers'], mariadb: 'Trailers,Deleted Scenes' },
  { id: 2, postgres: ['Commentaries', 'Behind the Scenes'], mariadb: 'Commentaries,Behind the Scenes' },
  { id: 3, postgres: [], mariadb: '' },
  { id: 4, postgres: null, mariadb: null },
  { id: 5, postgres: ['Trailers', 'Commentaries', 'Deleted Scenes', 'Behind the Scenes'], mariadb: 'Trailers,Commentaries,Deleted Scenes,Behind the Scenes' },
  { id: 6, postgres: ['Trailers'], mariadb: 'Trailers,Commentaries' },
  // A member the SET does not declare, and a NULL member: differences, found by the general path.
  { id: 7, postgres: ['Trailers', 'Extras'], mariadb: 'Trailers' },
  { id: 8, postgres: [null], mariadb: '' },
];

/** Awkward members; row 6 holds the same members in another order on the target. */
const SOURCE_LISTS: Members[] = [
  ['a,b', 'c"d', '{e}', ' f ', 'é€😀', 'back\\slash', "it's", 'ctl\u0001x\u0002y'],
  [null, 'x'],
  [],
  null,
  [''],
  ['b', 'a'],
];
const TARGET_LISTS: Members[] = [...SOURCE_LISTS.slice(0, 5), ['a', 'b']];
/** NULL, an empty list and a list of one empty text swapped around: rows 3, 4 and 5 differ. */
const EDGE_LISTS: Members[] = [SOURCE_LISTS[0]!, SOURCE_LISTS[1]!, null, [], [], SOURCE_LISTS[5]!];

const sqlText = (text: string) => `'${text.replaceAll("'", "''")}'`;
const json = (members: Members) => (members === null ? 'NULL' : sqlText(JSON.stringify(members)));
const postgresArray = (members: Members) =>
  members === null ? 'NULL' : `ARRAY[${members.map((m) => (m === null ? 'NULL' : `E${sqlText(m.replaceAll('\\', '\\\\'))}`)).join(', ')}]::text[]`;
const duckdbList = (members: Members) => (members === null ? 'NULL' : `[${members.map((m) => (m === null ? 'NULL' : sqlText(m))).join(', ')}]::VARCHAR[]`);
const mysqlJson = (members: Members) => (members === null ? 'NULL' : sqlText(JSON.stringify(members).replaceAll('\\', '\\\\')));

const rows = (lists: Members[], literal: (m: Members) => string) => lists.map((m, i) => `(${i + 1}, ${literal(m)})`).join(', ');

let postgres: TestEngine;
let mariadb: TestEngine;
let sqlite: TestEngine;
let duckdb: ConnectionConfig;
let duckdbDir: string;

beforeAll(async () => {
  [postgres, mariadb, sqlite] = await Promise.all([testEngine('postgres', 'collections'), testEngine('mysql', 'collections'), testEngine('sqlite', 'collections')]);
  await postgres.exec(
    `CREATE TABLE ${postgres.table('film')} (film_id integer PRIMARY KEY, special_features text[])`,
    `INSERT INTO ${postgres.table('film')} VALUES ${FILMS.map((f) => `(${f.id}, ${postgresArray(f.postgres)})`).join(', ')}`,
    `CREATE TABLE ${postgres.table('lists_a')} (id integer PRIMARY KEY, tags text[])`,
    `INSERT INTO ${postgres.table('lists_a')} VALUES ${rows(SOURCE_LISTS, postgresArray)}`,
    `CREATE TABLE ${postgres.table('lists_b')} (id integer PRIMARY KEY, tags text[])`,
    `INSERT INTO ${postgres.table('lists_b')} VALUES ${rows(TARGET_LISTS, postgresArray)}`,
    `CREATE TABLE ${postgres.table('lists_json')} (id integer PRIMARY KEY, tags jsonb)`,
    `INSERT INTO ${postgres.table('lists_json')} VALUES ${rows(TARGET_LISTS, json)}`,
    `CREATE TABLE ${postgres.table('lists_text')} (id integer PRIMARY KEY, tags varchar(200))`,
    `CREATE TABLE ${postgres.table('film_upper')} (film_id integer PRIMARY KEY, special_features text[])`,
    `INSERT INTO ${postgres.table('film_upper')} VALUES ${FILMS.map((f) => `(${f.id}, ${postgresArray(f.postgres?.map((m) => m?.toUpperCase() ?? null) ?? null)})`).join(', ')}`,
    `CREATE TABLE ${postgres.table('lists_int')} (id integer PRIMARY KEY, tags integer)`,
    `CREATE TABLE ${postgres.table('numbers')} (id integer PRIMARY KEY, ints integer[], amounts numeric(10,2)[])`,
    `INSERT INTO ${postgres.table('numbers')} VALUES (1, ARRAY[1, 2, NULL], ARRAY[1.5, 2]), (2, ARRAY[-7], ARRAY[]::numeric[]), (3, ARRAY[3], ARRAY[0.1])`,
    `CREATE TABLE ${postgres.table('lists_char')} (id integer PRIMARY KEY, tags char(3)[])`,
    `INSERT INTO ${postgres.table('lists_char')} VALUES (1, ARRAY['a', 'bc']), (2, ARRAY[]::char(3)[])`,
    `CREATE TABLE ${postgres.table('lists_varchar')} (id integer PRIMARY KEY, tags varchar(3)[])`,
    `INSERT INTO ${postgres.table('lists_varchar')} VALUES (1, ARRAY['a', 'bc']), (2, ARRAY[]::varchar(3)[])`,
  );
  await mariadb.exec(
    `CREATE TABLE ${mariadb.table('film')} (film_id INT PRIMARY KEY, special_features ${FEATURES})`,
    `INSERT INTO ${mariadb.table('film')} VALUES ${FILMS.map((f) => `(${f.id}, ${f.mariadb === null ? 'NULL' : sqlText(f.mariadb)})`).join(', ')}`,
    `CREATE TABLE ${mariadb.table('film_json')} (film_id INT PRIMARY KEY, special_features JSON)`,
    `INSERT INTO ${mariadb.table('film_json')} VALUES ${FILMS.map((f) => `(${f.id}, ${json(f.postgres)})`).join(', ')}`,
    `CREATE TABLE ${mariadb.table('lists_json')} (id INT PRIMARY KEY, tags JSON)`,
    `INSERT INTO ${mariadb.table('lists_json')} VALUES ${rows(TARGET_LISTS, mysqlJson)}`,
    `CREATE TABLE ${mariadb.table('numbers')} (id INT PRIMARY KEY, ints JSON, amounts JSON)`,
    `INSERT INTO ${mariadb.table('numbers')} VALUES (1, '[1, 2, null]', '[1.50, 2]'), (2, '[-7]', '[]'), (3, '[3.0]', '[0.10]')`,
    `CREATE TABLE ${mariadb.table('lists_text')} (id INT PRIMARY KEY, tags VARCHAR(200))`,
    `INSERT INTO ${mariadb.table('lists_text')} VALUES ${rows(TARGET_LISTS, mysqlJson)}`,
  );
  await sqlite.exec(
    `CREATE TABLE lists_json (id INTEGER PRIMARY KEY, tags JSON)`,
    `INSERT INTO lists_json VALUES ${rows(TARGET_LISTS, json)}`,
    `CREATE TABLE film_json (film_id INTEGER PRIMARY KEY, special_features TEXT)`,
    `INSERT INTO film_json VALUES ${FILMS.map((f) => `(${f.id}, ${json(f.postgres)})`).join(', ')}`,
    `CREATE TABLE numbers (id INTEGER PRIMARY KEY, ints JSON, amounts JSON)`,
    `INSERT INTO numbers VALUES (1, '[1,2,null]', '[1.5,2.0]'), (2, '[-7]', '[]'), (3, '[4]', '[0.1]')`,
    `CREATE TABLE lists_edge (id INTEGER PRIMARY KEY, tags JSON)`,
    `INSERT INTO lists_edge VALUES ${rows(EDGE_LISTS, json)}`,
    // A JSON text that is no array: never equal to a list.
    `UPDATE lists_edge SET tags = '""' WHERE id = 5`,
  );
  duckdbDir = mkdtempSync(path.join(tmpdir(), 'dc-collections-'));
  const file = path.join(duckdbDir, 'lists.duckdb');
  const instance = await DuckDBInstance.create(file);
  const connection = await instance.connect();
  for (const sql of [
    'CREATE TABLE lists_b (id INTEGER PRIMARY KEY, tags VARCHAR[])',
    `INSERT INTO lists_b VALUES ${rows(TARGET_LISTS, duckdbList)}`,
    'CREATE TABLE numbers (id INTEGER PRIMARY KEY, ints INTEGER[], amounts DECIMAL(10,2)[])',
    'INSERT INTO numbers VALUES (1, [1, 2, NULL], [1.5, 2]), (2, [-7], []), (3, [3], [0.1])',
    'CREATE TABLE lists_edge (id INTEGER PRIMARY KEY, tags VARCHAR[])',
    `INSERT INTO lists_edge VALUES ${rows(EDGE_LISTS, duckdbList)}`,
    'CREATE TABLE film (film_id INTEGER PRIMARY KEY, special_features VARCHAR[])',
    `INSERT INTO film VALUES ${FILMS.map((f) => `(${f.id}, ${duckdbList(f.postgres)})`).join(', ')}`,
  ]) {
    await connection.run(sql);
  }
  connection.closeSync();
  instance.closeSync();
  duckdb = { type: 'duckdb', path: file };
}, 60_000);

afterAll(async () => {
  await Promise.all([postgres?.close(), mariadb?.close(), sqlite?.close()]);
  if (duckdbDir) rmSync(duckdbDir, { recursive: true, force: true });
});

const duckdbSide = (dataset: string) => ({ datasourceName: 'duckdb_db', connection: duckdb, serviceDatasource: 'duckdb_db', dataset });

/** Runs the comparison on each plan and checks they agree; returns the first result. */
async function onEveryPlan(def: ComparisonDefinition, plans: Exclude<DiffStrategyName, 'auto'>[]): Promise<ComparisonResult> {
  const results: ComparisonResult[] = [];
  for (const strategy of plans) {
    const result = await compare({ ...def, strategy }, { logger: silentLogger });
    expect(result.error, `${strategy}: ${result.error?.message}`).toBeUndefined();
    expect(result.plan?.kind).toBe(strategy);
    results.push(result);
  }
  const [first, ...others] = results;
  for (const other of others) {
    expect({ stats: other.stats, mismatched: other.diff?.mismatched_columns_mapping, rows: other.diff?.diff_rows }).toEqual({
      stats: first?.stats,
      mismatched: first?.diff?.mismatched_columns_mapping,
      rows: first?.diff?.diff_rows,
    });
  }
  return first as ComparisonResult;
}

const film = (source: ReturnType<typeof side>, target: ReturnType<typeof side>, extra: Partial<ComparisonDefinition> = {}) =>
  definition({ source, target, caseSensitive: true, primaryKeys: { source: ['film_id'], target: ['film_id'] }, ...extra });

describe('a MariaDB SET against collections elsewhere (Sakila film.special_features)', () => {
  it('matches a PostgreSQL text[] as a set on the streaming and checksum plans, and finds the one real difference', async () => {
    const result = await onEveryPlan(film(side(mariadb, 'film'), side(postgres, 'film')), ['stream', 'checksum']);
    expect(result.stats).toMatchObject({ matched_rows: 5, mismatched_rows: 3, only_in_source: 0, only_in_target: 0 });
    expect(result.diff?.diff_rows).toEqual([
      { _diff_type: 'changed', film_id: 6, source_special_features: '["Commentaries","Trailers"]', target_special_features: '["Trailers"]' },
      { _diff_type: 'changed', film_id: 7, source_special_features: '["Trailers"]', target_special_features: '["Extras","Trailers"]' },
      { _diff_type: 'changed', film_id: 8, source_special_features: '[]', target_special_features: '[null]' },
    ]);
    expect(result.diff?.mismatched_columns_mapping.special_features?.details).toBe('3 of 8 rows present on both sides differ in special_features (compared as a set).');
  });

  it('matches a DuckDB VARCHAR[], a MariaDB JSON array and SQLite text read as JSON arrays', async () => {
    const duck = await onEveryPlan(film(side(mariadb, 'film'), duckdbSide('film')), ['stream', 'checksum']);
    expect(duck.stats).toMatchObject({ matched_rows: 5, mismatched_rows: 3 });
    const result6 = duck.diff?.diff_rows;
    const sameServer = await onEveryPlan(film(side(mariadb, 'film'), side(mariadb, 'film_json')), ['stream']);
    expect(sameServer.stats).toMatchObject({ matched_rows: 5, mismatched_rows: 3 });
    // Planned: one MariaDB connection, but the JSON side is read as a set in JavaScript.
    const planned = await compare(film(side(mariadb, 'film'), side(mariadb, 'film_json')), { logger: silentLogger });
    expect(planned.plan?.kind).toBe('stream');
    expect(planned.stats).toEqual(sameServer.stats);
    // A query's SET: the metadata do not name its members; its text is split at the commas.
    const query = await onEveryPlan(film({ ...side(mariadb, { query: `SELECT film_id, special_features FROM ${mariadb.table('film')}` }) }, side(postgres, 'film')), ['stream']);
    expect(query.stats).toMatchObject({ matched_rows: 5, mismatched_rows: 3 });
    expect(query.diff?.diff_rows).toEqual(result6);
    // Case-insensitive (the default): members are lowercased on both sides, in SQL.
    const folded = await onEveryPlan(film(side(mariadb, 'film'), side(postgres, 'film_upper'), { caseSensitive: false }), ['stream', 'checksum']);
    expect(folded.stats).toMatchObject({ matched_rows: 5, mismatched_rows: 3 });
    expect(folded.diff?.compared_as).toEqual({ film_id: 'integer', special_features: 'set, case-insensitive' });
    const foldedSame = await onEveryPlan(film(side(mariadb, 'film'), side(postgres, 'film'), { caseSensitive: false }), ['stream', 'checksum']);
    expect(foldedSame.stats).toMatchObject({ matched_rows: 5, mismatched_rows: 3 });
    const inSqlite = await onEveryPlan(film(side(mariadb, 'film'), side(sqlite, 'film_json'), { compareAs: { special_features: 'set' } }), ['stream', 'checksum']);
    expect(inSqlite.stats).toMatchObject({ matched_rows: 5, mismatched_rows: 3 });
  });
});

describe('lists with awkward members across engines', () => {
  const lists = (source: ReturnType<typeof side>, target: ReturnType<typeof side>, extra: Partial<ComparisonDefinition> = {}) =>
    definition({ source, target, caseSensitive: true, primaryKeys: { source: ['id'], target: ['id'] }, columns: { source: ['tags'], target: ['tags'] }, ...extra });

  const expectOrderOnly = (result: ComparisonResult) => {
    expect(result.stats).toMatchObject({ matched_rows: 5, mismatched_rows: 1 });
    expect(result.diff?.diff_rows).toEqual([{ _diff_type: 'changed', id: 6, source_tags: '["b","a"]', target_tags: '["a","b"]' }]);
  };

  it('PostgreSQL text[] ↔ PostgreSQL text[] (join), DuckDB VARCHAR[] and SQLite JSON (stream, checksum): in order', async () => {
    expectOrderOnly(await onEveryPlan(lists(side(postgres, 'lists_a'), side(postgres, 'lists_b')), ['join', 'stream']));
    expectOrderOnly(await onEveryPlan(lists(side(postgres, 'lists_a'), duckdbSide('lists_b')), ['stream', 'checksum']));
    expectOrderOnly(await onEveryPlan(lists(side(postgres, 'lists_a'), side(sqlite, 'lists_json')), ['stream', 'checksum']));
    expectOrderOnly(await onEveryPlan(lists(side(postgres, 'lists_a'), duckdbSide('lists_b'), { caseSensitive: false }), ['stream', 'checksum']));
  });

  it('PostgreSQL text[] ↔ JSON arrays in MariaDB and in PostgreSQL jsonb: by value (no cast error), streamed', async () => {
    expectOrderOnly(await onEveryPlan(lists(side(postgres, 'lists_a'), side(mariadb, 'lists_json')), ['stream']));
    expectOrderOnly(await onEveryPlan(lists(side(postgres, 'lists_a'), side(postgres, 'lists_json')), ['stream']));
    const planned = await compare(lists(side(postgres, 'lists_a'), side(postgres, 'lists_json')), { logger: silentLogger });
    expect(planned.plan?.kind).toBe('stream');
    expectOrderOnly(planned);
  });

  it('reads char(n) members without their padding, as a char(n) value is', async () => {
    const result = await onEveryPlan(lists(side(postgres, 'lists_char'), side(postgres, 'lists_varchar')), ['join', 'stream']);
    expect(result.status).toBe('match');
  });

  it('keeps NULL, an empty list, a list of an empty text and a JSON text apart', async () => {
    for (const target of [duckdbSide('lists_edge'), side(sqlite, 'lists_edge')]) {
      const result = await onEveryPlan(lists(side(postgres, 'lists_a'), target), ['stream', 'checksum']);
      expect(result.stats).toMatchObject({ matched_rows: 3, mismatched_rows: 3 });
      expect(result.diff?.diff_rows.slice(0, 3).map((row) => [row.source_tags, row.target_tags])).toEqual([
        ['[]', null],
        [null, '[]'],
        ['[""]', target.datasourceName === 'duckdb_db' ? '[]' : '""'],
      ]);
    }
  });

  it('reads a MariaDB text column holding JSON arrays as a list with compare_as: list', async () => {
    const result = await onEveryPlan(lists(side(postgres, 'lists_a'), side(mariadb, 'lists_text'), { compareAs: { tags: 'list' } }), ['stream']);
    expectOrderOnly(result);
    expect(result.diff?.compared_as).toEqual({ id: 'integer', tags: 'list' });
  });

  it('compare_as: set ignores the order on every plan', async () => {
    const asSet = { compareAs: { tags: 'set' as const } };
    for (const [def, plans] of [
      [lists(side(postgres, 'lists_a'), side(postgres, 'lists_b'), asSet), ['join', 'stream']],
      [lists(side(postgres, 'lists_a'), duckdbSide('lists_b'), asSet), ['stream', 'checksum']],
      [lists(duckdbSide('lists_b'), side(sqlite, 'lists_json'), asSet), ['stream', 'checksum']],
      [lists(side(postgres, 'lists_a'), side(mariadb, 'lists_json'), asSet), ['stream']],
    ] as const) {
      const result = await onEveryPlan(def, [...plans]);
      expect(result.status, JSON.stringify(result.diff?.diff_rows)).toBe('match');
      expect(result.stats).toMatchObject({ matched_rows: 6, mismatched_rows: 0 });
    }
  });

  it('joins inside DuckDB, inside SQLite (JSON read by dc_collection) and inside MariaDB (two SETs)', async () => {
    const duck = await onEveryPlan(lists(duckdbSide('lists_b'), duckdbSide('lists_edge')), ['join', 'stream']);
    expect(duck.stats).toMatchObject({ matched_rows: 2, mismatched_rows: 4 });
    const lite = await onEveryPlan(lists(side(sqlite, 'lists_json'), side(sqlite, 'lists_edge'), { compareAs: { tags: 'list' } }), ['join', 'stream']);
    expect(lite.stats).toMatchObject({ matched_rows: 2, mismatched_rows: 4 });
    const sets = await onEveryPlan(film(side(mariadb, 'film'), side(mariadb, 'film')), ['join', 'stream']);
    expect(sets.status).toBe('match');
  });

  it('refuses a checksum plan that would compare JSON read in JavaScript, before running', async () => {
    const result = await compare({ ...lists(side(postgres, 'lists_a'), side(mariadb, 'lists_json')), strategy: 'checksum' }, { logger: silentLogger });
    expect(result.error?.message).toMatchInlineSnapshot(`"comparison "test" sets strategy: checksum, but column \`tags\` (read as a list) is compared after normalisation in JavaScript"`);
  });
});

describe('lists of numbers across engines', () => {
  const numbers = (source: ReturnType<typeof side>, target: ReturnType<typeof side>) =>
    definition({ source, target, primaryKeys: { source: ['id'], target: ['id'] }, columns: { source: ['ints', 'amounts'], target: ['ints', 'amounts'] } });

  it('compares members by value in their family (1.50 = 1.5, 3.0 = 3, NULL members kept)', async () => {
    const duck = await onEveryPlan(numbers(side(postgres, 'numbers'), duckdbSide('numbers')), ['stream', 'checksum']);
    expect(duck.status).toBe('match');
    expect(duck.diff?.compared_as).toEqual({ id: 'integer', ints: 'list of integer', amounts: 'list of decimal' });
    const maria = await onEveryPlan(numbers(side(postgres, 'numbers'), side(mariadb, 'numbers')), ['stream']);
    expect(maria.status).toBe('match');
    const lite = await onEveryPlan(numbers(side(postgres, 'numbers'), side(sqlite, 'numbers')), ['stream', 'checksum']);
    expect(lite.diff?.diff_rows).toEqual([{ _diff_type: 'changed', id: 3, source_ints: '["3"]', target_ints: '["4"]' }]);
  });
});

describe('collections paired with types they cannot be compared with', () => {
  const pair = (source: ReturnType<typeof side>, target: ReturnType<typeof side>, extra: Partial<ComparisonDefinition> = {}) =>
    definition({ source, target, primaryKeys: { source: ['id'], target: ['id'] }, columns: { source: ['tags'], target: ['tags'] }, ...extra });

  it('is a configuration error naming both types and the compare_as that makes them comparable', async () => {
    const text = await compare(pair(side(postgres, 'lists_a'), side(mariadb, 'lists_text')), { logger: silentLogger });
    expect(text.status).toBe('error');
    expect(text.error?.kind).toBe('configuration');
    expect(withoutRunId(text.error?.message)).toMatchInlineSnapshot(`"Column \`tags\` is text[] in table \`dc_engine_collections.lists_a\` in data source \`postgres_db\` and \`tags\` is varchar(200) in table \`dc_engine_collections.lists_text\` in data source \`mysql_db\`: a collection cannot be compared with text by value."`);
    expect(text.error?.hint).toMatchInlineSnapshot(`"Set \`compare_as: { tags: list }\` in the comparison to read the text as a JSON array (\`compare_as: { tags: set }\` to ignore member order), \`compare_as: { tags: text }\` to compare both as written, or leave the column out of \`columns\`."`);
    const integer = await compare(pair(side(postgres, 'lists_a'), side(postgres, 'lists_int')), { logger: silentLogger });
    expect(withoutRunId(integer.error?.message)).toMatchInlineSnapshot(`"Column \`tags\` is text[] in table \`dc_engine_collections.lists_a\` in data source \`postgres_db\` and \`tags\` is integer in table \`dc_engine_collections.lists_int\` in data source \`postgres_db\`: a collection cannot be compared with an integer by value."`);
    expect(integer.error?.hint).toMatchInlineSnapshot(`"Set \`compare_as: { tags: text }\` in the comparison to compare both as written, or leave the column out of \`columns\`."`);
  });

  it('refuses a compare_as that cannot read one of the columns, naming it', async () => {
    const json = await compare(pair(side(postgres, 'lists_a'), side(postgres, 'lists_json'), { compareAs: { tags: 'json' } }), { logger: silentLogger });
    expect(withoutRunId(json.error?.message)).toMatchInlineSnapshot(`"compare_as: json cannot read column \`tags\` (text[]) as JSON: \`tags\` is text[] in table \`dc_engine_collections.lists_a\` in data source \`postgres_db\` and \`tags\` is jsonb in table \`dc_engine_collections.lists_json\` in data source \`postgres_db\`."`);
    expect(json.error?.hint).toMatchInlineSnapshot(`"compare_as: json reads JSON and text columns; for an array, list or SET use \`compare_as: { tags: list }\` or \`compare_as: { tags: set }\`."`);
    const set = await compare(pair(side(postgres, 'lists_int'), side(postgres, 'lists_a'), { compareAs: { tags: 'set' } }), { logger: silentLogger });
    expect(withoutRunId(set.error?.message)).toMatchInlineSnapshot(`"compare_as: set cannot read column \`tags\` (integer) as a collection: \`tags\` is integer in table \`dc_engine_collections.lists_int\` in data source \`postgres_db\` and \`tags\` is text[] in table \`dc_engine_collections.lists_a\` in data source \`postgres_db\`."`);
  });

  it('compares as written with compare_as: text', async () => {
    const result = await compare(pair(side(postgres, 'lists_a'), side(postgres, 'lists_text'), { compareAs: { tags: 'text' } }), { logger: silentLogger });
    expect(result.error).toBeUndefined();
    expect(result.stats).toMatchObject({ only_in_source: 6 });
  });
});
