/**
 * The filter and query check: every hostile payload is refused with a message naming what it did,
 * and the filters people really write pass on their own dialect.
 */
import { describe, expect, it } from 'vitest';
import { checkFilter, checkQuery, guardDialectOf, type GuardDialect } from '../../../src/sql/guard.js';

const ALL: GuardDialect[] = ['postgres', 'mysql', 'sqlite', 'duckdb'];

const legitimate: Record<GuardDialect, string[]> = {
  postgres: [
    "created_at >= now() - interval '7 days'",
    "status IN ('a','b') AND amount::numeric > 10",
    "lower(name) ILIKE 'x%'",
    "date_trunc('day', ts) = DATE '2024-01-01'",
    "email LIKE '%@x.com' ESCAPE '\\'",
    "note = E'it\\'s' AND id > 3",
    'tags @> ARRAY[\'x\'] AND "Weird Col" = 1',
    "body = $$ ; DROP TABLE t; -- $$",
    "body = $tag$ a ) b $tag$",
    "id IN (SELECT order_id FROM returns WHERE reason <> 'x')",
    "EXTRACT(year FROM ts) = 2024 AND replace(code, '-', '') = 'AB'",
    "updated_by IS NOT NULL AND created_on > '2020-01-01'",
    "pg_sleep(0) IS NOT NULL",
  ],
  mysql: [
    'created_at >= NOW() - INTERVAL 7 DAY',
    "status IN ('a','b') AND `weird col` = 1",
    "note = 'it\\'s ; not -- a comment'",
    'note = "double ; quoted"',
    "JSON_EXTRACT(doc, '$.a') = 1 AND TRUNCATE(price, 2) > 1",
    'a REGEXP \'^x\' AND IFNULL(b, 0) > 1',
  ],
  sqlite: ["date(ts) >= date('now','-7 days')", "a GLOB 'x*'", '[weird col] = 1 AND `other` = 2', "typeof(a) = 'integer'"],
  duckdb: ["ts >= TIMESTAMP '2024-01-01'", "list_contains(tags, 'x')", "regexp_matches(name, '^a')", "amount::DECIMAL(10,2) > 5"],
};

describe('checkFilter lets the filters people write through', () => {
  for (const dialect of ALL) {
    it.each(legitimate[dialect])(`${dialect}: %s`, (filter) => {
      expect(checkFilter(filter, dialect)).toBeNull();
    });
  }
});

/** Payloads from the issue and the classic break-outs, each with the words its refusal must name. */
const hostileFilters: Array<[string, RegExp, GuardDialect[]?]> = [
  ['1=1) LIMIT 0; delete from ho_ro; select 1 where (1=1', /closes a parenthesis|`;`/],
  ['1=1; DELETE FROM t', /`;`/],
  ['1=1 -- and the rest', /comment \(`--`/],
  ['1=1 /* hidden */', /comment \(`\/\*`/],
  ['1=1 # hidden', /comment \(`#`/, ['mysql']],
  ["id IN (SELECT 1) OR 1=1) UNION SELECT password FROM users WHERE (1", /closes a parenthesis/],
  ['(1=1', /leaves 1 parenthesis open/],
  ["x = 'unterminated", /unterminated string/],
  ['"unterminated = 1', /unterminated quoted identifier/, ['postgres', 'sqlite', 'duckdb']],
  ["set_config('default_transaction_read_only', 'off', false) IS NOT NULL", /calls `set_config\(\)`/, ['postgres']],
  ["pg_catalog.pg_read_file('/etc/passwd') <> ''", /calls `pg_read_file\(\)`/, ['postgres']],
  ['"pg_read_file"(\'/etc/passwd\') <> \'\'', /calls `pg_read_file\(\)`/, ['postgres']],
  ["lo_import('/etc/passwd') > 0", /calls `lo_import\(\)`/, ['postgres']],
  ["pg_ls_dir('.') IS NOT NULL", /calls `pg_ls_dir\(\)`/, ['postgres']],
  ["query_to_xml('delete from t', true, true, '') IS NOT NULL", /calls `query_to_xml\(\)`/, ['postgres']],
  ["dblink_exec('dbname=x', 'drop table t') = 'x'", /calls `dblink_exec\(\)`/, ['postgres']],
  ["nextval('s') > 0", /calls `nextval\(\)`/, ['postgres']],
  ['pg_terminate_backend(1)', /calls `pg_terminate_backend\(\)`/, ['postgres']],
  ["pg_notify('c', 'x') IS NULL", /calls `pg_notify\(\)`/, ['postgres']],
  ["EXISTS (WITH d AS (DELETE FROM t RETURNING 1) SELECT 1 FROM d)", /uses `DELETE`/],
  ["EXISTS (WITH u AS (UPDATE t SET a = 1 RETURNING 1) SELECT 1 FROM u)", /uses `UPDATE`/],
  ["EXISTS (WITH i AS (INSERT INTO t VALUES (1) RETURNING 1) SELECT 1 FROM i)", /uses `INSERT`/],
  ['id IN (SELECT id FROM t FOR UPDATE)', /uses `UPDATE`/],
  ['id IN (SELECT id FROM t FOR SHARE)', /uses `FOR SHARE`/],
  ["load_file('/etc/passwd') IS NOT NULL", /calls `load_file\(\)`/, ['mysql']],
  ["get_lock('x', 10) = 1", /calls `get_lock\(\)`/, ['mysql']],
  ["1=1 INTO OUTFILE '/tmp/x'", /uses `INTO`/],
  ["load_extension('/tmp/evil.so') IS NULL", /calls `load_extension\(\)`/, ['sqlite', 'duckdb']],
  ["readfile('/etc/passwd') IS NOT NULL", /calls `readfile\(\)`/, ['sqlite']],
  ["(SELECT count(*) FROM read_csv('/etc/passwd')) > 0", /calls `read_csv\(\)`/, ['duckdb']],
  ["(SELECT count(*) FROM read_text('/etc/hostname')) > 0", /calls `read_text\(\)`/, ['duckdb']],
  ["(SELECT count(*) FROM '/etc/passwd') > 0", /reads a file named in a string/, ['duckdb']],
  ["(SELECT count(*) FROM glob('/*')) > 0", /calls `glob\(\)`/, ['duckdb']],
  ["(SELECT count(*) FROM query('select 1')) > 0", /calls `query\(\)`/, ['duckdb']],
  ["note = 'it\\'s' ; DROP TABLE t", /`;`/, ['mysql']],
  ["note = 'a\\' ) ; DROP TABLE t ; select ('", /closes a parenthesis|unterminated string/, ['postgres', 'sqlite', 'duckdb']],
  ["note = E'a\\' ; ' AND 1=1", null as unknown as RegExp, ['postgres']],
];

describe('checkFilter refuses hostile filters, naming what they do', () => {
  for (const [filter, expected, dialects] of hostileFilters) {
    for (const dialect of dialects ?? ALL) {
      if (expected === null) {
        // An E'…' string with an escaped quote: the `;` is inside the literal, so nothing is wrong.
        it(`${dialect}: ${filter} (the ; is inside the string)`, () => expect(checkFilter(filter, dialect)).toBeNull());
        continue;
      }
      it(`${dialect}: ${filter}`, () => {
        const problem = checkFilter(filter, dialect);
        expect(problem?.message).toMatch(expected);
        expect(problem?.hint.length).toBeGreaterThan(5);
      });
    }
  }
});

describe('checkQuery', () => {
  it.each(ALL)('lets one SELECT or WITH … SELECT through, with a trailing ; (%s)', (dialect) => {
    expect(checkQuery('SELECT id, v FROM t;', dialect)).toBeNull();
    expect(checkQuery('WITH x AS (SELECT 1 AS id) SELECT id FROM x', dialect)).toBeNull();
    expect(checkQuery('(SELECT 1 AS id) UNION ALL (SELECT 2)', dialect)).toBeNull();
  });

  it.each([
    ['select id, v from t) s; drop table other; --', /closes a parenthesis|`;`|comment/],
    ['DELETE FROM t RETURNING *', /must be one SELECT .* starts with `DELETE`/],
    ['COPY (SELECT 1) TO \'/tmp/x\'', /starts with `COPY`/],
    ["ATTACH '/tmp/x.db' AS x", /starts with `ATTACH`/],
    ['SELECT 1; SELECT 2', /`;`/],
    ['WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d', /uses `DELETE`/],
    ["SELECT * INTO new_table FROM t", /uses `INTO`/],
    ["SELECT 1 INTO OUTFILE '/tmp/x'", /uses `INTO`/],
    ["PRAGMA writable_schema = 1", /starts with `PRAGMA`/],
    ["LOAD DATA INFILE '/etc/passwd' INTO TABLE t", /starts with `LOAD`/],
    ['', /empty/],
  ])('refuses %s', (query, expected) => {
    for (const dialect of ALL) expect(checkQuery(query, dialect)?.message).toMatch(expected);
  });
});

describe('guardDialectOf', () => {
  it('lexes each data source type by its engine', () => {
    expect([guardDialectOf('mariadb'), guardDialectOf('csv'), guardDialectOf('parquet'), guardDialectOf('service')]).toEqual(['mysql', 'duckdb', 'duckdb', null]);
  });
});
