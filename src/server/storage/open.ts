/** Opens the server's store: SQLite `<dataDir>/datacompare.db` by default, PostgreSQL when given a URL. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { addSecret } from '../../shared/redact.js';
import { openPostgresDb, SqliteDb } from './sql-db.js';
import { Store } from './store.js';

export interface StoreLocation {
  dataDir: string;
  /** PostgreSQL URL: several servers share the store (jobs claimed with FOR UPDATE SKIP LOCKED). */
  databaseUrl?: string;
  /** PostgreSQL schema holding the tables (default `datacompare`). */
  databaseSchema?: string;
  /** The most JSON bytes of differing rows one job stores (default 16 MiB); later rows are left out. */
  maxDiffBytes?: number;
}

export async function openStore(location: StoreLocation): Promise<Store> {
  mkdirSync(location.dataDir, { recursive: true });
  const options = location.maxDiffBytes === undefined ? {} : { maxDiffBytes: location.maxDiffBytes };
  if (location.databaseUrl) {
    addSecret(location.databaseUrl);
    return Store.open(await openPostgresDb(location.databaseUrl, location.databaseSchema ?? 'datacompare'), options);
  }
  return Store.open(new SqliteDb(path.join(location.dataDir, 'datacompare.db')), options);
}
