/**
 * Why values differ, on the web page, in a real headless Chromium against a real `datacompare serve`
 * comparing two SQLite files with planted kinds of difference (issue #44): the job page's Why column
 * with exact counts, accepted kinds apart, an example row opened from the keyboard, masked for a key
 * without read:sensitive; the comparison form's "Count as equal" saved, ticked again on edit, and an
 * unknown kind refused next to the fieldset. Screenshots go to test-artifacts/web/job-why.png and forms-accept.png (1280 and 390 px wide).
 */
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, SCREENSHOT_DIR } from '../../../helpers/browser.js';
import { startTestServer, tempDir, waitForJob, type TestServer } from '../harness.js';

/**
 * 40 payments; the ledger's amounts of 1–6 are ×100 and of 7–10 rounded to 2 decimals, the labels of
 * 11–13 end with a space, the emails of 14 and 15 are at another domain and of 16 end with a space.
 */
function payments(file: string, ledger: boolean): string {
  const db = new DatabaseSync(file);
  db.exec('CREATE TABLE payments (id INTEGER PRIMARY KEY, label TEXT, amount NUMERIC(12,4), email TEXT)');
  const insert = db.prepare('INSERT INTO payments VALUES (?, ?, ?, ?)');
  for (let id = 1; id <= 40; id++) {
    const rounded = id >= 7 && id <= 10;
    const amount = ledger && id <= 6 ? `${id}34` : rounded ? (ledger ? `${id}.13` : `${id}.125`) : `${id}.34`;
    const label = ledger && id >= 11 && id <= 13 ? `label ${id} ` : `label ${id}`;
    const email = ledger && (id === 14 || id === 15) ? `person${id}@example.org` : ledger && id === 16 ? `person${id}@example.com ` : `person${id}@example.com`;
    insert.run(id, label, amount, email);
  }
  db.close();
  return file;
}

describe.runIf(browserAvailable())('why values differ, on the web page', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  let comparisonId: string;
  let jobId: number;

  beforeAll(async () => {
    t = await startTestServer({ workers: 1 });
    const dir = tempDir('web-why');
    const ids: string[] = [];
    for (const [name, ledger] of [['books', false], ['ledger', true]] as const) {
      ids.push((await t.request('POST', '/sources', { body: { name, type: 'sqlite', path: payments(path.join(dir, `${name}.db`), ledger) } })).json.data.id);
    }
    const created = await t.request('POST', '/comparisons', {
      body: {
        name: 'payments books vs ledger',
        source_datasource_id: ids[0],
        target_datasource_id: ids[1],
        source_dataset_id: 'payments',
        target_dataset_id: 'payments',
        configuration: { source_columns: ['label', 'amount', 'email'], target_columns: ['label', 'amount', 'email'], primary_keys_source: ['id'], primary_keys_target: ['id'], accept: ['whitespace'] },
      },
    });
    comparisonId = created.json.data.id;
    jobId = created.json.run_id;
    await waitForJob(t, jobId);
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  async function signIn(key: string): Promise<void> {
    await page.goto(`${t.url}/ui/sign-in`);
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/ui\/jobs/);
  }

  /** Each row of "Columns that differ": column, rows that differ, its counted kinds and its accepted ones. */
  async function whyTable(): Promise<{ column: string; rows: string; counted: string[]; accepted: string[] }[]> {
    const rows = await page.locator('table.columns tbody tr').all();
    return Promise.all(
      rows.map(async (row) => ({
        column: (await row.locator('td').first().textContent())!,
        rows: (await row.locator('td.num').textContent())!,
        counted: (await row.locator('td.why > ul.kinds > li').allInnerTexts()).map((text) => text.trim()),
        accepted: (await row.locator('td.why .accepted li').allInnerTexts()).map((text) => text.trim()),
      })),
    );
  }

  /** The example of `kind` in `column`'s Why cell, opened as a keyboard user would: focus its summary, press Enter. */
  async function openExample(column: string, kind: string): Promise<string[]> {
    const cell = page.locator('table.columns tbody tr', { has: page.locator('td.mono', { hasText: new RegExp(`^${column}$`) }) }).locator('td.why');
    const summary = cell.locator('summary', { hasText: kind });
    const example = summary.locator('xpath=..').locator('dl.example');
    expect(await summary.count()).toBe(1);
    expect(await example.isVisible()).toBe(false);
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => example.isVisible()).toBe(true);
    return (await example.locator('dt, dd').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
  }

  it('names each column’s kinds with their counts, the accepted ones apart, and opens an example from the keyboard', async () => {
    await signIn(t.key);
    await page.goto(`${t.url}/ui/jobs/${jobId}`);
    const cards = await page.locator('.card').allTextContents();
    expect(cards).toEqual(['70.0%Match', '40Source rows', '40Target rows', '28Matched', '12Changed', '0Only in source', '0Only in target', '4Matched as accepted']);
    expect(await page.locator('table.columns thead th').allTextContents()).toEqual(['Source column', 'Target column', 'Rows that differ', 'Why', 'Details']);
    expect(await whyTable()).toEqual([
      { column: 'label', rows: '0', counted: [], accepted: ['3 whitespace'] },
      { column: 'amount', rows: '10', counted: ['6 scaled ×100', '4 rounding (to 2 decimals)'], accepted: [] },
      { column: 'email', rows: '2', counted: ['2 other'], accepted: ['1 whitespace'] },
    ]);
    expect(await page.locator('table.columns td.why .accepted .tag').allTextContents()).toEqual(['accepted:', 'accepted:']);
    // accepted rows count as equal and are not kept: their kinds have no example to open
    expect(await page.locator('table.columns td.why .accepted summary').count()).toBe(0);
    expect(await openExample('amount', 'rounding')).toEqual(['id (key)', '7', 'amount', '7.1250→7.1300']);
    expect(await openExample('amount', 'scaled')).toEqual(['id (key)', '1', 'amount', '1.3400→134.0000']);
    expect(await openExample('email', 'other')).toEqual(['id (key)', '14', 'email', 'person14@example.com→person14@example.org']);
    await page.locator('table.columns').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'job-why.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 }); // a phone's width, for a look
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'job-why-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('shows a key without read:sensitive the examples of a sensitive column masked', async () => {
    const { key } = await t.newKey(['read']);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/ended=signed-out/);
    await signIn(key);
    await page.goto(`${t.url}/ui/jobs/${jobId}`);
    const [, id, , values] = await openExample('email', 'other');
    expect(id).toBe('14');
    expect(values).toMatch(/^p\*\*\*@e\*\*\*\.com ·[0-9a-f]{6}→p\*\*\*@e\*\*\*\.org ·[0-9a-f]{6}$/);
    expect(await page.content()).not.toContain('person14@');
    // amount is not sensitive: its examples are as they are
    expect(await openExample('amount', 'rounding')).toEqual(['id (key)', '7', 'amount', '7.1250→7.1300']);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/ended=signed-out/);
  });

  it('saves the kinds ticked under "Count as equal", shows them ticked on edit, and saves none as no accept', async () => {
    await signIn(t.key);
    await page.goto(`${t.url}/ui/comparisons/${comparisonId}/edit`);
    const group = page.getByRole('group', { name: 'Count as equal' });
    expect(await group.getByRole('checkbox').count()).toBe(13);
    expect(await group.getByLabel('whitespace', { exact: true }).isChecked()).toBe(true);
    expect(await group.getByLabel('time precision', { exact: true }).isChecked()).toBe(false);
    expect(await page.locator('#accept-time_precision-help').textContent()).toBe('The same time with fewer fractional seconds.');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'forms-accept.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 }); // a phone's width, for a look
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'forms-accept-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await group.getByLabel('time precision', { exact: true }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\?done=saved/);
    expect((await t.server.store.getComparison(t.workspace, comparisonId))!.configuration).toMatchObject({ accept: ['whitespace', 'time_precision'] });

    await page.goto(`${t.url}/ui/comparisons/${comparisonId}/edit`);
    expect(await group.getByLabel('whitespace', { exact: true }).isChecked()).toBe(true);
    expect(await group.getByLabel('time precision', { exact: true }).isChecked()).toBe(true);
    await group.getByLabel('whitespace', { exact: true }).uncheck();
    await group.getByLabel('time precision', { exact: true }).uncheck();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\?done=saved/);
    expect((await t.server.store.getComparison(t.workspace, comparisonId))!.configuration).not.toHaveProperty('accept');
  });

  it('refuses a kind it does not know, next to the fieldset, and saves nothing', async () => {
    await page.goto(`${t.url}/ui/comparisons/${comparisonId}/edit`);
    const group = page.getByRole('group', { name: 'Count as equal' });
    await group.getByLabel('rounding', { exact: true }).check();
    // a forged form: a box posts a kind no checkbox offers
    await page.locator('#accept-sign').evaluate((box) => {
      (box as unknown as { value: string; checked: boolean }).value = 'unit_change';
      (box as unknown as { checked: boolean }).checked = true;
    });
    const [answer] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button', { name: 'Save', exact: true }).click()]);
    expect(answer.status()).toBe(422);
    expect(await page.locator('.notice.bad').textContent()).toContain('Check the fields marked below.');
    expect(await page.locator('#error-accept').textContent()).toMatchInlineSnapshot(`"“unit_change” is not a kind of difference that can count as equal: must be one of null_vs_empty, null, case, whitespace, leading_zeros, encoding, truncated_text, sign, scale, rounding, time_shift, time_precision, boolean_spelling."`);
    // what was ticked stays ticked
    expect(await group.getByLabel('rounding', { exact: true }).isChecked()).toBe(true);
    expect((await t.server.store.getComparison(t.workspace, comparisonId))!.configuration).not.toHaveProperty('accept');
  });
});
