/**
 * What a user's query or filter reads, column by column, for the masking of keys without
 * read:sensitive: PostgreSQL's on its own parse tree (pg-reads.ts), MariaDB/MySQL's on the guard's
 * grammar (mysql-reads.ts). SQLite's is told by SQLite itself as it compiles the statement (its
 * authorizer, src/dialects/sqlite/columns-read.ts); DuckDB's is not analysed, so it is unproven.
 * Whatever cannot be proven comes back as `{ unproven }`, never as "reads nothing".
 */
import type { GuardDialect } from './guard.js';
import { mysqlOutputReads, mysqlReads } from './mysql-reads.js';
import { postgresOutputReads, postgresReads } from './pg-reads.js';
import { Unproven, type ColumnRead, type ColumnReads, type FilterSubject, type KnownTable } from './read-scope.js';

export type { ColumnOrigin, ColumnRead, ColumnReads, FilterSubject, KnownTable } from './read-scope.js';

/** A side's SQL: its query, or the dataset it compares, and the filter placed on either. */
export interface SideSqlText {
  query?: string;
  dataset?: string;
  filter?: string;
}

/** What each of a side's query and filter reads. */
export interface SideColumnReads {
  query?: ColumnReads;
  filter?: ColumnReads;
}

/** `defaultSchema`: MariaDB/MySQL's current database, by which a name may also be qualified (PostgreSQL's is `public`). */
export async function columnsRead(
  text: string,
  dialect: GuardDialect,
  what: 'filter' | 'query',
  tables: readonly KnownTable[],
  subject?: FilterSubject,
  defaultSchema?: string,
): Promise<ColumnReads> {
  return unprovenAsData(dialect, () => (dialect === 'postgres' ? postgresReads(text, what, tables, subject) : mysqlReads(text, what, tables, subject, defaultSchema)));
}

/**
 * What each output column of a plain SELECT over catalog tables is computed from, in output order (a
 * view's definition: which view column holds which table column); `{ unproven }` for any other shape.
 */
export async function outputsRead(text: string, dialect: GuardDialect, tables: readonly KnownTable[], defaultSchema?: string): Promise<ColumnRead[][] | { unproven: string }> {
  return unprovenAsData(dialect, () => (dialect === 'postgres' ? postgresOutputReads(text, tables) : mysqlOutputReads(text, tables, defaultSchema)));
}

/** The parsed dialects' answer, an Unproven thrown on the way as `{ unproven }`; the others' SQL is not analysed. */
async function unprovenAsData<T>(dialect: GuardDialect, analyse: () => Promise<T>): Promise<T | { unproven: string }> {
  if (dialect !== 'postgres' && dialect !== 'mysql') return { unproven: `the service does not analyse ${dialect === 'duckdb' ? 'DuckDB' : 'SQLite'}'s SQL itself` };
  try {
    return await analyse();
  } catch (error) {
    if (error instanceof Unproven) return { unproven: error.message };
    throw error;
  }
}
