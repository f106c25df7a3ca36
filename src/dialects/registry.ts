/**
 * The one place that names every database. Each dialect is loaded lazily (dynamic import), so a run
 * against SQLite never loads pg or mysql2, and the engine never imports a dialect folder.
 */
import { ConfigurationError } from '../shared/errors.js';
import type { ChecksumHooks, Dialect, DialectName } from './types.js';

const loaders: Record<DialectName, () => Promise<Dialect>> = {
  sqlite: async () => (await import('./sqlite/dialect.js')).sqliteDialect,
  postgres: async () => (await import('./postgres/dialect.js')).postgresDialect,
  mysql: async () => (await import('./mysql/dialect.js')).mysqlDialect,
  // CSV and Parquet files are read through an in-memory DuckDB.
  duckdb: async () => (await import('./duckdb/dialect.js')).duckdbDialect,
  csv: async () => (await import('./duckdb/dialect.js')).duckdbDialect,
  parquet: async () => (await import('./duckdb/dialect.js')).duckdbDialect,
};

/** Every dialect name datacompare knows. */
export const dialectNames = Object.keys(loaders) as DialectName[];

const loaded = new Map<DialectName, Promise<Dialect>>();

/** The dialect of a connection type, loaded on first use. */
export function loadDialect(name: DialectName): Promise<Dialect> {
  const loader = loaders[name] as (() => Promise<Dialect>) | undefined;
  if (!loader) {
    return Promise.reject(
      new ConfigurationError(`Unknown database type "${String(name)}".`, { hint: `Use one of: ${dialectNames.join(', ')}.` }),
    );
  }
  let dialect = loaded.get(name);
  if (!dialect) {
    dialect = loader();
    loaded.set(name, dialect);
  }
  return dialect;
}

const checksumLoaders: Record<DialectName, () => Promise<ChecksumHooks>> = {
  sqlite: async () => (await import('./sqlite/checksum.js')).sqliteChecksumHooks,
  postgres: async () => (await import('./postgres/checksum.js')).postgresChecksumHooks,
  mysql: async () => (await import('./mysql/checksum.js')).mysqlChecksumHooks,
  duckdb: async () => (await import('./duckdb/checksum.js')).duckdbChecksumHooks,
  csv: async () => (await import('./duckdb/checksum.js')).duckdbChecksumHooks,
  parquet: async () => (await import('./duckdb/checksum.js')).duckdbChecksumHooks,
};

/** The checksum diff's hooks of a dialect (see `ChecksumHooks`). */
export function loadChecksumHooks(name: DialectName): Promise<ChecksumHooks> {
  const loader = checksumLoaders[name] as (() => Promise<ChecksumHooks>) | undefined;
  if (!loader) return Promise.reject(new ConfigurationError(`Unknown database type "${String(name)}".`));
  return loader();
}
