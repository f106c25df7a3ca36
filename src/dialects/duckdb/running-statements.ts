/**
 * Every statement running on DuckDB's side (on the thread pool), with its data source's name and
 * when it settles. Closing its connection must wait for it: a DuckDB connection closed under its
 * running statement deadlocks (the statement's thread waits forever, and process.exit() with it).
 */
import type { DuckDBConnection } from '@duckdb/node-api';

const running = new Map<DuckDBConnection, { name: string; settled: Promise<void> }>();

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
