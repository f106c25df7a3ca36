/**
 * How many diff details and downloads the service sends at once (issue #43 review, item 4). Each
 * streamed answer holds a page of rows while its client takes its time, so slow readers were bounded
 * one by one but not in number: a hundred of them held a hundred pages (1.6 to 3 GB). Now an API key
 * has at most `--key-max-streams` such answers in flight (its API calls and web downloads together) and
 * the server `--max-streams`; one more answers 429 with Retry-After before any row is read, and a place
 * frees the moment its answer ends. A page is also bounded in bytes (1 MiB of rows' JSON), not only in
 * rows. Measured on real servers: the answers' statuses, and a serve process's peak memory.
 */
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as c from '../../../src/api/contract.js';
import { memoryKb, resetPeakMemory } from '../../helpers/processes.js';
import { stalledGet } from '../../helpers/raw-http.js';
import { startTestServer, tempDir, waitForJob, webSession, type TestServer } from './harness.js';
import { startChildServer, type ServerProcess } from './server-process.js';

/**
 * The serve process's heap (V8's old space) in the 12-reader test: 8 answers each holding a page (at most
 * 1 MiB of rows' JSON, parsed) fit with room to spare; 8 answers each holding the whole diff (about 20 MiB
 * of rows a reader, 160 MiB) cannot, and the process would die of it.
 */
const HEAP_CAP_MIB = 96;

/** Rows of 70,000 characters against short ones: the diff (about 16 MiB) is far more than a socket's buffers hold unread. */
const ROWS = 300;
const CHARS = 70_000;

/** A SQLite file with tables `wide` (long values) and `narrow` (short ones), ids 1..ROWS. */
function longRowsFile(): string {
  const file = path.join(tempDir('diff-streams-src'), 'long.db');
  const db = new DatabaseSync(file);
  db.exec(`CREATE TABLE wide (id INTEGER PRIMARY KEY, v TEXT); CREATE TABLE narrow (id INTEGER PRIMARY KEY, v TEXT);
    INSERT INTO wide WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < ${ROWS}) SELECT i, printf('%.*c', ${CHARS}, 'x') FROM r;
    INSERT INTO narrow SELECT id, 'short' FROM wide;`);
  db.close();
  return file;
}

function longRowsComparison(sourceId: string): Record<string, unknown> {
  return {
    name: 'long rows',
    source_datasource_id: sourceId,
    target_datasource_id: sourceId,
    source_dataset_id: 'wide',
    target_dataset_id: 'narrow',
    configuration: { source_columns: ['v'], target_columns: ['v'], primary_keys_source: ['id'], primary_keys_target: ['id'], max_diff_rows: ROWS, case_sensitive: true },
  };
}

const bearer = (key: string, workspace: string) => ({ Authorization: `Bearer ${key}`, 'Workspace-Id': workspace });

describe('diff details and downloads in flight, on an in-process server (2 per key, 3 in all)', () => {
  let t: TestServer;
  let route: string;
  let runId: number;
  beforeAll(async () => {
    t = await startTestServer({ workers: 1, streamCounts: { perKey: 2, total: 3 }, streamLimits: { idleMs: 60_000, totalMs: 120_000 } });
    const source = await t.request('POST', '/sources', { body: { name: 'long', type: 'sqlite', path: longRowsFile() } });
    expect(source.status, source.text).toBe(201);
    const created = await t.request('POST', '/comparisons', { body: longRowsComparison(source.json.data.id) });
    runId = created.json.run_id as number;
    expect((await waitForJob(t, runId)).status).toBe('SUCCESS');
    route = `/jobs/comparison/${runId}/diff-details`;
  });
  afterAll(async () => t?.stop());

  it('answers 429 with Retry-After past a key\'s places and past the server\'s, and frees a place when its answer ends', async () => {
    const other = await t.newKey(['read']);
    const third = await t.newKey(['read']);
    // two stalled readers hold the key's two places
    const held = [stalledGet(t.url, route, bearer(t.key, t.workspace)), stalledGet(t.url, route, bearer(t.key, t.workspace))];
    expect(await Promise.all(held.map((reader) => reader.answered))).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK']);

    const keyFull = await t.request('GET', route);
    expect(keyFull.status).toBe(429);
    expect(keyFull.headers.get('retry-after')).toBe('5');
    expect(c.errorBodySchema.parse(keyFull.json)).toMatchInlineSnapshot(`
      {
        "code": "too_many_streams",
        "detail": "Too Many Requests",
        "message": "This API key already has 2 diff details or downloads being sent, the most one key may have at once; retry when one has finished.",
      }
    `);
    // the key's web downloads count with its API calls
    const { cookie } = await webSession(t.url, t.key);
    expect((await fetch(`${t.url}/ui/jobs/${runId}/rows.csv`, { headers: { Cookie: cookie } })).status).toBe(429);

    // another key still gets one: the server's third place
    const otherReader = stalledGet(t.url, route, bearer(other.key, t.workspace));
    expect(await otherReader.answered).toBe('HTTP/1.1 200 OK');
    const serverFull = await t.request('GET', route, { key: third.key });
    expect(serverFull.status).toBe(429);
    expect(c.errorBodySchema.parse(serverFull.json)).toMatchInlineSnapshot(`
      {
        "code": "too_many_streams",
        "detail": "Too Many Requests",
        "message": "The server is already sending 3 diff details or downloads, the most it sends at once; retry shortly.",
      }
    `);

    // a reader that hangs up gives its place back: the key is served again, to the end
    held[0]!.socket.destroy();
    await vi.waitFor(async () => {
      const again = await t.request('GET', route);
      expect(again.status).toBe(200);
      expect(c.diffDetailsResponseSchema.parse(again.json).data.diff_rows.length).toBeGreaterThan(0);
    });
    for (const reader of [held[1]!, otherReader]) reader.socket.destroy();
  });

  it('sends every kept row once and in order, wherever the pages of 1 MiB end', async () => {
    const answer = await t.request('GET', route);
    const data = c.diffDetailsResponseSchema.parse(answer.json).data;
    // 16 MiB of rows kept: about 16 pages of 15 rows each (not 3 pages of 100)
    expect(data.diff_rows.length).toBeGreaterThan(200);
    expect(data.diff_rows.map((row) => row.id)).toEqual(Array.from({ length: data.diff_rows.length }, (_, i) => i + 1));
    // each value as stored: its first 64 Ki characters
    expect(data.diff_rows.every((row) => row.source_v === 'x'.repeat(65_536) && row.target_v === 'short')).toBe(true);
  });
});

describe('stalled readers of a serve process (4 per key, 8 in all)', () => {
  let server: ServerProcess;
  let route: string;

  beforeAll(async () => {
    server = await startChildServer(tempDir('diff-streams-data'), { streamCounts: { perKey: 4, total: 8 }, streamLimits: { idleMs: 60_000, totalMs: 120_000 } }, {}, [`--max-old-space-size=${HEAP_CAP_MIB}`]);
    const source = await server.call('POST', '/sources', { name: 'long', type: 'sqlite', path: longRowsFile() });
    const created = await server.call('POST', '/comparisons', longRowsComparison(source.json.data.id));
    for (let status = ''; status !== 'SUCCESS'; await new Promise((resolve) => setTimeout(resolve, 200))) {
      status = (await server.call('POST', '/jobs/comparison/details', [created.json.run_id])).json.data[0].status;
      expect(['PENDING', 'STARTED', 'SUCCESS']).toContain(status);
    }
    route = `/jobs/comparison/${created.json.run_id}/diff-details`;
  });
  afterAll(() => {
    server?.child.kill('SIGKILL');
  });

  it('serves 8 of 12 and refuses 4 before reading a row, for a bounded peak of memory', { timeout: 120_000 }, async () => {
    resetPeakMemory(server.pid);
    const baseline = memoryKb(server.pid, 'VmRSS');
    // six readers with the write key, six with the read key (its answers masked); each stops reading at once
    const readers = [...Array(6).fill(server.key), ...Array(6).fill(server.readKey!)].map((key: string) => stalledGet(server.url, route, bearer(key, server.workspace)));
    const statuses = await Promise.all(readers.map((reader) => reader.answered));
    const peakMiB = (memoryKb(server.pid, 'VmHWM') - baseline) / 1024;
    // Printed, not asserted: resident memory depends on when the collector runs (on CI it once read 93 MiB
    // where this machine reads 50). The heap cap is the check: a server holding each stalled reader's
    // whole diff could not answer under it.
    console.log(`12 stalled readers: the server's peak memory grew by ${peakMiB.toFixed(0)} MiB (heap capped at ${HEAP_CAP_MIB} MiB)`);
    expect(statuses.filter((status) => status === 'HTTP/1.1 200 OK')).toHaveLength(8);
    expect(statuses.filter((status) => status === 'HTTP/1.1 429 Too Many Requests')).toHaveLength(4);
    // still alive and answering, under its cap, while the 8 answers are held
    expect((await server.call('GET', '/healthz')).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
    for (const reader of readers) reader.socket.destroy();
  });
});
