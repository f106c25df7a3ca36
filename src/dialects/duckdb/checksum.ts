/**
 * DuckDB's checksum-diff hooks: the row count DuckDB keeps for a base table (duckdb_tables(),
 * read without a scan). Views, and so CSV and Parquet data sources, have none: then count(*).
 */
import { splitQualifiedName } from '../../sql/compiler.js';
import type { ChecksumHooks } from '../types.js';

export const duckdbChecksumHooks: ChecksumHooks = {
  estimatedRowsQuery: (table) => {
    const parts = splitQualifiedName(table);
    const name = parts.at(-1) ?? table;
    const schema = parts.length > 1 ? (parts.at(-2) ?? null) : null;
    return {
      sql: `SELECT estimated_size AS estimate FROM duckdb_tables()
             WHERE lower(table_name) = lower(?) AND lower(schema_name) = lower(COALESCE(?, current_schema()))
               AND database_name = current_database()`,
      params: [name, schema],
    };
  },
};
