/**
 * Issue #43's review of masking, against a real service and real databases, by keys without
 * read:sensitive: comparing (or keying on) a sensitive column of a dataset against values a query
 * writes is a yes/no test on them, refused, and shown fully masked when a trusted key wrote it, with
 * no tag of one side matching the other's; two names that differ only by case are told apart as the
 * database tells them apart (PostgreSQL exactly, MariaDB in any case); a column added since the last
 * scan, read through `*`, leaves the job fully masked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as c from '../../../src/api/contract.js';
import { MemoryLogger } from '../../../src/shared/logger.js';
import { adminRun } from '../../helpers/admin.js';
import { databaseAvailable, runScoped, TEST_DATABASE_URLS } from '../../helpers/databases.js';
import { startTestServer, waitForJob, type TestServer } from './harness.js';

const hasPostgres = await databaseAvailable('postgres');
const hasMysql = await databaseAvailable('mysql');

/** 12 rows of (id, e-mail, amount); `changed` alters row 1's e-mail. */
const emails = (changed = false) => Array.from({ length: 12 }, (_, i) => `(${i + 1}, '${changed && i === 0 ? 'person0-new' : `person${i}`}@example.org', ${i * 10})`).join(', ');
/** 12 rows of (id, text) that no name or value marks. */
const notes = Array.from({ length: 12 }, (_, i) => `(${i + 1}, 'plain note ${i}')`).join(', ');
/** 12 rows of (id, amount, password); `changed` alters row 1's password. */
const secrets = (changed = false) => Array.from({ length: 12 }, (_, i) => `(${i + 1}, ${i * 10}, 'hunter2-${changed && i === 0 ? 'new' : i}')`).join(', ');

/** The server, a key without read:sensitive that may create and run comparisons, a read key, a data source. */
interface Tenant {
  t: TestServer;
  logger: MemoryLogger;
  author: string;
  reader: string;
  sourceId: string;
}

async function tenantOn(type: 'postgres' | 'mariadb', url: string): Promise<Tenant> {
  const logger = new MemoryLogger();
  const t = await startTestServer({ logger });
  const author = (await t.newKey(['read', 'write:comparison', 'write:job'])).key;
  const reader = (await t.newKey(['read'])).key;
  const created = await t.request('POST', '/sources', { body: { name: type, type, url } });
  expect(created.status, created.text).toBe(201);
  return { t, logger, author, reader, sourceId: c.dataSourceCreateResponseSchema.parse(created.json).data.id };
}

function request(tenant: Tenant, sides: { source: string | { query: string }; target: string | { query: string } }, configuration: Record<string, unknown> = {}) {
  const side = (role: 'source' | 'target', value: string | { query: string }) => (typeof value === 'string' ? { [`${role}_dataset_id`]: value } : {});
  const queries = Object.fromEntries((['source', 'target'] as const).flatMap((role) => (typeof sides[role] === 'string' ? [] : [[`${role}_query`, (sides[role] as { query: string }).query]])));
  return {
    name: `f-${Math.random().toString(36).slice(2, 8)}`,
    source_datasource_id: tenant.sourceId,
    target_datasource_id: tenant.sourceId,
    ...side('source', sides.source),
    ...side('target', sides.target),
    configuration: { primary_keys_source: ['id'], primary_keys_target: ['id'], source_columns: ['amount'], target_columns: ['amount'], ...queries, ...configuration },
  };
}

/** Created by `key` (without running): the answer's status, code and message. */
async function create(tenant: Tenant, key: string, body: Record<string, unknown>): Promise<{ status: number; code?: string; message?: string }> {
  const answer = await tenant.t.request('POST', '/comparisons?create_only=true', { key, body });
  return { status: answer.status, code: answer.json?.code, message: answer.json?.message };
}

/** Runs the comparison as the trusted key; its diff details as the trusted key and as the read key see them. */
async function runAndRead(tenant: Tenant, body: Record<string, unknown>): Promise<{ trusted: any; masked: any }> {
  const created = await tenant.t.request('POST', '/comparisons', { body });
  expect(created.status, created.text).toBe(201);
  const job = await waitForJob(tenant.t, created.json.run_id);
  expect(job.status, job.failure_reason).toBe('SUCCESS');
  const seen = async (key: string) => (await tenant.t.request('GET', `/jobs/comparison/${job.run_id}/diff-details`, { key })).json.data;
  return { trusted: await seen(tenant.t.key), masked: await seen(tenant.reader) };
}

const MASKED = /^(\S\*\*\*@\S\*\*\*\.\w+|\*\*\*) ·[0-9a-f]{6}$/;

/**
 * After the scan, `orders` and `orders_b` (id, amount) gain a `password` column; a query reading it
 * through `*` (what the scan listed is not sensitive: the author may create it) runs, and its job is
 * shown fully masked to the read key, for the run found the column the scan did not list.
 */
async function addedSinceScanIsMasked(tenant: Tenant, admin: (statements: string[]) => Promise<void>, table: (name: string) => string): Promise<void> {
  await admin([
    `ALTER TABLE ${table('orders')} ADD COLUMN password VARCHAR(40)`,
    `ALTER TABLE ${table('orders_b')} ADD COLUMN password VARCHAR(40)`,
    `INSERT INTO ${table('orders')} VALUES ${secrets()}`,
    `INSERT INTO ${table('orders_b')} VALUES ${secrets(true)}`,
  ]);
  const query = (name: string) => `WITH s(a, b, c) AS (SELECT * FROM ${name}) SELECT a AS id, c AS note FROM s`;
  const body = request(tenant, { source: { query: query('orders') }, target: { query: query('orders_b') } }, { source_columns: ['note'], target_columns: ['note'] });
  expect((await create(tenant, tenant.author, body)).status).toBe(201);
  const { trusted, masked } = await runAndRead(tenant, body);
  expect(JSON.stringify(trusted)).toContain('hunter2-new');
  expect(JSON.stringify(masked)).not.toContain('hunter2');
  for (const row of masked.diff_rows) for (const field of ['id', 'source_note', 'target_note']) expect(String(row[field])).toMatch(MASKED);
  expect(tenant.logger.lines.map((line) => line.message)).toContainEqual(
    expect.stringMatching(/shown fully masked to keys without read:sensitive: `orders`, which its SQL reads, has a column the data source's last scan did not list \(`password`\)/),
  );
}

describe.runIf(hasPostgres)('masking judged on facts (PostgreSQL)', () => {
  const DB = runScoped('dc_mask_facts');
  const url = Object.assign(new URL(TEST_DATABASE_URLS.postgres), { pathname: `/${DB}` }).toString();
  let tenant: Tenant;

  beforeAll(async () => {
    await adminRun({ type: 'postgres', url: TEST_DATABASE_URLS.postgres }, [`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`, `CREATE DATABASE ${DB}`]);
    await adminRun({ type: 'postgres', url }, [
      'CREATE TABLE customers (id integer PRIMARY KEY, email text, amount integer)',
      `INSERT INTO customers VALUES ${emails()}`,
      'CREATE TABLE customers_b (id integer PRIMARY KEY, email text, amount integer)',
      `INSERT INTO customers_b VALUES ${emails(true)}`,
      // `info` (plain) listed before `"Info"` (e-mails, marked by the scan's sample)
      'CREATE TABLE notes (id integer PRIMARY KEY, info text, "Info" text)',
      `INSERT INTO notes SELECT id, 'plain note ' || id, 'person' || id || '@example.org' FROM generate_series(1, 12) AS id`,
      // `t` (e-mails, marked) beside `"T"` (plain), which the catalog lists first
      'CREATE TABLE t (id integer PRIMARY KEY, v text)',
      `INSERT INTO t SELECT id, 'person' || id || '@example.org' FROM generate_series(1, 12) AS id`,
      'CREATE TABLE "T" (id integer PRIMARY KEY, v text)',
      `INSERT INTO "T" VALUES ${notes}`,
      'CREATE TABLE orders (id integer PRIMARY KEY, amount integer)',
      'CREATE TABLE orders_b (id integer PRIMARY KEY, amount integer)',
    ]);
    tenant = await tenantOn('postgres', url);
  });
  afterAll(async () => {
    await tenant?.t.stop();
    await adminRun({ type: 'postgres', url: TEST_DATABASE_URLS.postgres }, [`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`]);
  });

  it('refuses comparing or keying on a sensitive column against values a query writes, and allows it with read:sensitive', async () => {
    const guess = { query: "SELECT id, 'person1@example.org' AS email FROM customers" };
    const compared = request(tenant, { source: 'customers', target: guess }, { source_columns: ['email'], target_columns: ['email'] });
    const refused = await create(tenant, tenant.author, compared);
    expect(refused).toMatchObject({ status: 403, code: 'sensitive_columns' });
    expect(refused.message).toMatchInlineSnapshot(
      `"This comparison compares sensitive columns with values its own SQL writes: source_columns names \`customers.email\` (marked email by the catalog), compared with target_query's values. A key without the scope read:sensitive may not: whether a row differs answers yes or no about a sensitive value, masked or not, when the other side holds values the comparison chooses. Compare the column against a dataset instead of a query, leave it out of the compared columns and keys, or use a key with read:sensitive."`,
    );
    expect((await create(tenant, tenant.t.key, compared)).status).toBe(201);

    const keyed = request(tenant, { source: { query: "SELECT 'person1@example.org' AS email, 0 AS amount" }, target: 'customers_b' }, { primary_keys_source: ['email'], primary_keys_target: ['email'] });
    expect(await create(tenant, tenant.author, keyed)).toMatchObject({ status: 403, code: 'sensitive_columns', message: expect.stringMatching(/primary_keys_target names `customers_b\.email`.*compared with source_query's values/) });
    // a column added since the scan cannot be vouched for
    const unknown = request(tenant, { source: 'customers', target: { query: 'SELECT id, amount AS extra FROM customers' } }, { source_columns: ['extra'], target_columns: ['extra'] });
    expect(await create(tenant, tenant.author, unknown)).toMatchObject({ status: 403, code: 'unproven_reads', message: expect.stringMatching(/in source_columns, `extra` is a column the catalog does not list for `customers`/) });
  });

  it('still lets such a key compare two datasets\' sensitive columns, and a dataset\'s other columns with a query', async () => {
    const datasets = request(tenant, { source: 'customers', target: 'customers_b' }, { source_columns: ['email', 'amount'], target_columns: ['email', 'amount'] });
    expect((await create(tenant, tenant.author, datasets)).status).toBe(201);
    const amounts = request(tenant, { source: 'customers', target: { query: 'SELECT id, amount + 0 AS amount FROM customers_b' } });
    expect((await create(tenant, tenant.author, amounts)).status).toBe(201);
  });

  it('shows a trusted key\'s comparison of that shape fully masked to a read key, no tag of one side matching the other\'s', async () => {
    // the same e-mail on both sides: the source's in row 2, the query's in row 3
    const query = "SELECT id, CASE id WHEN 3 THEN 'person1@example.org' ELSE 'nobody@example.org' END AS email FROM customers";
    const { trusted, masked } = await runAndRead(tenant, request(tenant, { source: 'customers', target: { query } }, { source_columns: ['email'], target_columns: ['email'] }));
    const values = (diff: any, field: string) => diff.diff_rows.map((row: Record<string, unknown>) => row[field]);
    expect(values(trusted, 'source_email')).toContain('person1@example.org');
    expect(values(trusted, 'target_email')).toContain('person1@example.org');
    for (const value of [...values(masked, 'id'), ...values(masked, 'source_email'), ...values(masked, 'target_email')]) expect(String(value)).toMatch(MASKED);
    const tags = (field: string) => new Set(values(masked, field).map((value: string) => value.split('·')[1]));
    expect([...tags('source_email')].filter((tag) => tags('target_email').has(tag))).toEqual([]);
  });

  it('tells apart names that differ only by case, as PostgreSQL does', async () => {
    const query = (sql: string) => request(tenant, { source: { query: sql }, target: { query: 'SELECT id, amount::text AS note FROM customers' } }, { source_columns: ['note'], target_columns: ['note'] });
    for (const [sql, read] of [
      ['SELECT id, "Info" AS note FROM notes', /source_query reads `notes\.Info`/],
      ['SELECT id, v AS note FROM t', /source_query reads `t\.v`/],
      ['SELECT id, v AS note FROM public.t', /source_query reads `t\.v`/],
    ] as const) {
      const refused = await create(tenant, tenant.author, query(sql));
      expect(refused, sql).toMatchObject({ status: 403, code: 'sensitive_columns', message: expect.stringMatching(read) });
    }
    const oracle = await create(tenant, tenant.author, request(tenant, { source: 'notes', target: 'notes' }, { source_filter: `"Info" LIKE 'person7@%'` }));
    expect(oracle).toMatchObject({ status: 403, message: expect.stringMatching(/source_filter reads `notes\.Info`/) });
    // the plain names in their own case stay readable
    for (const sql of ['SELECT id, info AS note FROM notes', 'SELECT id, v AS note FROM "T"']) expect((await create(tenant, tenant.author, query(sql))).status, sql).toBe(201);
  });

  it('shows a job that reads, through `*`, a column added since the last scan fully masked to a read key', async () => {
    await addedSinceScanIsMasked(tenant, (statements) => adminRun({ type: 'postgres', url }, statements), (table) => table);
  });
});

describe.runIf(hasMysql)('masking judged on facts (MariaDB)', () => {
  const DB = runScoped('dc_mask_facts');
  const url = Object.assign(new URL(TEST_DATABASE_URLS.mysql), { pathname: `/${DB}` }).toString();
  let tenant: Tenant;

  beforeAll(async () => {
    await adminRun({ type: 'mysql', url: TEST_DATABASE_URLS.mysql }, [
      `DROP DATABASE IF EXISTS ${DB}`,
      `CREATE DATABASE ${DB}`,
      `CREATE TABLE ${DB}.customers (id INT PRIMARY KEY, email VARCHAR(100), amount INT)`,
      `INSERT INTO ${DB}.customers VALUES ${emails()}`,
      // under lower_case_table_names=0, `T` (e-mails, marked) and `t` (plain) are two tables
      `CREATE TABLE ${DB}.T (id INT PRIMARY KEY, v VARCHAR(100))`,
      `INSERT INTO ${DB}.T VALUES ${emails().replace(/, \d+\)/g, ')')}`,
      `CREATE TABLE ${DB}.t (id INT PRIMARY KEY, v VARCHAR(100))`,
      `INSERT INTO ${DB}.t VALUES ${notes}`,
      `CREATE TABLE ${DB}.orders (id INT PRIMARY KEY, amount INT)`,
      `CREATE TABLE ${DB}.orders_b (id INT PRIMARY KEY, amount INT)`,
    ]);
    tenant = await tenantOn('mariadb', url);
  });
  afterAll(async () => {
    await tenant?.t.stop();
    await adminRun({ type: 'mysql', url: TEST_DATABASE_URLS.mysql }, [`DROP DATABASE IF EXISTS ${DB}`]);
  });

  it('lists tables whose names differ only by case once each, with their own columns and marks', async () => {
    const catalog = await tenant.t.request('GET', `/sources/${tenant.sourceId}/catalog?filter=t&size=100`);
    const listed = catalog.json.data.items
      .filter((table: { name: string }) => table.name.toLowerCase() === 't')
      .map((table: { name: string; columns: { name: string; sensitive?: { kind: string } }[] }) => [table.name, table.columns.map((column) => `${column.name}${column.sensitive ? ` (${column.sensitive.kind})` : ''}`)]);
    expect(listed).toEqual([
      ['T', ['id', 'v (email)']],
      ['t', ['id', 'v']],
    ]);
  });

  it('counts every table a name matches in any case, as lower_case_table_names may have it', async () => {
    const query = (sql: string) => request(tenant, { source: { query: sql }, target: 'customers' });
    for (const sql of ['SELECT id, v AS amount FROM `T`', 'SELECT id, v AS amount FROM t']) {
      const refused = await create(tenant, tenant.author, query(sql));
      expect(refused, sql).toMatchObject({ status: 403, code: 'sensitive_columns', message: expect.stringMatching(/source_query reads `T\.v`/) });
    }
  });

  it('refuses comparing a sensitive column against values a query writes', async () => {
    const guess = request(tenant, { source: 'customers', target: { query: "SELECT id, 'person1@example.org' AS email FROM customers" } }, { source_columns: ['email'], target_columns: ['email'] });
    expect(await create(tenant, tenant.author, guess)).toMatchObject({ status: 403, code: 'sensitive_columns', message: expect.stringMatching(/source_columns names `customers\.email`/) });
  });


  it('shows a job that reads, through `*`, a column added since the last scan fully masked to a read key', async () => {
    await addedSinceScanIsMasked(tenant, (statements) => adminRun({ type: 'mysql', url: TEST_DATABASE_URLS.mysql }, statements), (table) => `${DB}.${table}`);
  });
});
