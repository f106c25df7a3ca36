/** The settings of a DuckDB instance of ours: its options when created, and the lockdown run once it is open. */
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ConnectionConfig, SqlCompiler } from '../types.js';
import { allowedLocations, isFileConfig } from './files.js';

export type DuckdbConfig = Extract<ConnectionConfig, { type: 'duckdb' | 'csv' | 'parquet' }>;

/**
 * Read-only by construction, run once per instance after the file view exists: UTC for every
 * connection, then no file may be opened but the data source's own (and our spill folder), and no
 * setting may change again (a filter cannot turn access back on).
 */
export function lockdownSql(config: DuckdbConfig, tempDirectory: string, compiler: SqlCompiler): { before: string[]; after: string[] } {
  const list = (items: string[]) => `[${items.map((item) => compiler.stringLiteral(item)).join(', ')}]`;
  const allowed = isFileConfig(config) ? allowedLocations(config) : { paths: [], directories: [] };
  return {
    before: [
      "SET GLOBAL TimeZone = 'UTC'",
      `SET allowed_directories = ${list([...allowed.directories, `${tempDirectory}/`])}`,
      `SET allowed_paths = ${list(allowed.paths)}`,
    ],
    after: ['SET enable_external_access = false', 'SET lock_configuration = true'],
  };
}

/**
 * DuckDB keeps its own memory (by default up to 80% of RAM) and spills sorts and joins beyond it to
 * a temporary directory of ours (not next to the database file, which may be read-only).
 * DATACOMPARE_DUCKDB_MEMORY_LIMIT (e.g. `1GB`) lowers it; too low a limit fails large sorts.
 */
export function instanceOptions(): Record<string, string> {
  const options: Record<string, string> = {
    temp_directory: path.join(tmpdir(), `datacompare-duckdb-${process.pid}`),
    // Every query the engine streams has its own ORDER BY.
    preserve_insertion_order: 'false',
  };
  const limit = process.env.DATACOMPARE_DUCKDB_MEMORY_LIMIT;
  if (limit) options.memory_limit = limit;
  return options;
}
