/**
 * Issue #43, finding 1: the service's own store is judged by where a connection goes, not by how a
 * tenant spells it. The store here is a PostgreSQL database of its own, as an operator runs it
 * (`--database-url postgres://store_role@127.0.0.1:5432/store`). Every spelling of its host is refused
 * before connecting (also under `--allow-host 127.0.0.1/32`); a role that can read the store's schema is
 * refused after connecting, whatever the URL, when the source is created, and on every session a scan or
 * a job opens (an endpoint that sends the checker elsewhere cannot pass); another database of the same
 * server stays a normal data source. A SQLite store is recognised by file
 * identity, so a hard link of it is refused too.
 */
import { linkSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as c from '../../../src/api/contract.js';
import { databaseAvailable, runScoped, TEST_DATABASE_URLS } from '../../helpers/databases.js';
import { startTcpRelay, switchPostgresDatabase } from '../../helpers/tcp-relay.js';
import { comparisonBody, sqliteOrders, startTestServer, tempDir, waitForJob, type TestServer } from './harness.js';

const hasPostgres = await databaseAvailable('postgres');

const STORE_DB = runScoped('dc_store_reach');
const STORE_ROLE = runScoped('dc_store_reach_owner');
/** A role granted the store's schema: what a tenant needs to read the store once connected there. */
const PEEKER = runScoped('dc_store_reach_peeker');
/** A role reading only the tenant's own data, in the run's database. */
const READER = runScoped('dc_store_reach_reader');
const DATA = 'dc_store_reach_data';
/** The store's schema; the run's database gets a look-alike of its key table (what an endpoint answering the checker would show). */
const STORE_SCHEMA = 'dc_store_reach_state';

/** TEST_DATABASE_URLS.postgres with another user, host or database (no password: the test server trusts). */
function urlWith(parts: { user?: string; host?: string; database?: string }): string {
  const url = new URL(TEST_DATABASE_URLS.postgres);
  if (parts.user) url.username = parts.user;
  if (parts.host) url.hostname = parts.host;
  if (parts.database) url.pathname = `/${parts.database}`;
  return url.href;
}

/** The run database's name (another database of the same server as the store). */
const RUN_DB = decodeURIComponent(new URL(TEST_DATABASE_URLS.postgres).pathname.slice(1));
const STORE_URL = urlWith({ user: STORE_ROLE, host: '127.0.0.1', database: STORE_DB });

/** Other spellings of 127.0.0.1, the store's host: short, decimal, hex, unspecified, mapped IPv6, names of this machine. */
const SPELLINGS = ['127.1', '2130706433', '0x7f.0.0.1', '0.0.0.0', '[::ffff:127.0.0.1]', 'localhost', os.hostname()];

async function admin<T>(database: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlWith({ database }) });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const create = (t: TestServer, name: string, url: string) => t.request('POST', '/sources', { body: { name, type: 'postgres', url } });

/** The statement limit of the server's jobs: what tells a job's sessions from the others at the TCP level. */
const JOB_STATEMENT_LIMIT_MS = 7_000;

/** Grants (or takes back) what reading the store needs to PEEKER. */
const grantStore = () => admin(STORE_DB, (client) => client.query(`GRANT USAGE ON SCHEMA ${STORE_SCHEMA} TO ${PEEKER}; GRANT SELECT ON ALL TABLES IN SCHEMA ${STORE_SCHEMA} TO ${PEEKER}`));
const revokeStore = () => admin(STORE_DB, (client) => client.query(`REVOKE ALL ON ALL TABLES IN SCHEMA ${STORE_SCHEMA} FROM ${PEEKER}; REVOKE USAGE ON SCHEMA ${STORE_SCHEMA} FROM ${PEEKER}`));

/** A comparison of the store's key table with itself, on one data source (what a tenant reading the store would run). */
async function storeKeysComparison(t: TestServer, sourceId: string): Promise<string> {
  const comparison = await t.request('POST', '/comparisons?create_only=true', {
    body: comparisonBody(sourceId, sourceId, {
      name: `store-keys-${sourceId.slice(0, 8)}`,
      source_dataset_id: `${STORE_SCHEMA}.api_keys`,
      target_dataset_id: `${STORE_SCHEMA}.api_keys`,
      configuration: { source_columns: ['name', 'prefix'], target_columns: ['name', 'prefix'], primary_keys_source: ['id'], primary_keys_target: ['id'] },
    }),
  });
  expect(comparison.status, comparison.text).toBe(201);
  return comparison.json.data.id;
}

describe.runIf(hasPostgres)('a PostgreSQL store is never a data source, however it is reached', () => {
  let t: TestServer;

  beforeAll(async () => {
    await admin(RUN_DB, async (client) => {
      for (const role of [PEEKER, READER, STORE_ROLE]) await client.query(`DROP ROLE IF EXISTS ${role}`);
      await client.query(`CREATE ROLE ${STORE_ROLE} LOGIN; CREATE ROLE ${PEEKER} LOGIN; CREATE ROLE ${READER} LOGIN`);
      await client.query(`DROP DATABASE IF EXISTS ${STORE_DB} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${STORE_DB} OWNER ${STORE_ROLE}`);
      await client.query(`DROP SCHEMA IF EXISTS ${DATA} CASCADE; CREATE SCHEMA ${DATA}`);
      await client.query(`CREATE TABLE ${DATA}.orders (id int PRIMARY KEY, amount numeric(10,2), status text); INSERT INTO ${DATA}.orders VALUES (1, 10, 'a'), (2, 20, 'b')`);
      await client.query(`GRANT USAGE ON SCHEMA ${DATA} TO ${READER}; GRANT SELECT ON ALL TABLES IN SCHEMA ${DATA} TO ${READER}`);
      // the look-alike, readable by PEEKER in the run's database
      await client.query(`DROP SCHEMA IF EXISTS ${STORE_SCHEMA} CASCADE; CREATE SCHEMA ${STORE_SCHEMA}`);
      await client.query(`CREATE TABLE ${STORE_SCHEMA}.api_keys (id text PRIMARY KEY, name text, prefix text); INSERT INTO ${STORE_SCHEMA}.api_keys VALUES ('k1', 'look-alike', 'dc_0000')`);
      await client.query(`GRANT USAGE ON SCHEMA ${STORE_SCHEMA} TO ${PEEKER}; GRANT SELECT ON ALL TABLES IN SCHEMA ${STORE_SCHEMA} TO ${PEEKER}`);
    });
    // the harness allows privileged sources: reading the store is refused even then
    t = await startTestServer({ workers: 1, databaseUrl: STORE_URL, databaseSchema: STORE_SCHEMA, statementTimeoutMs: JOB_STATEMENT_LIMIT_MS });
  });
  afterAll(async () => {
    await t?.stop();
    await admin(RUN_DB, async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${STORE_DB} WITH (FORCE)`);
      await client.query(`DROP SCHEMA IF EXISTS ${DATA} CASCADE; DROP SCHEMA IF EXISTS ${STORE_SCHEMA} CASCADE`);
      await client.query(`DROP OWNED BY ${PEEKER}, ${READER}`);
      for (const role of [PEEKER, READER, STORE_ROLE]) await client.query(`DROP ROLE IF EXISTS ${role}`);
    });
  });

  it('refuses the store\'s URL under every other spelling of its host, before connecting', async () => {
    for (const host of SPELLINGS) {
      const answer = await create(t, 'spelled', urlWith({ user: STORE_ROLE, host, database: STORE_DB }));
      expect(answer.status, host).toBe(422);
      expect(answer.json.detail[0].msg, host).toMatchInlineSnapshot(`"The connection URL of data source "spelled" reaches the service's own store: the same server, port, database and role as the store, whatever its host is called. Give data sources a database, or at least a role, of their own"`);
    }
    expect((await t.request('GET', '/sources')).json.data.total).toBe(0);
  });

  it('refuses them under --allow-host 127.0.0.1/32 too', async () => {
    const restricted = await startTestServer({ workers: 0, databaseUrl: STORE_URL, databaseSchema: STORE_SCHEMA, allowHosts: ['127.0.0.1/32'] });
    try {
      for (const host of SPELLINGS) {
        const answer = await create(restricted, 'spelled', urlWith({ user: STORE_ROLE, host, database: STORE_DB }));
        expect(answer.status, host).toBe(422);
      }
      // an allowed address of the same server, another database: accepted
      expect((await create(restricted, 'other-db', urlWith({ user: READER, host: '127.1', database: RUN_DB }))).status).toBe(201);
    } finally {
      await restricted.stop();
    }
  });

  it('refuses, after connecting, a role that can read the store\'s tables, whatever the URL says', async () => {
    await grantStore();
    try {
      for (const [user, host] of [[PEEKER, '127.1'], [PEEKER, '127.0.0.1'], ['postgres', 'localhost']] as const) {
        const answer = await create(t, 'peeker', urlWith({ user, host, database: STORE_DB }));
        expect(answer.status, `${user}@${host}`).toBe(403);
        expect(answer.json.code).toBe('datasource_reads_store');
        expect(answer.json.message).toMatchInlineSnapshot(`"Data source "peeker" connects to the service's own store database as a role that can read the store's tables; the service never reads its own store for a tenant. Connect as a role that cannot read them, or to another database."`);
        expect(answer.text).not.toContain(STORE_ROLE);
      }
    } finally {
      await revokeStore();
    }
  });

  it('refuses a scan and a job once the role was granted the store after its source was created', async () => {
    // accepted while the role cannot read the store's tables
    const created = await create(t, 'later-peeker', urlWith({ user: PEEKER, host: '127.1', database: STORE_DB }));
    expect(created.status, created.text).toBe(201);
    const comparison = await storeKeysComparison(t, c.dataSourceCreateResponseSchema.parse(created.json).data.id);
    await grantStore();
    try {
      const scan = await t.request('POST', `/sources/${c.dataSourceCreateResponseSchema.parse(created.json).data.id}/scan`);
      expect(scan.status).toBe(200);
      expect(scan.json.message).toContain('connects to the service\'s own store database as a role that can read the store\'s tables');
      expect(scan.json.message).toContain('(0 datasets, 0 columns, 0 sensitive)');

      const run = await t.request('POST', `/comparisons/${comparison}/execute`);
      expect(run.status, run.text).toBe(200);
      const job = await waitForJob(t, c.executeResponseSchema.parse(run.json).run_id);
      expect(job.status).toBe('FAILURE');
      expect(job.failure_reason).toContain('Data source "later-peeker" connects to the service\'s own store database as a role that can read the store\'s tables');
    } finally {
      await revokeStore();
    }
  });

  // A relay that answers the checker honestly: a job's sessions (opened with the job's statement limit)
  // go to the store's database, every other connection (the checks of the new source, its scan) to the
  // run's database, where the role reads nothing of the store. A job opens a session per side at once
  // (two here, both sides on one data source): sending only the second one there is enough when the
  // question is asked on one session of the pool only.
  it.each([
    ['every session of a job', 'two-faced', () => true],
    ['only the second session of a job', 'second-face', (nth: number) => nth === 2],
  ])('refuses a job when an endpoint sends %s to the store, though the connections before went elsewhere', async (_, name, pick) => {
    let jobSessions = 0;
    const toStore = switchPostgresDatabase(STORE_DB, (parameters) => (parameters.get('options') ?? '').includes(`statement_timeout=${JOB_STATEMENT_LIMIT_MS}`) && pick(++jobSessions));
    const relay = await startTcpRelay(urlWith({ user: PEEKER, host: '127.0.0.1', database: RUN_DB }), 5432, toStore);
    await grantStore();
    try {
      const created = await create(t, name, relay.url);
      expect(created.status, created.text).toBe(201);
      const source = c.dataSourceCreateResponseSchema.parse(created.json).data;
      const run = await t.request('POST', `/comparisons/${await storeKeysComparison(t, source.id)}/execute`);
      expect(run.status, run.text).toBe(200);
      const runId = c.executeResponseSchema.parse(run.json).run_id;
      const job = await waitForJob(t, runId);
      expect(toStore.switched()).toBeGreaterThan(0);
      expect(job.status).toBe('FAILURE');
      expect(job.failure_reason).toBe(`Data source "${source.name}" connects to the service's own store database as a role that can read the store's tables; the service never reads its own store for a tenant. Connect as a role that cannot read them, or to another database.`);
      // no row of the store was read: no result, no differing rows
      expect(job.result ?? null).toBeNull();
      expect((await t.request('GET', `/jobs/comparison/${runId}/diff-details`)).json.code).toBe('job_not_successful');
    } finally {
      await revokeStore();
      await relay.close();
    }
  });

  it("refuses a scan when an endpoint sends the scan's session to the store, though the connections before went elsewhere", async () => {
    // the scan's session is opened with the scan's time limit as its statement limit: 7 s asked for here
    const toStore = switchPostgresDatabase(STORE_DB, (parameters) => (parameters.get('options') ?? '').includes('statement_timeout=7000'));
    const relay = await startTcpRelay(urlWith({ user: PEEKER, host: '127.0.0.1', database: RUN_DB }), 5432, toStore);
    await grantStore();
    try {
      const created = await create(t, 'scanned-face', relay.url);
      expect(created.status, created.text).toBe(201);
      const scan = await t.request('POST', `/sources/${c.dataSourceCreateResponseSchema.parse(created.json).data.id}/scan?time_limit_seconds=7`);
      expect(toStore.switched()).toBe(1);
      expect(scan.json.message).toMatchInlineSnapshot(`"Scan of "scanned-face": failed (0 datasets, 0 columns, 0 sensitive): Data source "scanned-face" connects to the service's own store database as a role that can read the store's tables; the service never reads its own store for a tenant. Connect as a role that cannot read them, or to another database."`);
    } finally {
      await revokeStore();
      await relay.close();
    }
  });

  it('accepts another database of the same server, under any spelling, and runs its jobs', async () => {
    // the store's own role and a role granted the store both read freely elsewhere on the same server
    for (const [name, user] of [['own-role-elsewhere', STORE_ROLE], ['reader', READER]] as const) {
      const created = await create(t, name, urlWith({ user, host: '127.1', database: RUN_DB }));
      expect(created.status, created.text).toBe(201);
      expect(created.json.data.status, JSON.stringify(created.json.data.scan)).toBe('connected');
    }
    const reader = c.sourcesResponseSchema.parse((await t.request('GET', '/sources?filter=reader')).json).data.items[0]!.id;
    const comparison = await t.request('POST', '/comparisons', {
      body: comparisonBody(reader, reader, { name: 'elsewhere', source_dataset_id: `${DATA}.orders`, target_dataset_id: `${DATA}.orders` }),
    });
    expect(comparison.status, comparison.text).toBe(201);
    const job = await waitForJob(t, comparison.json.run_id);
    expect(job, JSON.stringify(job)).toMatchObject({ status: 'SUCCESS' });
  });
});

describe('a SQLite store is recognised by file identity, not by its path', () => {
  it('refuses a hard link of the store, or of the server key, in a folder the workspace may read', async () => {
    const t = await startTestServer({ workers: 0, scanOnCreate: false });
    try {
      const folder = path.join(tempDir('store-links'), t.workspace);
      mkdirSync(folder);
      linkSync(path.join(t.dataDir, 'datacompare.db'), path.join(folder, 'copy.db'));
      linkSync(path.join(t.dataDir, 'server.key'), path.join(folder, 'ca.pem'));
      const store = await t.request('POST', '/sources', { body: { name: 'linked', type: 'sqlite', path: path.join(folder, 'copy.db') } });
      expect(store.status).toBe(422);
      expect(store.json.detail[0].msg).toContain("it is one of the service's own files");
      const key = await t.request('POST', '/sources', { body: { name: 'key', type: 'postgres', url: `postgres://u@127.0.0.1:1/db?sslrootcert=${path.join(folder, 'ca.pem')}` } });
      expect(key.status).toBe(422);
      expect(key.json.detail[0].msg).toContain("it is one of the service's own files");
      // a file of the same folder that is not the service's stays readable
      const own = sqliteOrders(path.join(folder, 'mine.db'), [[1, '1.00', 'x']]);
      expect((await t.request('POST', '/sources', { body: { name: 'mine', type: 'sqlite', path: own } })).status).toBe(201);
    } finally {
      await t.stop();
    }
  });
});
