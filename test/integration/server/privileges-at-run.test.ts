/**
 * Issue #32: a data source's role is checked again when a job runs, not only when the source is
 * created. A PostgreSQL role granted pg_read_server_files after its source was accepted fails its
 * next job with the same refusal as at creation; revoked, the next job runs. With
 * --allow-privileged-sources the job runs whatever the role holds.
 */
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as c from '../../../src/api/contract.js';
import { databaseAvailable, TEST_DATABASE_URLS, runScoped } from '../../helpers/databases.js';
import { comparisonBody, startTestServer, waitForJob, type TestServer } from './harness.js';

const SCHEMA = 'dc_priv_at_run';
const READER = runScoped('dc_priv_at_run_reader');
const READER_URL = (() => {
  const url = new URL(TEST_DATABASE_URLS.postgres);
  url.username = READER;
  url.password = 'reader-pw';
  return url.toString();
})();
const hasPostgres = await databaseAvailable('postgres');
const hasMysql = await databaseAvailable('mysql');
/** The MariaDB database the tests' URL names (the run's own). */
const MY_DB = decodeURIComponent(new URL(TEST_DATABASE_URLS.mysql).pathname.slice(1));
const MY_TABLE = 'dc_priv_at_run_orders';

function withUser(url: string, user: string, password: string): string {
  const parsed = new URL(url);
  parsed.username = user;
  parsed.password = password;
  return parsed.toString();
}

/** A comparison of `dataset` with itself on a new data source at `url`, and a function running it to its end. */
async function comparisonOn(t: TestServer, type: string, url: string, dataset: string): Promise<() => Promise<{ status: string; failure_reason: string | null }>> {
  const source = await t.request('POST', '/sources', { body: { name: `${type}-reader`, type, url } });
  expect(source.status, source.text).toBe(201);
  const sourceId = c.dataSourceCreateResponseSchema.parse(source.json).data.id;
  const created = await t.request('POST', '/comparisons?create_only=true', { body: comparisonBody(sourceId, sourceId, { source_dataset_id: dataset, target_dataset_id: dataset }) });
  expect(created.status, created.text).toBe(201);
  const comparisonId = created.json.data.id as string;
  return async () => {
    const answer = await t.request('POST', `/comparisons/${comparisonId}/execute`);
    expect(answer.status, answer.text).toBe(200);
    return waitForJob(t, c.executeResponseSchema.parse(answer.json).run_id);
  };
}

describe.runIf(hasPostgres)('privileges re-checked when a job runs (PostgreSQL)', () => {
  let admin: pg.Client;
  const servers: TestServer[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE; CREATE SCHEMA ${SCHEMA}`);
    await admin.query(`CREATE TABLE ${SCHEMA}.orders (id int PRIMARY KEY, amount numeric(10,2), status text); INSERT INTO ${SCHEMA}.orders VALUES (1, 10, 'a'), (2, 20, 'b')`);
    await admin.query(`DROP ROLE IF EXISTS ${READER}; CREATE ROLE ${READER} LOGIN PASSWORD 'reader-pw'`);
    await admin.query(`GRANT USAGE ON SCHEMA ${SCHEMA} TO ${READER}; GRANT SELECT ON ALL TABLES IN SCHEMA ${SCHEMA} TO ${READER}`);
  });
  afterAll(async () => {
    for (const t of servers) await t.stop();
    await admin?.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    await admin?.query(`DROP ROLE IF EXISTS ${READER}`);
    await admin?.end();
  });

  /** A server, the reader's data source (accepted: the role only reads now) and a comparison on it. */
  async function setUp(allowPrivilegedSources: boolean) {
    const t = await startTestServer({ allowPrivilegedSources });
    servers.push(t);
    return { t, run: await comparisonOn(t, 'postgres', READER_URL, `${SCHEMA}.orders`) };
  }

  it('fails the next job of a source whose role was granted pg_read_server_files, and runs it again once revoked', async () => {
    const { run } = await setUp(false);
    expect((await run()).status).toBe('SUCCESS');

    await admin.query(`GRANT pg_read_server_files TO ${READER}`);
    try {
      const refused = await run();
      expect(refused.status).toBe('FAILURE');
      expect(refused.failure_reason).toMatch(new RegExp(`connects as ${READER}, which holds pg_read_server_files.*CREATE ROLE datacompare_reader LOGIN .*--allow-privileged-sources`));
      expect(refused.failure_reason).not.toMatch(/REVOKE|ALTER ROLE/);
      expect(refused.failure_reason).not.toContain('reader-pw');
    } finally {
      await admin.query(`REVOKE pg_read_server_files FROM ${READER}`);
    }
    expect((await run()).status).toBe('SUCCESS');
  });

  it('runs it anyway when the operator allows privileged sources', async () => {
    const { run } = await setUp(true);
    await admin.query(`GRANT pg_read_server_files TO ${READER}`);
    try {
      expect((await run()).status).toBe('SUCCESS');
    } finally {
      await admin.query(`REVOKE pg_read_server_files FROM ${READER}`);
    }
  });
});

describe.runIf(hasMysql)('privileges re-checked when a job runs (MariaDB)', () => {
  let admin: mysql.Connection;
  let t: TestServer;

  beforeAll(async () => {
    admin = await mysql.createConnection(TEST_DATABASE_URLS.mysql);
    await admin.query(`DROP TABLE IF EXISTS ${MY_TABLE}`);
    await admin.query(`CREATE TABLE ${MY_TABLE} (id INT PRIMARY KEY, amount DECIMAL(10,2), status VARCHAR(10))`);
    await admin.query(`INSERT INTO ${MY_TABLE} VALUES (1, 10, 'a'), (2, 20, 'b')`);
    await admin.query(`DROP USER IF EXISTS '${READER}'@'%'`);
    await admin.query(`CREATE USER '${READER}'@'%' IDENTIFIED BY 'reader-pw'`);
    await admin.query(`GRANT SELECT ON \`${MY_DB}\`.* TO '${READER}'@'%'`);
    t = await startTestServer({ allowPrivilegedSources: false });
  });
  afterAll(async () => {
    await t?.stop();
    await admin?.query(`DROP USER IF EXISTS '${READER}'@'%'`);
    await admin?.query(`DROP TABLE IF EXISTS ${MY_TABLE}`);
    await admin?.end();
  });

  it('fails the next job of an account granted FILE after its source was created, and runs it once revoked', async () => {
    const run = await comparisonOn(t, 'mariadb', withUser(TEST_DATABASE_URLS.mysql, READER, 'reader-pw'), MY_TABLE);
    expect((await run()).status).toBe('SUCCESS');
    await admin.query(`GRANT FILE ON *.* TO '${READER}'@'%'`);
    try {
      const refused = await run();
      expect(refused.status).toBe('FAILURE');
      expect(refused.failure_reason).toMatch(/holds FILE.*CREATE USER 'datacompare_reader'@'%'.*--allow-privileged-sources/);
      expect(refused.failure_reason).not.toContain('REVOKE');
    } finally {
      await admin.query(`REVOKE FILE ON *.* FROM '${READER}'@'%'`);
    }
    expect((await run()).status).toBe('SUCCESS');
  });
});
