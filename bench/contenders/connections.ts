/** Plain driver connections for the bench's own contenders (naive, count, floor): UTC sessions, values as text. */
import pg from 'pg';
import mysql from 'mysql2';
import mysqlPromise from 'mysql2/promise';

export async function postgresClient(url: string): Promise<pg.Client> {
  // Every value as the server's text: the naive merge compares text, as a careful hand-written one would.
  const client = new pg.Client({ connectionString: url, types: { getTypeParser: () => (value: string) => value } });
  await client.connect();
  await client.query(`set time zone 'UTC'`);
  return client;
}

const mysqlOptions = { dateStrings: true, supportBigNumbers: true, bigNumberStrings: true, charset: 'utf8mb4_general_ci' } as const;

export async function mysqlStreamingConnection(url: string): Promise<mysql.Connection> {
  const connection = mysql.createConnection({ uri: url, ...mysqlOptions });
  await connection.promise().query(`set time_zone = '+00:00'`);
  return connection;
}

export async function mysqlConnection(url: string): Promise<mysqlPromise.Connection> {
  const connection = await mysqlPromise.createConnection({ uri: url, ...mysqlOptions });
  await connection.query(`set time_zone = '+00:00'`);
  return connection;
}

/** One query's rows from the scenario's target, wherever it lives (MariaDB, or PostgreSQL for same-db). */
export interface TargetDatabase {
  query<T>(sql: string): Promise<T[]>;
  end(): Promise<void>;
}

export async function targetDatabase(engine: 'mysql' | 'postgres', urls: { postgresUrl: string; mysqlUrl: string }): Promise<TargetDatabase> {
  if (engine === 'postgres') {
    const client = await postgresClient(urls.postgresUrl);
    return { query: async <T>(sql: string) => (await client.query(sql)).rows as T[], end: () => client.end() };
  }
  const connection = await mysqlConnection(urls.mysqlUrl);
  return { query: async <T>(sql: string) => (await connection.query(sql))[0] as T[], end: () => connection.end() };
}
