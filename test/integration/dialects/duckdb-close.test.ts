/**
 * Closing a DuckDB data source while its queries are still connecting: DuckDB connects on the thread
 * pool, and an instance closed under a running connect crashed the whole process (SIGSEGV), which
 * is what a failing side does to the other side of a comparison. Closing (or destroying, as a stop
 * does) while a statement runs: a connection closed under its statement deadlocked DuckDB (the
 * query never settled, and process.exit() waited for its thread for ever).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDialect } from '../../../src/dialects/registry.js';
import { CancelledError, ConnectionError } from '../../../src/shared/errors.js';
import { releaseExitHolds } from '../../../src/shared/exit-holds.js';
import { silentLogger } from '../../../src/shared/logger.js';

let duckdbInstalled = true;
try {
  await import('@duckdb/node-api');
} catch {
  duckdbInstalled = false;
  console.warn('\n!!!!!!!!!! @duckdb/node-api is not installed: the DuckDB close test is SKIPPED !!!!!!!!!!\n');
}

const dir = mkdtempSync(path.join(tmpdir(), 'dc-duckdb-close-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.runIf(duckdbInstalled)('a DuckDB connection closed while queries connect or run', () => {
  it('waits for the connects, and the queries end as results or as "closed", never a crash', async () => {
    const dialect = await loadDialect('duckdb');
    const { DuckDBInstance } = await import('@duckdb/node-api');
    const file = path.join(dir, 'close.duckdb');
    const writer = await DuckDBInstance.create(file);
    const connection = await writer.connect();
    await connection.run('CREATE TABLE t AS SELECT 1 AS n');
    connection.closeSync();
    writer.closeSync();
    const outcomes = new Set<string>();
    for (let round = 0; round < 60; round++) {
      const db = dialect.connect({ type: 'duckdb', path: file }, { logger: silentLogger, datasourceName: 'file' });
      // Closed at once: the queries are opening the instance or connecting to it while close() runs.
      const queries = [1, 2, 3, 4].map((n) => db.query(`SELECT n + ${n} AS n FROM t`).then(() => 'answered', (error: unknown) => error));
      await db.close();
      for (const outcome of await Promise.all(queries)) {
        if (outcome !== 'answered') expect(outcome).toBeInstanceOf(ConnectionError);
        outcomes.add(outcome === 'answered' ? 'answered' : 'closed');
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  /** Hours of work in one statement: its first (only) chunk needs every row. */
  const ENDLESS = 'SELECT count(*) AS n FROM (SELECT i, (SELECT sum(b.range) FROM range(i * 20000) b) AS v FROM range(1, 20001) t(i))';

  for (const how of ['close', 'destroy'] as const) {
    it(`${how}() while a statement runs: the statement is interrupted and ends, then its connection is closed`, { timeout: 20_000 }, async () => {
      const dialect = await loadDialect('duckdb');
      const db = dialect.connect({ type: 'duckdb', path: ':memory:' }, { logger: silentLogger, datasourceName: 'dw' });
      const running = db.query(ENDLESS).then(() => 'answered', (error: unknown) => error);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const started = performance.now();
      await (how === 'close' ? db.close() : db.destroy?.());
      expect(await running).toBeInstanceOf(CancelledError);
      expect(performance.now() - started).toBeLessThan(2_000);
      await expect(db.query('SELECT 1')).rejects.toBeInstanceOf(ConnectionError);
    });
  }

  it('before the process ends, a running statement is interrupted (the exit hold) and nothing holds the exit once it ended', { timeout: 20_000 }, async () => {
    const dialect = await loadDialect('duckdb');
    const db = dialect.connect({ type: 'duckdb', path: ':memory:' }, { logger: silentLogger, datasourceName: 'dw' });
    try {
      const running = db.query(ENDLESS).then(() => 'answered', (error: unknown) => error);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await releaseExitHolds(2_000)).toEqual([]);
      expect(await running).toBeInstanceOf(CancelledError);
    } finally {
      await db.close();
    }
  });
});
