/**
 * The web page does the whole job, in a real headless Chromium against a real `datacompare serve`:
 * add data sources (SQLite files, PostgreSQL, MariaDB) with "Test connection" answering in place, define
 * comparisons from the catalog's tables and columns, run them, watch the job finish without reloading,
 * download the differing rows as CSV and JSON, edit and delete a comparison; errors show next to their
 * field; a read key sees no create/run controls and the server refuses them anyway.
 * Screenshots go to test-artifacts/web/.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, SCREENSHOT_DIR } from '../../../helpers/browser.js';
import { databaseAvailable, TEST_DATABASE_URLS } from '../../../helpers/databases.js';
import { startTestServer, tempDir, type TestServer } from '../harness.js';

const TAG = `web_forms_${randomUUID().slice(0, 8)}`;

/** An `orders` table of 20 rows; the copy changes the amount of orders 3 and 7. */
function sqliteOrders(file: string, copy: boolean): string {
  const db = new DatabaseSync(file);
  db.exec('CREATE TABLE orders (id INTEGER PRIMARY KEY, amount NUMERIC(10,2), note TEXT)');
  const insert = db.prepare('INSERT INTO orders VALUES (?, ?, ?)');
  for (let id = 1; id <= 20; id++) insert.run(id, copy && (id === 3 || id === 7) ? `${id}.99` : `${id}.00`, `order ${id}`);
  db.close();
  return file;
}

const serversUp = (await databaseAvailable('postgres')) && (await databaseAvailable('mysql'));

describe.runIf(browserAvailable() && serversUp)('the web page does the whole job', () => {
  let t: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let files: { prod: string; copy: string };
  let pgAdmin: pg.Client;
  let myAdmin: mysql.Connection;

  beforeAll(async () => {
    t = await startTestServer({ workers: 2 });
    const dir = tempDir('web-forms');
    files = { prod: sqliteOrders(path.join(dir, 'prod.db'), false), copy: sqliteOrders(path.join(dir, 'copy.db'), true) };
    pgAdmin = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
    await pgAdmin.connect();
    await pgAdmin.query(`CREATE SCHEMA ${TAG}; CREATE TABLE ${TAG}.orders (id int PRIMARY KEY, amount numeric(10,2), note text);
      INSERT INTO ${TAG}.orders SELECT g, g, 'order ' || g FROM generate_series(1, 20) g`);
    myAdmin = await mysql.createConnection(TEST_DATABASE_URLS.mysql);
    await myAdmin.query(`CREATE TABLE ${TAG}_orders (id int PRIMARY KEY, amount decimal(10,2), note text)`);
    await myAdmin.query(`INSERT INTO ${TAG}_orders SELECT seq, IF(seq = 5, 5.5, seq), CONCAT('order ', seq) FROM seq_1_to_20`);
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
  });
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
    await pgAdmin?.query(`DROP SCHEMA IF EXISTS ${TAG} CASCADE`).catch(() => undefined);
    await pgAdmin?.end();
    await myAdmin?.query(`DROP TABLE IF EXISTS ${TAG}_orders`).catch(() => undefined);
    await myAdmin?.end();
  });

  async function signIn(key: string): Promise<void> {
    await page.goto(`${t.url}/ui/sign-in`);
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/ui\/jobs/);
  }

  async function addSource(name: string, type: string, kind: 'url' | 'path', value: string): Promise<void> {
    await page.goto(`${t.url}/ui/sources`);
    await page.getByRole('link', { name: 'Add data source' }).click();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Type').selectOption(type);
    await page.getByLabel(kind === 'url' ? 'Connection URL' : 'SQLite file on the server').first().check();
    await page.locator(`#field-${kind}`).fill(value);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => page.locator('#test-result').textContent()).toMatch(/^Connected: /);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `forms-source-${type}.png`), fullPage: true });
    // the form keeps what was typed, so Save needs nothing more
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe(name);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/ui\/sources\/[0-9a-f-]{36}\?done=created/);
    expect(await page.locator('h1').textContent()).toBe(name);
  }

  async function defineAndRun(name: string, source: string, target: string, sourceTable: string, targetTable: string): Promise<number> {
    await page.goto(`${t.url}/ui/comparisons`);
    await page.getByRole('link', { name: 'New comparison' }).click();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Source data source').selectOption({ label: source });
    await page.getByLabel('Target data source').selectOption({ label: target });
    await page.getByLabel('Source table').fill(sourceTable);
    await page.getByLabel('Target table').fill(targetTable);
    await page.getByRole('button', { name: 'Choose columns' }).click();
    // the catalog's columns, id ticked as the key, the others compared
    await expect.poll(() => page.getByLabel('id is a key column').isChecked()).toBe(true);
    expect(await page.getByLabel('Compare amount').isChecked()).toBe(true);
    expect(await page.getByLabel('Compare note').isChecked()).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `forms-comparison-${source.split(' ')[0]}.png`), fullPage: true });
    await page.getByRole('button', { name: 'Save and run' }).click();
    await page.waitForURL(/\/ui\/jobs\/\d+$/);
    const job = Number(/\/ui\/jobs\/(\d+)$/.exec(page.url())![1]);
    // the page refreshes itself until the job ends
    await expect.poll(() => page.locator('dl.facts').textContent(), { timeout: 30_000 }).toMatch(/SUCCESS/);
    return job;
  }

  it('adds SQLite, PostgreSQL and MariaDB sources, each tested in place before it is saved', async () => {
    await signIn(t.key);
    await addSource('prod', 'sqlite', 'path', files.prod);
    expect(await page.locator('main').textContent()).toContain('orders');
    await addSource('copy', 'sqlite', 'path', files.copy);
    await addSource('warehouse', 'postgres', 'url', TEST_DATABASE_URLS.postgres);
    await addSource('shop', 'mysql', 'url', TEST_DATABASE_URLS.mysql);
    await page.goto(`${t.url}/ui/sources`);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'forms-sources.png'), fullPage: true });
    for (const name of ['prod', 'copy', 'warehouse', 'shop']) expect(await page.locator('tbody').textContent()).toContain(name);
  });

  it('answers a failed test in place, with nothing saved, and shows a field error next to its field', async () => {
    await page.goto(`${t.url}/ui/sources/new`);
    await page.getByLabel('Name', { exact: true }).fill('nowhere');
    await page.locator('#field-url').fill('postgres://nobody@127.0.0.1:1/none');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => page.locator('#test-result').textContent()).toMatch(/^Could not connect\./);
    await page.getByLabel('Name', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await page.locator('#error-name').textContent()).toBeTruthy();
    expect(await page.locator('#field-name').getAttribute('aria-describedby')).toBe('help-name');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'forms-source-error.png'), fullPage: true });
    expect((await t.request('GET', '/sources')).json.data.items.map((s: { name: string }) => s.name)).not.toContain('nowhere');
  });

  it('defines a comparison of two SQLite files, runs it and downloads the differing rows as CSV and JSON', async () => {
    const job = await defineAndRun('orders prod vs copy', 'prod (sqlite)', 'copy (sqlite)', 'orders', 'orders');
    expect(await page.locator('.cards').textContent()).toContain('Changed');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'forms-job.png'), fullPage: true });
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(csv.suggestedFilename()).toBe(`orders-prod-vs-copy-job-${job}.csv`);
    const text = readFileSync((await csv.path())!, 'utf8');
    expect(text.split('\r\n')[0]).toBe('id,_diff_type,source_amount,target_amount');
    expect(text).toContain('3,changed,3.00,3.99');
    expect(text).toContain('7,changed,7.00,7.99');
    const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download JSON' }).click()]);
    const rows = JSON.parse(readFileSync((await json.path())!, 'utf8')).diff_rows as { id: number }[];
    expect(rows.map((row) => Number(row.id)).sort()).toEqual([3, 7]);
  });

  it('defines PostgreSQL → MariaDB from the catalogs and finds the one changed row', async () => {
    await defineAndRun('orders warehouse vs shop', 'warehouse (postgres)', 'shop (mysql)', `${TAG}.orders`, `${TAG}_orders`);
    expect(await page.locator('#rows').textContent()).toContain('5.00');
    expect(await page.locator('#rows').textContent()).toContain('5.50');
  });

  it('edits a comparison in place (its id and jobs stay) and deletes it', async () => {
    await page.goto(`${t.url}/ui/comparisons`);
    await page.getByRole('link', { name: 'orders prod vs copy' }).click();
    const url = page.url();
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByLabel('Compare note').uncheck();
    await page.getByLabel('Name', { exact: true }).fill('orders amounts only');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\?done=saved/);
    expect(page.url().split('?')[0]).toBe(url);
    expect(await page.locator('h1').textContent()).toBe('orders amounts only');
    expect(await page.locator('pre').textContent()).not.toContain('note');
    expect(await page.locator('main').textContent()).toContain('#'); // its earlier job is still listed
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/ui\/comparisons\?done=comparison-deleted/);
    expect(await page.locator('main').textContent()).not.toContain('orders amounts only');
  });

  it('keeps the navigation on the API reference, serves a favicon and redirects to sign-in cleanly', async () => {
    await page.goto(`${t.url}/ui/api`);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    expect((await fetch(`${t.url}/favicon.ico`)).status).toBe(200);
    const redirect = await fetch(`${t.url}/ui/comparisons`, { redirect: 'manual' });
    expect(redirect.headers.get('location')).toBe('/ui/sign-in?next=%2Fui%2Fcomparisons');
  });

  it('names the workspace, shown instead of its id in the header', async () => {
    await page.goto(`${t.url}/ui/settings/tokens`);
    await page.getByLabel(/^Workspace name/).fill('Sales <analytics>');
    await page.getByRole('button', { name: 'Rename workspace' }).click();
    await page.waitForURL(/done=workspace-named/);
    expect(await page.locator('header .who').textContent()).toContain('Sales <analytics>');
    expect(await page.locator('header .who').innerHTML()).toContain('Sales &lt;analytics&gt;');
  });

  it('shows a read key no create, edit or run controls, and the server refuses them anyway', async () => {
    const { key } = await t.newKey(['read']);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(key);
    await page.goto(`${t.url}/ui/sources`);
    expect(await page.getByRole('link', { name: 'Add data source' }).count()).toBe(0);
    await page.goto(`${t.url}/ui/comparisons`);
    expect(await page.getByRole('link', { name: 'New comparison' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Run/ }).count()).toBe(0);
    const refused = await page.goto(`${t.url}/ui/comparisons/new`);
    expect(refused?.status()).toBe(403);
    await page.goto(`${t.url}/ui/settings/tokens`).catch(() => undefined);
  });
});
