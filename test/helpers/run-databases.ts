/**
 * The suite's own databases: before any test, one database per server named `dc_run_<run id>` is made
 * on the servers DATACOMPARE_TEST_POSTGRES_URL / DATACOMPARE_TEST_MYSQL_URL point at (defaults: the local
 * `test` databases), and every test connects there (the variables are rewritten for the test workers).
 * Afterwards they are dropped. So the tables and schemas the tests make never meet anything of the
 * server's, nor another run's; what tests make at server level (databases, roles) carries the same run
 * id (`runScoped`). Nothing else on the servers is created, changed or dropped.
 */
import mysql from 'mysql2/promise';
import pg from 'pg';
import { reachable } from './databases.js';

export const RUN_DATABASE_PREFIX = 'dc_run_';

interface RunDatabase {
  env: string;
  url: string;
  drop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

async function postgres(serverUrl: string, database: string): Promise<RunDatabase> {
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${database}`);
  return { env: 'DATACOMPARE_TEST_POSTGRES_URL', url: withDatabase(serverUrl, database), drop: () => admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`) };
}

async function mariadb(serverUrl: string, database: string): Promise<RunDatabase> {
  const admin = async (sql: string) => {
    const connection = await mysql.createConnection({ uri: serverUrl });
    try {
      await connection.query(sql);
    } finally {
      await connection.end();
    }
  };
  await admin(`CREATE DATABASE ${database} CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci`);
  return { env: 'DATACOMPARE_TEST_MYSQL_URL', url: withDatabase(serverUrl, database), drop: () => admin(`DROP DATABASE IF EXISTS ${database}`) };
}

/**
 * Makes the run's databases on the reachable servers and points the test workers at them; returns
 * what drops them. A server that cannot be reached is left alone (its tests skip, or fail where required).
 */
export async function createRunDatabases(runId: string, servers: { postgres: string; mysql: string }): Promise<() => Promise<void>> {
  const database = `${RUN_DATABASE_PREFIX}${runId}`;
  const made: RunDatabase[] = [];
  if (await reachable(servers.postgres)) made.push(await postgres(servers.postgres, database));
  if (await reachable(servers.mysql)) made.push(await mariadb(servers.mysql, database));
  for (const run of made) process.env[run.env] = run.url;
  return async () => {
    for (const run of made) await run.drop().catch((error: Error) => console.warn(`[global-setup] could not drop ${database}: ${error.message}`));
  };
}
