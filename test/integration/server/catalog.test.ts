/**
 * The service's data sources carry real counts: a source is scanned when it is created and on
 * demand, its catalog (tables, columns, sensitive marks) is readable page by page, and a source that
 * cannot be reached says so instead of showing invented numbers.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as c from '../../../src/api/contract.js';
import { adminRun } from '../../helpers/admin.js';
import { databaseAvailable, TEST_DATABASE_URLS, runScoped } from '../../helpers/databases.js';
import { startTestServer, tempDir, type TestServer } from './harness.js';

const CRM_TABLES = [
  'CREATE TABLE customers (id INTEGER PRIMARY KEY, email TEXT, full_name TEXT, email_sent_count INTEGER, phone_verified INTEGER, notes TEXT)',
  'CREATE TABLE orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER, total NUMERIC)',
  'CREATE VIEW mailing AS SELECT id, email FROM customers',
  "INSERT INTO customers VALUES (1, 'ada@example.com', 'Ada L', 3, 1, 'card 4242424242424242')",
];

describe('catalog scans on the service', () => {
  let t: TestServer;
  let file: string;
  let sourceId: string;

  beforeAll(async () => {
    t = await startTestServer({ allowEnv: ['DC_TEST_UNSET_WAREHOUSE_URL'] });
    file = path.join(tempDir('catalog'), 'crm.db');
    await adminRun({ type: 'sqlite', path: file }, CRM_TABLES);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('scans a new data source: real counts, version and scan status in the create answer and the list', async () => {
    const created = await t.request('POST', '/sources', { body: { name: 'crm', type: 'sqlite', path: file } });
    expect(created.status).toBe(201);
    const source = c.dataSourceCreateResponseSchema.parse(created.json).data;
    sourceId = source.id;
    expect(source).toMatchObject({
      status: 'connected',
      dataset_count: 3,
      column_count: 6 + 3 + 2,
      sensitive_column_count: 3, // customers.email, customers.full_name, mailing.email
      validation_count: 0,
      scan: { status: 'complete', message: null },
    });
    expect(source.database_version).toMatch(/^SQLite 3\./);
    expect(source.last_scanned_at).toBe(source.scan!.started_at);
    const listed = c.sourcesResponseSchema.parse((await t.request('GET', '/sources')).json).data.items.find((s) => s.id === sourceId);
    expect(listed).toMatchObject({ dataset_count: 3, column_count: 11, sensitive_column_count: 3, scan: { status: 'complete' } });
  });

  it('serves the catalog page by page, with the sensitive columns marked and the look-alikes not', async () => {
    const all = c.catalogResponseSchema.parse((await t.request('GET', `/sources/${sourceId}/catalog?size=2`)).json).data;
    expect(all).toMatchObject({ total: 3, pages: 2, size: 2 });
    expect(all.items.map((table) => table.name)).toEqual(['customers', 'mailing']);
    const customers = all.items[0]!;
    expect(customers.columns.map((col) => [col.name, col.type, col.sensitive?.kind ?? null])).toEqual([
      ['id', 'INTEGER', null],
      ['email', 'TEXT', 'email'],
      ['full_name', 'TEXT', 'person-name'],
      ['email_sent_count', 'INTEGER', null],
      ['phone_verified', 'INTEGER', null],
      ['notes', 'TEXT', null], // one card number in free text is not a column of card numbers
    ]);
    const second = c.catalogResponseSchema.parse((await t.request('GET', `/sources/${sourceId}/catalog?size=2&page=2`)).json).data;
    expect(second.items.map((table) => [table.name, table.kind])).toEqual([['orders', 'table']]);
    const sensitive = (await t.request('GET', `/sources/${sourceId}/catalog?sensitive_only=true`)).json.data;
    expect(sensitive.items.map((table: { name: string }) => table.name)).toEqual(['customers', 'mailing']);
  });

  it('scans again on demand and picks up new tables; a read key may look but not scan', async () => {
    await adminRun({ type: 'sqlite', path: file }, ['CREATE TABLE payments (id INTEGER, iban TEXT, amount NUMERIC)']);
    const reader = (await t.newKey(['read'])).key;
    expect((await t.request('POST', `/sources/${sourceId}/scan`, { key: reader })).status).toBe(403);
    expect((await t.request('GET', `/sources/${sourceId}/catalog`, { key: reader })).status).toBe(200);
    const scanned = await t.request('POST', `/sources/${sourceId}/scan`);
    expect(scanned.status).toBe(200);
    expect(scanned.json.message).toBe('Scan of "crm": complete (4 datasets, 14 columns, 4 sensitive).');
    expect(scanned.json.data).toMatchObject({ dataset_count: 4, column_count: 14, sensitive_column_count: 4 });
    // the scanned tables are registered datasets a comparison can use
    const datasets = await t.server.store.db.all<{ name: string }>('SELECT name FROM datasets WHERE datasource_id = ? ORDER BY name', [sourceId]);
    expect(datasets.map((d) => d.name)).toEqual(['customers', 'mailing', 'orders', 'payments']);
  });

  it('answers 404 for an unknown source, and for the catalog of a source never scanned', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.request('POST', `/sources/${unknown}/scan`)).json).toMatchObject({ code: 'datasource_not_found' });
    const quiet = await startTestServer({ scanOnCreate: false });
    try {
      const id = (await quiet.request('POST', '/sources', { body: { name: 'later', type: 'sqlite', path: file } })).json.data.id;
      const before = await quiet.request('GET', `/sources/${id}/catalog`);
      expect(before.status).toBe(404);
      expect(before.json.message).toBe('Data source "later" has not been scanned yet.');
      expect((await quiet.request('GET', '/sources')).json.data.items[0]).toMatchObject({ column_count: 0, scan: null, last_scanned_at: null });
    } finally {
      await quiet.stop();
    }
  });

  it('marks a source it cannot reach: failed scan with the reason, no invented counts', async () => {
    const created = await t.request('POST', '/sources', { body: { name: 'warehouse', type: 'postgres', url_env: 'DC_TEST_UNSET_WAREHOUSE_URL' } });
    expect(created.status).toBe(201);
    expect(created.json.data).toMatchObject({
      status: 'unreachable',
      dataset_count: 0,
      column_count: 0,
      last_scanned_at: null,
      scan: { status: 'failed', message: 'The environment variable DC_TEST_UNSET_WAREHOUSE_URL of data source "warehouse" is not set on the server.' },
    });
  });
});

describe.runIf(await databaseAvailable('postgres'))('a PostgreSQL data source on the service', () => {
  let t: TestServer;
  const CATALOG_DB = runScoped('dc_catalog_service');
  const url = new URL(TEST_DATABASE_URLS.postgres);
  url.pathname = `/${CATALOG_DB}`;

  beforeAll(async () => {
    await adminRun({ type: 'postgres', url: TEST_DATABASE_URLS.postgres }, [`DROP DATABASE IF EXISTS ${CATALOG_DB} WITH (FORCE)`, `CREATE DATABASE ${CATALOG_DB}`]);
    await adminRun({ type: 'postgres', url: url.toString() }, [
      'CREATE TABLE people (id bigint PRIMARY KEY, date_of_birth date, iban text, created_at timestamptz)',
      'CREATE SCHEMA billing',
      'CREATE TABLE billing.invoices (id bigint, card_number text, total numeric(12,2))',
    ]);
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.stop();
    await adminRun({ type: 'postgres', url: TEST_DATABASE_URLS.postgres }, [`DROP DATABASE IF EXISTS ${CATALOG_DB} WITH (FORCE)`]);
  });

  it('is counted from its catalog, and its URL appears in no answer', async () => {
    const created = await t.request('POST', '/sources', { body: { name: 'pg', type: 'postgres', url: url.toString() } });
    expect(created.json.data).toMatchObject({ status: 'connected', dataset_count: 2, column_count: 7, sensitive_column_count: 3, scan: { status: 'complete' } });
    expect(created.json.data.database_version).toMatch(/PostgreSQL 1\d/);
    const catalog = await t.request('GET', `/sources/${created.json.data.id}/catalog`);
    expect(catalog.json.data.items.map((table: { name: string }) => table.name)).toEqual(['billing.invoices', 'people']);
    expect(`${created.text}${catalog.text}`).not.toContain(CATALOG_DB);
  });
});
