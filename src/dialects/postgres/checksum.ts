/** PostgreSQL's checksum-diff hooks: the planner's row estimate of a table (pg_class.reltuples, no scan). */
import type { ChecksumHooks } from '../types.js';
import { postgresCompiler } from './compiler.js';

export const postgresChecksumHooks: ChecksumHooks = {
  // reltuples is -1 until the table is first vacuumed/analyzed (PostgreSQL 14+): then no estimate.
  estimatedRowsQuery: (table) => ({
    sql: 'SELECT reltuples::bigint AS estimate FROM pg_class WHERE oid = to_regclass($1)',
    // Quoted part by part: to_regclass parses its argument, and rejects names with spaces or quotes unquoted.
    params: [postgresCompiler.quoteTable(table)],
  }),
};
