/**
 * Through the service, with a key that may only create and run comparisons: a hostile filter or
 * query is refused with a 422 naming the field, before anything is stored or run, and the tables
 * keep every row. SQLite data sources open only files under the folders the operator allowed,
 * never the service's own store or key.
 */
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseSync } from 'node:sqlite';
import * as c from '../../../src/api/contract.js';
import { databaseAvailable, TEST_DATABASE_URLS } from '../../helpers/databases.js';
import { comparisonBody, startTestServer, tempDir, type TestServer } from './harness.js';

const SCHEMA = 'dc_server_read_only';
/** The field, the SQL, and whether it is refused on every engine or only where the function exists (PostgreSQL). */
const HOSTILE: Array<[field: 'source_filter' | 'source_query', sql: string, postgresOnly?: 'postgres only']> = [
  ['source_filter', '1=1) LIMIT 0; DELETE FROM orders; SELECT 1 WHERE (1=1'],
  ['source_filter', '1=1; DROP TABLE orders'],
  ['source_filter', '1=1 -- rest'],
  ['source_filter', 'EXISTS (WITH d AS (DELETE FROM orders RETURNING 1) SELECT 1 FROM d)'],
  ['source_filter', "set_config('default_transaction_read_only', 'off', false) IS NOT NULL", 'postgres only'],
  ['source_filter', "pg_read_file('/etc/passwd') IS NOT NULL", 'postgres only'],
  ['source_filter', "1=1 INTO OUTFILE '/tmp/dc-ro-canary'"],
  ['source_query', 'SELECT id, amount, status FROM orders) s; DROP TABLE orders; --'],
  ['source_query', 'DELETE FROM orders RETURNING id, amount, status'],
  ['source_query', 'WITH d AS (DELETE FROM orders RETURNING *) SELECT * FROM d'],
  ['source_query', "COPY orders TO '/tmp/dc-ro-canary'"],
];

describe('the service refuses hostile SQL from a comparison-only key', () => {
  let t: TestServer;
  let comparisonKey: string;
  let sqliteFile: string;
  let sqliteId: string;
  let postgresId: string | undefined;
  let admin: pg.Client | undefined;

  beforeAll(async () => {
    t = await startTestServer();
    comparisonKey = (await t.newKey(['read', 'write:comparison', 'write:job'])).key;
    sqliteFile = path.join(tempDir('ro'), 'orders.db');
    const db = new DatabaseSync(sqliteFile);
    db.exec("CREATE TABLE orders (id INTEGER PRIMARY KEY, amount NUMERIC, status TEXT); INSERT INTO orders VALUES (1, 10, 'a'), (2, 20, 'b')");
    db.close();
    sqliteId = c.dataSourceCreateResponseSchema.parse((await t.request('POST', '/sources', { body: { name: 'lite', type: 'sqlite', path: sqliteFile } })).json).data.id;
    if (await databaseAvailable('postgres')) {
      admin = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE; CREATE SCHEMA ${SCHEMA}; SET search_path = ${SCHEMA}`);
      await admin.query(`CREATE TABLE ${SCHEMA}.orders (id INTEGER PRIMARY KEY, amount NUMERIC, status TEXT); INSERT INTO ${SCHEMA}.orders VALUES (1, 10, 'a'), (2, 20, 'b')`);
      const created = await t.request('POST', '/sources', { body: { name: 'pg', type: 'postgres', url: TEST_DATABASE_URLS.postgres } });
      postgresId = c.dataSourceCreateResponseSchema.parse(created.json).data.id;
    }
  });
  afterAll(async () => {
    await admin?.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    await admin?.end();
    await t?.stop();
  });

  const rows = async (): Promise<number[]> => {
    const db = new DatabaseSync(sqliteFile, { readOnly: true });
    const lite = Number((db.prepare('SELECT count(*) AS n FROM orders').get() as { n: number }).n);
    db.close();
    const inPostgres = admin ? Number((await admin.query(`SELECT count(*) AS n FROM ${SCHEMA}.orders`)).rows[0].n) : 2;
    return [lite, inPostgres];
  };

  it.each(HOSTILE)('%s: %s → 422 naming the field, nothing stored, nothing changed', async (field, sql, postgresOnly) => {
    for (const datasource of postgresOnly ? [postgresId] : [sqliteId, postgresId]) {
      if (!datasource) continue;
      const dataset = datasource === postgresId ? `${SCHEMA}.orders` : 'orders';
      const body = comparisonBody(datasource, datasource, { source_dataset_id: dataset, target_dataset_id: dataset });
      const configuration = { ...(body.configuration as Record<string, unknown>), [field]: sql };
      if (field === 'source_query') delete (body as Record<string, unknown>).source_dataset_id;
      const answer = await t.request('POST', '/comparisons', { key: comparisonKey, body: { ...body, configuration } });
      expect(answer.status, answer.text).toBe(422);
      expect(answer.json.detail[0].loc).toEqual(['body', 'configuration', field]);
      expect(answer.json.detail[0].msg).toMatch(/`;`|comment|parenthes|uses `|calls `|must be one SELECT/);
    }
    const listed = await t.request('GET', '/comparisons', { key: comparisonKey });
    expect(listed.json.data.items ?? listed.json.data).toHaveLength(0);
    expect(await rows()).toEqual([2, 2]);
  });
});

describe('SQLite data sources of the service', () => {
  it('open only files under the allowed folders, never the service\'s own', async () => {
    const t = await startTestServer({ allowPaths: [] });
    try {
      const outside = path.join(tempDir('outside'), 'x.db');
      new DatabaseSync(outside).close();
      const refused = [outside, path.join(t.dataDir, 'server.key'), '/etc/passwd', path.join(t.dataDir, 'sources', '..', 'server.key')];
      for (const file of refused) {
        const answer = await t.request('POST', '/sources', { body: { name: `s${refused.indexOf(file)}`, type: 'sqlite', path: file } });
        expect(answer.status, file).toBe(422);
        expect(answer.json.detail[0].loc).toEqual(['body', 'path']);
        expect(answer.json.detail[0].msg).toMatch(/may not open .* --allow-path/);
      }
      const inside = path.join(t.dataDir, 'sources', t.workspace, 'ok.db');
      const { mkdirSync } = await import('node:fs');
      mkdirSync(path.dirname(inside), { recursive: true });
      new DatabaseSync(inside).close();
      expect((await t.request('POST', '/sources', { body: { name: 'ok', type: 'sqlite', path: inside } })).status).toBe(201);
    } finally {
      await t.stop();
    }
  });
});
