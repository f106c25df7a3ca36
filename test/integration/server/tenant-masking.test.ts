/**
 * Issue #32's masking attacks against a real service and real databases, by keys without
 * read:sensitive: a renamed e-mail in a query is refused (and shown fully masked when a trusted key
 * wrote it), database errors quoting values show only their class and code, a duplicated sensitive
 * key is masked in the reasons, the catalog's marks and people's names mask a one-row difference.
 * Issue #43's: whole rows (`to_jsonb(x)`, `x::text`, `email(x)`), conditions on them, `*` behind
 * MariaDB's modifiers and SQLite views read what they really read; SQL whose reads cannot be proven
 * is refused, a call of a function the data source defines itself (whose body no parse tree shows)
 * included; SQL that reads no sensitive column, and calls only the database's own functions, still runs.
 * A view reads what is under it (renamed, through a view of a view, by a whole row, materialized, by a
 * function of the source's own), and a view compared as a dataset masks the column it computes from an
 * e-mail, on PostgreSQL, MariaDB and SQLite; a view over unmarked columns still runs.
 */
import mysql from 'mysql2/promise';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as c from '../../../src/api/contract.js';
import { adminRun } from '../../helpers/admin.js';
import { databaseAvailable, runScoped, TEST_DATABASE_URLS } from '../../helpers/databases.js';
import { startTestServer, tempDir, waitForJob, type TestServer } from './harness.js';

const SCHEMA = 'dc_tenant_mask';
const hasPostgres = await databaseAvailable('postgres');
const hasMysql = await databaseAvailable('mysql');

/** 12 people (the scan samples them); b differs from a in one row per column under test. */
const PEOPLE = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  email: `person${i}@example.org`,
  ssn: `${String(101 + i).padStart(3, '0')}-45-${String(6789 + i)}`,
  name: ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Katherine Johnson', 'Margaret Hamilton', 'Jean Bartik', 'John Backus', 'Barbara Liskov', 'Donald Knuth', 'Frances Allen', 'Edsger Dijkstra', 'Mary Keller'][i]!,
  contact: `contact${i}@mail.example.com`,
  ref: `${String(201 + i)}-12-${String(3400 + i)}`,
  amount: i * 10,
}));
const PLANTED = ['person0@example.org', 'person0 at example.org', '101-45-6789', 'Ada Lovelace', 'Ada Byron', 'contact0@mail.example.com', 'changed0@mail.example.com'];

function rowsSql(table: string, changed: boolean): string {
  const values = PEOPLE.map((p) => {
    const first = changed && p.id === 1;
    return `(${p.id}, '${first ? 'person0-new@example.org' : p.email}', '${p.ssn}', '${first ? 'Ada Byron' : p.name}', '${first ? 'changed0@mail.example.com' : p.contact}', '${first ? 'ref-on-hold' : p.id === 1 ? 'ref-open' : p.ref}', ${p.amount})`;
  });
  return `INSERT INTO ${table} (id, email, ssn, name, contact, ref, amount) VALUES ${values.join(', ')}`;
}

/**
 * Creates (without running) the comparison as `author`, a key without read:sensitive, and as the
 * server's `write` key: the first must be refused with 403, the second accepted. The refusal's body.
 */
async function refusedToAuthorOnly(t: TestServer, author: string, request: Record<string, unknown>): Promise<{ code: string; message: string }> {
  const refused = await t.request('POST', '/comparisons?create_only=true', { key: author, body: request });
  expect(refused.status, JSON.stringify(request.configuration)).toBe(403);
  const trusted = await t.request('POST', '/comparisons?create_only=true', { body: request });
  expect(trusted.status, trusted.text).toBe(201);
  return refused.json;
}

describe.runIf(hasPostgres)('masking that follows the data (PostgreSQL)', () => {
  const MASK_DB = runScoped('dc_tenant_mask');
  const maskUrl = Object.assign(new URL(TEST_DATABASE_URLS.postgres), { pathname: `/${MASK_DB}` }).toString();
  let t: TestServer;
  let admin: pg.Client;
  let sourceId: string;
  let reader: string;
  let author: string;

  beforeAll(async () => {
    // A database of its own: the catalog scan samples the first 50 tables in name order, and the other
    // test files' tables in the shared run database would otherwise leave these unsampled.
    await adminRun({ type: 'postgres', url: TEST_DATABASE_URLS.postgres }, [`DROP DATABASE IF EXISTS ${MASK_DB} WITH (FORCE)`, `CREATE DATABASE ${MASK_DB}`]);
    admin = new pg.Client({ connectionString: maskUrl });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE; CREATE SCHEMA ${SCHEMA}`);
    for (const table of ['people_a', 'people_b']) {
      await admin.query(`CREATE TABLE ${SCHEMA}.${table} (id INTEGER PRIMARY KEY, email TEXT, ssn TEXT, name TEXT, contact TEXT, ref TEXT, amount INTEGER)`);
      await admin.query(rowsSql(`${SCHEMA}.${table}`, table === 'people_b'));
    }
    await admin.query(`CREATE TABLE ${SCHEMA}.dupes (email TEXT, amount INTEGER); INSERT INTO ${SCHEMA}.dupes VALUES ('alice@example.com', 1), ('alice@example.com', 2), ('bob@example.com', 3)`);
    // A function of the data source's own (not volatile, so the SQL check lets it run), before the scan.
    await admin.query(`CREATE FUNCTION customer_email(customer integer) RETURNS text STABLE LANGUAGE sql AS $$ SELECT email FROM ${SCHEMA}.people_a WHERE id = customer $$`);
    // Views whose columns no name or value marks, over e-mails and ssns (renamed, through a view, a whole
    // row, materialized, by that function), and one over amounts alone.
    await admin.query(`CREATE VIEW ${SCHEMA}.contacts AS SELECT id, replace(email, '@', ' at ') AS handle, amount FROM ${SCHEMA}.people_a;
      CREATE VIEW ${SCHEMA}.contacts_b AS SELECT id, replace(email, '@', ' at ') AS handle, amount FROM ${SCHEMA}.people_b;
      CREATE VIEW ${SCHEMA}.handles AS SELECT id, handle FROM ${SCHEMA}.contacts;
      CREATE VIEW ${SCHEMA}.notes AS SELECT id, p::text AS note FROM ${SCHEMA}.people_a p;
      CREATE MATERIALIZED VIEW ${SCHEMA}.tags AS SELECT id, reverse(ssn) AS tag FROM ${SCHEMA}.people_a;
      CREATE VIEW ${SCHEMA}.emails_by_id AS SELECT id, customer_email(id) AS note FROM ${SCHEMA}.people_b;
      CREATE VIEW ${SCHEMA}.amounts AS SELECT id, amount FROM ${SCHEMA}.people_a WHERE amount >= 0`);
    t = await startTestServer();
    reader = (await t.newKey(['read'])).key;
    author = (await t.newKey(['read', 'write:comparison', 'write:job'])).key;
    const created = await t.request('POST', '/sources', { body: { name: 'pg', type: 'postgres', url: maskUrl } });
    sourceId = c.dataSourceCreateResponseSchema.parse(created.json).data.id;
    const catalog = await t.request('GET', `/sources/${sourceId}/catalog`);
    expect(JSON.stringify(catalog.json)).toMatch(/"ref".*national-id|national-id.*"ref"/s);
  });
  afterAll(async () => {
    await admin?.end();
    await t?.stop();
    await adminRun({ type: 'postgres', url: TEST_DATABASE_URLS.postgres }, [`DROP DATABASE IF EXISTS ${MASK_DB} WITH (FORCE)`]);
  });

  const body = (configuration: Record<string, unknown>, datasets: [string | null, string | null] = [`${SCHEMA}.people_a`, `${SCHEMA}.people_b`]) => ({
    name: `c-${Math.random().toString(36).slice(2, 8)}`,
    source_datasource_id: sourceId,
    target_datasource_id: sourceId,
    ...(datasets[0] ? { source_dataset_id: datasets[0] } : {}),
    ...(datasets[1] ? { target_dataset_id: datasets[1] } : {}),
    configuration: { primary_keys_source: ['id'], primary_keys_target: ['id'], ...configuration },
  });
  const run = async (key: string, configuration: Record<string, unknown>, datasets?: [string | null, string | null]) => {
    const answer = await t.request('POST', '/comparisons', { key, body: body(configuration, datasets) });
    expect(answer.status, answer.text).toBe(201);
    return waitForJob(t, answer.json.run_id);
  };
  const seenBy = async (key: string, runId: number) => {
    const details = await t.request('POST', '/jobs/comparison/details', { key, body: [runId] });
    const list = await t.request('GET', '/jobs/comparison', { key });
    const diff = await t.request('GET', `/jobs/comparison/${runId}/diff-details`, { key });
    const page = await t.request('GET', `/ui/jobs/${runId}`, { key });
    return [details.text, list.text, diff.text, page.status === 200 ? page.text : ''].join('\n');
  };

  /** A job over the views' handles (`person0 at example.org` became `person0-new at …`): shown to the trusted key, masked to the read key. */
  const handlesMaskedToReader = async (job: { status: string; failure_reason: string | null; run_id: number }) => {
    expect(job.status, job.failure_reason ?? '').toBe('SUCCESS');
    expect(await seenBy(t.key, job.run_id)).toContain('person0-new at example.org');
    const masked = await seenBy(reader, job.run_id);
    for (const value of ['person0 at example.org', 'person0-new at example.org']) expect(masked).not.toContain(value);
    expect(masked).toMatch(/\*\*\* ·[0-9a-f]{6}/);
  };

  it('refuses a renamed e-mail, a `*` over it and a filter on it from a key without read:sensitive', async () => {
    for (const configuration of [
      { source_query: `SELECT id, replace(email, '@', ' at ') AS contact2 FROM ${SCHEMA}.people_a`, source_columns: ['contact2'], target_columns: ['contact2'] },
      { source_query: `SELECT x.* FROM (SELECT * FROM ${SCHEMA}.people_a) x`, source_columns: ['amount'], target_columns: ['amount'] },
      { source_filter: `U&"em\\0061il" LIKE 'person0%'`, source_columns: ['amount'], target_columns: ['amount'] },
    ]) {
      const answer = await t.request('POST', '/comparisons', { key: author, body: body(configuration, configuration.source_query ? [null, `${SCHEMA}.people_b`] : undefined) });
      expect(answer.status, answer.text).toBe(403);
      expect(answer.json.code).toBe('sensitive_columns');
      expect(answer.json.message).toMatch(/source_(query|filter) reads `dc_tenant_mask\.people_a\.(email|ssn|name|contact|ref)`.*use a key with read:sensitive/);
    }
  });

  it('refuses whole rows, functions of a row and conditions on them to a key without read:sensitive, and lets a trusted key write them', async () => {
    const a = `${SCHEMA}.people_a`;
    const target_query = `SELECT id, amount::text AS note FROM ${SCHEMA}.people_b`;
    for (const source_query of [
      `SELECT id, to_jsonb(x)->>'email' AS note FROM ${a} x`,
      `SELECT id, x::text AS note FROM ${a} x`,
      `SELECT id, email(x) AS note FROM ${a} x`,
      `SELECT id, (x).ssn AS note FROM ${a} x`,
      `SELECT id, row_to_json(x)::text AS note FROM ${a} x`,
      `SELECT id, amount::text AS note FROM ${a} x WHERE x::text LIKE '%person7@%'`,
      `SELECT x.id, x.amount::text AS note FROM ${a} x JOIN ${SCHEMA}.people_b y ON x.id = y.id AND y::text LIKE '%person7@%'`,
      `SELECT id, k AS note FROM ${a} x, jsonb_each_text(to_jsonb(x)) AS j(k, v) WHERE v LIKE 'person7@%'`,
    ]) {
      const refused = await refusedToAuthorOnly(t, author, body({ source_query, target_query, source_columns: ['note'], target_columns: ['note'] }, [null, null]));
      expect(refused.code).toBe('sensitive_columns');
      expect(refused.message).toMatch(/^This comparison's SQL reads sensitive columns: source_query reads `dc_tenant_mask\.people_[ab]\.\w+` through the whole row `[xy]`/);
    }
    const oracle = await refusedToAuthorOnly(t, author, body({ source_filter: "b::text LIKE '%person7@%'", source_columns: ['amount'], target_columns: ['amount'] }));
    expect(oracle.message).toMatch(/source_filter reads `dc_tenant_mask\.people_a\.email` through the whole row `b`/);
  });

  it('shows a trusted key\'s whole-row query fully masked to a read key', async () => {
    const query = (table: string) => `SELECT id, to_jsonb(x)::text AS note FROM ${SCHEMA}.${table} x`;
    const job = await run(t.key, { source_query: query('people_a'), target_query: query('people_b'), source_columns: ['note'], target_columns: ['note'] }, [null, null]);
    expect(job.status).toBe('SUCCESS');
    expect(await seenBy(t.key, job.run_id)).toContain('person0@example.org');
    const masked = await seenBy(reader, job.run_id);
    for (const value of ['person0@example.org', 'person0-new@example.org', '101-45-6789']) expect(masked).not.toContain(value);
    expect(masked).toMatch(/\*\*\* ·[0-9a-f]{6}/);
  });

  it('still runs SQL that reads no sensitive column for a key without read:sensitive', async () => {
    const columns = { source_columns: ['amount'], target_columns: ['amount'] };
    const cases: [Record<string, unknown>, [string | null, string]][] = [
      [{ source_query: `SELECT a.id, a.amount FROM ${SCHEMA}.people_a a JOIN ${SCHEMA}.people_b b ON a.id = b.id`, ...columns }, [null, `${SCHEMA}.people_b`]],
      [{ source_filter: 'amount >= 10 AND b.id < 12', ...columns }, [`${SCHEMA}.people_a`, `${SCHEMA}.people_b`]],
      [{ source_query: `SELECT id, amount FROM ${SCHEMA}.people_a WHERE id IN (SELECT id FROM ${SCHEMA}.people_b WHERE amount > 0)`, ...columns }, [null, `${SCHEMA}.people_b`]],
      // the database's own functions, beside one the data source defines (customer_email)
      [
        {
          source_query: `SELECT id, coalesce(round(amount), 0) AS amount FROM ${SCHEMA}.people_a WHERE date_trunc('day', now()) <= now() AND lower(amount::text) <> '' AND (SELECT count(*) FROM ${SCHEMA}.people_b) > 0`,
          ...columns,
        },
        [null, `${SCHEMA}.people_b`],
      ],
    ];
    for (const [configuration, datasets] of cases) {
      const job = await run(author, configuration, datasets);
      expect(job.status, JSON.stringify(configuration)).toBe('SUCCESS');
    }
  });

  it('reads a view as every column under it: refused to a key without read:sensitive when one is sensitive, whatever the view calls it', async () => {
    const target_query = `SELECT id, amount::text AS note FROM ${SCHEMA}.people_b`;
    const cases: [string, RegExp][] = [
      [`SELECT id, handle AS note FROM ${SCHEMA}.contacts`, /source_query reads `dc_tenant_mask\.people_a\.email` through the view `dc_tenant_mask\.contacts`/],
      [`SELECT id, handle AS note FROM ${SCHEMA}.handles`, /source_query reads `dc_tenant_mask\.people_a\.email` through the view `dc_tenant_mask\.handles`/],
      [`SELECT h.id, h.amount::text AS note FROM ${SCHEMA}.contacts h WHERE h.handle LIKE 'person7 at %'`, /source_query reads `dc_tenant_mask\.people_a\.email` through the view `dc_tenant_mask\.contacts`/],
      [`SELECT id, amount::text AS note FROM ${SCHEMA}.people_a WHERE id IN (SELECT id FROM ${SCHEMA}.amounts) AND id IN (SELECT id FROM ${SCHEMA}.handles)`, /through the view `dc_tenant_mask\.handles`/],
      [`SELECT id, note FROM ${SCHEMA}.notes`, /source_query reads `dc_tenant_mask\.people_a\.email` through the view `dc_tenant_mask\.notes`/],
      [`SELECT id, tag AS note FROM ${SCHEMA}.tags`, /source_query reads `dc_tenant_mask\.people_a\.ssn` through the view `dc_tenant_mask\.tags`/],
    ];
    for (const [source_query, read] of cases) {
      const refused = await refusedToAuthorOnly(t, author, body({ source_query, target_query, source_columns: ['note'], target_columns: ['note'] }, [null, null]));
      expect(refused.code, source_query).toBe('sensitive_columns');
      expect(refused.message, source_query).toMatch(read);
    }
    // a filter on a view compared as a dataset is a yes/no oracle on what is under it
    const oracle = await refusedToAuthorOnly(t, author, body({ source_filter: "handle LIKE 'person7 at %'", source_columns: ['amount'], target_columns: ['amount'] }, [`${SCHEMA}.contacts`, `${SCHEMA}.people_b`]));
    expect(oracle.message).toMatch(/source_filter reads `dc_tenant_mask\.people_a\.email` through the view `dc_tenant_mask\.contacts`/);

    const byFunction = await refusedToAuthorOnly(t, author, body({ source_query: `SELECT id, note FROM ${SCHEMA}.emails_by_id`, target_query, source_columns: ['note'], target_columns: ['note'] }, [null, null]));
    expect(byFunction.code).toBe('unproven_reads');
    expect(byFunction.message).toMatchInlineSnapshot(`"The service cannot prove which columns this comparison's SQL reads: in source_query, it reads \`dc_tenant_mask.emails_by_id\`, a view: it depends on function customer_email(integer), code of the data source's own whose reads this check cannot see. A key without the scope read:sensitive may only run SQL whose every read is known, so that no sensitive value escapes masking. Compare the table as a dataset (its sensitive columns are masked in results), or use a key with read:sensitive."`);
  });

  it('shows a trusted key\'s query over such a view fully masked to a read key', async () => {
    const query = (view: string) => `SELECT id, handle FROM ${SCHEMA}.${view}`;
    const job = await run(t.key, { source_query: query('contacts'), target_query: query('contacts_b'), source_columns: ['handle'], target_columns: ['handle'] }, [null, null]);
    await handlesMaskedToReader(job);
  });

  it('masks the column of a view compared as a dataset that is computed from an e-mail, as the catalog marks it', async () => {
    const catalog = await t.request('GET', `/sources/${sourceId}/catalog?filter=contacts`);
    const contacts = catalog.json.data.items.find((table: { name: string }) => table.name === `${SCHEMA}.contacts`);
    expect(contacts.columns.map((column: { name: string; sensitive?: { reason: string } }) => [column.name, column.sensitive?.reason ?? null])).toEqual([
      ['id', null],
      ['handle', 'computed from `dc_tenant_mask.people_a.email` (email)'],
      ['amount', null],
    ]);
    const job = await run(t.key, { source_columns: ['handle', 'amount'], target_columns: ['handle', 'amount'] }, [`${SCHEMA}.contacts`, `${SCHEMA}.contacts_b`]);
    await handlesMaskedToReader(job);
  });

  it('still runs SQL over a view of columns that are not sensitive for a key without read:sensitive', async () => {
    const columns = { source_columns: ['amount'], target_columns: ['amount'] };
    const query = await run(author, { source_query: `SELECT a.id, a.amount FROM ${SCHEMA}.amounts a WHERE a.amount >= 10`, ...columns }, [null, `${SCHEMA}.people_b`]);
    expect(query.status, query.failure_reason).toBe('SUCCESS');
    const filtered = await run(author, { source_filter: 'amount >= 10', ...columns }, [`${SCHEMA}.amounts`, `${SCHEMA}.people_b`]);
    expect(filtered.status, filtered.failure_reason).toBe('SUCCESS');
  });

  it('refuses SQL whose reads cannot be proven to a key without read:sensitive', async () => {
    const configuration = { source_query: `SELECT id, amount FROM ${SCHEMA}.people_a WHERE id IN (SELECT id FROM ${SCHEMA}.people_archive)`, source_columns: ['amount'], target_columns: ['amount'] };
    const refused = await t.request('POST', '/comparisons?create_only=true', { key: author, body: body(configuration, [null, `${SCHEMA}.people_b`]) });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: 'unproven_reads' });
    expect(refused.json.message).toMatchInlineSnapshot(`"The service cannot prove which columns this comparison's SQL reads: in source_query, it reads \`dc_tenant_mask.people_archive\`, a table the data source's catalog does not list (another database's, the system's, or one created since the last scan). A key without the scope read:sensitive may only run SQL whose every read is known, so that no sensitive value escapes masking. Compare the table as a dataset (its sensitive columns are masked in results), or use a key with read:sensitive."`);
  });

  it('refuses a call of a function the data source defines, or of a built-in\'s name it overloads, to a key without read:sensitive', async () => {
    const byFunction = await refusedToAuthorOnly(
      t,
      author,
      body({ source_query: `SELECT id, customer_email(id) AS note FROM ${SCHEMA}.people_b`, target_query: `SELECT id, amount::text AS note FROM ${SCHEMA}.people_b`, source_columns: ['note'], target_columns: ['note'] }, [null, null]),
    );
    expect(byFunction.code).toBe('unproven_reads');
    expect(byFunction.message).toMatchInlineSnapshot(`"The service cannot prove which columns this comparison's SQL reads: in source_query, it calls \`customer_email\`, a name the data source gives a function of its own (\`public.customer_email\`), whose body this check cannot see; call only the database's built-in functions. A key without the scope read:sensitive may only run SQL whose every read is known, so that no sensitive value escapes masking. Compare the table as a dataset (its sensitive columns are masked in results), or use a key with read:sensitive."`);
    // a condition on it answers yes or no about an e-mail, though nothing of it is shown
    const oracle = await refusedToAuthorOnly(t, author, body({ source_filter: "public.customer_email(id) LIKE 'person7@%'", source_columns: ['amount'], target_columns: ['amount'] }));
    expect(oracle.message).toMatch(/^The service cannot prove .*in source_filter, it calls `customer_email`/);

    // `lower(integer)` in public: PostgreSQL picks it over pg_catalog's lower(text) by the argument's type
    await admin.query(`CREATE FUNCTION public.lower(customer integer) RETURNS text STABLE LANGUAGE sql AS $$ SELECT email FROM ${SCHEMA}.people_a WHERE id = customer $$`);
    try {
      expect((await t.request('POST', `/sources/${sourceId}/scan`)).status).toBe(200);
      const overload = await refusedToAuthorOnly(t, author, body({ source_query: `SELECT id, lower(id) AS note FROM ${SCHEMA}.people_b`, target_query: `SELECT id, amount::text AS note FROM ${SCHEMA}.people_b`, source_columns: ['note'], target_columns: ['note'] }, [null, null]));
      expect(overload.message).toMatch(/in source_query, it calls `lower`, a name the data source gives a function of its own \(`public\.lower`\)/);
    } finally {
      await admin.query('DROP FUNCTION public.lower(integer)');
      await t.request('POST', `/sources/${sourceId}/scan`);
    }
  });

  it('refuses an operator or a cast of the data source\'s own, which reach a function no SQL names, to a key without read:sensitive', async () => {
    await admin.query(`CREATE FUNCTION email_is(customer integer, probe integer) RETURNS boolean STABLE LANGUAGE sql
        AS $$ SELECT (SELECT email FROM ${SCHEMA}.people_a WHERE id = customer) LIKE 'person' || probe || '@%' $$;
      CREATE OPERATOR ### (LEFTARG = integer, RIGHTARG = integer, FUNCTION = email_is);
      CREATE TYPE contact AS (v text);
      CREATE FUNCTION contact_of(customer integer) RETURNS contact STABLE LANGUAGE sql
        AS $$ SELECT ROW(replace((SELECT email FROM ${SCHEMA}.people_a WHERE id = customer), '@', ' at '))::contact $$;
      CREATE CAST (integer AS contact) WITH FUNCTION contact_of(integer)`);
    expect((await t.request('POST', `/sources/${sourceId}/scan`)).status).toBe(200);
    const oracle = await refusedToAuthorOnly(t, author, body({ source_filter: 'id ### 7', source_columns: ['amount'], target_columns: ['amount'] }));
    expect(oracle.message).toMatch(/in source_filter, it uses `###`, a name the data source gives an operator of its own \(`public\.###`\)/);
    const configuration = { source_query: `SELECT id, (id::contact).v AS note FROM ${SCHEMA}.people_a`, target_query: `SELECT id, amount::text AS note FROM ${SCHEMA}.people_b`, source_columns: ['note'], target_columns: ['note'] };
    const cast = await refusedToAuthorOnly(t, author, body(configuration, [null, null]));
    expect(cast.message).toMatch(/in source_query, it casts to `contact`, a type of the data source's own \(`public\.contact`\)/);

    const job = await run(t.key, configuration, [null, null]);
    expect(job.status, job.failure_reason).toBe('SUCCESS');
    expect(await seenBy(t.key, job.run_id)).toContain('person3 at example.org');
    expect(await seenBy(reader, job.run_id)).not.toContain(' at example.org');
  });

  it('shows a trusted key\'s call of such a function fully masked to a read key', async () => {
    const job = await run(t.key, { source_query: `SELECT id, replace(customer_email(id), '@', ' at ') AS note FROM ${SCHEMA}.people_a`, target_query: `SELECT id, amount::text AS note FROM ${SCHEMA}.people_b`, source_columns: ['note'], target_columns: ['note'] }, [null, null]);
    expect(job.status, job.failure_reason).toBe('SUCCESS');
    expect(await seenBy(t.key, job.run_id)).toContain('person3 at example.org');
    const masked = await seenBy(reader, job.run_id);
    expect(masked).not.toContain(' at example.org');
    expect(masked).toMatch(/\*\*\* ·[0-9a-f]{6}/);
  });

  it('masks a job whose SQL calls a function made since the last scan, as its run found, and refuses it once scanned', async () => {
    await admin.query(`CREATE FUNCTION customer_ssn(customer integer) RETURNS text STABLE LANGUAGE sql AS $$ SELECT ssn FROM ${SCHEMA}.people_a WHERE id = customer $$`);
    const configuration = { source_query: `SELECT id, reverse(customer_ssn(id)) AS note FROM ${SCHEMA}.people_a`, target_query: `SELECT id, amount::text AS note FROM ${SCHEMA}.people_b`, source_columns: ['note'], target_columns: ['note'] };
    const job = await run(t.key, configuration, [null, null]);
    expect(job.status, job.failure_reason).toBe('SUCCESS');
    expect(await seenBy(t.key, job.run_id)).toContain('9876-54-101');
    const masked = await seenBy(reader, job.run_id);
    expect(masked).not.toContain('9876-54-101');
    expect(masked).toMatch(/\*\*\* ·[0-9a-f]{6}/);

    expect((await t.request('POST', `/sources/${sourceId}/scan`)).status).toBe(200);
    const refused = await refusedToAuthorOnly(t, author, body(configuration, [null, null]));
    expect(refused.message).toMatch(/in source_query, it calls `customer_ssn`, a name the data source gives a function of its own \(`public\.customer_ssn`\)/);
  });

  it('shows a trusted key\'s renamed e-mail fully masked to a read key', async () => {
    const query = (table: string) => `SELECT id, replace(email, '@', ' at ') AS contact2 FROM ${SCHEMA}.${table}`;
    const job = await run(t.key, { source_query: query('people_a'), target_query: query('people_b'), source_columns: ['contact2'], target_columns: ['contact2'] }, [null, null]);
    expect(job.status).toBe('SUCCESS');
    const masked = await seenBy(reader, job.run_id);
    for (const value of ['person0 at example.org', 'person0-new at example.org']) expect(masked).not.toContain(value);
    expect(masked).toMatch(/\*\*\* ·[0-9a-f]{6}/);
    expect(await seenBy(t.key, job.run_id)).toContain('person0 at example.org');
  });

  it('masks a one-row difference by the catalog\'s marks and people\'s names', async () => {
    const job = await run(t.key, { source_columns: ['name', 'contact', 'ref', 'amount'], target_columns: ['name', 'contact', 'ref', 'amount'] });
    expect(job.status).toBe('SUCCESS');
    const masked = await seenBy(reader, job.run_id);
    for (const value of ['Ada Lovelace', 'Ada Byron', 'contact0@mail.example.com', 'changed0@mail.example.com', 'ref-open', 'ref-on-hold']) expect(masked).not.toContain(value);
    expect(masked).toContain('column `ref`');
    const trusted = await seenBy(t.key, job.run_id);
    for (const value of ['Ada Byron', 'changed0@mail.example.com', 'ref-on-hold']) expect(trusted).toContain(value);
  });

  it('shows an error quoting a value as its class and SQLSTATE only', async () => {
    const job = await run(t.key, { source_query: `SELECT id, ssn::int AS amount FROM ${SCHEMA}.people_a`, source_columns: ['amount'], target_columns: ['amount'] }, [null, `${SCHEMA}.people_b`]);
    expect(job.status).toBe('FAILURE');
    expect(job.failure_reason).toContain('101-45-6789'); // the trusted key sees the database's message
    const masked = await seenBy(reader, job.run_id);
    expect(masked).not.toContain('101-45-6789');
    expect(masked).toMatch(/rejected a query \(QueryError, SQLSTATE 22P02\)/);
  });

  it('masks a duplicated sensitive key in the reasons', async () => {
    const job = await run(t.key, { primary_keys_source: ['email'], primary_keys_target: ['email'], source_columns: ['amount'], target_columns: ['amount'] }, [`${SCHEMA}.dupes`, `${SCHEMA}.dupes`]);
    expect(job.status).toBe('SUCCESS');
    expect(JSON.stringify(job.result.diff_reasons)).toContain("Key (email) = 'alice@example.com' occurs twice");
    const masked = await seenBy(reader, job.run_id);
    expect(masked).not.toContain('alice@example.com');
    expect(masked).toContain('Key (email) = (masked) occurs twice in the source.');
  });

  it('never shows the planted values to the read key anywhere', async () => {
    const list = await t.request('GET', '/jobs/comparison?size=100', { key: reader });
    const ids = list.json.data.items.map((item: { job_id: number }) => item.job_id);
    const everything = (await Promise.all(ids.map((id: number) => seenBy(reader, id)))).join('\n');
    for (const value of PLANTED) expect(everything, value).not.toContain(value);
  });
});

describe.runIf(hasMysql)('MariaDB errors that carry values', () => {
  let t: TestServer;
  let admin: mysql.Connection;
  let sourceId: string;
  beforeAll(async () => {
    admin = await mysql.createConnection(TEST_DATABASE_URLS.mysql);
    await admin.query('DROP TABLE IF EXISTS dc_tenant_mask_people');
    await admin.query('CREATE TABLE dc_tenant_mask_people (id INT PRIMARY KEY, email VARCHAR(100), ssn VARCHAR(20), amount INT)');
    await admin.query("INSERT INTO dc_tenant_mask_people VALUES (1, 'alice@example.com', '123-45-6789', 1), (2, 'bob@example.com', '234-56-7890', 2)");
    t = await startTestServer();
    sourceId = c.dataSourceCreateResponseSchema.parse((await t.request('POST', '/sources', { body: { name: 'maria', type: 'mariadb', url: TEST_DATABASE_URLS.mysql } })).json).data.id;
  });
  afterAll(async () => {
    await admin?.query('DROP TABLE IF EXISTS dc_tenant_mask_people');
    await admin?.end();
    await t?.stop();
  });

  it('refuses the extractvalue read to a key without read:sensitive, and shows a trusted key\'s failure as its code only', async () => {
    const query = "SELECT id, extractvalue(1, concat('~', (SELECT group_concat(email, ssn) FROM dc_tenant_mask_people))) AS amount FROM dc_tenant_mask_people";
    const configuration = { source_query: query, primary_keys_source: ['id'], primary_keys_target: ['id'], source_columns: ['amount'], target_columns: ['amount'] };
    const request = { name: 'xpath', source_datasource_id: sourceId, target_datasource_id: sourceId, target_dataset_id: 'dc_tenant_mask_people', configuration };
    const author = (await t.newKey(['read', 'write:comparison', 'write:job'])).key;
    const refused = await t.request('POST', '/comparisons', { key: author, body: request });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.json.message).toMatch(/source_query reads `dc_tenant_mask_people\.email`/);

    const created = await t.request('POST', '/comparisons', { body: request });
    const job = await waitForJob(t, created.json.run_id);
    expect(job.status).toBe('FAILURE');
    expect(job.failure_reason).toContain('alice@example.com123-45-6789');
    const reader = (await t.newKey(['read'])).key;
    const seen = (await t.request('POST', '/jobs/comparison/details', { key: reader, body: [job.run_id] })).text + (await t.request('GET', '/jobs/comparison', { key: reader })).text;
    expect(seen).not.toMatch(/alice@example\.com|123-45-6789/);
    expect(seen).toMatch(/Data source \\"maria\\" rejected a query \(QueryError, ER_[A-Z_]+\)/);
  });
});

/** 12 customers with e-mails and Luhn-valid card numbers; the `_b` table differs in one row. */
const CUSTOMERS = Array.from({ length: 12 }, (_, i) => [i + 1, `buyer${i}@example.org`, '4111111111111111', i * 5] as const);
function customersSql(table: string, changed: boolean): string {
  return `INSERT INTO ${table} (id, email, card_number, amount) VALUES ${CUSTOMERS.map(([id, email, card, amount]) => `(${id}, '${changed && id === 1 ? 'buyer0-new@example.org' : email}', '${card}', ${amount})`).join(', ')}`;
}

describe.runIf(hasMysql)('masking that follows what the SQL reads (MariaDB)', () => {
  const DB = runScoped('dc_tenant_mask');
  const url = Object.assign(new URL(TEST_DATABASE_URLS.mysql), { pathname: `/${DB}` }).toString();
  let t: TestServer;
  let sourceId: string;
  let author: string;
  let reader: string;
  beforeAll(async () => {
    // A database of its own: its catalog lists these tables alone, whatever else the shared one holds.
    const statements = [`DROP DATABASE IF EXISTS ${DB}`, `CREATE DATABASE ${DB}`];
    for (const table of ['customers', 'customers_b']) statements.push(`CREATE TABLE ${DB}.${table} (id INT PRIMARY KEY, email VARCHAR(100), card_number VARCHAR(20), amount INT)`, customersSql(`${DB}.${table}`, table === 'customers_b'));
    // A stored function of the data source's own, before the scan.
    statements.push(`CREATE FUNCTION ${DB}.customer_email(customer INT) RETURNS VARCHAR(100) READS SQL DATA RETURN (SELECT email FROM ${DB}.customers WHERE id = customer)`);
    // Views whose columns no name or value marks, over e-mails (renamed, through a view, by that function), and one over amounts alone.
    for (const [view, table] of [['contacts', 'customers'], ['contacts_b', 'customers_b']]) statements.push(`CREATE VIEW ${DB}.${view} AS SELECT id, REPLACE(email, '@', ' at ') AS handle, amount FROM ${DB}.${table}`);
    statements.push(
      `CREATE VIEW ${DB}.handles AS SELECT id, handle FROM ${DB}.contacts`,
      `CREATE VIEW ${DB}.emails_by_id AS SELECT id, ${DB}.customer_email(id) AS note FROM ${DB}.customers_b`,
      `CREATE VIEW ${DB}.amounts AS SELECT id, amount FROM ${DB}.customers WHERE amount >= 0`,
    );
    await adminRun({ type: 'mysql', url: TEST_DATABASE_URLS.mysql }, statements);
    t = await startTestServer();
    author = (await t.newKey(['read', 'write:comparison', 'write:job'])).key;
    reader = (await t.newKey(['read'])).key;
    sourceId = c.dataSourceCreateResponseSchema.parse((await t.request('POST', '/sources', { body: { name: 'maria', type: 'mariadb', url } })).json).data.id;
  });
  afterAll(async () => {
    await t?.stop();
    await adminRun({ type: 'mysql', url: TEST_DATABASE_URLS.mysql }, [`DROP DATABASE IF EXISTS ${DB}`]);
  });
  const body = (configuration: Record<string, unknown>, target = 'customers_b') => ({
    name: `m-${Math.random().toString(36).slice(2, 8)}`,
    source_datasource_id: sourceId,
    target_datasource_id: sourceId,
    ...(configuration.source_query ? {} : { source_dataset_id: 'customers' }),
    target_dataset_id: target,
    configuration: { primary_keys_source: ['id'], primary_keys_target: ['id'], source_columns: ['amount'], target_columns: ['amount'], ...configuration },
  });

  /** Runs the comparison as the trusted key: its diff shows `shown` to that key, and no ` at example.org` to the read key. */
  const shownOnlyToTrustedKey = async (request: Record<string, unknown>, shown: string) => {
    const created = await t.request('POST', '/comparisons', { body: request });
    expect(created.status, created.text).toBe(201);
    const job = await waitForJob(t, created.json.run_id);
    expect(job.status, job.failure_reason).toBe('SUCCESS');
    const seen = async (key: string) => (await t.request('GET', `/jobs/comparison/${job.run_id}/diff-details`, { key })).text;
    expect(await seen(t.key)).toContain(shown);
    const masked = await seen(reader);
    expect(masked).not.toContain(' at example.org');
    expect(masked).toMatch(/\*\*\* ·[0-9a-f]{6}/);
  };

  it('refuses `*` behind any modifier, ANSI_QUOTES names and conditions on sensitive columns to a key without read:sensitive', async () => {
    for (const configuration of [
      { source_query: 'WITH s(a, b, c, d) AS (SELECT SQL_SMALL_RESULT * FROM customers) SELECT a AS id, d AS amount FROM s' },
      { source_query: 'SELECT SQL_BUFFER_RESULT * FROM customers' },
      { source_query: 'SELECT SQL_NO_CACHE x.id, x.amount FROM (SELECT SQL_CALC_FOUND_ROWS c.* FROM customers c) AS x' },
      { source_query: 'SELECT id, amount FROM customers WHERE "card_number" LIKE \'4111%\'' },
      { source_query: "SELECT id, amount FROM customers WHERE id IN (SELECT id FROM customers_b WHERE email LIKE 'buyer7@%')" },
      { source_filter: "email LIKE 'buyer7@%'" },
    ]) {
      const refused = await refusedToAuthorOnly(t, author, body(configuration));
      expect(refused.code).toBe('sensitive_columns');
      expect(refused.message).toMatch(/source_(query|filter) reads `customers(_b)?\.(email|card_number)`/);
    }
  });

  it('refuses a call of a stored function of the data source\'s own to such a key, and masks a job calling one made since the scan', async () => {
    for (const configuration of [{ source_query: 'SELECT id, customer_email(id) AS amount FROM customers' }, { source_filter: "`customer_email`(id) LIKE 'buyer7@%'" }]) {
      const refused = await refusedToAuthorOnly(t, author, body(configuration));
      expect(refused.code).toBe('unproven_reads');
      expect(refused.message).toMatch(new RegExp(`in source_(query|filter), it calls \`customer_email\`, a name the data source gives a function of its own \\(\`${DB}\\.customer_email\`\\)`));
    }

    await adminRun({ type: 'mysql', url: TEST_DATABASE_URLS.mysql }, [`CREATE FUNCTION ${DB}.contact_of(customer INT) RETURNS VARCHAR(100) READS SQL DATA RETURN (SELECT email FROM ${DB}.customers WHERE id = customer)`]);
    const { source_dataset_id: _, target_dataset_id: __, ...queries } = body({
      source_query: "SELECT id, REPLACE(contact_of(id), '@', ' at ') AS note FROM customers",
      target_query: 'SELECT id, CAST(amount AS CHAR) AS note FROM customers_b',
      source_columns: ['note'],
      target_columns: ['note'],
    });
    await shownOnlyToTrustedKey(queries, 'buyer3 at example.org');
  });

  it('reads a view as every column under it: refused to such a key when one is sensitive, whatever the view calls it', async () => {
    for (const [configuration, read] of [
      [{ source_query: 'SELECT id, handle AS amount FROM contacts' }, /source_query reads `customers\.email` through the view `contacts`/],
      [{ source_query: 'SELECT id, handle AS amount FROM handles' }, /source_query reads `customers\.email` through the view `handles`/],
      [{ source_query: "SELECT id, amount FROM customers WHERE id IN (SELECT id FROM handles WHERE handle LIKE 'buyer7 at %')" }, /source_query reads `customers\.email` through the view `handles`/],
      [{ source_filter: "handle LIKE 'buyer7 at %'", source_dataset_id: 'contacts' }, /source_filter reads `customers\.email` through the view `contacts`/],
    ] as const) {
      const { source_dataset_id, ...rest } = configuration as Record<string, string>;
      const request = { ...body(rest), ...(source_dataset_id ? { source_dataset_id } : {}) };
      const refused = await refusedToAuthorOnly(t, author, request);
      expect(refused.code).toBe('sensitive_columns');
      expect(refused.message).toMatch(read);
    }
    const byFunction = await refusedToAuthorOnly(t, author, body({ source_query: 'SELECT id, note AS amount FROM emails_by_id' }));
    expect(byFunction.code).toBe('unproven_reads');
    expect(byFunction.message).toMatch(new RegExp(`in source_query, it reads \`emails_by_id\`, a view: it calls \`${DB}\\.customer_email\`, a function of the data source's own`));
  });

  it('masks the column of a view compared as a dataset that is computed from an e-mail', async () => {
    const { configuration } = body({ source_columns: ['handle', 'amount'], target_columns: ['handle', 'amount'] });
    await shownOnlyToTrustedKey({ ...body({}), source_dataset_id: 'contacts', target_dataset_id: 'contacts_b', configuration }, 'buyer0-new at example.org');
  });

  it('still runs SQL that reads no sensitive column for such a key', async () => {
    for (const configuration of [
      { source_query: 'SELECT c.id, c.amount FROM customers c JOIN customers_b b ON c.id = b.id ORDER BY c.id DESC' },
      { source_query: 'SELECT id, ROUND(COALESCE(amount, 0) * 1.0, 0) AS amount FROM customers WHERE LOWER(CONCAT(amount, \'\')) <> \'\' AND (SELECT COUNT(*) FROM customers_b) > 0' },
      { source_filter: 'amount >= 10 AND b.id IN (SELECT id FROM customers_b)' },
      { source_query: 'SELECT a.id, a.amount FROM amounts a WHERE a.amount >= 10' },
    ]) {
      const created = await t.request('POST', '/comparisons', { key: author, body: body(configuration) });
      expect(created.status, created.text).toBe(201);
      expect((await waitForJob(t, created.json.run_id)).status).toBe('SUCCESS');
    }
  });
});

describe('masking that follows what SQLite reads, as SQLite compiles it', () => {
  let t: TestServer;
  let sourceId: string;
  let author: string;
  let reader: string;
  beforeAll(async () => {
    const file = path.join(tempDir('masking'), 'shop.db');
    const statements = [];
    for (const table of ['customers', 'customers_b']) statements.push(`CREATE TABLE ${table} (id INTEGER PRIMARY KEY, email TEXT, card_number TEXT, amount INTEGER)`, customersSql(table, table === 'customers_b'));
    // Views whose column no name or value marks: hex of the e-mail.
    for (const [view, table] of [['contacts', 'customers'], ['contacts_b', 'customers_b']]) statements.push(`CREATE VIEW ${view} AS SELECT id, hex(email) AS handle, amount FROM ${table}`);
    await adminRun({ type: 'sqlite', path: file }, statements);
    t = await startTestServer();
    author = (await t.newKey(['read', 'write:comparison', 'write:job'])).key;
    reader = (await t.newKey(['read'])).key;
    sourceId = c.dataSourceCreateResponseSchema.parse((await t.request('POST', '/sources', { body: { name: 'shop', type: 'sqlite', path: file } })).json).data.id;
  });
  afterAll(async () => {
    await t?.stop();
  });
  const body = (configuration: Record<string, unknown>) => ({
    name: `s-${Math.random().toString(36).slice(2, 8)}`,
    source_datasource_id: sourceId,
    target_datasource_id: sourceId,
    ...(configuration.source_query ? {} : { source_dataset_id: 'contacts' }),
    target_dataset_id: 'customers_b',
    configuration: { primary_keys_source: ['id'], primary_keys_target: ['id'], source_columns: ['amount'], target_columns: ['amount'], ...configuration },
  });

  it('reads a view as the columns under it, and refuses them to a key without read:sensitive', async () => {
    for (const configuration of [
      { source_query: 'SELECT id, handle AS amount FROM contacts' },
      { source_query: "SELECT id, amount FROM customers WHERE id IN (SELECT id FROM contacts WHERE handle LIKE '6275%')" },
      { source_filter: "handle LIKE '6275%'" },
      { source_query: 'WITH s(a, b, c, d) AS (SELECT DISTINCT * FROM customers) SELECT a AS id, d AS amount FROM s' },
    ]) {
      const refused = await refusedToAuthorOnly(t, author, body(configuration));
      expect(refused.message).toMatch(/source_(query|filter) reads `customers\.email`/);
    }
  });

  it('masks the column of a view compared as a dataset that SQLite says is computed from an e-mail', async () => {
    const hex = (text: string) => Buffer.from(text).toString('hex').toUpperCase();
    const configuration = { primary_keys_source: ['id'], primary_keys_target: ['id'], source_columns: ['handle', 'amount'], target_columns: ['handle', 'amount'] };
    const created = await t.request('POST', '/comparisons', { body: { name: 'views', source_datasource_id: sourceId, target_datasource_id: sourceId, source_dataset_id: 'contacts', target_dataset_id: 'contacts_b', configuration } });
    expect(created.status, created.text).toBe(201);
    const job = await waitForJob(t, created.json.run_id);
    expect(job.status, job.failure_reason).toBe('SUCCESS');
    const seen = async (key: string) => (await t.request('GET', `/jobs/comparison/${job.run_id}/diff-details`, { key })).text;
    expect(await seen(t.key)).toContain(hex('buyer0-new@example.org'));
    const masked = await seen(reader);
    for (const value of ['buyer0@example.org', 'buyer0-new@example.org']) expect(masked).not.toContain(hex(value));
    expect(masked).toMatch(/\*\*\* ·[0-9a-f]{6}/);
  });

  it('still runs SQL that reads no sensitive column, and refuses what SQLite will not compile', async () => {
    const created = await t.request('POST', '/comparisons', { key: author, body: body({ source_query: 'SELECT c.id, c.amount FROM customers c JOIN customers_b b ON b.id = c.id' }) });
    expect(created.status, created.text).toBe(201);
    expect((await waitForJob(t, created.json.run_id)).status).toBe('SUCCESS');
    const unproven = await t.request('POST', '/comparisons?create_only=true', { key: author, body: body({ source_query: 'SELECT id, amount FROM customers WHERE emial IS NULL' }) });
    expect(unproven.status).toBe(403);
    expect(unproven.json.message).toMatchInlineSnapshot(`"The service cannot prove which columns this comparison's SQL reads: in source_query, SQLite does not compile it (no such column: emial). A key without the scope read:sensitive may only run SQL whose every read is known, so that no sensitive value escapes masking. Compare the table as a dataset (its sensitive columns are masked in results), or use a key with read:sensitive."`);
  });
});
