/**
 * The web page in a real headless Chromium against a real `datacompare serve` whose jobs run on the
 * engine: sign in, find a finished job, page through its differing rows with the changed cells
 * highlighted, hostile values shown as text, execute a comparison and watch it finish, terminate a
 * slow one, create a key and sign in with it, a read key that cannot execute, signing out and a
 * disabled key that end the session. Screenshots of the main pages go to test-artifacts/web/.
 */
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, SCREENSHOT_DIR } from '../../../helpers/browser.js';
import { databaseAvailable, TEST_DATABASE_URLS } from '../../../helpers/databases.js';
import { startTestServer, tempDir, waitForJob, type TestServer } from '../harness.js';
import { ensureNap, NAP } from '../../../helpers/pg-nap.js';

const HOSTILE_TAG = '<img src=x onerror="window.__xss = 1">';
const HOSTILE_LINK = 'javascript:window.__xss=2';
const LONG = 'L'.repeat(5000);

/** 150 rows; the copy changes the amount of 120 of them and plants hostile notes in rows 1-3. */
function customers(file: string, copy: boolean): string {
  const db = new DatabaseSync(file);
  db.exec('CREATE TABLE customers (id INTEGER PRIMARY KEY, label TEXT, note TEXT, amount NUMERIC(10,2), email TEXT)');
  const insert = db.prepare('INSERT INTO customers VALUES (?, ?, ?, ?, ?)');
  for (let id = 1; id <= 150; id++) {
    const note = copy && id === 1 ? HOSTILE_TAG : copy && id === 2 ? HOSTILE_LINK : copy && id === 3 ? LONG : `note ${id}`;
    insert.run(id, `label ${id}`, note, copy && id <= 120 ? `${id}.50` : `${id}.00`, `person${id}@example.com`);
  }
  db.close();
  return file;
}

describe.runIf(browserAvailable() && (await databaseAvailable('postgres')))('the web page in a browser', () => {
  let t: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let comparisonId: string;
  let firstJob: number;
  let slowComparisonId: string;
  const dialogs: string[] = [];

  beforeAll(async () => {
    await ensureNap();
    t = await startTestServer({ workers: 2 });
    const dir = tempDir('web');
    const ids: string[] = [];
    for (const [name, copy] of [['prod', false], ['copy', true]] as const) {
      const file = customers(path.join(dir, `${name}.db`), copy);
      ids.push((await t.request('POST', '/sources', { body: { name, type: 'sqlite', path: file } })).json.data.id);
    }
    const created = await t.request('POST', '/comparisons', {
      body: {
        name: 'customers prod vs copy',
        source_datasource_id: ids[0],
        target_datasource_id: ids[1],
        source_dataset_id: 'customers',
        target_dataset_id: 'customers',
        configuration: { source_columns: ['label', 'note', 'amount'], target_columns: ['label', 'note', 'amount'], primary_keys_source: ['id'], primary_keys_target: ['id'], max_diff_rows: 1000 },
      },
    });
    comparisonId = created.json.data.id;
    firstJob = created.json.run_id;
    await waitForJob(t, firstJob);
    // A PostgreSQL comparison whose queries sleep a minute: it runs long enough to be terminated.
    const pgId = (await t.request('POST', '/sources', { body: { name: 'pg', type: 'postgres', url: TEST_DATABASE_URLS.postgres } })).json.data.id;
    const slow = await t.request('POST', '/comparisons?create_only=true', {
      body: {
        name: 'slow queries',
        source_datasource_id: pgId,
        target_datasource_id: pgId,
        configuration: {
          source_query: `SELECT 1 AS id, 1 AS v FROM ${NAP}(60)`,
          target_query: `SELECT 1 AS id, 2 AS v FROM ${NAP}(60)`,
          source_columns: ['v'],
          target_columns: ['v'],
          primary_keys_source: ['id'],
          primary_keys_target: ['id'],
        },
      },
    });
    slowComparisonId = slow.json.data.id;
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  async function signIn(key: string): Promise<void> {
    await page.goto(`${t.url}/`);
    await expect.poll(() => page.url()).toContain('/ui/sign-in');
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/ui\/jobs/);
  }

  it('signs in with a key and lands on the jobs, newest first, with the finished job', async () => {
    await signIn(t.key);
    expect(await page.locator('h1').textContent()).toBe('Jobs');
    const row = page.locator('tbody tr').first();
    await expect.poll(() => row.textContent()).toContain('customers prod vs copy');
    expect(await row.textContent()).toContain('SUCCESS');
    expect(await row.textContent()).toContain('MISMATCH');
    expect(await row.textContent()).toContain('120 rows differ');
    const cookies = await context.cookies();
    expect(cookies).toEqual([expect.objectContaining({ name: 'dc_session', httpOnly: true, sameSite: 'Strict' })]);
    // nothing of the key or the session is readable by a script of the page
    expect(await page.evaluate(() => {
      const web = globalThis as unknown as { localStorage: { length: number }; sessionStorage: { length: number }; document: { cookie: string } };
      return [web.localStorage.length, web.sessionStorage.length, web.document.cookie];
    })).toEqual([0, 0, '']);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'jobs.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 800 });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'jobs-narrow.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('shows a job: counts, the columns that differ, and its rows page by page with the changed cells highlighted', async () => {
    await page.getByRole('link', { name: `#${firstJob}` }).click();
    await page.waitForURL(new RegExp(`/ui/jobs/${firstJob}$`));
    const cards = await page.locator('.card').allTextContents();
    expect(cards).toEqual(['20.0%Match', '150Source rows', '150Target rows', '30Matched', '120Changed', '0Only in source', '0Only in target']);
    const mismatchRows = page.locator('h2:has-text("Columns that differ") + .scroll tbody tr');
    const mismatches = await Promise.all((await mismatchRows.all()).map(async (row) => (await row.locator('td').allTextContents()).slice(0, 3)));
    expect(mismatches).toEqual([
      ['note', 'note', '3'],
      ['amount', 'amount', '120'],
    ]);
    expect(await page.locator('#rows p.muted').textContent()).toContain('Rows 1–50 of 120.');
    expect(await page.locator('table.diff tbody tr').count()).toBe(50);
    expect(await page.locator('table.diff td.changed').count()).toBeGreaterThanOrEqual(50);
    expect(await page.locator('table.diff tbody tr').first().locator('td.changed').last().textContent()).toBe('1.00→1.50');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'job.png'), fullPage: false });
    await page.getByRole('link', { name: 'Next →' }).click();
    expect(await page.locator('#rows p.muted').textContent()).toContain('Rows 51–100 of 120.');
    await page.getByRole('link', { name: 'Next →' }).click();
    expect(await page.locator('table.diff tbody tr').count()).toBe(20);
  });

  it('shows hostile values as text: no script runs, no link is made, long values are cut', async () => {
    await page.goto(`${t.url}/ui/jobs/${firstJob}`);
    const firstRow = page.locator('table.diff tbody tr').first();
    expect(await firstRow.textContent()).toContain(HOSTILE_TAG);
    expect(await page.locator('table.diff img').count()).toBe(0);
    expect(await page.locator(`a[href^="javascript"]`).count()).toBe(0);
    expect(await page.locator('table.diff tbody tr').nth(1).textContent()).toContain(HOSTILE_LINK);
    const long = await page.locator('table.diff tbody tr').nth(2).locator('td.changed').first().textContent();
    expect(long).toContain('(5,000 characters)');
    expect(long!.length).toBeLessThan(400);
    expect(await page.evaluate(() => (globalThis as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    const response = await page.request.get(`${t.url}/ui/jobs/${firstJob}`);
    expect(response.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers()['content-security-policy']).not.toContain('unsafe-inline');
    expect(response.headers()['cache-control']).toBe('no-store');
  });

  it('executes a comparison and shows the new job until it finishes', async () => {
    await page.goto(`${t.url}/ui/comparisons/${comparisonId}`);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.waitForURL(/\/ui\/jobs\/\d+$/);
    const jobId = Number(page.url().split('/').at(-1));
    expect(jobId).toBeGreaterThan(firstJob);
    await expect.poll(async () => (await page.reload(), await page.locator('dl.facts dd').first().textContent()), { timeout: 30_000, interval: 500 }).toContain('SUCCESS');
    expect(await page.locator('dl.facts dd').first().textContent()).toContain('MISMATCH');
  });

  it('terminates a slow job from its page', async () => {
    await page.goto(`${t.url}/ui/comparisons/${slowComparisonId}`);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.waitForURL(/\/ui\/jobs\/\d+$/);
    const jobId = Number(page.url().split('/').at(-1));
    await page.getByRole('button', { name: 'Terminate' }).click();
    await page.waitForURL(new RegExp(`/ui/jobs/${jobId}\\?done=terminated`));
    expect(await page.locator('.notice').first().textContent()).toContain('The job was terminated.');
    expect(dialogs).toEqual([`Terminate job #${jobId}?`]);
    dialogs.length = 0;
    const job = await waitForJob(t, jobId, ['REVOKED'], 5000);
    expect(job.status).toBe('REVOKED');
  });

  it('executes several comparisons at once from the list', async () => {
    await page.goto(`${t.url}/ui/comparisons`);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'comparisons.png'), fullPage: true });
    await page.getByLabel('Select customers prod vs copy').check();
    await page.getByRole('button', { name: 'Run selected' }).click();
    await page.waitForURL(/\/ui\/jobs\?done=executed&n=1/);
    expect(await page.locator('.notice').textContent()).toBe('Submitted 1 job(s) for execution.');
  });

  it('shows the data sources with real counts and the catalog with the sensitive columns marked', async () => {
    await page.goto(`${t.url}/ui/sources`);
    const prod = page.locator('tbody tr', { hasText: 'prod' });
    expect(await prod.locator('td.num').allTextContents()).toEqual(['1', '5', '1']);
    await prod.getByRole('link', { name: 'prod' }).click();
    expect(await page.locator('details summary').first().textContent()).toContain('customers');
    expect(await page.locator('details tbody tr', { hasText: 'email' }).locator('.badge').textContent()).toBe('email');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'source.png'), fullPage: true });
  });

  it('creates a read key in Settings › Tokens, shows it once, and that key cannot execute', async () => {
    await page.goto(`${t.url}/ui/settings/tokens`);
    await page.getByLabel('Name', { exact: true }).fill('browser-reader');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.locator('#new-key').textContent())!;
    expect(key).toMatch(/^dck_/);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'tokens.png'), fullPage: true });
    await page.goto(`${t.url}/ui/settings/tokens`);
    expect(await page.content()).not.toContain(key);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/ended=signed-out/);
    await signIn(key);
    expect(await page.getByRole('link', { name: 'Settings › Tokens' }).count()).toBe(0);
    await page.goto(`${t.url}/ui/comparisons/${comparisonId}`);
    expect(await page.getByRole('button', { name: 'Run', exact: true }).count()).toBe(0);
    // the server refuses it too, even with the session's own CSRF token
    const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
    const refused = await page.evaluate(
      async ([url, token]) => (await fetch(url!, { method: 'POST', body: new URLSearchParams({ _csrf: token! }) })).status,
      [`${t.url}/ui/comparisons/${comparisonId}/execute`, csrf],
    );
    expect(refused).toBe(403);
    expect((await page.request.get(`${t.url}/ui/settings/tokens`)).status()).toBe(403);
  });

  it('refuses a state change without the CSRF token, or from another origin', async () => {
    const missing = await page.evaluate(async (url) => (await fetch(url, { method: 'POST', body: new URLSearchParams({}) })).status, `${t.url}/ui/sign-out`);
    expect(missing).toBe(403);
    const foreign = await page.request.post(`${t.url}/ui/sign-out`, { form: { _csrf: 'x' }, headers: { Origin: 'https://evil.example' } });
    expect(foreign.status()).toBe(403);
  });

  it('ends the session when its key is disabled, and on sign-out', async () => {
    await page.goto(`${t.url}/ui/jobs`);
    const reader = (await t.server.store.keys.list()).find((k) => k.name === 'browser-reader')!;
    await t.server.store.keys.setEnabled(reader.id, false);
    await page.goto(`${t.url}/ui/jobs`);
    await page.waitForURL(/\/ui\/sign-in\?ended=disabled/);
    expect(await page.locator('.notice').textContent()).toContain('was disabled');

    await signIn(t.key);
    const [cookie] = await context.cookies();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/ended=signed-out/);
    // the old cookie value no longer opens anything
    const replay = await fetch(`${t.url}/ui/jobs`, { headers: { Cookie: `dc_session=${cookie!.value}` }, redirect: 'manual' });
    expect(replay.status).toBe(303);
    expect(replay.headers.get('location')).toContain('/ui/sign-in');
  });
});
