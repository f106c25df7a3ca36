/**
 * The SQLite connection runs its statements in a worker process: a long query leaves the event loop
 * free, and aborting, the time limit or close() kills the worker (the next query starts a new one),
 * even inside one long native step, where node:sqlite has no interrupt and a worker thread ran on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDialect } from '../../../src/dialects/registry.js';
import type { DatabaseConnection } from '../../../src/dialects/types.js';
import { CancelledError, ConnectionError, QueryError, TimeoutError } from '../../../src/shared/errors.js';
import { releaseExitHolds } from '../../../src/shared/exit-holds.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { childrenOf, isRunning } from '../../helpers/processes.js';

let dir: string;
let file: string;
/** A user's query that is one native step for ever: no dc_* function, no row, constant memory. */
const ENDLESS = 'WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c) SELECT max(i) AS id FROM c';
const LONG = `WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < 1000000000) SELECT count(dc_lower('X' || i)) AS n FROM r`;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dc-sqlite-worker-'));
  file = path.join(dir, 'w.db');
  const db = new DatabaseSync(file);
  db.exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT); INSERT INTO t WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < 5000) SELECT i, 'v' || i FROM r`);
  db.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const connect = async (statementTimeoutMs?: number) =>
  (await loadDialect('sqlite')).connect({ type: 'sqlite', path: file }, { logger: silentLogger, datasourceName: 'w', ...(statementTimeoutMs ? { statementTimeoutMs } : {}) });

describe('the SQLite worker process', () => {
  it('keeps the event loop free during a long query, and aborting stops it', { timeout: 20_000 }, async () => {
    const connection = await connect();
    try {
      await connection.query('SELECT 1');
      const controller = new AbortController();
      const running = connection.query(LONG, [], { signal: controller.signal });
      // Timers fire while SQLite works: the event loop is free.
      let ticks = 0;
      const timer = setInterval(() => (ticks += 1), 10);
      await new Promise((resolve) => setTimeout(resolve, 300));
      clearInterval(timer);
      expect(ticks).toBeGreaterThan(5);
      controller.abort();
      await expect(running).rejects.toBeInstanceOf(CancelledError);
      // A new worker answers the next query.
      expect(await connection.query('SELECT count(*) AS n FROM t')).toEqual([{ n: 5000 }]);
    } finally {
      await connection.close();
    }
  });

  it('stops a query at the time limit with a TimeoutError', { timeout: 20_000 }, async () => {
    const connection = await connect(300);
    try {
      await expect(connection.query(LONG)).rejects.toBeInstanceOf(TimeoutError);
    } finally {
      await connection.close();
    }
  });

  it('streams in batches, ends early when the loop breaks, and close() fails a running query', { timeout: 20_000 }, async () => {
    const connection = await connect();
    try {
      let seen = 0;
      for await (const row of connection.stream('SELECT id FROM t ORDER BY id')) {
        seen += 1;
        if (row.id === 4500) break;
      }
      expect(seen).toBe(4500);
      const rows: unknown[] = [];
      for await (const row of connection.stream('SELECT id FROM t WHERE id > 4990 ORDER BY id')) rows.push(row.id);
      expect(rows).toEqual([4991, 4992, 4993, 4994, 4995, 4996, 4997, 4998, 4999, 5000]);
      const running = expect(connection.query(LONG)).rejects.toBeInstanceOf(ConnectionError);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await connection.close();
      await running;
      await expect(connection.query('SELECT 1')).rejects.toBeInstanceOf(ConnectionError);
    } finally {
      await connection.close();
    }
  });

  it('keeps the errors of the driver: a second statement, a write, a missing table, a missing file', async () => {
    const connection = await connect();
    try {
      await expect(connection.query('SELECT 1; SELECT 2')).rejects.toThrow(/more than one statement/);
      await expect(connection.query('SELECT 1; SELECT 2')).rejects.toBeInstanceOf(QueryError);
      await expect(connection.query('DELETE FROM t')).rejects.toThrow(/tried to write/);
      await expect(connection.query('SELECT * FROM nope')).rejects.toThrow(/no such table/);
    } finally {
      await connection.close();
    }
    const missing = (await loadDialect('sqlite')).connect({ type: 'sqlite', path: path.join(dir, 'missing.db') }, { logger: silentLogger, datasourceName: 'gone' });
    await expect(missing.query('SELECT 1')).rejects.toThrow(/does not exist/);
    await missing.close();
  });

  it.each([
    ['aborting', (_: DatabaseConnection, controller: AbortController) => controller.abort(), CancelledError],
    ['close()', (connection: DatabaseConnection) => void connection.close(), ConnectionError],
  ] as const)('%s ends a query in one endless native step: its worker process is gone once close() settles, and nothing holds the exit', { timeout: 30_000 }, async (_, stop, failure) => {
    const before = new Set(childrenOf(process.pid));
    const connection = await connect();
    try {
      await connection.query('SELECT 1');
      const [worker] = childrenOf(process.pid).filter((pid) => !before.has(pid));
      expect(worker).toBeDefined();
      const controller = new AbortController();
      const running = connection.query(ENDLESS, [], { signal: controller.signal }).catch((error: unknown) => error);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(isRunning(worker!)).toBe(true);
      stop(connection, controller);
      expect(await running).toBeInstanceOf(failure);
      await connection.close();
      expect(isRunning(worker!)).toBe(false);
      expect(await releaseExitHolds(0)).toEqual([]);
    } finally {
      await connection.close();
    }
  });
});
