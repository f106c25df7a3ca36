/** `datacompare run` as a process on real SQLite files: the report, the exit status, the files. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRun } from '../helpers/admin.js';
import { databaseAvailable, runScoped, TEST_DATABASE_URLS, TEST_RUN_ID } from '../helpers/databases.js';

const bin = path.resolve('bin/datacompare.js');
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'dc-e2e-cli-run-'));
  const db = new DatabaseSync(path.join(dir, 'shop.db'));
  db.exec(`
    create table orders (id integer primary key, status text, amount numeric);
    create table orders_copy (id integer primary key, status text, amount numeric);
    insert into orders values (1, 'paid', 10.5), (2, 'open', 3), (3, 'paid', 7);
    insert into orders_copy values (1, 'paid', 10.5), (2, 'OPEN', 4), (4, 'paid', 1);
  `);
  db.close();
  writeFileSync(
    path.join(dir, 'spec.yml'),
    [
      'version: 1',
      'datasources:',
      '  shop: { type: sqlite, path: shop.db }',
      'comparisons:',
      '  - name: orders',
      '    source: { datasource: shop, dataset: orders }',
      '    target: { datasource: shop, dataset: orders_copy }',
      '  - name: same',
      '    source: { datasource: shop, dataset: orders }',
      '    target: { datasource: shop, dataset: orders }',
      '    columns: [status, amount]',
      '',
    ].join('\n'),
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cli(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...env }, timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('datacompare run', () => {
  it('prints every difference and exits 1 when a comparison differs', () => {
    const result = cli(['run', '--spec', 'spec.yml', '--json', 'out.json', '--markdown', 'out.md']);
    expect(result.status).toBe(1);
    const stable = result.stdout.replace(/\d+(\.\d+)? (ms|s)\b/g, 'T');
    expect(stable).toMatchInlineSnapshot(`
      "✘ mismatch  orders  · 25.0% match · 3 source rows, 3 target rows · 3 differing rows (1 changed, 1 only in source, 1 only in target) · T
          shop · orders → shop · orders_copy
          1 row exists only in the source (orders).
          1 row exists only in the target (orders_copy).
          1 row has a different value in column \`amount\`.
          note: Column \`status\` was compared case-insensitively (\`case_sensitive\` is false, the default): values differing only in letter case count as equal. Set \`case_sensitive: true\` to count them as differences.
          columns: amount 1
            amount — 1 other
          id=2: amount 3 → 4
          id=3: only in source
          id=4: only in target
      ✔ match  same  · 100.0% match · 3 source rows, 3 target rows · T
          shop · orders → shop · orders
          note: Column \`status\` was compared case-insensitively (\`case_sensitive\` is false, the default): values differing only in letter case count as equal. Set \`case_sensitive: true\` to count them as differences.

      MISMATCH: 2 comparisons — 1 matched, 1 differ, 0 failed (local mode, T)
      "
    `);
    // without a terminal: a line per phase of each comparison (issue #33)
    expect(result.stderr.replace(/done in \d+ ms/g, 'done in N ms').split('\n').sort()).toEqual([
      '',
      '· orders: comparing (running the join diff in the database)…',
      '· orders: connecting…',
      '· orders: done in N ms',
      '· orders: introspecting…',
      '· same: comparing (running the join diff in the database)…',
      '· same: connecting…',
      '· same: done in N ms',
      '· same: introspecting…',
    ]);
    const json = JSON.parse(readFileSync(path.join(dir, 'out.json'), 'utf8')) as { status: string; comparisons: { name: string; status: string; stats: { mismatched_rows: number } }[] };
    expect(json.status).toBe('mismatch');
    expect(json.comparisons.map((c) => [c.name, c.status, c.stats.mismatched_rows])).toEqual([
      ['orders', 'mismatch', 1],
      ['same', 'match', 0],
    ]);
    expect(readFileSync(path.join(dir, 'out.md'), 'utf8')).toMatch(/^## datacompare: mismatch\n/);
  });

  it('writes one CSV per comparison with --csv DIR (creating the folder), and says where the rows are in CLI flags', () => {
    const result = cli(['run', '--spec', 'spec.yml', '--csv', 'reports/csv', '--max-diff-rows', '1']);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('    shop · orders → shop · orders_copy');
    expect(result.stdout).toContain(`    … Showing 1 of 3 differing rows. The comparison kept only this one (also in ${path.join(dir, 'reports/csv/orders.csv')} (--csv)); set max_diff_rows in the spec (or --max-diff-rows N) above 1 to keep more.`);
    expect(result.stdout).not.toMatch(/report-dir|max-diff-rows input/);
    expect(readFileSync(path.join(dir, 'reports/csv/orders.csv'), 'utf8')).toBe('id,_diff_type,source_amount,target_amount\r\n2,changed,3,4\r\n');
    expect(readFileSync(path.join(dir, 'reports/csv/same.csv'), 'utf8')).toBe('id,_diff_type\r\n');
    writeFileSync(path.join(dir, 'a-file'), '');
    const blocked = cli(['run', '--spec', 'spec.yml', '--csv', 'a-file/sub']);
    expect(blocked.status).toBe(2);
    expect(blocked.stderr).toContain('cannot create the --csv folder');
    expect(blocked.stdout).toBe(''); // checked before anything ran
  });

  it('exits 0 when the selected comparison matches, and --quiet prints one line', () => {
    const result = cli(['run', '--spec', 'spec.yml', '--comparison', 'same', '--quiet']);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('Comparison "same" matches.\n');
    expect(result.stderr).toBe('');
  });

  it('applies the action\'s fail-on rule: a difference exits 0 with --fail-on error or never', () => {
    const onError = cli(['run', '--spec', 'spec.yml', '--comparison', 'orders', '--quiet', '--fail-on', 'error']);
    expect(onError.status).toBe(0);
    expect(onError.stdout).toMatchInlineSnapshot(`
      "The data of comparison "orders" differs: 3 differing rows (1 changed, 1 only in source, 1 only in target) — not failing the run because fail-on is "error".
      "
    `);
    expect(cli(['run', '--spec', 'spec.yml', '--quiet', '--fail-on', 'never']).status).toBe(0);
    expect(cli(['run', '--spec', 'spec.yml', '--quiet', '--fail-on', 'sometimes']).status).toBe(2);
  });

  it('exits 2 when a table does not exist, naming it', () => {
    writeFileSync(path.join(dir, 'missing.yml'), 'version: 1\ndatasources: { shop: { type: sqlite, path: shop.db } }\ncomparisons:\n  - { name: gone, source: { datasource: shop, dataset: nope }, target: { datasource: shop, dataset: orders } }\n');
    const result = cli(['run', '--spec', 'missing.yml']);
    expect(result.status).toBe(2);
    expect(result.stdout).toContain('! error  gone');
    expect(result.stdout).toContain('nope');
  });
});

describe('datacompare run on a password that breaks its URL', () => {
  it('refuses it before connecting: no piece of the password in the terminal, and no report file', () => {
    writeFileSync(
      path.join(dir, 'broken-url.yml'),
      'version: 1\ndatasources:\n  shop: { type: mysql, url: "${SHOP_URL}" }\ncomparisons:\n  - { name: orders, source: { datasource: shop, dataset: orders }, target: { datasource: shop, dataset: orders_copy } }\n',
    );
    const before = readdirSync(dir);
    // Read as a URL, its host would be "ssLongSecretPart": a piece of the password, looked up and printed.
    const result = cli(['run', '--spec', 'broken-url.yml', '--json', 'broken.json', '--markdown', 'broken.md'], { SHOP_URL: 'mysql://u:P@ssLongSecretPart/1@127.0.0.1:3306/shop' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('broken-url.yml:3:29  datasources.shop.url: cannot be split one way into user, password and host');
    expect(result.stderr).toContain('hint: percent-encode the password and user: write each special character as `%` and its hex code (`@` → `%40`');
    expect(result.stdout + result.stderr).not.toMatch(/LongSecret|P@ss/);
    expect(readdirSync(dir).sort()).toEqual(before.sort());
  });
});

const PRIVILEGE_SCHEMA = runScoped('dc_cli_privilege');
const PRIVILEGE_TABLE = runScoped('dc_cli_privilege_t');

describe.runIf((await databaseAvailable('postgres')) && (await databaseAvailable('mysql')))('datacompare run as an administrator account', () => {
  beforeAll(async () => {
    await adminRun({ type: 'postgres', url: TEST_DATABASE_URLS.postgres }, [`CREATE SCHEMA ${PRIVILEGE_SCHEMA}`, `CREATE TABLE ${PRIVILEGE_SCHEMA}.t (id int PRIMARY KEY, v text)`, `INSERT INTO ${PRIVILEGE_SCHEMA}.t VALUES (1, 'a')`]);
    await adminRun({ type: 'mysql', url: TEST_DATABASE_URLS.mysql }, [`CREATE TABLE ${PRIVILEGE_TABLE} (id int PRIMARY KEY, v text)`, `INSERT INTO ${PRIVILEGE_TABLE} VALUES (1, 'a')`]);
  });
  afterAll(async () => {
    await adminRun({ type: 'postgres', url: TEST_DATABASE_URLS.postgres }, [`DROP SCHEMA IF EXISTS ${PRIVILEGE_SCHEMA} CASCADE`]);
    await adminRun({ type: 'mysql', url: TEST_DATABASE_URLS.mysql }, [`DROP TABLE IF EXISTS ${PRIVILEGE_TABLE}`]);
  });

  /** The warnings of a run comparing the PostgreSQL superuser's table with the MariaDB root's. */
  function warnings(allowPrivileged: boolean, flags: string[] = []) {
    const allow = allowPrivileged ? ', allow_privileged: true' : '';
    writeFileSync(
      path.join(dir, 'privileged.yml'),
      [
        'version: 1',
        'datasources:',
        `  warehouse: { type: postgres, url: "\${WAREHOUSE_URL}"${allow} }`,
        `  shop: { type: mysql, url: "\${SHOP_URL}"${allow} }`,
        'comparisons:',
        `  - { name: same, source: { datasource: warehouse, dataset: ${PRIVILEGE_SCHEMA}.t }, target: { datasource: shop, dataset: ${PRIVILEGE_TABLE} } }`,
        '',
      ].join('\n'),
    );
    const result = cli(['run', '--spec', 'privileged.yml', ...flags], { WAREHOUSE_URL: TEST_DATABASE_URLS.postgres, SHOP_URL: TEST_DATABASE_URLS.mysql });
    expect(result.stdout).toContain('same');
    expect(result.status).toBe(0);
    return { stderr: result.stderr, warnings: result.stderr.split('\n').filter((line) => line.startsWith('warning: ')).map((line) => line.replaceAll(TEST_RUN_ID, 'ID')) };
  }

  it('warns with the recipe of a role that only reads the compared schema, never a statement that weakens the administrator', () => {
    const { warnings: found } = warnings(false);
    expect(found).toHaveLength(2);
    const [warehouse, shop] = [found.find((w) => w.includes('"warehouse"'))!, found.find((w) => w.includes('"shop"'))!];
    expect(warehouse).toMatchInlineSnapshot(
      `"warning: Data source "warehouse" connects as postgres, which holds superuser: with it, SQL can reach the server's files, programs or other sessions, or write. Connect as a role that only reads instead; an administrator creates one with: CREATE ROLE datacompare_reader LOGIN PASSWORD '…'; GRANT CONNECT ON DATABASE "dc_run_ID" TO datacompare_reader; GRANT USAGE ON SCHEMA "dc_cli_privilege_rID" TO datacompare_reader; GRANT SELECT ON ALL TABLES IN SCHEMA "dc_cli_privilege_rID" TO datacompare_reader; Then put datacompare_reader and its password in the data source's url. To keep connecting as postgres, set \`allow_privileged: true\` on data source "warehouse" in the spec; this warning then goes."`,
    );
    expect(shop).toMatch(/^warning: Data source "shop" connects as root@\S+, which holds .*ALL PRIVILEGES/);
    expect(shop).toContain("an administrator creates one with: CREATE USER 'datacompare_reader'@'%' IDENTIFIED BY '…'; GRANT SELECT, SHOW VIEW ON `dc_run_ID`.* TO 'datacompare_reader'@'%'; Then put");
    for (const warning of found) expect(warning).not.toMatch(/ALTER ROLE|NOSUPERUSER|REVOKE/);
  });

  it('says nothing of a data source marked allow_privileged: true', () => {
    expect(warnings(true).warnings).toEqual([]);
  });

  it('prints no warning under --quiet', () => {
    expect(warnings(false, ['--quiet']).stderr).toBe('');
  });
});
