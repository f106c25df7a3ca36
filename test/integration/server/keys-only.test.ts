/** The service compares by keys only when a comparison's column lists are empty (`source_columns: []`). */
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as c from '../../../src/api/contract.js';
import { startTestServer, tempDir, waitForJob, type TestServer } from './harness.js';

function linkTable(file: string, rows: [number, number][]): string {
  const db = new DatabaseSync(file);
  db.exec('CREATE TABLE playlist_track (playlist_id INTEGER NOT NULL, track_id INTEGER NOT NULL, PRIMARY KEY (playlist_id, track_id))');
  const insert = db.prepare('INSERT INTO playlist_track VALUES (?, ?)');
  for (const row of rows) insert.run(...row);
  db.close();
  return file;
}

describe('keys-only comparisons on the service', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('accepts empty column lists and reports the rows only in one side', async () => {
    const dir = tempDir('keys-only');
    const ids: string[] = [];
    for (const [name, rows] of [
      ['a', [[1, 1], [1, 2], [2, 3]]],
      ['b', [[1, 1], [2, 3], [3, 4]]],
    ] as const) {
      const file = linkTable(path.join(dir, `${name}.db`), rows as unknown as [number, number][]);
      ids.push(c.dataSourceCreateResponseSchema.parse((await t.request('POST', '/sources', { body: { name, type: 'sqlite', path: file } })).json).data.id);
    }
    const created = await t.request('POST', '/comparisons', {
      body: {
        name: 'playlist_track',
        source_datasource_id: ids[0],
        target_datasource_id: ids[1],
        source_dataset_id: 'playlist_track',
        target_dataset_id: 'playlist_track',
        configuration: { source_columns: [], target_columns: [], primary_keys_source: ['playlist_id', 'track_id'], primary_keys_target: ['playlist_id', 'track_id'] },
      },
    });
    expect(created.status, created.text).toBe(201);
    const job = c.jobDetailSchema.parse(await waitForJob(t, created.json.run_id));
    expect(job.status).toBe('SUCCESS');
    expect(job.result).toMatchObject({ diff_status: 'MISMATCH' });
    const details = await t.request('GET', `/jobs/comparison/${created.json.run_id}/diff-details`);
    const rows = JSON.stringify(details.json);
    expect(rows).toMatch(/"playlist_id":1,"track_id":2/);
    expect(rows).toMatch(/"playlist_id":3,"track_id":4/);
  });
});
