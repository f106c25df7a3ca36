/**
 * What a query or filter reads, column by column, on PostgreSQL's and MariaDB's parse trees: a whole
 * row (`to_jsonb(x)`, `x::text`, `email(x)`, `(x).email`, `ROW(x.*)`), a `*` behind any modifier and a
 * CTE's renamed columns read every column of the table under them; a name nothing explains, a table
 * the catalog does not list and a construct the walker does not follow are unproven, never "reads
 * nothing"; what only reads plain columns reads exactly those.
 */
import { describe, expect, it } from 'vitest';
import { columnsRead, outputsRead, type ColumnReads, type FilterSubject } from '../../../src/sql/column-reads.js';
import type { GuardDialect } from '../../../src/sql/guard.js';

const TABLES = [
  { name: 'customers', columns: ['id', 'email', 'card', 'amount'] },
  { name: 'orders', columns: ['id', 'cid', 'amount', 'status'] },
  { name: 'crm.people', columns: ['id', 'ssn'] },
];
const EVERY_CUSTOMER_COLUMN = ['customers.amount', 'customers.card', 'customers.email', 'customers.id'];

/** `table.column` of each read, sorted; or `unproven: …`. */
const summary = (found: ColumnReads): string[] | string =>
  'unproven' in found ? `unproven: ${found.unproven}` : [...new Set(found.read.map((read) => `${read.table}.${read.column}`))].sort();
const query = async (dialect: GuardDialect, sql: string) => summary(await columnsRead(sql, dialect, 'query', TABLES));
const filter = async (dialect: GuardDialect, sql: string, subject: FilterSubject = { table: 'customers' }) => summary(await columnsRead(sql, dialect, 'filter', TABLES, subject));

describe('PostgreSQL: what the parse tree reads', () => {
  it.each([
    "SELECT id, to_jsonb(x)->>'email' AS c FROM customers x",
    'SELECT id, x::text AS c FROM customers x',
    'SELECT id, email(x) AS c FROM customers x',
    'SELECT id, (x).email AS c FROM customers x',
    'SELECT id, ROW(x.*)::text AS c FROM customers x',
    'SELECT id, row_to_json(x) AS c FROM customers x',
    'SELECT x FROM customers x',
    'SELECT id, x.email_of AS c FROM customers x', // column notation: email_of(x)
    'SELECT o.id, (SELECT c FROM customers c WHERE c.id = o.cid)::text AS c FROM orders o',
    'SELECT k, value FROM customers c, jsonb_each_text(to_jsonb(c)) AS j(k, value)',
    'WITH s(a, b, c, d) AS (SELECT * FROM customers) SELECT a, d FROM s',
    'SELECT DISTINCT ON (id) * FROM customers',
    'TABLE customers',
    'SELECT x.* FROM (SELECT * FROM customers) x',
  ])('%s reads every column of the table', async (sql) => {
    expect(await query('postgres', sql)).toEqual(expect.arrayContaining(EVERY_CUSTOMER_COLUMN));
  });

  it('reads a condition\'s columns as it reads the select list\'s (a condition is an oracle)', async () => {
    expect(await query('postgres', "SELECT id FROM customers x WHERE x::text LIKE '%alice7@%'")).toEqual(EVERY_CUSTOMER_COLUMN);
    expect(await query('postgres', "SELECT o.id FROM orders o JOIN customers c ON o.cid = c.id AND c.email LIKE 'a%'")).toEqual(['customers.email', 'customers.id', 'orders.cid', 'orders.id']);
    expect(await query('postgres', "SELECT count(*) FILTER (WHERE email LIKE 'a%') AS n FROM customers")).toEqual(['customers.email']);
    expect(await query('postgres', 'SELECT id FROM customers ORDER BY (SELECT max(card) FROM customers)')).toEqual(['customers.card', 'customers.id']);
  });

  it('reads exactly the plain columns of ordinary SQL', async () => {
    expect(await query('postgres', 'SELECT o.id, o.amount FROM orders o JOIN customers c ON o.cid = c.id')).toEqual(['customers.id', 'orders.amount', 'orders.cid', 'orders.id']);
    expect(await query('postgres', 'SELECT count(*) AS n, status FROM orders GROUP BY status ORDER BY n')).toEqual(['orders.status']);
    expect(await query('postgres', 'WITH recent AS (SELECT id, amount FROM orders) SELECT r.* FROM recent r')).toEqual(['orders.amount', 'orders.id']);
    expect(await query('postgres', 'WITH RECURSIVE r AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM r WHERE n < 3) SELECT n FROM r')).toEqual([]);
    expect(await query('postgres', 'SELECT id, amount FROM orders UNION SELECT id, amount FROM customers ORDER BY amount')).toEqual(['customers.amount', 'customers.id', 'orders.amount', 'orders.id']);
    expect(await query('postgres', 'SELECT * FROM orders JOIN crm.people USING (id)')).toEqual(['crm.people.id', 'crm.people.ssn', 'orders.amount', 'orders.cid', 'orders.id', 'orders.status']);
    expect(await query('postgres', 'SELECT e FROM public.customers AS x(i, e)')).toEqual(['customers.email']);
    expect(await query('postgres', 'SELECT g, ctid FROM generate_series(1, 3) g, orders')).toEqual([]);
  });

  it('reads a filter on the side\'s table, whose whole row is `b`', async () => {
    expect(await filter('postgres', "b::text LIKE '%alice7@%'")).toEqual(EVERY_CUSTOMER_COLUMN);
    expect(await filter('postgres', 'id > 3 AND b.amount < 10')).toEqual(['customers.amount', 'customers.id']);
    expect(await filter('postgres', 'EXISTS (SELECT 1 FROM orders o WHERE o.cid = b.id)', { table: 'orders' })).toEqual(['orders.cid', 'orders.id']);
    expect(await filter('postgres', "id IN (SELECT c.id FROM customers c WHERE c.card LIKE '4%')", { outputs: ['id', 'amount'] })).toEqual(['customers.card', 'customers.id']);
  });

  it.each([
    ['SELECT id, emial FROM customers', /`emial` is neither a column the data source's catalog lists/],
    ['SELECT id FROM customers_2024', /reads `customers_2024`, a table the data source's catalog does not list/],
    ['SELECT * FROM pg_stats', /`pg_stats`, which may be the system catalog's/],
    ['SELECT x FROM xmltable(\'/a\' PASSING \'<a/>\' COLUMNS x int)', /XMLTABLE, whose reads this check does not follow/],
    ['SELECT a FROM my_function() f', /`a` is neither a column/],
    ['SELECT id FROM crm.customers', /`crm.customers`, a table the data source's catalog does not list/],
    ['SELECT 1; SELECT 2', /not one SELECT statement/],
  ])('%s is unproven', async (sql, why) => {
    expect(await query('postgres', sql)).toMatch(why);
  });

  it('leaves a whole-row reference through another alias than the engine\'s unproven', async () => {
    expect(await filter('postgres', "x::text LIKE '%alice7@%'")).toMatch(/`x` is neither a column/);
  });
});

describe('MariaDB/MySQL: what the parse tree reads', () => {
  it.each([
    'WITH s(a, b, c, d) AS (SELECT SQL_SMALL_RESULT * FROM customers) SELECT a, d FROM s',
    'SELECT DISTINCT * FROM customers',
    'SELECT SQL_CALC_FOUND_ROWS SQL_NO_CACHE c.* FROM customers c',
    'SELECT SQL_BUFFER_RESULT * FROM customers',
    'WITH s AS (SELECT * FROM customers) SELECT id FROM s',
    'SELECT x.id FROM (SELECT * FROM customers) AS x',
  ])('%s reads every column of the table', async (sql) => {
    expect(await query('mysql', sql)).toEqual(EVERY_CUSTOMER_COLUMN);
  });

  it('reads conditions, joins, subqueries and ANSI_QUOTES names', async () => {
    expect(await query('mysql', "SELECT id FROM orders WHERE EXISTS (SELECT 1 FROM customers c WHERE c.email LIKE 'a%')")).toEqual(['customers.email', 'orders.id']);
    expect(await query('mysql', 'SELECT id, "card" AS c FROM customers')).toEqual(['customers.card', 'customers.id']);
    expect(await query('mysql', "SELECT id, JSON_OBJECT('e', email) AS j FROM customers")).toEqual(['customers.email', 'customers.id']);
    expect(await filter('mysql', "b.card LIKE '4%'")).toEqual(['customers.card']);
  });

  it('reads exactly the plain columns of ordinary SQL', async () => {
    expect(await query('mysql', 'SELECT o.id, o.amount FROM orders o JOIN customers c ON o.cid = c.id ORDER BY o.id DESC LIMIT 10')).toEqual(['customers.id', 'orders.amount', 'orders.cid', 'orders.id']);
    expect(await query('mysql', 'SELECT id, COUNT(*) AS n FROM orders GROUP BY id HAVING n > 1')).toEqual(['orders.id']);
    expect(await query('mysql', 'SELECT id, rank() OVER (PARTITION BY status ORDER BY amount) AS r FROM orders')).toEqual(['orders.amount', 'orders.id', 'orders.status']);
    expect(await query('mysql', 'WITH RECURSIVE r (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 5) SELECT n FROM r')).toEqual([]);
    expect(await query('mysql', "SELECT CAST(amount AS CHAR) AS a, CASE WHEN status = 'x' THEN 1 ELSE 0 END AS s FROM orders")).toEqual(['orders.amount', 'orders.status']);
    expect(await query('mysql', 'SELECT id FROM (orders o JOIN customers c ON o.cid = c.id)')).toEqual(['customers.id', 'orders.cid', 'orders.id']);
  });

  it.each([
    ['SELECT id, emial FROM customers', /`emial` is neither a column/],
    ['SELECT id FROM otherdb.customers', /`otherdb.customers`, a table the data source's catalog does not list/],
    ['SELECT HIGH_PRIORITY * FROM customers', /the MariaDB\/MySQL grammar does not read it/],
    ['SELECT a FROM (VALUES (1, 2)) AS v', /a VALUES list whose columns this check does not follow/],
  ])('%s is unproven', async (sql, why) => {
    expect(await query('mysql', sql)).toMatch(why);
  });
});

describe('names that differ only by case', () => {
  // PostgreSQL keeps `"Info"` beside `info`, a table "T" beside t; MariaDB/MySQL keeps tables `T` and `t`
  // apart under lower_case_table_names=0, and a column's name matches in any case.
  const CASED = [
    { name: 'notes', columns: ['id', 'info', 'Info'] },
    { name: 'T', columns: ['id', 'v'] },
    { name: 't', columns: ['id', 'v'] },
    { name: 'm', columns: ['id', 'Info'] },
  ];
  const cased = async (dialect: GuardDialect, what: 'filter' | 'query', sql: string, subject?: FilterSubject) => summary(await columnsRead(sql, dialect, what, CASED, subject));

  it('reads on PostgreSQL exactly the column and the table a name denotes, its parser having folded the unquoted ones', async () => {
    expect(await cased('postgres', 'query', 'SELECT "Info" AS x FROM notes')).toEqual(['notes.Info']);
    expect(await cased('postgres', 'query', 'SELECT Info AS x FROM notes')).toEqual(['notes.info']);
    expect(await cased('postgres', 'query', 'SELECT n."Info" FROM notes n WHERE n.INFO IS NOT NULL')).toEqual(['notes.Info', 'notes.info']);
    expect(await cased('postgres', 'query', 'WITH "S"("A") AS (SELECT "Info" FROM notes) SELECT "A" FROM "S"')).toEqual(['notes.Info']);
    expect(await cased('postgres', 'query', 'SELECT v FROM "T"')).toEqual(['T.v']);
    expect(await cased('postgres', 'query', 'SELECT v FROM T')).toEqual(['t.v']);
    expect(await cased('postgres', 'query', 'SELECT "X".v FROM "T" "X" JOIN t x ON x.id = "X".id')).toEqual(['T.id', 'T.v', 't.id']);
    expect(await cased('postgres', 'filter', '"Info" LIKE \'a%\'', { table: 'notes' })).toEqual(['notes.Info']);
    expect(await cased('postgres', 'filter', '"Info" LIKE \'a%\'', { outputs: ['id', 'Info'] })).toEqual([]);
    expect(await cased('postgres', 'query', 'SELECT x FROM notes x')).toEqual(['notes.Info', 'notes.id', 'notes.info']);
  });

  it('leaves a PostgreSQL name no column or table has in that case unproven', async () => {
    expect(await cased('postgres', 'query', 'SELECT "INFO" FROM notes')).toMatch(/^unproven: `INFO` is neither a column/);
    expect(await cased('postgres', 'query', 'SELECT "Id" FROM notes')).toMatch(/^unproven: `Id` is neither a column/);
    expect(await cased('postgres', 'query', 'SELECT id FROM "NOTES"')).toMatch(/^unproven: it reads `NOTES`, a table the data source's catalog does not list/);
    expect(await cased('postgres', 'filter', '"ID" > 1', { outputs: ['id'] })).toMatch(/^unproven: `ID` is neither a column/);
  });

  it('counts on MariaDB/MySQL every table and column a name matches in any case', async () => {
    expect(await cased('mysql', 'query', 'SELECT v FROM `T`')).toEqual(['T.v', 't.v']);
    expect(await cased('mysql', 'query', 'SELECT V FROM t')).toEqual(['T.v', 't.v']);
    expect(await cased('mysql', 'query', 'SELECT INFO FROM m')).toEqual(['m.Info']);
    expect(await cased('mysql', 'filter', "`iNfO` LIKE 'a%'", { table: 'M' })).toEqual(['m.Info']);
  });
});

describe('engines whose SQL is not parsed here', () => {
  it('are unproven (SQLite is asked through its authorizer instead)', async () => {
    expect(await query('duckdb', 'SELECT * EXCLUDE (email) FROM customers')).toBe("unproven: the service does not analyse DuckDB's SQL itself");
    expect(await query('sqlite', 'SELECT id FROM orders')).toBe("unproven: the service does not analyse SQLite's SQL itself");
  });
});

describe('which columns each output of a view\'s definition is computed from', () => {
  const lineage = async (dialect: GuardDialect, sql: string, defaultSchema?: string) => {
    const found = await outputsRead(sql, dialect, TABLES, defaultSchema);
    return 'unproven' in found ? `unproven: ${found.unproven}` : found.map((reads) => reads.map((read) => `${read.table}.${read.column}`).sort());
  };

  it('gives each output its expression\'s columns, not the WHERE\'s or the joins\' (PostgreSQL, as pg_get_viewdef writes it)', async () => {
    expect(await lineage('postgres', " SELECT c.id,\n    replace(c.email, '@'::text, ' at '::text) AS handle\n   FROM customers c\n  WHERE (c.card IS NOT NULL);")).toEqual([['customers.id'], ['customers.email']]);
    expect(await lineage('postgres', 'SELECT o.id, o.amount + c.amount AS total FROM orders o JOIN customers c ON o.cid = c.id')).toEqual([['orders.id'], ['customers.amount', 'orders.amount']]);
    expect(await lineage('postgres', 'SELECT x.id, (x.*)::text AS t FROM customers x')).toEqual([['customers.id'], EVERY_CUSTOMER_COLUMN]);
    expect(await lineage('postgres', 'SELECT id, (SELECT max(card) FROM customers) AS c FROM orders')).toEqual([['orders.id'], ['customers.card']]);
  });

  it('reads MariaDB\'s stored definition, every name qualified by its database', async () => {
    expect(await lineage('mysql', "select `shop`.`customers`.`id` AS `id`,replace(`shop`.`customers`.`email`,'@',' at ') AS `handle` from `shop`.`customers` where `shop`.`customers`.`amount` > 0", 'shop')).toEqual([['customers.id'], ['customers.email']]);
    expect(await lineage('mysql', 'select `shop`.`customers`.`id` AS `id` from `shop`.`customers`')).toMatch(/^unproven: it reads `shop.customers`, a table the data source's catalog does not list/);
  });

  it.each([
    ['postgres', 'SELECT s.id FROM (SELECT id FROM customers) s'],
    ['postgres', 'WITH s AS (SELECT id FROM customers) SELECT id FROM s'],
    ['postgres', 'SELECT id FROM customers UNION SELECT id FROM orders'],
    ['postgres', 'SELECT * FROM customers'],
    ['mysql', 'select `x`.`id` AS `id` from (select `customers`.`id` AS `id` from `customers`) `x`'],
    ['mysql', 'select `customers`.`id` AS `id` from `customers` union select `orders`.`id` AS `id` from `orders`'],
  ] as const)('%s: %s is not followed output by output', async (dialect, sql) => {
    expect(await lineage(dialect, sql)).toMatch(/^unproven: /);
  });
});
