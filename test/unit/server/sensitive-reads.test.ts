/**
 * Which sensitive columns a comparison's SQL reads, from what it really reads (whole rows, `*` behind
 * modifiers, conditions), matched to the catalog's marks; and the SQL whose reads cannot be proven,
 * which a key without read:sensitive may not run either.
 */
import { describe, expect, it } from 'vitest';
import type { CatalogRoutine, CatalogTable } from '../../../src/catalog/scan.js';
import { sensitiveReads, sensitiveReadsRefusal, type SideSql } from '../../../src/server/sensitive-reads.js';

const CATALOG: CatalogTable[] = [
  {
    name: 'crm.customers',
    kind: 'table',
    sampled: true,
    columns: [
      { name: 'id', type: 'integer' },
      { name: 'ref', type: 'text', sensitive: { kind: 'national-id', confidence: 0.9, reason: '12 of 12 sampled values look like national-id' } },
      { name: 'email', type: 'text', sensitive: { kind: 'email', confidence: 0.8, reason: 'the name says email' } },
    ],
  },
  { name: 'orders', kind: 'table', sampled: false, columns: [{ name: 'id', type: 'integer' }, { name: 'cid', type: 'integer' }, { name: 'total', type: 'numeric' }] },
];

const side = (datasourceType: string, sql: Partial<SideSql>, catalog: CatalogTable[] | null = CATALOG): SideSql => ({ side: 'source', datasourceType, routines: [], ...sql, catalog: catalog ?? undefined });
const reads = async (datasourceType: string, sql: Partial<SideSql>, catalog: CatalogTable[] | null = CATALOG) => {
  const check = await sensitiveReads([side(datasourceType, sql, catalog)]);
  return [...check.sensitive.map((r) => `${r.field}:${r.column}`), ...check.unproven.map((r) => `${r.field}:unproven`)];
};

describe('sensitiveReads', () => {
  it('finds a renamed, computed, escaped or whole-row read on PostgreSQL, and `*` over a marked table', async () => {
    expect(await reads('postgres', { query: "SELECT id, replace(email, '@', ' at ') AS contact FROM crm.customers" })).toEqual(['source_query:email']);
    expect(await reads('postgres', { query: 'SELECT c.id, upper(c."ref") AS x FROM crm.customers c' })).toEqual(['source_query:ref']);
    expect(await reads('postgres', { query: "SELECT id, to_jsonb(x)->>'email' AS c FROM crm.customers x" })).toEqual(['source_query:ref', 'source_query:email']);
    expect(await reads('postgres', { dataset: 'crm.customers', filter: 'U&"em\\0061il" LIKE \'a%\'' })).toEqual(['source_filter:email']);
    expect(await reads('postgres', { dataset: 'crm.customers', filter: "b::text LIKE '%alice7@%'" })).toEqual(['source_filter:ref', 'source_filter:email']);
    expect(await reads('postgres', { query: 'SELECT x.* FROM (SELECT * FROM crm.customers) x' })).toEqual(['source_query:ref', 'source_query:email']);
  });

  it('accepts SQL that reads only columns the catalog does not mark', async () => {
    expect(await reads('postgres', { query: 'SELECT * FROM orders' })).toEqual([]);
    expect(await reads('postgres', { query: 'SELECT o.id, o.total FROM orders o JOIN crm.customers c ON o.cid = c.id' })).toEqual([]);
    expect(await reads('postgres', { query: 'SELECT count(*) AS n, id FROM orders GROUP BY id' })).toEqual([]);
    expect(await reads('mariadb', { query: 'SELECT id, total FROM orders', filter: 'total > 10' })).toEqual([]);
    expect(await reads('mariadb', { dataset: 'orders', filter: 'total > 10 AND cid IN (SELECT id FROM crm.customers)' })).toEqual([]);
  });

  it('finds MariaDB reads behind modifiers and CTE column lists', async () => {
    expect(await reads('mariadb', { query: 'WITH s(a, b, c) AS (SELECT SQL_SMALL_RESULT * FROM crm.customers) SELECT a FROM s' })).toEqual(['source_query:ref', 'source_query:email']);
    expect(await reads('mariadb', { query: "SELECT id, extractvalue(1, concat('~', (SELECT group_concat(email, `ref`) FROM crm.customers))) AS v FROM orders" })).toEqual(['source_query:email', 'source_query:ref']);
  });

  it('matches each read to the catalog by the exact names it carries, never to the first name of another case', async () => {
    const marked = { kind: 'email' as const, confidence: 0.9, reason: '20 of 20 sampled values look like email' };
    // listed first: a lookup by lower case would find the unmarked one
    const cased: CatalogTable[] = [
      { name: 'notes', kind: 'table', sampled: true, columns: [{ name: 'id', type: 'integer' }, { name: 'info', type: 'text' }, { name: 'Info', type: 'text', sensitive: marked }] },
      { name: 't', kind: 'table', sampled: true, columns: [{ name: 'id', type: 'integer' }, { name: 'v', type: 'text' }] },
      { name: 'T', kind: 'table', sampled: true, columns: [{ name: 'id', type: 'integer' }, { name: 'v', type: 'text', sensitive: marked }] },
    ];
    const found = async (datasourceType: string, sql: Partial<SideSql>) => (await sensitiveReads([side(datasourceType, sql, cased)])).sensitive.map((r) => `${r.table}.${r.column}`);
    expect(await found('postgres', { query: 'SELECT id, "Info" AS x FROM notes' })).toEqual(['notes.Info']);
    expect(await found('postgres', { dataset: 'notes', filter: '"Info" LIKE \'a%\'' })).toEqual(['notes.Info']);
    expect(await found('postgres', { query: 'SELECT id, info AS x FROM notes' })).toEqual([]);
    expect(await found('postgres', { query: 'SELECT v FROM "T"' })).toEqual(['T.v']);
    expect(await found('postgres', { query: 'SELECT v FROM t' })).toEqual([]);
    expect(await found('mariadb', { query: 'SELECT v FROM `T`' })).toEqual(['T.v']);
    expect(await found('mariadb', { query: 'SELECT v FROM `t`' })).toEqual(['T.v']); // in any case, as lower_case_table_names may have it
    // a name in no case the catalog lists exactly: every name it matches in any case counts
    const told = await sensitiveReads([side('sqlite', { query: 'SELECT info FROM notes', askDatabase: async () => ({ query: { read: [{ table: 'NOTES', column: 'INFO', via: '`info`' }], outputs: [] } }) }, cased)]);
    expect(told.sensitive.map((r) => `${r.table}.${r.column}`)).toEqual(['notes.Info']);
  });

  it('fails closed: a source never scanned, a name nothing explains, an engine not analysed', async () => {
    expect(await reads('postgres', { query: 'SELECT id FROM people' }, null)).toEqual(['source_query:unproven']);
    expect(await reads('postgres', { query: 'SELECT id, emial FROM crm.customers' })).toEqual(['source_query:unproven']);
    expect(await reads('duckdb', { query: 'SELECT id FROM orders' })).toEqual(['source_query:unproven']);
    expect(await reads('sqlite', { query: 'SELECT id FROM orders' })).toEqual(['source_query:unproven']);
    expect(await reads('postgres', { query: 'SELECT id, emial FROM crm.customers', filter: 'id > 1' })).toEqual(['source_query:unproven', 'source_filter:unproven']);
  });

  it('fails closed on a call by a name the database gives a function of its own, however it is written', async () => {
    const routines: CatalogRoutine[] = [
      { schema: 'public', name: 'customer_email', kind: 'function' },
      { schema: 'public', name: 'lower', kind: 'function' },
      { schema: 'shop', name: 'Card_Of', kind: 'function' },
    ];
    const unproven = async (datasourceType: string, sql: Partial<SideSql>) => (await sensitiveReads([side(datasourceType, { ...sql, routines })])).unproven.map((r) => `${r.field}: ${r.why}`);
    expect(await unproven('postgres', { query: 'SELECT id, customer_email(cid) AS total FROM orders' })).toEqual([
      "source_query: it calls `customer_email`, a name the data source gives a function of its own (`public.customer_email`), whose body this check cannot see; call only the database's built-in functions",
    ]);
    for (const query of [
      'SELECT id, public.customer_email(cid) AS total FROM orders',
      'SELECT id, "CUSTOMER_EMAIL"(cid) AS total FROM orders', // a quoted name is matched without its case: a superset
      'SELECT o.id, o.customer_email AS total FROM orders o', // attribute notation: customer_email(o)
      'SELECT o.id, (o).customer_email AS total FROM orders o',
      'SELECT id, lower(total) AS total FROM orders', // an overload in public of a built-in's name
      'SELECT id, total FROM orders WHERE cid IN (SELECT cid FROM orders WHERE customer_email(cid) LIKE \'a%\')',
    ]) {
      expect(await unproven('postgres', { query }), query).toHaveLength(1);
    }
    expect(await unproven('postgres', { dataset: 'orders', filter: "customer_email(cid) LIKE 'a%'" })).toHaveLength(1);
    expect(await unproven('mariadb', { query: 'SELECT id, shop.card_of(cid) AS total FROM orders' })).toEqual([expect.stringContaining('`shop.Card_Of`')]);
    expect(await unproven('mariadb', { dataset: 'orders', filter: "CARD_OF(cid) LIKE '4%'" })).toHaveLength(1);
    // the database's own functions (PostgreSQL's named in pg_catalog by the grammar itself) stay accepted
    expect(await unproven('postgres', { query: "SELECT id, coalesce(round(total, 2), 0) AS total, date_trunc('day', now()) AS d, substring('x' from 1) AS s, pg_catalog.lower('A') AS l FROM orders" })).toEqual([]);
    expect(await unproven('mariadb', { query: 'SELECT id, COUNT(*) AS n, ROUND(SUM(total), 2) AS total FROM orders GROUP BY id' })).toEqual([]);
  });

  it('fails closed on operators, casts and domains of the database\'s own, and on columns it casts implicitly', async () => {
    const routines: CatalogRoutine[] = [
      { schema: 'public', name: '###', kind: 'operator' },
      { schema: 'public', name: 'wrap', kind: 'type' },
      { schema: 'public', name: 'total', kind: 'cast source' }, // a cast source is never matched as a call
    ];
    const catalog: CatalogTable[] = [...CATALOG, { name: 'notes', kind: 'table', sampled: false, columns: [{ name: 'id', type: 'integer' }, { name: 'info', type: 'public.wrap[]' }] }];
    const unproven = async (sql: Partial<SideSql>, listed = routines) => (await sensitiveReads([side('postgres', { ...sql, routines: listed }, catalog)])).unproven.map((r) => r.why);
    expect(await unproven({ dataset: 'orders', filter: 'id ### 0' })).toEqual([
      "it uses `###`, a name the data source gives an operator of its own (`public.###`), whose function this check cannot see; use only the database's built-in operators",
    ]);
    expect(await unproven({ query: 'SELECT id, ((id::wrap)).v AS total FROM orders' })).toEqual([
      "it casts to `wrap`, a type of the data source's own (`public.wrap`) whose cast or check runs a function this check cannot see",
    ]);
    expect(await unproven({ query: 'SELECT id, total FROM orders' })).toEqual([]);
    const implicit: CatalogRoutine[] = [{ schema: 'public', name: 'wrap', kind: 'cast source' }, { schema: 'public', name: 'orders', kind: 'cast source' }];
    expect(await unproven({ query: 'SELECT id, lower(info) AS total FROM notes' }, implicit)).toEqual([
      "it reads `notes.info`, of type `wrap`, which the data source casts implicitly with a function of its own that this check cannot see",
    ]);
    expect(await unproven({ query: 'SELECT o.id, o.total FROM orders o' }, implicit)).toEqual([
      "it reads `orders`, whose row the data source casts implicitly with a function of its own that this check cannot see",
    ]);
  });

  it('fails closed on the SQL of a data source whose last scan did not list the database\'s own functions', async () => {
    const check = await sensitiveReads([side('postgres', { query: 'SELECT id, total FROM orders', routines: null }), side('mariadb', { query: 'SELECT id FROM orders', routines: null })]);
    expect(check.unproven.map((r) => r.why)).toEqual(
      Array(2).fill(
        "what it runs of the database's own code cannot be proven: the data source's last scan did not list the functions the database defines itself (scan it again: POST /sources/{id}/scan, or Scan now on its page)",
      ),
    );
  });

  it('takes the database\'s own account where it gives one, matched to the catalog', async () => {
    const told = await sensitiveReads([
      side('sqlite', {
        query: 'SELECT id, total FROM v',
        askDatabase: async () => ({ query: { read: [{ table: 'crm.customers', column: 'email', via: '`email`' }, { table: 'orders', column: 'rowid', via: '`rowid`' }], outputs: [] } }),
      }),
    ]);
    expect(told.sensitive.map((r) => r.column)).toEqual(['email']);
    const unlisted = await sensitiveReads([side('sqlite', { query: 'SELECT * FROM sqlite_stat4', askDatabase: async () => ({ query: { read: [{ table: 'sqlite_stat4', column: 'sample', via: '`*`' }], outputs: [] } }) })]);
    expect(unlisted.unproven.map((r) => r.why)).toEqual(["it reads `sqlite_stat4`, a table the data source's catalog does not list"]);
  });

  it('says what was read, how, and what to do', async () => {
    const found = await sensitiveReads([{ side: 'target', datasourceType: 'postgres', query: 'SELECT id, x::text AS e FROM crm.customers x', catalog: CATALOG, routines: [] }]);
    expect(sensitiveReadsRefusal(found)).toMatchInlineSnapshot(`
      {
        "code": "sensitive_columns",
        "message": "This comparison's SQL reads sensitive columns: target_query reads \`crm.customers.ref\` through the whole row \`x\` (marked national-id by the catalog); target_query reads \`crm.customers.email\` through the whole row \`x\` (marked email by the catalog). A key without the scope read:sensitive may not read them through a query or filter: a renamed or computed column would escape masking, and a condition on one answers yes or no about its values. Leave those columns (and whole rows, \`*\`) out of the query and filter. Compare the table as a dataset (its sensitive columns are masked in results), or use a key with read:sensitive.",
      }
    `);
    const unproven = await sensitiveReads([{ side: 'source', datasourceType: 'postgres', query: 'SELECT id, emial FROM crm.customers', catalog: CATALOG, routines: [] }]);
    expect(sensitiveReadsRefusal(unproven)).toMatchInlineSnapshot(`
      {
        "code": "unproven_reads",
        "message": "The service cannot prove which columns this comparison's SQL reads: in source_query, \`emial\` is neither a column the data source's catalog lists for the tables it reads nor a table or alias it can see (a column added since the last scan shows once the data source is scanned again). A key without the scope read:sensitive may only run SQL whose every read is known, so that no sensitive value escapes masking. Compare the table as a dataset (its sensitive columns are masked in results), or use a key with read:sensitive.",
      }
    `);
    expect(sensitiveReadsRefusal(await sensitiveReads([side('postgres', { query: 'SELECT id FROM orders' })]))).toBeUndefined();
  });
});
