/** Ctrl-C during `datacompare run`: the running query stops, the report says cancelled, exit 2. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseAvailable, TEST_DATABASE_URLS } from '../helpers/databases.js';
import { ensureNap } from '../helpers/pg-nap.js';

const bin = path.resolve('bin/datacompare.js');
const dir = mkdtempSync(path.join(os.tmpdir(), 'dc-e2e-cancel-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.runIf(await databaseAvailable('postgres'))('datacompare run on SIGINT (PostgreSQL)', () => {
  it('stops the running comparison, prints the report with a cancelled error and exits 2', async () => {
    await ensureNap();
    writeFileSync(
      path.join(dir, 'spec.yml'),
      [
        'version: 1',
        'datasources:',
        '  pg: { type: postgres, url: "${PG_URL}" }',
        'comparisons:',
        '  - name: slow',
        '    source: { datasource: pg, query: "select 1 as id, public.dc_test_nap(60)::text as v" }',
        '    target: { datasource: pg, query: "select 1 as id, \'\' as v" }',
        '    primary_keys: [id]',
        '',
      ].join('\n'),
    );
    const child = spawn(process.execPath, [bin, 'run', '--spec', 'spec.yml'], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', PG_URL: TEST_DATABASE_URLS.postgres },
    });
    let stdout = '';
    let stderr = '';
    let interrupted = false;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      // Interrupt once the comparison is running.
      if (!interrupted && stderr.includes('slow: running')) {
        interrupted = true;
        setTimeout(() => child.kill('SIGINT'), 500);
      }
    });
    const started = Date.now();
    const status = await new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    expect(status).toBe(2);
    expect(Date.now() - started).toBeLessThan(30_000); // far less than the 60 s query: it was stopped
    expect(stderr).toContain('SIGINT: stopping the running comparisons');
    expect(stdout).toContain('! error  slow');
    expect(stdout).toContain('cancelled error');
    // The query itself was stopped on the server, not left sleeping.
    const client = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>("select count(*) as n from pg_stat_activity where query like '%dc_test_nap(60)::text as v%' and pid <> pg_backend_pid()");
      expect(Number(rows[0]?.n)).toBe(0);
    } finally {
      await client.end();
    }
  });
});
