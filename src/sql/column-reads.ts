/**
 * What a user's query or filter reads, column by column, for the masking of keys without
 * read:sensitive: PostgreSQL's on its own parse tree (pg-reads.ts), MariaDB/MySQL's on the guard's
 * grammar (mysql-reads.ts). SQLite's is told by SQLite itself as it compiles the statement (its
 * authorizer, src/dialects/sqlite/columns-read.ts); DuckDB's is not analysed, so it is unproven.
 * Whatever cannot be proven comes back as `{ unproven }`, never as "reads nothing".
 */
import type { GuardDialect } from './guard.js';
import { mysqlReads } from './mysql-reads.js';
import { postgresReads } from './pg-reads.js';
import { Unproven, type ColumnReads, type FilterSubject, type KnownTable } from './read-scope.js';

export type { ColumnRead, ColumnReads, FilterSubject, KnownTable } from './read-scope.js';

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

export async function columnsRead(text: string, dialect: GuardDialect, what: 'filter' | 'query', tables: readonly KnownTable[], subject?: FilterSubject): Promise<ColumnReads> {
  try {
    switch (dialect) {
      case 'postgres':
        return await postgresReads(text, what, tables, subject);
      case 'mysql':
        return await mysqlReads(text, what, tables, subject);
      default:
        return { unproven: `the service does not analyse ${dialect === 'duckdb' ? 'DuckDB' : 'SQLite'}'s SQL itself` };
    }
  } catch (error) {
    if (error instanceof Unproven) return { unproven: error.message };
    throw error;
  }
}
