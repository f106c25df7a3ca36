/**
 * `public.dc_test_nap(seconds)`: a query that takes a while, for tests of time limits and cancellation.
 * User SQL may not call pg_sleep (it holds a worker without reading anything), but a function the
 * database's owner declared STABLE passes the SQL check, as any of the user's own functions would.
 */
import pg from 'pg';
import { TEST_DATABASE_URLS } from './databases.js';

export const NAP = 'public.dc_test_nap';

export async function ensureNap(url: string = TEST_DATABASE_URLS.postgres): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE FUNCTION ${NAP}(seconds float8) RETURNS float8 STABLE LANGUAGE sql AS 'SELECT $1 FROM pg_sleep($1)'`);
  } catch (error) {
    // another test file created it first (duplicate function, or the race on pg_proc's unique index)
    if (!['42723', '23505'].includes(String((error as { code?: string }).code))) throw error;
  } finally {
    await client.end();
  }
}
