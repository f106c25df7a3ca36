/**
 * The service's diff details mask the values of sensitive columns unless the API key may read them
 * (`read:sensitive`, part of `write`): a `read` key sees that rows differ and which, not the e-mails.
 */
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as c from '../../../src/api/contract.js';
import { startTestServer, tempDir, waitForJob, type TestServer } from './harness.js';

function customers(file: string, rows: [string, string][]): string {
  const db = new DatabaseSync(file);
  db.exec('CREATE TABLE customers (email TEXT PRIMARY KEY, phone TEXT)');
  for (const row of rows) db.prepare('INSERT INTO customers VALUES (?, ?)').run(...row);
  db.close();
  return file;
}

describe('diff details of sensitive columns', () => {
  let t: TestServer;
  let runId: number;
  beforeAll(async () => {
    t = await startTestServer();
    const dir = tempDir('sensitive');
    const ids: string[] = [];
    for (const [name, rows] of [
      ['prod', [['ada@example.com', '+44 20 7946 0958'], ['bob@example.com', '+1 (415) 555-0132']]],
      ['copy', [['ada@example.com', '+44 20 7946 0000'], ['bob@example.com', '+1 (415) 555-0132']]],
    ] as const) {
      const file = customers(path.join(dir, `${name}.db`), rows as unknown as [string, string][]);
      ids.push(c.dataSourceCreateResponseSchema.parse((await t.request('POST', '/sources', { body: { name, type: 'sqlite', path: file } })).json).data.id);
    }
    const created = await t.request('POST', '/comparisons', {
      body: {
        name: 'customers',
        source_datasource_id: ids[0],
        target_datasource_id: ids[1],
        source_dataset_id: 'customers',
        target_dataset_id: 'customers',
        configuration: { source_columns: ['phone'], target_columns: ['phone'], primary_keys_source: ['email'], primary_keys_target: ['email'] },
      },
    });
    runId = created.json.run_id;
    await waitForJob(t, runId);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('are masked for a read key, and shown with read:sensitive', async () => {
    const reader = (await t.newKey(['read'])).key;
    const masked = await t.request('GET', `/jobs/comparison/${runId}/diff-details`, { key: reader });
    expect(masked.status).toBe(200);
    expect(masked.text).not.toMatch(/ada@example\.com|7946 0958|7946 0000/);
    expect(masked.json.data.diff_rows).toHaveLength(1);
    expect(masked.json.data.mismatched_columns_mapping.phone.mismatch_count).toBe(1);
    const trusted = (await t.newKey(['read', 'read:sensitive'])).key;
    const shown = await t.request('GET', `/jobs/comparison/${runId}/diff-details`, { key: trusted });
    expect(shown.text).toContain('ada@example.com');
    expect(shown.text).toContain('+44 20 7946 0958');
  });
});
