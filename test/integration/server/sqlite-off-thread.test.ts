/**
 * A service (`startServer` in a child process, over HTTP) stays responsive while it compares a
 * million SQLite rows: node:sqlite runs in the connection's worker process, so `/healthz` answers
 * during the comparison, and Terminate stops it (the worker is killed; sqlite-stop.test.ts shows the
 * statement really ends). Before, SQLite ran on the server's only thread: every request waited for
 * the whole comparison (12+ minutes at 1M rows).
 * Bounds are generous (a busy 2-core machine): each health check must answer within 1 s, the job
 * must be REVOKED within 5 s of Terminate; a blocked event loop fails both by far.
 */
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { tempDir } from './harness.js';
import { startChildServer } from './server-process.js';

const ROWS = 1_000_000;

/** `orders` with a million rows; the copy differs in every 100th amount. */
function millionRows(dir: string): { source: string; target: string } {
  const source = path.join(dir, 'source.db');
  const target = path.join(dir, 'target.db');
  const db = new DatabaseSync(source);
  db.exec(`PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;
    CREATE TABLE orders (id INTEGER PRIMARY KEY, name TEXT, amount REAL, qty INTEGER);
    INSERT INTO orders WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < ${ROWS}) SELECT i, 'name-' || i, i * 1.25, i % 97 FROM r;`);
  db.close();
  copyFileSync(source, target);
  const copy = new DatabaseSync(target);
  copy.exec('UPDATE orders SET amount = amount + 1 WHERE id % 100 = 0');
  copy.close();
  return { source, target };
}

describe('a SQLite comparison in the service runs off the event loop', () => {
  it('answers /healthz while a million rows are compared, and Terminate stops the comparison', { timeout: 240_000 }, async () => {
    const dir = tempDir('off-thread');
    const { source, target } = millionRows(dir);
    const started = await startChildServer(tempDir('off-thread-data'));
    try {
      const call = (method: string, route: string, body?: unknown) => started.call(method, route, body);
      const sources = [];
      for (const [name, file] of [['big-source', source], ['big-target', target]]) {
        const created = await call('POST', '/sources', { name, type: 'sqlite', path: file });
        expect(created.status).toBe(201);
        sources.push(created.json.data.id as string);
      }
      const columns = ['name', 'amount', 'qty'];
      const created = await call('POST', '/comparisons', {
        name: 'million',
        source_datasource_id: sources[0],
        target_datasource_id: sources[1],
        source_dataset_id: 'orders',
        target_dataset_id: 'orders',
        // Two files: streamed, the longest SQLite plan (tens of seconds at 1M rows here).
        configuration: { source_columns: columns, target_columns: columns, primary_keys_source: ['id'], primary_keys_target: ['id'] },
      });
      expect(created.status).toBe(201);
      const runId = created.json.run_id as number;
      const status = async () => (await call('POST', '/jobs/comparison/details', [runId])).json.data[0]?.status as string;
      const deadline = Date.now() + 60_000;
      while ((await status()) !== 'STARTED') {
        expect(Date.now()).toBeLessThan(deadline);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // Give the comparison time to be reading rows, then check health repeatedly while it runs.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const latencies: number[] = [];
      for (let i = 0; i < 10; i += 1) {
        const before = performance.now();
        const health = await fetch(`${started.url}/healthz`, { signal: AbortSignal.timeout(1000) });
        latencies.push(performance.now() - before);
        expect(health.status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      console.log(`/healthz during the comparison: ${latencies.map((ms) => ms.toFixed(0)).join(', ')} ms`);
      expect(await status()).toBe('STARTED');
      const terminated = await call('POST', `/jobs/${created.json.worker_task_id}/terminate`);
      expect(terminated.status).toBe(200);
      const stopBy = Date.now() + 5000;
      let last = await status();
      while (last !== 'REVOKED' && Date.now() < stopBy) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        last = await status();
      }
      expect(last).toBe('REVOKED');
      expect((await fetch(`${started.url}/healthz`, { signal: AbortSignal.timeout(1000) })).status).toBe(200);
    } finally {
      started.child.kill('SIGKILL');
    }
  });
});
