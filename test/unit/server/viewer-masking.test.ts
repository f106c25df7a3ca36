/**
 * What a key without read:sensitive reads of a failed or differing job: the database's error as its
 * class and code (its message quotes values), duplicated keys masked when sensitive, our own
 * sentences kept with their quoted literals masked; a view compared as a dataset masked by the marks
 * its columns take from what is under them, or wholly when what it reads was not resolved.
 */
import { describe, expect, it } from 'vitest';
import type { CatalogTable } from '../../../src/catalog/types.js';
import { maskError, maskJobFor, viewerMasking, type SourceFacts } from '../../../src/server/viewer-masking.js';
import type { JobRecord } from '../../../src/server/storage/store.js';

describe('maskError', () => {
  it('keeps the class and code of a database error, never its message', () => {
    expect(maskError('Data source "pg" rejected a query: invalid input syntax for type integer: "123-45-6789" [22P02] Check the SQL of the filter or query in the spec.')).toMatchInlineSnapshot(
      `"Data source "pg" rejected a query (QueryError, SQLSTATE 22P02). The database's own message is shown only to keys with read:sensitive, as it may quote data values."`,
    );
    expect(maskError("Could not read the source query (the source query (data source `maria`)): XPATH syntax error: '~alice@example.com123-45-6789' [ER_UNKNOWN_ERROR]")).toMatchInlineSnapshot(
      `"Data source "maria" rejected a query (QueryError, ER_UNKNOWN_ERROR). The database's own message is shown only to keys with read:sensitive, as it may quote data values."`,
    );
  });

  it('says a connection failed as such', () => {
    expect(maskError('Could not connect to data source "pg" at 127.0.0.1:5432: password authentication failed for user "bob" [28P01] Check that the database is reachable.')).toBe(
      'Data source "pg" could not be connected to (ConnectionError, SQLSTATE 28P01). The database\'s own message is shown only to keys with read:sensitive, as it may quote data values.',
    );
  });

  it('keeps our own sentences, with quoted literals masked', () => {
    expect(maskError('The comparison did not finish within its time limit (0.5 s).')).toBe('The comparison did not finish within its time limit (0.5 s).');
    expect(maskError("The source filter `email = 'ada@example.com'` is not valid: value: \"ada@example.com\"")).toBe("The source filter `email = '…'` is not valid: value: \"…\"");
  });
});

describe('maskJobFor', () => {
  const job = (keys: string[], reasons: string[]): JobRecord =>
    ({
      status: 'SUCCESS',
      message: `The datasets differ: ${reasons.join(' ')}`,
      failure_reason: null,
      result: { diff_status: 'MISMATCH', diff_reasons: reasons },
      snapshot: { configuration: { primary_keys_source: keys } },
    }) as unknown as JobRecord;

  it('masks a duplicated sensitive key in the reasons and the message, and keeps an order id', () => {
    const reasons = ["Key (email) = 'alice@example.com' occurs twice in the source.", 'Rows with a duplicated key are not compared.'];
    const masked = maskJobFor(job(['email'], reasons), { columns: new Map(), all: false });
    expect(masked.result!.diff_reasons).toEqual(['Key (email) = (masked) occurs twice in the source.', 'Rows with a duplicated key are not compared.']);
    expect(masked.message).toBe('The datasets differ: Key (email) = (masked) occurs twice in the source. Rows with a duplicated key are not compared.');
    const ids = maskJobFor(job(['order_id'], ['Key (order_id) = 42 occurs 3 times in the target.']), { columns: new Map(), all: false });
    expect(ids.result!.diff_reasons).toEqual(['Key (order_id) = 42 occurs 3 times in the target.']);
    // a key named innocently whose value is an e-mail, even one holding the sentence's own words
    const sly = maskJobFor(job(['k'], ["Key (k) = 'x occurs twice in the source. bob@example.com' occurs twice in the source."]), { columns: new Map(), all: false });
    expect(JSON.stringify(sly)).not.toContain('bob@example.com');
  });
});

describe('viewerMasking of a view compared as a dataset', () => {
  const email = { kind: 'email' as const, confidence: 0.9, reason: 'the name says email' };
  const catalog = (resolved: boolean): CatalogTable[] => [
    { name: 'customers', kind: 'table', sampled: true, columns: [{ name: 'id', type: 'integer' }, { name: 'email', type: 'text', sensitive: email }] },
    {
      name: 'contacts',
      kind: 'view',
      sampled: false,
      columns: [{ name: 'id', type: 'integer' }, { name: 'handle', type: 'text', ...(resolved ? { sensitive: { ...email, reason: 'computed from `customers.email` (email)' } } : {}) }],
      ...(resolved ? { body: { reads: [{ table: 'customers', column: 'id' }, { table: 'customers', column: 'email' }], lineage: [[{ table: 'customers', column: 'id' }], [{ table: 'customers', column: 'email' }]] } } : {}),
    },
  ];
  const facts = (tables: CatalogTable[]): SourceFacts => ({ catalog: async () => tables, routines: async () => [], askDatabase: async () => undefined });
  const job = {
    workspace_id: 'w',
    source_datasource_type: 'postgres',
    target_datasource_type: 'postgres',
    unproven_reads: null,
    snapshot: {
      source_datasource_id: 's',
      target_datasource_id: 's',
      source_dataset_name: 'contacts',
      target_dataset_name: 'contacts',
      configuration: { primary_keys_source: ['id'], primary_keys_target: ['id'], source_columns: ['handle'] },
    },
  } as unknown as JobRecord;

  it('masks the column computed from an e-mail, and no other, when the scan resolved the view', async () => {
    expect(await viewerMasking(job, facts(catalog(true)))).toEqual({ columns: new Map([['handle', 'marked email by the catalog']]), all: false });
  });

  it('masks every column when the scan did not resolve what the view reads', async () => {
    expect((await viewerMasking(job, facts(catalog(false)))).all).toBe(true);
  });
});
