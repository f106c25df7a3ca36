/**
 * Where the real test databases are, and what to do when one is missing. Tests that need a server
 * call `await databaseAvailable('postgres')` and wrap themselves in `describe.runIf(...)`. On a
 * machine without the server they skip with a loud message; with DATACOMPARE_REQUIRE_DATABASES=1
 * (set by .ci/run) a missing server fails the run instead.
 */
import net from 'node:net';

export type TestDatabase = 'postgres' | 'mysql';

export const TEST_DATABASE_URLS: Record<TestDatabase, string> = {
  postgres: process.env.DATACOMPARE_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  mysql: process.env.DATACOMPARE_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test',
};

/** This run's id (made by the global setup; the parent process's pid when a file runs without it). */
export const TEST_RUN_ID = process.env.DATACOMPARE_TEST_RUN_ID ?? String(process.ppid);

/**
 * A name for something a test makes at server level (a database, a role), unique to this run, so the
 * suite never drops what it did not make, nor another run's: `dc_catalog` → `dc_catalog_r1f2e3d4c`.
 */
export function runScoped(name: string): string {
  return `${name}_r${TEST_RUN_ID}`;
}

/** `text` without this run's id, for messages pinned by snapshots (`dc_engine_x_r1a2b3c4d.t` → `dc_engine_x.t`). */
export function withoutRunId(text: string | undefined): string | undefined {
  return text?.replaceAll(`_r${TEST_RUN_ID}`, '');
}

const checked = new Map<TestDatabase, Promise<boolean>>();

/** True when something accepts a TCP connection at the URL's host and port (2 s at most). */
export function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port), timeout: 2000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/** True when the server answers; false (with a loud warning) when not; throws when it is required. */
export function databaseAvailable(database: TestDatabase): Promise<boolean> {
  let result = checked.get(database);
  if (!result) {
    result = reachable(TEST_DATABASE_URLS[database]).then((ok) => {
      if (ok) return true;
      const message = `${database} is not reachable at ${TEST_DATABASE_URLS[database]}: its tests are SKIPPED.`;
      if (process.env.DATACOMPARE_REQUIRE_DATABASES === '1') {
        throw new Error(`${message} DATACOMPARE_REQUIRE_DATABASES=1 turns this skip into a failure.`);
      }
      console.warn(`\n!!!!!!!!!! ${message} !!!!!!!!!!\n`);
      return false;
    });
    checked.set(database, result);
  }
  return result;
}
