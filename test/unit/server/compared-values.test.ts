/**
 * Which columns a comparison compares (or keys on) against values a query writes, for keys without
 * read:sensitive: a dataset's sensitive column there is an oracle, a column the catalog cannot vouch for
 * is unproven, and two datasets, or two queries, are never judged so.
 */
import { describe, expect, it } from 'vitest';
import type { CatalogTable } from '../../../src/catalog/scan.js';
import { comparedWithQueryRefusal, sensitiveComparedWithQuery, type ComparedSide } from '../../../src/server/compared-values.js';

const CATALOG: CatalogTable[] = [
  {
    name: 'customers',
    kind: 'table',
    sampled: true,
    columns: [
      { name: 'id', type: 'integer' },
      { name: 'ref', type: 'text', sensitive: { kind: 'national-id', confidence: 0.9, reason: '12 of 12 sampled values look like national-id' } },
      { name: 'contact_email', type: 'text' },
      { name: 'amount', type: 'integer' },
    ],
  },
  { name: 'handles', kind: 'view', sampled: false, columns: [{ name: 'id', type: 'integer' }, { name: 'handle', type: 'text' }] },
];

/** A side compared as a dataset; `catalog` null: its data source was never scanned. */
const dataset = (side: 'source' | 'target', keys: string[], columns: string[], name = 'customers', catalog: CatalogTable[] | null = CATALOG): ComparedSide => ({ side, dataset: name, keys, columns, catalog: catalog ?? undefined });
const query = (side: 'source' | 'target', keys: string[] = ['id'], columns: string[] = ['amount']): ComparedSide => ({ side, query: "SELECT id, 'x' AS ref FROM customers", keys, columns, catalog: CATALOG });
const found = (sides: [ComparedSide, ComparedSide]) => {
  const check = sensitiveComparedWithQuery(sides);
  return [...check.sensitive.map((read) => `${read.field}: ${read.table}.${read.column} (${read.why}) vs ${read.via}`), ...check.unproven.map((read) => `${read.field}: unproven`)];
};

describe('sensitiveComparedWithQuery', () => {
  it('finds a dataset\'s column marked by the catalog or named so, compared or keyed against a query', () => {
    expect(found([dataset('source', ['id'], ['ref', 'amount']), query('target')])).toEqual(['source_columns: customers.ref (marked national-id by the catalog) vs target_query']);
    expect(found([query('source'), dataset('target', ['Contact_Email'], ['amount'])])).toEqual(['primary_keys_target: customers.contact_email (the name says email (`email`)) vs source_query']);
  });

  it('leaves a dataset\'s columns against another dataset, queries against queries, and unmarked columns alone', () => {
    expect(found([dataset('source', ['id'], ['ref']), dataset('target', ['id'], ['ref'])])).toEqual([]);
    expect(found([query('source', ['id'], ['ref']), query('target', ['id'], ['ref'])])).toEqual([]);
    expect(found([dataset('source', ['id'], ['amount']), query('target')])).toEqual([]);
  });

  it('fails closed where the catalog cannot vouch for the dataset\'s marks', () => {
    expect(found([dataset('source', ['id'], ['extra']), query('target')])).toEqual(['source_columns: unproven']);
    expect(found([dataset('source', ['id'], ['amount'], 'customers_2024'), query('target')])).toEqual(['source_dataset_id: unproven']);
    expect(found([dataset('source', ['id'], ['amount'], 'customers', null), query('target')])).toEqual(['source_dataset_id: unproven']);
    // a view whose body the last scan did not resolve: which of its columns derive from what is unknown
    expect(found([dataset('source', ['id'], ['handle'], 'handles'), query('target')])).toEqual(['source_dataset_id: unproven']);
  });

  it('says what is compared with what, and what to do', () => {
    const refusal = comparedWithQueryRefusal(sensitiveComparedWithQuery([dataset('source', ['id'], ['amount'], 'handles'), query('target')]));
    expect(refusal).toMatchInlineSnapshot(`
      {
        "code": "unproven_reads",
        "message": "The service cannot prove that the columns this comparison compares with values its own SQL writes are not sensitive: in source_dataset_id, its columns' marks are not known: it reads \`handles\`, a view whose body the data source's last scan did not resolve (scan it again: POST /sources/{id}/scan, or Scan now on its page), so whether the columns it compares with target_query's values are sensitive is unknown. A key without the scope read:sensitive may compare only columns the catalog proves not sensitive there: whether a row differs answers yes or no about a sensitive value, masked or not, when the other side holds values the comparison chooses. Compare the column against a dataset instead of a query, leave it out of the compared columns and keys, or use a key with read:sensitive.",
      }
    `);
  });
});
