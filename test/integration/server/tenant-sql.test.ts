/**
 * Issue #32's SQL attacks against a real service and real databases: PostgreSQL SQL is checked on
 * its parse tree (unicode-escaped names, SQL hidden in strings, signals), user functions by their
 * volatility, and data sources whose role can do more than read are refused unless the operator
 * allows them, with the statements that fix the role.
 */
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as c from '../../../src/api/contract.js';
import { databaseAvailable, TEST_DATABASE_URLS, runScoped } from '../../helpers/databases.js';
import { comparisonBody, startTestServer, waitForJob, type TestServer } from './harness.js';

const SCHEMA = 'dc_tenant_sql';
const READER = runScoped('dc_tenant_sql_reader');
/** The MariaDB database the tests' URL names (the run's own). */
const MY_DB = decodeURIComponent(new URL(TEST_DATABASE_URLS.mysql).pathname.slice(1));
const hasPostgres = await databaseAvailable('postgres');
const hasMysql = await databaseAvailable('mysql');

function withUser(url: string, user: string, password: string): string {
  const parsed = new URL(url);
  parsed.username = user;
  parsed.password = password;
  return parsed.toString();
}

describe.runIf(hasPostgres)('PostgreSQL SQL from a comparison-only key (issue #32)', () => {
  let t: TestServer;
  let key: string;
  let sourceId: string;
  let admin: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE; CREATE SCHEMA ${SCHEMA}`);
    await admin.query(`CREATE TABLE ${SCHEMA}.orders (id INTEGER PRIMARY KEY, amount NUMERIC, status TEXT); INSERT INTO ${SCHEMA}.orders VALUES (1, 10, 'a'), (2, 20, 'b')`);
    // a function that reads the server's files, declared with the default volatility
    await admin.query(`CREATE FUNCTION ${SCHEMA}.innocent(p text) RETURNS text LANGUAGE sql AS $$ SELECT pg_read_file(p) $$`);
    t = await startTestServer();
    key = (await t.newKey(['read', 'write:comparison', 'write:job'])).key;
    const created = await t.request('POST', '/sources', { body: { name: 'pg', type: 'postgres', url: TEST_DATABASE_URLS.postgres } });
    sourceId = c.dataSourceCreateResponseSchema.parse(created.json).data.id;
  });
  afterAll(async () => {
    await admin?.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    await admin?.end();
    await t?.stop();
  });

  const create = (configuration: Record<string, unknown>, dataset: string | null = `${SCHEMA}.orders`, by = key) => {
    const body = comparisonBody(sourceId, sourceId, { source_dataset_id: dataset ?? undefined, target_dataset_id: `${SCHEMA}.orders` });
    return t.request('POST', '/comparisons', { key: by, body: { ...body, configuration: { ...(body.configuration as object), ...configuration } } });
  };

  it.each([
    ['source_query', `SELECT 1 AS id, U&"pg\\005fread\\005ffile"('/etc/passwd') AS amount, 'x' AS status`, /calls `pg_read_file\(\)`, which reads the server's files/],
    ['source_query', `SELECT 1 AS id, count(*) AS amount, 'x' AS status FROM ts_stat('SELECT to_tsvector(status) FROM ${SCHEMA}.orders')`, /calls `ts_stat\(\)`, which runs SQL .* in a string/],
    ['source_filter', `U&"pg\\005fterminate\\005fbackend"(pg_backend_pid()) IS NOT NULL`, /calls `pg_terminate_backend\(\)`, which signals other sessions/],
    ['source_filter', `id IN (SELECT id FROM ${SCHEMA}.orders FOR UPDATE)`, /uses `UPDATE`|FOR UPDATE/],
  ])('%s %s → 422 naming the function, nothing stored', async (field, sql, expected) => {
    const answer = await create({ [field]: sql }, field === 'source_query' ? null : `${SCHEMA}.orders`);
    expect(answer.status, answer.text).toBe(422);
    expect(answer.json.detail[0].loc).toEqual(['body', 'configuration', field]);
    expect(answer.json.detail[0].msg).toMatch(expected);
    const listed = await t.request('GET', '/comparisons', { key });
    expect(listed.json.data.items).toHaveLength(0);
  });

  it('fails a job whose query calls a volatile user function, naming it and the fix', async () => {
    const configuration = { source_query: `SELECT id, ${SCHEMA}.innocent('/etc/passwd') AS amount, status FROM ${SCHEMA}.orders` };
    // a key without read:sensitive may not call a function of the database's own at all (what it reads is unseen)
    const refused = await create(configuration, null);
    expect(refused.status, refused.text).toBe(403);
    expect(refused.json.code).toBe('unproven_reads');
    const answer = await create(configuration, null, t.key);
    expect(answer.status, answer.text).toBe(201);
    const job = await waitForJob(t, answer.json.run_id);
    expect(job.status).toBe('FAILURE');
    expect(job.failure_reason).toMatch(/calls `innocent\(\)`, which PostgreSQL marks VOLATILE.*ALTER FUNCTION innocent STABLE/);
    expect(job.failure_reason).not.toMatch(/root:/);
  });
});

describe.runIf(hasMysql)('MariaDB SQL from a comparison-only key (issue #32)', () => {
  const TABLE = 'dc_tenant_sql_orders';
  let t: TestServer;
  let key: string;
  let sourceId: string;
  let admin: mysql.Connection;

  beforeAll(async () => {
    admin = await mysql.createConnection(TEST_DATABASE_URLS.mysql);
    await admin.query(`DROP TABLE IF EXISTS ${TABLE}`);
    await admin.query(`CREATE TABLE ${TABLE} (id INT PRIMARY KEY, amount DECIMAL(10,2), status VARCHAR(10))`);
    await admin.query(`INSERT INTO ${TABLE} VALUES (1, 10, 'a'), (2, 20, 'b')`);
    t = await startTestServer();
    key = (await t.newKey(['read', 'write:comparison', 'write:job'])).key;
    const created = await t.request('POST', '/sources', { body: { name: 'maria', type: 'mariadb', url: TEST_DATABASE_URLS.mysql } });
    sourceId = c.dataSourceCreateResponseSchema.parse(created.json).data.id;
  });
  afterAll(async () => {
    await admin?.query(`DROP TABLE IF EXISTS ${TABLE}`);
    await admin?.end();
    await t?.stop();
  });

  const create = (configuration: Record<string, unknown>, dataset: string | null = TABLE) => {
    const body = comparisonBody(sourceId, sourceId, { source_dataset_id: dataset ?? undefined, target_dataset_id: TABLE });
    return t.request('POST', '/comparisons', { key, body: { ...body, configuration: { ...(body.configuration as object), ...configuration } } });
  };

  it.each([
    ['source_filter', "id > 0 /*!50000 AND load_file('/etc/passwd') IS NOT NULL */", /executable comment \(`\/\*!` at character 8\)/],
    ['source_query', `SELECT id, \`LOAD_FILE\`('/etc/passwd') AS amount, status FROM ${TABLE}`, /calls `load_file\(\)`, which reads the server's files/],
    ['source_query', `SELECT id, load_file(concat('/etc', '/', 'passwd')) AS amount, status FROM ${TABLE}`, /calls `load_file\(\)`/],
    ['source_filter', "`GET_LOCK`('dc', 10) = 1", /calls `get_lock\(\)`/],
    ['source_query', `SELECT id, amount, status FROM ${TABLE} INTO OUTFILE '/tmp/dc-tenant-sql'`, /SELECT … INTO OUTFILE/],
    ['source_query', `SELECT id, amount, status FROM ${TABLE} LOCK IN SHARE MODE`, /uses LOCK IN SHARE MODE: a locking read/],
    ['source_filter', 'amount <=> NULL', /cannot parse \(at character 10: `> NULL`\)/],
  ])('%s %s → 422 naming the construct, nothing stored', async (field, sql, expected) => {
    const answer = await create({ [field]: sql }, field === 'source_query' ? null : TABLE);
    expect(answer.status, answer.text).toBe(422);
    expect(answer.json.detail[0].loc).toEqual(['body', 'configuration', field]);
    expect(answer.json.detail[0].msg).toMatch(expected);
    const listed = await t.request('GET', '/comparisons', { key });
    expect(listed.json.data.items).toHaveLength(0);
  });

  it('runs an ordinary query and filter that the parser reads', async () => {
    const answer = await create({ source_query: `SELECT \`id\`, amount * 1 AS amount, \`status\` FROM ${TABLE} WHERE status IN ('a', 'b')`, target_filter: "`status` <> 'zz' AND amount BETWEEN 0 AND 100" }, null);
    expect(answer.status, answer.text).toBe(201);
    const job = await waitForJob(t, answer.json.run_id);
    expect(job.status, job.failure_reason).toBe('SUCCESS');
  });
});

describe.runIf(hasPostgres)('privileged PostgreSQL data sources', () => {
  let t: TestServer;
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
    await admin.connect();
    await admin.query(`DROP ROLE IF EXISTS ${READER}; CREATE ROLE ${READER} LOGIN PASSWORD 'reader-pw'`);
    t = await startTestServer({ allowPrivilegedSources: false });
  });
  afterAll(async () => {
    await t?.stop();
    await admin?.query(`DROP ROLE IF EXISTS ${READER}`);
    await admin?.end();
  });

  it('refuses a superuser with the statement that fixes it, and takes a role that only reads', async () => {
    const refused = await t.request('POST', '/sources', { body: { name: 'pg-admin', type: 'postgres', url: TEST_DATABASE_URLS.postgres } });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.json.code).toBe('privileged_datasource');
    expect(refused.json.message).toMatch(/connects as postgres, which holds superuser.*CREATE ROLE datacompare_reader LOGIN .*GRANT USAGE ON SCHEMA "public" TO datacompare_reader;.*--allow-privileged-sources/);
    expect(refused.json.message).not.toMatch(/ALTER ROLE|NOSUPERUSER|REVOKE/);
    const listed = await t.request('GET', '/sources');
    expect(listed.json.data.items).toHaveLength(0);

    await admin.query(`GRANT pg_read_server_files, pg_signal_backend TO ${READER}`);
    const memberOf = await t.request('POST', '/sources', { body: { name: 'pg-files', type: 'postgres', url: withUser(TEST_DATABASE_URLS.postgres, READER, 'reader-pw') } });
    expect(memberOf.status, memberOf.text).toBe(403);
    expect(memberOf.json.message).toMatch(/holds pg_read_server_files, pg_signal_backend.*CREATE ROLE datacompare_reader LOGIN /);
    expect(memberOf.json.message).not.toContain('REVOKE');

    await admin.query(`REVOKE pg_read_server_files, pg_signal_backend FROM ${READER}`);
    const reader = await t.request('POST', '/sources', { body: { name: 'pg-reader', type: 'postgres', url: withUser(TEST_DATABASE_URLS.postgres, READER, 'reader-pw') } });
    expect(reader.status, reader.text).toBe(201);
  });
});

describe.runIf(hasMysql)('privileged MariaDB data sources', () => {
  let t: TestServer;
  let admin: mysql.Connection;
  beforeAll(async () => {
    admin = await mysql.createConnection(TEST_DATABASE_URLS.mysql);
    await admin.query(`DROP USER IF EXISTS '${READER}'@'%'`);
    await admin.query(`CREATE USER '${READER}'@'%' IDENTIFIED BY 'reader-pw'`);
    await admin.query(`GRANT SELECT ON \`${MY_DB}\`.* TO '${READER}'@'%'`);
    t = await startTestServer({ allowPrivilegedSources: false });
  });
  afterAll(async () => {
    await t?.stop();
    await admin?.query(`DROP USER IF EXISTS '${READER}'@'%'`);
    await admin?.query(`DROP ROLE IF EXISTS ${READER}_role`);
    await admin?.end();
  });

  it('refuses an account with FILE or write grants, and takes one that only reads', async () => {
    const root = await t.request('POST', '/sources', { body: { name: 'maria-root', type: 'mariadb', url: TEST_DATABASE_URLS.mysql } });
    expect(root.status, root.text).toBe(403);
    expect(root.json.message).toMatch(new RegExp(`holds ALL PRIVILEGES.*CREATE USER 'datacompare_reader'@'%' IDENTIFIED BY '…'; GRANT SELECT, SHOW VIEW ON \`${MY_DB}\`\\.\\* TO 'datacompare_reader'@'%';`));
    expect(root.json.message).not.toMatch(/REVOKE/);
    const readerUrl = withUser(TEST_DATABASE_URLS.mysql, READER, 'reader-pw');
    await admin.query(`GRANT FILE ON *.* TO '${READER}'@'%'`);
    await admin.query(`GRANT INSERT ON \`${MY_DB}\`.* TO '${READER}'@'%'`);
    const files = await t.request('POST', '/sources', { body: { name: 'maria-files', type: 'mariadb', url: readerUrl } });
    expect(files.status, files.text).toBe(403);
    expect(files.json.message).toMatch(/holds FILE, INSERT.*CREATE USER 'datacompare_reader'/);
    await admin.query(`REVOKE FILE ON *.* FROM '${READER}'@'%'`);
    await admin.query(`REVOKE INSERT ON \`${MY_DB}\`.* FROM '${READER}'@'%'`);
    // a FILE privilege held through the account's default role
    await admin.query(`DROP ROLE IF EXISTS ${READER}_role`);
    await admin.query(`CREATE ROLE ${READER}_role`);
    await admin.query(`GRANT FILE ON *.* TO ${READER}_role`);
    await admin.query(`GRANT ${READER}_role TO '${READER}'@'%'`);
    await admin.query(`SET DEFAULT ROLE ${READER}_role FOR '${READER}'@'%'`);
    const viaRole = await t.request('POST', '/sources', { body: { name: 'maria-role', type: 'mariadb', url: readerUrl } });
    expect(viaRole.status, viaRole.text).toBe(403);
    expect(viaRole.json.message).toMatch(/holds FILE.*CREATE USER 'datacompare_reader'/);
    await admin.query(`DROP ROLE ${READER}_role`);
    const reader = await t.request('POST', '/sources', { body: { name: 'maria-reader', type: 'mariadb', url: readerUrl } });
    expect(reader.status, reader.text).toBe(201);
  });
});
