/**
 * What one job's differing rows can cost the service, whatever its values: each stored value is cut
 * to 64 Ki characters (with its whole length and SHA-256), a job stores at most a bound of rows in
 * bytes (the answer says rows were left out), and diff-details and the downloads are written as the
 * client reads them, a page of rows at a time, closing a connection that stops reading or takes too
 * long. Measured on a real `datacompare serve`: its store on disk and its process's memory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as c from '../../../src/api/contract.js';
import { memoryKb, resetPeakMemory } from '../../helpers/processes.js';
import { pacedGet, stalledGet } from '../../helpers/raw-http.js';
import { startTestServer, tempDir, waitForJob, type TestServer } from './harness.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A SQLite file with a table `t` of ids 1..n (the values are made by the comparisons' queries). */
function idsFile(n: number): string {
  const file = path.join(tempDir('diff-bounds-src'), 'ids.db');
  const db = new DatabaseSync(file);
  db.exec(`CREATE TABLE t (id INTEGER PRIMARY KEY); INSERT INTO t WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < ${n}) SELECT i FROM r;`);
  db.close();
  return file;
}

/** A comparison of `source_query` (a long value per row) against `target_query` (a short one). */
function longValues(sourceId: string, chars: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: `long values ${chars}`,
    source_datasource_id: sourceId,
    target_datasource_id: sourceId,
    configuration: {
      source_columns: ['v'],
      target_columns: ['v'],
      primary_keys_source: ['id'],
      primary_keys_target: ['id'],
      source_query: `SELECT id, printf('%.*c', ${chars}, 'x') AS v FROM t`,
      target_query: "SELECT id, 'short' AS v FROM t",
      case_sensitive: true,
      ...extra,
    },
  };
}

/** Bytes of the server's SQLite store on disk (the database and its write-ahead log). */
function storeBytes(dataDir: string): number {
  return ['datacompare.db', 'datacompare.db-wal'].map((name) => path.join(dataDir, name)).reduce((sum, file) => sum + (existsSync(file) ? statSync(file).size : 0), 0);
}

describe('a job with 30,000,000-character values on 16 rows, on a serve process', () => {
  let child: ChildProcess;
  let server: { url: string; key: string; readKey: string; workspace: string };
  let runId: number;
  const dataDir = tempDir('diff-bounds-data');
  const call = async (key: string, method: string, route: string, body?: unknown) => {
    const response = await fetch(`${server.url}${route}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, 'Workspace-Id': server.workspace, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, json: (await response.json()) as any };
  };

  beforeAll(async () => {
    child = spawn(process.execPath, ['--experimental-transform-types', '--no-warnings', '--import', './register-ts.mjs', 'child-server.ts', dataDir], { cwd: here, stdio: ['ignore', 'pipe', 'inherit'] });
    server = await new Promise((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]!));
      });
      child.once('exit', (code) => reject(new Error(`the server exited early (${code})`)));
    });
  });
  afterAll(() => {
    child?.kill('SIGKILL');
  });

  it('stores about 1 MiB for the job (64 Ki characters of each value), not 480 MB', { timeout: 240_000 }, async () => {
    const source = await call(server.key, 'POST', '/sources', { name: 'ids', type: 'sqlite', path: idsFile(16) });
    expect(source.status).toBe(201);
    const before = storeBytes(dataDir);
    const created = await call(server.key, 'POST', '/comparisons', longValues(source.json.data.id, 30_000_000));
    expect(created.status).toBe(201);
    runId = created.json.run_id;
    for (let status = ''; status !== 'SUCCESS'; ) {
      // While the server takes in 480 MB of rows its event loop may stall past its keep-alive timeout,
      // closing the poll's idle connection under the next request: that poll is asked again.
      const details = await call(server.key, 'POST', '/jobs/comparison/details', [runId]).catch((error: Error) => {
        if ((error.cause as { code?: string } | undefined)?.code !== 'ECONNRESET') throw error;
        return undefined;
      });
      status = details?.json.data[0].status ?? status;
      expect(['', 'PENDING', 'STARTED', 'SUCCESS'], `the job ended ${status}: ${details?.json.data[0].failure_reason}`).toContain(status);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const stored = storeBytes(dataDir) - before;
    console.log(`stored for the job: ${(stored / 1024 / 1024).toFixed(1)} MiB`);
    expect(stored).toBeLessThan(4 * 1024 * 1024);
  });

  it('serves it to four stalled readers with a read key for a few MiB of memory, each value with its whole length and SHA-256', { timeout: 240_000 }, async () => {
    // The peak from here on is what serving the diff costs.
    resetPeakMemory(child.pid!);
    const baseline = memoryKb(child.pid!, 'VmRSS');
    const route = `/jobs/comparison/${runId}/diff-details`;
    const readers = [1, 2, 3, 4].map(() => stalledGet(server.url, route, { Authorization: `Bearer ${server.readKey}`, 'Workspace-Id': server.workspace }));
    expect(await Promise.all(readers.map((reader) => reader.answered))).toEqual(Array(4).fill('HTTP/1.1 200 OK'));
    const peak = memoryKb(child.pid!, 'VmHWM') - baseline;
    console.log(`four stalled readers: the server's peak memory grew by ${(peak / 1024).toFixed(0)} MiB`);
    expect(peak).toBeLessThan(150 * 1024);
    for (const reader of readers) reader.socket.destroy();

    const answer = await call(server.readKey, 'GET', route);
    const data = c.diffDetailsResponseSchema.parse(answer.json).data;
    expect(data.diff_rows).toHaveLength(16);
    expect(data.diff_rows[0]).toEqual({ _diff_type: 'changed', id: 1, source_v: 'x'.repeat(65_536), target_v: 'short' });
    const sha256 = createHash('sha256').update('x'.repeat(30_000_000)).digest('hex');
    expect(data.cut_values).toHaveLength(16);
    expect(data.cut_values![15]).toEqual({ row: 15, field: 'source_v', length: 30_000_000, start: 0, sha256 });
  });
});

/** An in-process server with a job of 300 rows of 70,000 characters (about 20 MiB: more than the 16 MiB a job stores). */
async function serverWithLongRows(streamLimits: { idleMs: number; totalMs: number }): Promise<{ t: TestServer; runId: number; logged: string[] }> {
  const logged: string[] = [];
  const logger = { debug() {}, info: (message: string) => void logged.push(message), warning() {}, error() {} };
  const t = await startTestServer({ workers: 1, logger, streamLimits });
  const sourceId = (await t.request('POST', '/sources', { body: { name: 'ids', type: 'sqlite', path: idsFile(300) } })).json.data.id;
  const created = await t.request('POST', '/comparisons', { body: longValues(sourceId, 70_000, { max_diff_rows: 300 }) });
  expect((await waitForJob(t, created.json.run_id)).status).toBe('SUCCESS');
  return { t, runId: created.json.run_id, logged };
}

/** The first line the server logged that matches, once it is logged. */
async function loggedLine(logged: readonly string[], what: RegExp): Promise<string> {
  for (;;) {
    const line = logged.find((message) => what.test(message));
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const MAX_BYTES = 16 * 1024 * 1024;

describe('a job whose rows pass the 16 MiB a job stores, on an in-process server', () => {
  let server: Awaited<ReturnType<typeof serverWithLongRows>>;
  beforeAll(async () => {
    server = await serverWithLongRows({ idleMs: 1000, totalMs: 60_000 });
  });
  afterAll(async () => server?.t.stop());

  it('keeps the rows that fit in 16 MiB, and says that rows were left out for it', async () => {
    const { t, runId } = server;
    const answer = await t.request('GET', `/jobs/comparison/${runId}/diff-details`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json');
    const data = c.diffDetailsResponseSchema.parse(answer.json).data;
    // every row that fits, in key order: one more would pass the bound
    let fit = 0;
    for (let bytes = 0, id = 1; id <= 300; id++, fit++) {
      bytes += JSON.stringify({ _diff_type: 'changed', id, source_v: 'x'.repeat(65_536), target_v: 'short' }).length;
      if (bytes > MAX_BYTES) break;
    }
    expect(data.diff_rows.length).toBe(fit);
    expect(data.diff_rows.at(-1)).toMatchObject({ id: fit });
    expect(data).toMatchObject({ diff_rows_total: 300, truncated: true, diff_rows_max_bytes: MAX_BYTES });
    expect(data.cut_values?.map((cut) => cut.row)).toEqual([...Array(fit).keys()]);
    expect(data.cut_values?.[0]).toMatchObject({ field: 'source_v', length: 70_000, start: 0 });
  });

  it('never gives a key without read:sensitive the length or SHA-256 of a masked value', async () => {
    const { t } = server;
    const sourceId = (await t.request('GET', '/sources')).json.data.items[0].id;
    const body = longValues(sourceId, 70_000);
    const configuration = body.configuration as Record<string, unknown>;
    const created = await t.request('POST', '/comparisons', {
      body: {
        ...body,
        name: 'long e-mails',
        configuration: {
          ...configuration,
          source_columns: ['email'],
          target_columns: ['email'],
          source_query: "SELECT id, printf('%.*c', 70000, 'a') || '@example.com' AS email FROM t WHERE id <= 2",
          target_query: "SELECT id, 'b@example.com' AS email FROM t WHERE id <= 2",
        },
      },
    });
    expect((await waitForJob(t, created.json.run_id)).status).toBe('SUCCESS');
    const route = `/jobs/comparison/${created.json.run_id}/diff-details`;
    const trusted = c.diffDetailsResponseSchema.parse((await t.request('GET', route)).json).data;
    expect(trusted.cut_values?.map((cut) => [cut.field, cut.length])).toEqual([
      ['source_email', 70_012],
      ['source_email', 70_012],
    ]);
    const reader = await t.newKey(['read']);
    const masked = c.diffDetailsResponseSchema.parse((await t.request('GET', route, { key: reader.key })).json).data;
    expect(masked.diff_rows[0]!.source_email).toMatch(/^\*\*\* ·[0-9a-f]{6}$|^a\*\*\*@e\*\*\*\.com ·[0-9a-f]{6}$/);
    expect(masked.cut_values).toBeUndefined();
  });

  it('closes the connection of a client that stops reading', { timeout: 30_000 }, async () => {
    const { t, runId, logged } = server;
    const reader = stalledGet(t.url, `/jobs/comparison/${runId}/diff-details`, { Authorization: `Bearer ${t.key}`, 'Workspace-Id': t.workspace });
    expect(await reader.answered).toBe('HTTP/1.1 200 OK');
    // The body is more than the connection's buffers hold unread: after 1 s without progress the server lets go.
    expect(await loggedLine(logged, /were cut off/)).toBe(`The diff details of job ${runId} were cut off: the client took no data for 1000 ms.`);
    const rest = await reader.rest();
    expect(rest.complete).toBe(false);
    expect(rest.received).toBeLessThan(MAX_BYTES);
  });
});

describe('a download slower than the time limit, on an in-process server', () => {
  let server: Awaited<ReturnType<typeof serverWithLongRows>>;
  beforeAll(async () => {
    server = await serverWithLongRows({ idleMs: 20_000, totalMs: 2000 });
  });
  afterAll(async () => server?.t.stop());

  it('is closed when the time is up, though the client keeps reading', { timeout: 30_000 }, async () => {
    const { t, runId, logged } = server;
    const signedIn = await fetch(`${t.url}/ui/sign-in`, { method: 'POST', body: new URLSearchParams({ key: t.key }), redirect: 'manual', headers: { Origin: t.url } });
    const cookie = signedIn.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    // A read every 100 ms keeps the connection moving, but 16 MiB would take far longer than 2 s.
    const download = await pacedGet(t.url, `/ui/jobs/${runId}/rows.json`, { Cookie: cookie }, 100);
    expect(download.status).toBe('HTTP/1.1 200 OK');
    expect(download.complete).toBe(false);
    expect(download.received).toBeLessThan(MAX_BYTES);
    expect(await loggedLine(logged, /was cut off/)).toBe(`The download long-values-70000-job-${runId}.json was cut off: the response took longer than 2000 ms.`);
  });
});
