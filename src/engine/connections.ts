/**
 * The connections one comparison opened, and how they end: closed politely when it finished, or
 * destroyed at once when it was stopped (SIGINT/SIGTERM, a time limit): running statements ended on
 * their servers and sockets torn down, within a bounded time, so a stop never waits for a query.
 */
import type { DatabaseConnection } from '../dialects/types.js';
import { within } from '../shared/abort.js';

/** How long a stop waits for the servers to end the statements (each connection at once). */
export const DESTROY_WITHIN_MS = 3_000;

export class OpenConnections {
  private readonly open: DatabaseConnection[] = [];
  private stopping = false;

  /** Keeps `connection`; one opened after a stop began is destroyed at once. */
  add(connection: DatabaseConnection): DatabaseConnection {
    if (this.stopping) void destroy(connection);
    else this.open.push(connection);
    return connection;
  }

  /** Polite: each connection's close(). */
  async closeAll(): Promise<void> {
    await Promise.all(this.open.splice(0).map((c) => c.close().catch(() => undefined)));
  }

  /** A stop: each connection's destroy() (close() where a dialect has none), bounded in time. */
  async destroyAll(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.open.splice(0).map(destroy));
  }
}

async function destroy(connection: DatabaseConnection): Promise<void> {
  const ended = connection.destroy ? connection.destroy() : connection.close();
  await within(ended.catch(() => undefined), DESTROY_WITHIN_MS);
}
