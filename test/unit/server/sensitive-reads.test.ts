/**
 * Which sensitive columns a comparison's SQL reads: through renames, expressions, `*` and escaped
 * names on PostgreSQL's parse tree; by every name mentioned on the engines we do not parse.
 */
import { describe, expect, it } from 'vitest';
import type { CatalogTable } from '../../../src/catalog/scan.js';
import { sensitiveReads, sensitiveReadsMessage } from '../../../src/server/sensitive-reads.js';

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
  { name: 'orders', kind: 'table', sampled: false, columns: [{ name: 'id', type: 'integer' }, { name: 'total', type: 'numeric' }] },
];

const reads = (datasourceType: string, sql: { query?: string; filter?: string }, catalog: CatalogTable[] | null = CATALOG) =>
  sensitiveReads([{ side: 'source', datasourceType, ...sql, catalog: catalog ?? undefined }]).then((found) => found.map((r) => `${r.field}:${r.column}`));

describe('sensitiveReads', () => {
  it('finds a renamed, computed or escaped column on PostgreSQL, and `*` over a marked table', async () => {
    expect(await reads('postgres', { query: "SELECT id, replace(email, '@', ' at ') AS contact FROM crm.customers" })).toEqual(['source_query:email']);
    expect(await reads('postgres', { query: 'SELECT c.id, upper(c."ref") AS x FROM crm.customers c' })).toEqual(['source_query:ref']);
    expect(await reads('postgres', { filter: 'U&"em\\0061il" LIKE \'a%\'' })).toEqual(['source_filter:email']);
    expect(await reads('postgres', { query: 'SELECT x.* FROM (SELECT * FROM crm.customers) x' })).toEqual(['source_query:ref', 'source_query:email']);
    expect(await reads('postgres', { query: 'SELECT * FROM orders' })).toEqual([]);
    expect(await reads('postgres', { query: 'SELECT count(*) AS n, id FROM orders GROUP BY id' })).toEqual([]);
    // a column whose name says it, with no catalog; `*` of a source never scanned
    expect(await reads('postgres', { query: 'SELECT id, ssn AS x FROM people' }, null)).toEqual(['source_query:ssn']);
    expect(await reads('postgres', { query: 'SELECT * FROM people' }, null)).toEqual(['source_query:*']);
  });

  it('counts every name a MariaDB or SQLite query mentions', async () => {
    expect(await reads('mariadb', { query: "SELECT id, extractvalue(1, concat('~', (SELECT group_concat(email, `ref`) FROM customers))) AS v FROM orders" })).toEqual(['source_query:email', 'source_query:ref']);
    expect(await reads('sqlite', { query: 'SELECT o.* FROM customers o' })).toEqual(['source_query:ref', 'source_query:email']);
    expect(await reads('mariadb', { query: 'SELECT id, total FROM orders' })).toEqual([]);
  });

  it('says what to do', async () => {
    const found = await sensitiveReads([{ side: 'target', datasourceType: 'postgres', query: 'SELECT id, email AS e FROM crm.customers', catalog: CATALOG }]);
    expect(sensitiveReadsMessage(found)).toMatchInlineSnapshot(
      `"This comparison's SQL reads sensitive columns: target_query reads \`email\` (marked email by the catalog (\`crm.customers\`)). A key without the scope read:sensitive may not read them through a query or filter, where a renamed or computed column would escape masking. Compare the table as a dataset (its sensitive columns are masked in results), leave those columns out of the query and filter, or use a key with read:sensitive."`,
    );
  });
});
