/**
 * Every statement running on DuckDB's side (on the thread pool), with its data source's name and
 * when it settles. Two things must wait for one: closing its connection (a DuckDB connection closed
 * under its running statement deadlocks: the statement's thread waits forever, and process.exit()
 * with it), and the end of the process (process.exit() waits for the thread pool: before the process
 * ends the statements are interrupted, and one that has not ended soon gets the process killed, see
 * exit-holds.ts).
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { registerExitHold } from '../../shared/exit-holds.js';

const running = new Map<DuckDBConnection, { name: string; settled: Promise<void> }>();

registerExitHold({
  held: () => [...running.values()].map(({ name }) => `a DuckDB query of data source "${name}"`),
  release: () => {
    for (const connection of running.keys()) interrupt(connection);
    return Promise.allSettled([...running.values()].map(({ settled }) => settled));
  },
});

/** `work` (a prepare, a run, a chunk fetched) on `connection` of data source `name`, known as running until it settles. */
export function runningOn<T>(connection: DuckDBConnection, name: string, work: Promise<T>): Promise<T> {
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  running.set(connection, { name, settled });
  void settled.then(() => {
    if (running.get(connection)?.settled === settled) running.delete(connection);
  });
  return work;
}

/** When the statement running on `connection` settles (undefined: none runs). */
export function statementSettled(connection: DuckDBConnection): Promise<void> | undefined {
  return running.get(connection)?.settled;
}

/** Interrupts the statement running on `connection`, if any (DuckDB checks between chunks of work). */
export function interrupt(connection: DuckDBConnection): void {
  try {
    connection.interrupt();
  } catch {
    // already closed
  }
}

export function closeQuietly(connection: DuckDBConnection): void {
  try {
    connection.closeSync();
  } catch {
    // already closed
  }
}
