/** PostgreSQL's checksum-diff hooks: the planner's row estimate of a table (pg_class.reltuples, no scan), and the ordered row hash's slices. */
import type { ChecksumHooks } from '../types.js';
import { postgresCompiler } from './compiler.js';

export const postgresChecksumHooks: ChecksumHooks = {
  // PostgreSQL runs no parallel plan for an ordered aggregate (string_agg … ORDER BY): its key
  // ranges are scanned in two slices at once instead, as MariaDB's are.
  orderedParallelScans: 2,
  // string_agg fails past 1 GB; a quarter of that keeps a backend's memory for one range modest
  // (a constant: asking would cost a round trip, three inside BEGIN READ ONLY … ROLLBACK).
  orderedTextCap: 268_435_456,
  // reltuples is -1 until the table is first vacuumed/analyzed (PostgreSQL 14+): then no estimate.
  estimatedRowsQuery: (table) => ({
    sql: 'SELECT reltuples::bigint AS estimate FROM pg_class WHERE oid = to_regclass($1)',
    // Quoted part by part: to_regclass parses its argument, and rejects names with spaces or quotes unquoted.
    params: [postgresCompiler.quoteTable(table)],
  }),
};
