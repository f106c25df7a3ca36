/**
 * The bundled action checks PostgreSQL SQL with PostgreSQL's own parser (libpg-query's WebAssembly,
 * shipped in dist/ and loaded on first use): an ordinary query runs, a unicode-escaped pg_read_file is
 * refused naming the function, and a superuser data source is warned about (a `::warning` annotation;
 * the step does not fail) with the recipe of a role that only reads, unless the spec allows it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAvailable, TEST_DATABASE_URLS } from '../helpers/databases.js';
import { startGitHubApiStub, type GitHubApiStub } from '../helpers/github-api-stub.js';
import { makeRepo, requireBundle, runAction } from './action-report-harness.js';

const SCHEMA = 'dc_e2e_pg_guard';

describe.runIf(await databaseAvailable('postgres'))('the bundled action on PostgreSQL SQL', () => {
  let stub: GitHubApiStub;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
  beforeAll(async () => {
    requireBundle();
    stub = await startGitHubApiStub();
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE; CREATE SCHEMA ${SCHEMA};
      CREATE TABLE ${SCHEMA}.t (id integer PRIMARY KEY, v text); INSERT INTO ${SCHEMA}.t VALUES (1, 'a'), (2, 'b');`);
  });
  afterAll(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    await admin.end();
    await stub?.close();
  });

  it('runs a query the parser reads, refuses a disguised pg_read_file and warns about the superuser', async () => {
    const spec = `version: 1
datasources:
  warehouse:
    type: postgres
    url: \${WAREHOUSE_URL}
comparisons:
  - name: ordinary
    source: { datasource: warehouse, query: "SELECT id, upper(v) AS v FROM ${SCHEMA}.t WHERE id > 0" }
    target: { datasource: warehouse, query: "SELECT id, upper(v) AS v FROM ${SCHEMA}.t" }
    primary_keys: [id]
  - name: disguised
    source: { datasource: warehouse, query: 'SELECT 1 AS id, U&"pg\\005fread\\005ffile"(''/etc/hostname'') AS v' }
    target: { datasource: warehouse, dataset: ${SCHEMA}.t }
    primary_keys: [id]
`;
    const repo = makeRepo(spec);
    const run = await runAction({ repo, event: 'schedule', apiUrl: stub.url, env: { WAREHOUSE_URL: TEST_DATABASE_URLS.postgres } });
    const resultsFile = path.join(repo.runnerTemp, 'datacompare', 'results.json');
    if (!existsSync(resultsFile)) throw new Error(run.stdout + run.stderr);
    const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
    const byName = Object.fromEntries(results.comparisons.map((c: { name: string }) => [c.name, c]));
    expect(byName.ordinary.status, run.stdout + run.stderr).toBe('match');
    expect(byName.disguised.status).toBe('error');
    expect(byName.disguised.error.message).toMatch(/calls `pg_read_file\(\)`, which reads the server's files/);
    const warning = run.stdout.split('\n').find((line) => line.startsWith('::warning') && line.includes('Data source "warehouse" connects as postgres, which holds superuser'));
    expect(warning).toContain(
      `an administrator creates one with: CREATE ROLE datacompare_reader LOGIN PASSWORD '…'; GRANT CONNECT ON DATABASE "${new URL(TEST_DATABASE_URLS.postgres).pathname.slice(1)}" TO datacompare_reader; GRANT USAGE ON SCHEMA "${SCHEMA}" TO datacompare_reader; GRANT SELECT ON ALL TABLES IN SCHEMA "${SCHEMA}" TO datacompare_reader;`,
    );
    expect(warning).toContain('(and the same two GRANTs for each other schema the comparisons read)');
    expect(warning).not.toMatch(/ALTER ROLE|NOSUPERUSER|REVOKE/);

    const allowed = await runAction({ repo: makeRepo(spec.replace('type: postgres', 'type: postgres\n    allow_privileged: true')), event: 'schedule', apiUrl: stub.url, env: { WAREHOUSE_URL: TEST_DATABASE_URLS.postgres } });
    expect(allowed.stdout).toMatch(/::error[^\n]*pg_read_file/); // it compared, as before
    expect(allowed.stdout).not.toContain('connects as postgres');
  });
});
