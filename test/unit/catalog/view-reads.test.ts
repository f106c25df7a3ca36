/**
 * A view read as what is under it: a statement reading any column of a view reads every column its
 * body reads, down through views of views; a view's column takes the mark of a column it is computed
 * from; a view whose body was not resolved, or is unproven, here or below, proves nothing. And the
 * masking check of a comparison's SQL reads views that way.
 */
import { describe, expect, it } from 'vitest';
import type { CatalogTable, ViewBody } from '../../../src/catalog/types.js';
import { markViewColumns, throughViews, unresolvedView } from '../../../src/catalog/view-reads.js';
import { sensitiveReads, sensitiveReadsRefusal } from '../../../src/server/sensitive-reads.js';

const EMAIL = { kind: 'email' as const, confidence: 0.9, reason: 'the name says email' };

function catalog(bodies: { contacts?: ViewBody; handles?: ViewBody } = {}): CatalogTable[] {
  const view = (name: string, columns: string[], body: ViewBody | undefined): CatalogTable => ({
    name,
    kind: 'view',
    sampled: false,
    columns: columns.map((column) => ({ name: column, type: 'text' })),
    ...(body ? { body } : {}),
  });
  return [
    { name: 'customers', kind: 'table', sampled: true, columns: [{ name: 'id', type: 'integer' }, { name: 'email', type: 'text', sensitive: EMAIL }, { name: 'amount', type: 'integer' }] },
    view('contacts', ['id', 'handle', 'amount'], 'contacts' in bodies ? bodies.contacts : CONTACTS),
    view('handles', ['id', 'handle'], 'handles' in bodies ? bodies.handles : HANDLES),
    view('amounts', ['id', 'amount'], { reads: [col('customers', 'id'), col('customers', 'amount')], lineage: [[col('customers', 'id')], [col('customers', 'amount')]] }),
  ];
}
const col = (table: string, column: string) => ({ table, column });
/** `SELECT id, replace(email, '@', ' at ') AS handle, amount FROM customers WHERE amount > 0` */
const CONTACTS: ViewBody = { reads: [col('customers', 'id'), col('customers', 'email'), col('customers', 'amount')], lineage: [[col('customers', 'id')], [col('customers', 'email')], [col('customers', 'amount')]] };
/** `SELECT id, handle FROM contacts` */
const HANDLES: ViewBody = { reads: [col('contacts', 'id'), col('contacts', 'handle')], lineage: [[col('contacts', 'id')], [col('contacts', 'handle')]] };

const summary = (found: ReturnType<typeof throughViews>) => ('unproven' in found ? found.unproven : found.read.map((read) => `${read.table}.${read.column} via ${read.via}`));

describe('throughViews', () => {
  it('reads every column a view\'s body reads, whichever of its columns is read, down through views of views, each once', () => {
    expect(summary(throughViews([{ table: 'handles', column: 'id', via: '`id`' }], catalog()))).toEqual([
      'handles.id via `id`',
      'contacts.id via the view `handles`',
      'customers.id via the view `handles`',
      'customers.email via the view `handles`',
      'customers.amount via the view `handles`',
      'contacts.handle via the view `handles`',
    ]);
  });

  it('leaves reads of tables as they are', () => {
    expect(summary(throughViews([{ table: 'customers', column: 'amount', via: '`amount`' }], catalog()))).toEqual(['customers.amount via `amount`']);
  });

  it('is unproven for a view without a body, or with an unproven one, here or below', () => {
    const read = [{ table: 'handles', column: 'id', via: '`id`' }];
    expect(summary(throughViews(read, catalog({ handles: undefined })))).toMatchInlineSnapshot(
      `"it reads \`handles\`, a view whose body the data source's last scan did not resolve (scan it again: POST /sources/{id}/scan, or Scan now on its page)"`,
    );
    expect(summary(throughViews(read, catalog({ contacts: { unproven: 'it depends on function customer_email(integer), code of the data source\'s own whose reads this check cannot see' } })))).toMatchInlineSnapshot(
      `"it reads \`handles\`, over \`contacts\`, a view: it depends on function customer_email(integer), code of the data source's own whose reads this check cannot see"`,
    );
  });
});

describe('markViewColumns', () => {
  it('marks a view\'s column computed from a sensitive one, through a view of a view, and leaves the others', () => {
    const tables = catalog();
    markViewColumns(tables);
    const marks = (name: string) => tables.find((table) => table.name === name)!.columns.map((column) => [column.name, column.sensitive?.reason ?? null]);
    expect(marks('contacts')).toEqual([
      ['id', null],
      ['handle', 'computed from `customers.email` (email)'],
      ['amount', null],
    ]);
    expect(marks('handles')).toEqual([
      ['id', null],
      ['handle', 'computed from `contacts.handle` (email)'],
    ]);
    expect(marks('amounts')).toEqual([
      ['id', null],
      ['amount', null],
    ]);
  });

  it('marks every column of a view whose columns\' sources are not known, when its body reads a sensitive column', () => {
    const tables = catalog({ contacts: { reads: CONTACTS.reads, lineage: null } });
    markViewColumns(tables);
    expect(tables.find((table) => table.name === 'contacts')!.columns.map((column) => column.sensitive?.reason)).toEqual([
      'in a view that reads `customers.email` (email)',
      'in a view that reads `customers.email` (email)',
      'in a view that reads `customers.email` (email)',
    ]);
  });
});

describe('unresolvedView', () => {
  it('names a view whose columns cannot be marked from below; nothing for a resolved view or a table', () => {
    const resolved = catalog();
    expect(unresolvedView(resolved[0]!, resolved)).toBeUndefined();
    expect(unresolvedView(resolved[2]!, resolved)).toBeUndefined();
    const below = catalog({ contacts: undefined });
    expect(unresolvedView(below[2]!, below)).toMatch(/^it reads `handles`, over `contacts`, a view whose body the data source's last scan did not resolve/);
  });
});

describe('the masking check of a comparison\'s SQL', () => {
  const check = (query: string, tables = catalog()) => sensitiveReads([{ side: 'source', datasourceType: 'postgres', query, catalog: tables, routines: [] }]);

  it('refuses a view\'s column computed from an e-mail, or a condition on one, naming the column under it', async () => {
    for (const query of ['SELECT id, handle FROM handles', "SELECT id, amount FROM contacts WHERE handle LIKE 'a%'", 'SELECT h::text FROM handles h']) {
      const found = await check(query);
      expect(found.sensitive.map((read) => `${read.table}.${read.column} through ${read.via}`), query).toContainEqual(expect.stringMatching(/^customers\.email through the view `(contacts|handles)`$/));
    }
  });

  it('lets a view over columns that are not sensitive be read', async () => {
    expect(await check('SELECT a.id, a.amount FROM amounts a')).toEqual({ sensitive: [], unproven: [] });
  });

  it('is unproven for a view the scan did not resolve', async () => {
    const found = await check('SELECT id FROM handles', catalog({ handles: undefined }));
    expect(sensitiveReadsRefusal(found)?.code).toBe('unproven_reads');
  });
});
