/**
 * DuckDB through `@duckdb/node-api` (tested with DuckDB 1.5.6): a database file (opened read-only)
 * or `:memory:`, and CSV / Parquet files read with read_csv / read_parquet in an in-memory DuckDB.
 * The native package is loaded at run time (see module.ts), never bundled.
 */
import type { Dialect } from '../types.js';
import { DUCKDB_CATALOG_QUERY } from './catalog.js';
import { duckdbCompiler } from './compiler.js';
import { DuckdbConnection } from './connection.js';
import { duckdbColumnType } from './type-names.js';

export const duckdbDialect: Dialect = {
  name: 'duckdb',
  compiler: duckdbCompiler,
  typeOf: duckdbColumnType,
  catalogQuery: DUCKDB_CATALOG_QUERY,
  connect(config, options) {
    if (config.type !== 'duckdb' && config.type !== 'csv' && config.type !== 'parquet') {
      throw new TypeError(`duckdb dialect given a ${config.type} connection`);
    }
    return new DuckdbConnection(config, options);
  },
};
